/* multibody.c: rigid bodies joined by spherical joints: constraints,
   Jacobians, energy, constrained accelerations and projections. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_errno.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/multibody.h"
typedef struct {
  int body;        /* body index, or MB_GROUND */
  const double *P; /* point: body frame, or space for the ground */
  double sign;     /* +1 on side a, -1 on side b */
} mb_side;

static mb_side mb_joint_side(const mb_par *p, int k, int s)
{
  const mb_joint *j = &p->topo->joint[k];
  mb_side d = {s == 0 ? j->a : j->b, mb_joint_par(p, k) + 3 * s, s == 0 ? 1.0 : -1.0};
  return d;
}
const char *const mb_joint_kind[MB_NKIND] = {"spherical", "revolute", "weld", "prismatic",
                                             "cylindrical", "universal"};
const int mb_joint_nrows[MB_NKIND] = {3, 5, 6, 5, 4, 4};
/* the rows of each kind: 'P' a point row (three together), 'D' a dot row
   (R_a u) . (R_b w), 'T' a translation row (R_a n) . (y_a - y_b) */
static const char *const mb_row_kinds[MB_NKIND] = {"PPP", "PPPDD", "PPPDDD", "DDDTT", "DDTT",
                                                   "PPPD"};

/* one side of a joint as the rows see it: the ground is R = I, x = 0 at rest */
typedef struct {
  int body;
  double R[9], x[3], W[3], v[3];
  const double *P;
} mb_jside;

static void mb_jside_get(const mb_par *p, const lg_body *q, int k, int s, mb_jside *d)
{
  const mb_joint *j = &p->topo->joint[k];
  d->body = s ? j->b : j->a;
  d->P = mb_joint_par(p, k) + 3 * s;
  if (d->body == MB_GROUND) {
    static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memcpy(d->R, I, sizeof d->R);
    memset(d->x, 0, sizeof d->x);
    memset(d->W, 0, sizeof d->W);
    memset(d->v, 0, sizeof d->v);
    return;
  }
  const lg_body *b = &q[d->body];
  memcpy(d->R, b->R, sizeof d->R);
  memcpy(d->x, b->x, sizeof d->x);
  memcpy(d->W, b->W, sizeof d->W);
  memcpy(d->v, b->v, sizeof d->v);
}

/* a vector u fixed in a body: R u, its rate R (W x u) and its second
   derivative at constant W, R (W x (W x u)) */
static void mb_carried(const mb_jside *d, const double u[3], double a[3], double ad[3],
                       double add[3])
{
  double wu[3], wwu[3];
  so3_cross(wu, d->W, u);
  so3_cross(wwu, d->W, wu);
  so3_mv(a, d->R, u);
  so3_mv(ad, d->R, wu);
  so3_mv(add, d->R, wwu);
}

/* Eqs. (mb-row-P), (mb-row-D) and (mb-row-T): joint k's rows of phi, of
   B (one m x 6 block per side, row-major), of B V and of (dB/dt) V, each
   skipped when NULL */
void mb_joint_eval(const mb_par *p, const lg_body *q, int k, double *phi, double *Ba,
                   double *Bb, double *bv, double *c)
{
  const char *rk = mb_row_kinds[mb_jkind(p->topo, k)];
  const int m = mb_joint_nrows[mb_jkind(p->topo, k)];
  const double *X = mb_jointx_par(p, k);
  mb_jside A, B;
  mb_jside_get(p, q, k, 0, &A);
  mb_jside_get(p, q, k, 1, &B);
  double ya[3], yad[3], yadd[3], yb[3], ybd[3], ybdd[3], d[3], dd[3], ddd[3];
  mb_carried(&A, A.P, ya, yad, yadd);
  mb_carried(&B, B.P, yb, ybd, ybdd);
  for (int r = 0; r < 3; r++) {
    if (A.body == MB_GROUND) { ya[r] = A.P[r]; yad[r] = yadd[r] = 0; }
    else { ya[r] += A.x[r]; yad[r] += A.v[r]; }
    if (B.body == MB_GROUND) { yb[r] = B.P[r]; ybd[r] = ybdd[r] = 0; }
    else { yb[r] += B.x[r]; ybd[r] += B.v[r]; }
    d[r] = ya[r] - yb[r];
    dd[r] = yad[r] - ybd[r];
    ddd[r] = yadd[r] - ybdd[r];
  }
  if (Ba) memset(Ba, 0, 6 * (size_t)m * sizeof *Ba);
  if (Bb) memset(Bb, 0, 6 * (size_t)m * sizeof *Bb);
  for (int i = 0, x = 0; i < m; i++) {
    double *ra = Ba ? Ba + 6 * i : NULL, *rb = Bb ? Bb + 6 * i : NULL;
    if (rk[i] == 'P') {                   /* Eq. (mb-row-P): component i of d */
      if (phi) phi[i] = d[i];
      if (bv) bv[i] = dd[i];
      if (c) c[i] = ddd[i];
      double HP[9], G[9];
      if (ra) {
        so3_hat(HP, A.P);
        so3_mul(G, A.R, HP);
        for (int col = 0; col < 3; col++) ra[col] = -G[3 * i + col];
        ra[3 + i] = 1;
      }
      if (rb) {
        so3_hat(HP, B.P);
        so3_mul(G, B.R, HP);
        for (int col = 0; col < 3; col++) rb[col] = G[3 * i + col];
        rb[3 + i] = -1;
      }
      continue;
    }
    const double *u = X + MB_JXROW + 6 * x, *w = u + 3;
    x++;
    double a[3], ad[3], add[3], y[3];
    mb_carried(&A, u, a, ad, add);
    if (rk[i] == 'D') {                   /* Eq. (mb-row-D): (R_a u) . (R_b w) */
      double b[3], bd[3], bdd[3];
      mb_carried(&B, w, b, bd, bdd);
      if (phi) phi[i] = so3_dot(a, b);
      if (bv) bv[i] = so3_dot(ad, b) + so3_dot(a, bd);
      if (c) c[i] = so3_dot(add, b) + 2 * so3_dot(ad, bd) + so3_dot(a, bdd);
      if (ra) {
        so3_mtv(y, A.R, b);
        so3_cross(ra, u, y);
      }
      if (rb) {
        so3_mtv(y, B.R, a);
        so3_cross(rb, w, y);
      }
    } else {                              /* Eq. (mb-row-T): (R_a n) . d */
      if (phi) phi[i] = so3_dot(a, d);
      if (bv) bv[i] = so3_dot(ad, d) + so3_dot(a, dd);
      if (c) c[i] = so3_dot(add, d) + 2 * so3_dot(ad, dd) + so3_dot(a, ddd);
      if (ra) {
        double z[3];
        so3_mtv(y, A.R, d);
        so3_cross(ra, u, y);
        so3_cross(z, A.P, u);
        for (int col = 0; col < 3; col++) { ra[col] += z[col]; ra[3 + col] = a[col]; }
      }
      if (rb) {
        so3_mtv(y, B.R, a);
        so3_cross(rb, B.P, y);
        for (int col = 0; col < 3; col++) { rb[col] = -rb[col]; rb[3 + col] = -a[col]; }
      }
    }
  }
}

/* two unit vectors e1, e2 with (u, e1, e2) orthonormal and right-handed, u a unit vector */
void mb_perp(const double u[3], double e1[3], double e2[3])
{
  int s = 0;
  for (int r = 1; r < 3; r++)
    if (fabs(u[r]) < fabs(u[s])) s = r;
  double e[3] = {0, 0, 0};
  e[s] = 1;
  so3_cross(e1, u, e);
  const double n = so3_norm(e1);
  for (int r = 0; r < 3; r++) e1[r] /= n;
  so3_cross(e2, u, e1);
}

void mb_joint_frames(const mb_topo *t, double *val)
{
  const size_t x0 = mb_jointx0(t);
  for (int k = 0; k < t->nj; k++) {
    const mb_joint *j = &t->joint[k];
    const int kind = mb_jkind(t, k);
    if (kind == MB_SPHERICAL) continue;
    double *X = val + x0 + mb_jxoff(t, k), *row = X + MB_JXROW;
    double Ra[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, Rb[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, C[9];
    if (j->a != MB_GROUND) memcpy(Ra, val + MB_BODY0 + MB_BODYLEN * j->a + MB_R, sizeof Ra);
    if (j->b != MB_GROUND) memcpy(Rb, val + MB_BODY0 + MB_BODYLEN * j->b + MB_R, sizeof Rb);
    so3_mul_tn(C, Ra, Rb);                /* C0 = R_a^T R_b: B's frame seen from A's */
    double U[3], V[3], Ub[3], Vb[3], e1[3], e2[3];
    const double nu = so3_norm(X + MB_JXU), nv = so3_norm(X + MB_JXV);
    for (int r = 0; r < 3; r++) {
      U[r] = nu > 0 ? X[MB_JXU + r] / nu : 0;
      V[r] = nv > 0 ? X[MB_JXV + r] / nv : 0;
    }
    so3_mtv(Ub, C, U);                    /* the axes carried into B's frame */
    so3_mtv(Vb, C, V);
    memset(row, 0, (MB_JXLEN - MB_JXROW) * sizeof *row);
    if (kind == MB_REVOLUTE || kind == MB_CYLINDRICAL) {
      mb_perp(Ub, e1, e2);
      memcpy(row, U, sizeof U); memcpy(row + 3, e1, sizeof e1);
      memcpy(row + 6, U, sizeof U); memcpy(row + 9, e2, sizeof e2);
    }
    if (kind == MB_WELD || kind == MB_PRISMATIC)
      for (int i = 0; i < 3; i++) {        /* (e_i, C0^T e_{i+1}) */
        double ei[3] = {0, 0, 0}, ej[3] = {0, 0, 0};
        ei[i] = 1;
        ej[(i + 1) % 3] = 1;
        memcpy(row + 6 * i, ei, sizeof ei);
        so3_mtv(row + 6 * i + 3, C, ej);
      }
    if (kind == MB_PRISMATIC || kind == MB_CYLINDRICAL) {
      double *T = row + 6 * (kind == MB_PRISMATIC ? 3 : 2);
      mb_perp(U, e1, e2);                 /* translation rows: normals of the axis in A */
      memcpy(T, e1, sizeof e1);
      memcpy(T + 6, e2, sizeof e2);
    }
    if (kind == MB_UNIVERSAL) {
      memcpy(row, U, sizeof U);
      memcpy(row + 3, Vb, sizeof Vb);
    }
  }
}

double mb_joint_norm(const mb_topo *t, int k, const double *c)
{
  const int kind = mb_jkind(t, k), r0 = mb_jrow(t, k);
  if (kind == MB_SPHERICAL) return so3_norm(c + r0);
  double s = 0;
  for (int i = 0; i < mb_joint_nrows[kind]; i++) s += c[r0 + i] * c[r0 + i];
  return sqrt(s);
}

int mb_joints_refuse(const mb_topo *t, const char *scheme, char *why, size_t n)
{
  for (int k = 0; k < t->nj; k++)
    if (mb_jkind(t, k) != MB_SPHERICAL) {
      const int line = t->line ? t->line[t->nb + k] : 0;
      snprintf(why, n, "scheme %s takes spherical joints only (joint %d, %s, at %s line %d)",
               scheme, k + 1, mb_joint_kind[mb_jkind(t, k)], t->file ? t->file : "the model",
               line);
      return LG_EINVAL;
    }
  return LG_OK;
}
/* K[r][c] += s A[i][j] for the 3 x 3 block at rows r0, columns c0 of K (12 x 12) */
static void mb_kadd(double *K, int r0, int c0, double s, const double A[9])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) K[12 * (r0 + i) + c0 + j] += s * A[3 * i + j];
}

void mb_joint_stiff(const mb_par *p, const lg_body *q, int k, const double *lam, double *K)
{
  const char *rk = mb_row_kinds[mb_jkind(p->topo, k)];
  const int m = mb_joint_nrows[mb_jkind(p->topo, k)];
  const double *X = mb_jointx_par(p, k);
  mb_jside A, B;
  mb_jside_get(p, q, k, 0, &A);
  mb_jside_get(p, q, k, 1, &B);
  memset(K, 0, 144 * sizeof *K);
  double C[9], H1[9], H2[9], H3[9], M[9], y[3];
  so3_mul_tn(C, A.R, B.R);                      /* C = R_a^T R_b */
  for (int i = 0, x = 0; i < m; i++) {
    if (rk[i] == 'P') {                         /* the three point rows at once */
      if (i > 0) continue;
      so3_mtv(y, A.R, lam);                     /* P_a^ (R_a^T lambda)^ */
      so3_hat(H1, A.P); so3_hat(H2, y); so3_mul(M, H1, H2);
      mb_kadd(K, 0, 0, 1, M);
      so3_mtv(y, B.R, lam);                     /* -P_b^ (R_b^T lambda)^ */
      so3_hat(H1, B.P); so3_hat(H2, y); so3_mul(M, H1, H2);
      mb_kadd(K, 6, 6, -1, M);
      continue;
    }
    const double *u = X + MB_JXROW + 6 * x, *w = u + 3, l = lam[i];
    x++;
    double al[3];
    so3_mv(al, A.R, u);                         /* alpha = R_a u */
    so3_hat(H1, u);
    if (rk[i] == 'D') {
      double be[3];
      so3_mv(be, B.R, w);
      so3_hat(H2, w);
      so3_mtv(y, A.R, be);                      /* u^ y_a^ */
      so3_hat(H3, y); so3_mul(M, H1, H3);
      mb_kadd(K, 0, 0, l, M);
      so3_mtv(y, B.R, al);                      /* w^ y_b^ */
      so3_hat(H3, y); so3_mul(M, H2, H3);
      mb_kadd(K, 6, 6, l, M);
      so3_mul(H3, H1, C); so3_mul(M, H3, H2);   /* -u^ C w^ */
      mb_kadd(K, 0, 6, -l, M);
      so3_mul_tn(H3, C, H1); so3_mul(M, H2, H3); /* -w^ C^T u^ */
      mb_kadd(K, 6, 0, -l, M);
      continue;
    }
    /* a translation row, n = u: e = R_a^T (x_a - y_b) */
    double yb[3], e[3], P[9];
    so3_mv(yb, B.R, B.P);
    for (int r = 0; r < 3; r++)
      yb[r] = (B.body == MB_GROUND ? B.P[r] : yb[r] + B.x[r]);
    double xa[3];
    for (int r = 0; r < 3; r++) xa[r] = (A.body == MB_GROUND ? 0 : A.x[r]) - yb[r];
    so3_mtv(e, A.R, xa);
    so3_hat(H2, e); so3_mul(M, H1, H2);         /* n^ e^ */
    mb_kadd(K, 0, 0, l, M);
    so3_mul_nt(M, H1, A.R);                     /* n^ R_a^T, at delta_a and -delta_b */
    mb_kadd(K, 0, 3, l, M);
    mb_kadd(K, 0, 9, -l, M);
    so3_hat(P, B.P);
    so3_mul(H3, H1, C); so3_mul(M, H3, P);      /* n^ C P_b^ */
    mb_kadd(K, 0, 6, l, M);
    so3_mul(M, A.R, H1);                        /* -R_a n^ on f_a, + on f_b */
    mb_kadd(K, 3, 0, -l, M);
    mb_kadd(K, 9, 0, l, M);
    so3_mtv(y, B.R, al);                        /* -P_b^ (R_b^T alpha)^ */
    so3_hat(H2, y); so3_mul(M, P, H2);
    mb_kadd(K, 6, 6, -l, M);
    so3_mul_tn(H3, C, H1); so3_mul(M, P, H3);   /* P_b^ C^T n^ */
    mb_kadd(K, 6, 0, l, M);
  }
}

int mb_joint_ncopy(const mb_topo *t, int k)
{
  const mb_joint *j = &t->joint[k];
  const int kind = mb_jkind(t, k);
  if (kind == MB_SPHERICAL || j->a == MB_GROUND || j->b == MB_GROUND) return 0;
  return strchr(mb_row_kinds[kind], 'T') ? 9 : 6;
}

int mb_joint_copy(const mb_topo *t, int k, int c)
{
  const mb_joint *j = &t->joint[k];
  return c < 3 ? 6 * j->a + c : 6 * j->b + c - 3;   /* theta_a; theta_b, delta_b */
}

newton_ws *mb_newton_alloc_stiff(const mb_topo *t, size_t bs, int solver, int *goff)
{
  goff[0] = 0;
  for (int k = 0; k < t->nj; k++)
    goff[k + 1] = goff[k] + mb_joint_nrows[mb_jkind(t, k)] + mb_joint_ncopy(t, k);
  const size_t n = bs * (size_t)t->nb + (size_t)goff[t->nj];
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  int *rows = malloc(((size_t)t->nj + 1) * sizeof *rows);
  int *ib = malloc((2 * (size_t)t->nj + 1) * sizeof *ib), *ig = malloc((2 * (size_t)t->nj + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    for (int k = 0; k < t->nj; k++) {
      rows[k] = goff[k + 1] - goff[k];
      for (int s = 0; s < 2; s++) {
        int b = s ? t->joint[k].b : t->joint[k].a;
        if (b != MB_GROUND) { ib[ne] = b; ig[ne++] = k; }
      }
    }
    w = newton_alloc_sparse(n, (size_t)t->nb, bs, (size_t)t->nj, rows, ne, ib, ig);
  }
  free(rows); free(ib); free(ig);
  return w;
}
void mb_initial(const mb_par *p, lg_body *q)
{
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i);
    memcpy(q[i].R, b + MB_R, sizeof q[i].R);
    memcpy(q[i].x, b + MB_X, sizeof q[i].x);
    memcpy(q[i].W, b + MB_W, sizeof q[i].W);
    memcpy(q[i].v, b + MB_V, sizeof q[i].v);
  }
}
void mb_phi(const mb_par *p, const lg_body *q, double *phi)
{
  if (p->topo->nxval > 0) {       /* a joint other than spherical: every joint by its rows */
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, phi + mb_jrow(p->topo, k), NULL, NULL, NULL, NULL);
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *c = phi + 3 * k;
    c[0] = c[1] = c[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      double y[3];
      if (d.body == MB_GROUND) memcpy(y, d.P, sizeof y);
      else {
        so3_mv(y, q[d.body].R, d.P);
        for (int r = 0; r < 3; r++) y[r] += q[d.body].x[r];
      }
      for (int r = 0; r < 3; r++) c[r] += d.sign * y[r];
    }
  }
}
/* G = -sign R hat(P): the block of B that multiplies W of the side's body */
static void mb_rot_block(double G[9], const mb_side *d, const double R[9])
{
  double S[9];
  so3_hat(S, d->P);
  so3_mul(G, R, S);
  for (int r = 0; r < 9; r++) G[r] *= -d->sign;
}

void mb_jac(const mb_par *p, const lg_body *q, double *B)
{
  const int n = 6 * p->topo->nb;
  memset(B, 0, (size_t)p->topo->nc * (size_t)n * sizeof *B);
  for (int k = 0; k < p->topo->nj; k++) {
    const mb_joint *j = &p->topo->joint[k];
    if (p->topo->nxval > 0) {
      const int m = mb_joint_nrows[mb_jkind(p->topo, k)];
      double Bs[2][36];
      mb_joint_eval(p, q, k, NULL, Bs[0], Bs[1], NULL, NULL);
      for (int s = 0; s < 2; s++) {
        const int b = s ? j->b : j->a;
        if (b == MB_GROUND) continue;
        for (int r = 0; r < m; r++)
          memcpy(B + (size_t)(mb_jrow(p->topo, k) + r) * (size_t)n + 6 * b, Bs[s] + 6 * r,
                 6 * sizeof *B);
      }
      continue;
    }
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      double G[9];
      mb_rot_block(G, &d, q[d.body].R);
      for (int r = 0; r < 3; r++) {
        double *row = B + (size_t)(3 * k + r) * (size_t)n + 6 * d.body;
        for (int c = 0; c < 3; c++) row[c] = G[3 * r + c];
        row[3 + r] = d.sign;
      }
    }
  }
}
void mb_bv(const mb_par *p, const lg_body *q, double *c)
{
  if (p->topo->nxval > 0) {
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, NULL, NULL, NULL, c + mb_jrow(p->topo, k), NULL);
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *ck = c + 3 * k;
    ck[0] = ck[1] = ck[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const lg_body *b = &q[d.body];
      double wp[3], y[3];
      so3_cross(wp, b->W, d.P); /* point velocity v + R (W x P) */
      so3_mv(y, b->R, wp);
      for (int r = 0; r < 3; r++) ck[r] += d.sign * (b->v[r] + y[r]);
    }
  }
}

void mb_bdotv(const mb_par *p, const lg_body *q, double *c)
{
  if (p->topo->nxval > 0) {
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, NULL, NULL, NULL, NULL, c + mb_jrow(p->topo, k));
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *ck = c + 3 * k;
    ck[0] = ck[1] = ck[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const lg_body *b = &q[d.body];
      double wp[3], wwp[3], y[3];
      so3_cross(wp, b->W, d.P); /* R W x (W x P) */
      so3_cross(wwp, b->W, wp);
      so3_mv(y, b->R, wwp);
      for (int r = 0; r < 3; r++) ck[r] += d.sign * y[r];
    }
  }
}
void mb_force(const mb_par *p, const lg_body *q, double *f)
{
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i);
    const double *J = b + MB_J, *W = q[i].W;
    double JW[3] = {J[0] * W[0], J[1] * W[1], J[2] * W[2]};
    so3_cross(f + 6 * i, JW, W);
    for (int r = 0; r < 3; r++) f[6 * i + 3 + r] = b[MB_M] * g * e[r];
  }
}

/* the same plus the springs, forces and torques of section (mb-applied) */
static void mb_force_applied(const mb_par *p, const lg_body *q, double *f)
{
  mb_force(p, q, f);
  mb_applied(p, q, f);
}

double mb_energy(const mb_par *p, const lg_body *q)
{
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  double E = 0;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J, *W = q[i].W;
    E += 0.5 * (J[0] * W[0] * W[0] + J[1] * W[1] * W[1] + J[2] * W[2] * W[2])
         + 0.5 * b[MB_M] * so3_dot(q[i].v, q[i].v) - b[MB_M] * g * so3_dot(e, q[i].x);
  }
  if (p->topo->ld->ns + p->topo->ld->nf > 0) E += mb_applied_potential(p, q);
  return E;
}

double mb_kinetic(const mb_par *p, const lg_body *q)
{
  double E = 0;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J, *W = q[i].W;
    E += 0.5 * (J[0] * W[0] * W[0] + J[1] * W[1] * W[1] + J[2] * W[2] * W[2])
         + 0.5 * b[MB_M] * so3_dot(q[i].v, q[i].v);
  }
  return E;
}

double mb_orth_err(const mb_par *p, const lg_body *q)
{
  double e = 0;
  for (int i = 0; i < p->topo->nb; i++) e = fmax(e, so3_orth_err(q[i].R));
  return e;
}

/* the same for a model with a joint other than spherical: a function
   apart, so that the loop of spherical joints alone stays as it was */
double mb_joint_max_general(const mb_par *p, const double *c);
double mb_joint_max_general(const mb_par *p, const double *c)
{
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++) e = fmax(e, mb_joint_norm(p->topo, k, c));
  return e;
}

static inline double mb_joint_max(const mb_par *p, const double *c)
{
  if (p->topo->nxval > 0) return mb_joint_max_general(p, c);
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++) e = fmax(e, so3_norm(c + 3 * k));
  return e;
}

/* the largest joint norm of a residual computed by f */
static double mb_joint_err(const mb_par *p, const lg_body *q,
                           void (*f)(const mb_par *, const lg_body *, double *))
{
  double c[3 * 64], *cc = p->topo->nc <= 3 * 64 ? c : malloc((size_t)p->topo->nc * sizeof *cc);
  if (!cc) return NAN;
  f(p, q, cc);
  double e = mb_joint_max(p, cc);
  if (cc != c) free(cc);
  return e;
}

double mb_phi_err(const mb_par *p, const lg_body *q)
{
  return mb_joint_err(p, q, mb_phi);
}

double mb_dphi_err(const mb_par *p, const lg_body *q)
{
  return mb_joint_err(p, q, mb_bv);
}
const mb_loads mb_no_loads = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0};

/* one end of a spring: its body (or the ground), its point, and where the
   point is and how fast it moves, in space */
typedef struct {
  int body;
  const double *P;
  double y[3], yd[3];
} mb_end;

static mb_end mb_spring_end(const mb_par *p, const lg_body *q, int k, int s)
{
  const mb_joint *j = &p->topo->ld->spring[k];
  mb_end e = {s ? j->b : j->a, mb_spring_par(p, k) + 3 * s, {0, 0, 0}, {0, 0, 0}};
  if (e.body == MB_GROUND) {
    memcpy(e.y, e.P, sizeof e.y);
    return e;
  }
  const lg_body *b = &q[e.body];
  double wp[3];
  so3_mv(e.y, b->R, e.P);
  so3_cross(wp, b->W, e.P);
  so3_mv(e.yd, b->R, wp);
  for (int r = 0; r < 3; r++) {
    e.y[r] += b->x[r];
    e.yd[r] += b->v[r];
  }
  return e;
}

/* Eq. (mb-spring): the force F on end a of spring k, with l, u and e */
static void mb_spring_force(const mb_par *p, int k, const mb_end *a, const mb_end *b,
                            double F[3], double *l, double u[3], double e[3])
{
  const double *sp = mb_spring_par(p, k), K = sp[MB_SK], C = sp[MB_SC], L0 = sp[MB_SL];
  double d[3];
  for (int r = 0; r < 3; r++) {
    d[r] = b->y[r] - a->y[r];
    e[r] = b->yd[r] - a->yd[r];
  }
  *l = so3_norm(d);
  for (int r = 0; r < 3; r++) u[r] = *l > 0 ? d[r] / *l : 0.0;
  const double ld = so3_dot(u, e);
  for (int r = 0; r < 3; r++) F[r] = K * d[r] - K * L0 * u[r] + C * ld * u[r];
}

/* f += the force Fs at the point P of body i and its torque P x R^T Fs */
static void mb_add_point_force(const lg_body *q, int i, const double P[3], const double Fs[3],
                               double *f)
{
  double y[3], t[3];
  so3_mtv(y, q[i].R, Fs);
  so3_cross(t, P, y);
  for (int r = 0; r < 3; r++) {
    f[6 * i + r] += t[r];
    f[6 * i + 3 + r] += Fs[r];
  }
}

/* the callback's contribution, in the principal frames, added to f */
static void mb_user_add(const mb_par *p, const lg_body *q, double *f)
{
  const mb_topo *t = p->topo;
  const size_t nb = (size_t)t->nb;
  lg_body *qu = malloc(nb * sizeof *qu);
  double *fu = calloc(6 * nb, sizeof *fu);
  if (!qu || !fu) {                   /* the step then fails as non-finite */
    for (size_t r = 0; r < 6 * nb; r++) f[r] = NAN;
    free(qu);
    free(fu);
    return;
  }
  memcpy(qu, q, nb * sizeof *qu);
  for (size_t i = 0; i < nb; i++) mb_user_body(p, (int)i, &qu[i], &qu[i]);
  t->ld->ufn(t->ld->uctx, t->ld->t, t->nb, qu, fu);
  for (size_t i = 0; i < nb; i++) {
    const double *Q = mb_axes(p, (int)i);
    if (Q) so3_mtv(fu + 6 * i, Q, fu + 6 * i);     /* T_p = Q^T T */
    for (int r = 0; r < 6; r++) f[6 * i + r] += fu[6 * i + r];
  }
  free(qu);
  free(fu);
}

/* the derivatives of mb_user_add, added to Kq and Kv (n x n, n = 6 nb):
   the callback's own, turned to the principal frames, or central differences */
static void mb_user_jac_add(const mb_par *p, const lg_body *q, double *Kq, double *Kv)
{
  const mb_topo *t = p->topo;
  const int nb = t->nb;
  const size_t n = 6 * (size_t)nb;
  double *K = calloc(2 * n * n + 2 * n, sizeof *K), *fp = K ? K + 2 * n * n : NULL,
         *fm = fp ? fp + n : NULL;
  lg_body *qq = malloc((size_t)nb * sizeof *qq);
  if (!K || !qq) {
    for (size_t r = 0; r < n * n; r++) Kq[r] = Kv[r] = NAN;
    free(K);
    free(qq);
    return;
  }
  if (t->ld->ujac) {
    memcpy(qq, q, (size_t)nb * sizeof *qq);
    for (int i = 0; i < nb; i++) mb_user_body(p, i, &qq[i], &qq[i]);
    t->ld->ujac(t->ld->uctx, t->ld->t, nb, qq, K, K + n * n);
    for (int m = 0; m < 2; m++) {
      double *A = K + (size_t)m * n * n, *D = m ? Kv : Kq;
      for (int i = 0; i < nb; i++) {     /* Q_i^T on the left of torque rows */
        const double *Q = mb_axes(p, i);
        if (!Q) continue;
        for (size_t c = 0; c < n; c++) {
          double y[3] = {A[(6 * i) * n + c], A[(6 * i + 1) * n + c], A[(6 * i + 2) * n + c]};
          so3_mtv(y, Q, y);
          for (int r = 0; r < 3; r++) A[(6 * i + r) * n + c] = y[r];
        }
      }
      for (int j = 0; j < nb; j++) {     /* Q_j on the right of its theta (W) columns */
        const double *Q = mb_axes(p, j);
        if (!Q) continue;
        for (size_t r = 0; r < n; r++) {
          double *a = A + r * n + 6 * j, y[3];
          for (int c = 0; c < 3; c++) y[c] = a[0] * Q[c] + a[1] * Q[3 + c] + a[2] * Q[6 + c];
          memcpy(a, y, sizeof y);
        }
      }
      for (size_t r = 0; r < n * n; r++) D[r] += A[r];
    }
  } else {
    const double e0 = cbrt(2.220446049250313e-16);
    for (int vel = 0; vel < 2; vel++)
      for (int j = 0; j < nb; j++)
        for (int c = 0; c < 6; c++) {
          double z = vel ? (c < 3 ? q[j].W[c] : q[j].v[c - 3]) : (c < 3 ? 0 : q[j].x[c - 3]);
          const double eps = e0 * fmax(1, fabs(z));
          for (int sgn = 0; sgn < 2; sgn++) {
            const double d = sgn ? -eps : eps;
            double *g = sgn ? fm : fp;
            memcpy(qq, q, (size_t)nb * sizeof *qq);
            if (vel && c < 3) qq[j].W[c] += d;
            else if (vel) qq[j].v[c - 3] += d;
            else if (c < 3) {
              double w[3] = {0, 0, 0}, E[9];
              w[c] = d;
              so3_exp(E, w);
              so3_mul(qq[j].R, q[j].R, E);
            } else qq[j].x[c - 3] += d;
            memset(g, 0, n * sizeof *g);
            mb_user_add(p, qq, g);
          }
          double *D = vel ? Kv : Kq;
          for (size_t r = 0; r < n; r++) D[r * n + 6 * (size_t)j + (size_t)c] += (fp[r] - fm[r]) / (2 * eps);
        }
  }
  free(K);
  free(qq);
}

void mb_applied(const mb_par *p, const lg_body *q, double *f)
{
  const mb_topo *t = p->topo;
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_end a = mb_spring_end(p, q, k, 0), b = mb_spring_end(p, q, k, 1);
    double F[3], u[3], e[3], l, mF[3];
    mb_spring_force(p, k, &a, &b, F, &l, u, e);
    for (int r = 0; r < 3; r++) mF[r] = -F[r];
    if (a.body != MB_GROUND) mb_add_point_force(q, a.body, a.P, F, f);
    if (b.body != MB_GROUND) mb_add_point_force(q, b.body, b.P, mF, f);
  }
  for (int k = 0; k < t->ld->nf; k++) {
    const double *F = mb_load_par(p, k);
    for (int r = 0; r < 3; r++) f[6 * t->ld->fbody[k] + 3 + r] += F[r];
  }
  for (int k = 0; k < t->ld->nt; k++) {
    const double *T = mb_load_par(p, t->ld->nf + k);
    for (int r = 0; r < 3; r++) f[6 * t->ld->tbody[k] + r] += T[r];
  }
  if (t->ld->ufn) mb_user_add(p, q, f);
}

double mb_applied_potential(const mb_par *p, const lg_body *q)
{
  const mb_topo *t = p->topo;
  double U = 0;
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_end a = mb_spring_end(p, q, k, 0), b = mb_spring_end(p, q, k, 1);
    const double *sp = mb_spring_par(p, k);
    double d[3];
    for (int r = 0; r < 3; r++) d[r] = b.y[r] - a.y[r];
    const double s = so3_norm(d) - sp[MB_SL];
    U += 0.5 * sp[MB_SK] * s * s;
  }
  for (int k = 0; k < t->ld->nf; k++) U -= so3_dot(mb_load_par(p, k), q[t->ld->fbody[k]].x);
  return U;
}
/* block (r0, c0) of the n x n matrix K += s A (3 x 3) */
static void mb_add_block(double *K, size_t n, int r0, int c0, double s, const double A[9])
{
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) K[(size_t)(r0 + r) * n + (size_t)(c0 + c)] += s * A[3 * r + c];
}

void mb_spring_jac(const mb_par *p, const lg_body *q, int k, double *Kq, double *Kv)
{
  memset(Kq, 0, 144 * sizeof *Kq);
  memset(Kv, 0, 144 * sizeof *Kv);
  const double *sp = mb_spring_par(p, k), K = sp[MB_SK], C = sp[MB_SC], L0 = sp[MB_SL];
  const mb_end end[2] = {mb_spring_end(p, q, k, 0), mb_spring_end(p, q, k, 1)};
  double F[3], u[3], e[3], l, Fd[9], Fe[9];
  mb_spring_force(p, k, &end[0], &end[1], F, &l, u, e);
  /* Eq. (mb-spring-jac): Fd = dF/dd, Fe = dF/de */
  const double ld = so3_dot(u, e);
  double Pe[3];
  for (int r = 0; r < 3; r++) Pe[r] = e[r] - ld * u[r];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) {
      const double Pu = (r == c) - u[r] * u[c];
      Fd[3 * r + c] = K * (r == c);
      if (l > 0) Fd[3 * r + c] += (-K * L0 * Pu + C * (u[r] * Pe[c] + ld * Pu)) / l;
      Fe[3 * r + c] = C * u[r] * u[c];
    }
  for (int s = 0; s < 2; s++) {              /* the variables of end s's body j */
    const int j = end[s].body;
    if (j == MB_GROUND) continue;
    const double sg = s ? 1.0 : -1.0, *R = q[j].R, *P = end[s].P;
    double HP[9], RHP[9], wp[3], HW[9], RHW[9], Dth[9], Dx[9], DW[9], Dv[9], A1[9], A2[9];
    so3_hat(HP, P);
    so3_mul(RHP, R, HP);
    so3_cross(wp, q[j].W, P);
    so3_hat(HW, wp);
    so3_mul(RHW, R, HW);
    so3_mul(A1, Fd, RHP);
    so3_mul(A2, Fe, RHW);
    so3_mul(DW, Fe, RHP);
    for (int c = 0; c < 9; c++) {
      Dth[c] = -sg * (A1[c] + A2[c]);
      Dx[c] = sg * Fd[c];
      DW[c] *= -sg;
      Dv[c] = sg * Fe[c];
    }
    for (int tt = 0; tt < 2; tt++) {         /* the rows of end tt's body i */
      const int i = end[tt].body;
      if (i == MB_GROUND) continue;
      const double rho = tt ? -1.0 : 1.0;
      double HPt[9], PRt[9], B[9];
      so3_hat(HPt, end[tt].P);
      so3_mul_nt(PRt, HPt, q[i].R);           /* hat(P_t) R_i^T */
      mb_add_block(Kq, 12, 6 * tt + 3, 6 * s, rho, Dth);
      mb_add_block(Kq, 12, 6 * tt + 3, 6 * s + 3, rho, Dx);
      mb_add_block(Kv, 12, 6 * tt + 3, 6 * s, rho, DW);
      mb_add_block(Kv, 12, 6 * tt + 3, 6 * s + 3, rho, Dv);
      so3_mul(B, PRt, Dth);
      mb_add_block(Kq, 12, 6 * tt, 6 * s, rho, B);
      so3_mul(B, PRt, Dx);
      mb_add_block(Kq, 12, 6 * tt, 6 * s + 3, rho, B);
      so3_mul(B, PRt, DW);
      mb_add_block(Kv, 12, 6 * tt, 6 * s, rho, B);
      so3_mul(B, PRt, Dv);
      mb_add_block(Kv, 12, 6 * tt, 6 * s + 3, rho, B);
    }
  }
  for (int tt = 0; tt < 2; tt++) {           /* hat(P_t) hat(R_i^T F_t) at theta_i */
    const int i = end[tt].body;
    if (i == MB_GROUND) continue;
    double Ft[3], y[3], HPt[9], Hy[9], B[9];
    for (int r = 0; r < 3; r++) Ft[r] = tt ? -F[r] : F[r];
    so3_mtv(y, q[i].R, Ft);
    so3_hat(HPt, end[tt].P);
    so3_hat(Hy, y);
    so3_mul(B, HPt, Hy);
    mb_add_block(Kq, 12, 6 * tt, 6 * tt, 1.0, B);
  }
}

int mb_spring_couples(const mb_topo *t, int k)
{
  const mb_joint *j = &t->ld->spring[k];
  return j->a != MB_GROUND && j->b != MB_GROUND && j->a != j->b;
}

int mb_springs_sparse(const mb_topo *t)
{
  return t->ld->ns > 0 && !t->ld->ufn;
}

void mb_applied_jac(const mb_par *p, const lg_body *q, double *Kq, double *Kv)
{
  const mb_topo *t = p->topo;
  const size_t n = 6 * (size_t)t->nb;
  memset(Kq, 0, n * n * sizeof *Kq);
  memset(Kv, 0, n * n * sizeof *Kv);
  for (int k = 0; k < t->ld->ns; k++) {      /* each spring's 12 x 12, by its bodies */
    const mb_joint *j = &t->ld->spring[k];
    const int body[2] = {j->a, j->b};
    double Lq[144], Lv[144];
    mb_spring_jac(p, q, k, Lq, Lv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        if (body[s] == MB_GROUND || body[o] == MB_GROUND) continue;
        for (int r = 0; r < 6; r++)
          for (int c = 0; c < 6; c++) {
            const size_t at = (size_t)(6 * body[s] + r) * n + (size_t)(6 * body[o] + c);
            Kq[at] += Lq[12 * (6 * s + r) + 6 * o + c];
            Kv[at] += Lv[12 * (6 * s + r) + 6 * o + c];
          }
      }
  }
  if (t->ld->ufn) mb_user_jac_add(p, q, Kq, Kv);
}

void mb_spring_copy_rows(const mb_topo *t, int k, int G, const double *z, double *r,
                         newton_jac *J)
{
  const int body[2] = {t->ld->spring[k].a, t->ld->spring[k].b};
  for (int c = 0; c < 12; c++) {
    const int u = 6 * body[c / 6] + c % 6;
    r[G + c] = z[G + c] - z[u];
    if (!J) continue;
    size_t ld;
    *newton_jac_at(J, (size_t)(G + c), (size_t)(G + c), &ld) = 1.0;
    *newton_jac_at(J, (size_t)(G + c), (size_t)u, &ld) = -1.0;
  }
}

int mb_applied_refuse(const mb_topo *t, const char *scheme, char *why, size_t n)
{
  const mb_loads *L = t->ld;
  if (!mb_applied_any(L)) return LG_OK;
  if (L->ns + L->nf + L->nt == 0) {
    snprintf(why, n, "scheme %s does not take applied forces (the force callback given to "
             "lgr_set_force); schemes ref, galpha, rkmk4, rkmk4-proj and imid-index2 do", scheme);
    return LG_EINVAL;
  }
  const int base = t->nb + t->nj + 1;  /* the first statement: a spring, force or torque */
  const char *what = L->ns ? "spring" : L->nf ? "force" : "torque";
  const int line = t->line ? t->line[base + (L->ns ? 0 : L->nf ? L->ns : L->ns + L->nf)] : 0;
  snprintf(why, n, "scheme %s does not take applied forces (the %s statement of %s line %d); "
           "schemes ref, galpha, rkmk4, rkmk4-proj and imid-index2 do", scheme, what,
           t->file ? t->file : "the model", line);
  return LG_EINVAL;
}
void mb_inertia_axes(const double J[6], double Jp[3], double Q[9])
{
  double A[9] = {J[0], J[3], J[4], J[3], J[1], J[5], J[4], J[5], J[2]};
  static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  memcpy(Q, I, sizeof I);
  for (int sweep = 0; sweep < 50 && (A[1] != 0 || A[2] != 0 || A[5] != 0); sweep++)
    for (int p = 0; p < 2; p++)
      for (int q = p + 1; q < 3; q++) {
        const double apq = A[3 * p + q], app = A[4 * p], aqq = A[4 * q];
        if (apq == 0) continue;
        if (sweep > 2 && fabs(app) + 100 * fabs(apq) == fabs(app) &&
            fabs(aqq) + 100 * fabs(apq) == fabs(aqq)) {
          A[3 * p + q] = A[3 * q + p] = 0;   /* below round-off of both moments */
          continue;
        }
        const double th = (aqq - app) / (2 * apq);
        const double t = fabs(th) > 1e150 ? 0.5 / th
                                          : copysign(1.0, th) / (fabs(th) + sqrt(th * th + 1));
        const double c = 1 / sqrt(t * t + 1), s = t * c;
        const int r = 3 - p - q;             /* the third index */
        const double arp = A[3 * r + p], arq = A[3 * r + q];
        A[4 * p] = app - t * apq;
        A[4 * q] = aqq + t * apq;
        A[3 * p + q] = A[3 * q + p] = 0;
        A[3 * r + p] = A[3 * p + r] = c * arp - s * arq;
        A[3 * r + q] = A[3 * q + r] = s * arp + c * arq;
        for (int k = 0; k < 3; k++) {        /* Q <- Q G */
          const double qp = Q[3 * k + p], qq = Q[3 * k + q];
          Q[3 * k + p] = c * qp - s * qq;
          Q[3 * k + q] = s * qp + c * qq;
        }
      }
  for (int k = 0; k < 3; k++) Jp[k] = A[4 * k];
}

const double *mb_axes(const mb_par *p, int i)
{
  static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  if (!p->topo->user) return NULL;
  const mb_topo *t = p->topo;
  const double *Q = p->val + 2 * (size_t)t->user + 6 * (size_t)t->nb + 9 * (size_t)i;
  return memcmp(Q, I, sizeof I) == 0 ? NULL : Q;
}

/* u <- Q^T u when body i (not the ground) turned */
static void mb_to_principal(const mb_par *p, int i, double *u)
{
  const double *Q = i == MB_GROUND ? NULL : mb_axes(p, i);
  if (Q) so3_mtv(u, Q, u);
}

void mb_principal(mb_par *p)
{
  const mb_topo *t = p->topo;
  if (!t->user) return;
  double *in = p->val;
  memcpy(in, p->val + t->user, (size_t)t->user * sizeof *in);
  for (int i = 0; i < t->nb; i++) {
    double *b = in + MB_BODY0 + MB_BODYLEN * i, Jp[3], J[6] = {0, 0, 0, 0, 0, 0};
    double *Q = in + 2 * (size_t)t->user + 6 * (size_t)t->nb + 9 * (size_t)i;
    if (mb_six(t, i)) memcpy(J, mb_tensor(p, i), sizeof J);
    else memcpy(J, b + MB_J, 3 * sizeof *J);
    mb_inertia_axes(J, Jp, Q);
    memcpy(b + MB_J, Jp, sizeof Jp);         /* the diagonal when Q = I */
    if (!mb_axes(p, i)) continue;            /* diagonal: the frame is the user's */
    so3_mul(b + MB_R, b + MB_R, Q);          /* Eq. (mb-principal) */
    so3_mtv(b + MB_W, Q, b + MB_W);
  }
  for (int k = 0; k < t->nj; k++) {
    double *P = in + (mb_joint_par(p, k) - p->val);
    mb_to_principal(p, t->joint[k].a, P);
    mb_to_principal(p, t->joint[k].b, P + 3);
  }
  for (int k = 0; k < t->ld->ns; k++) {
    double *P = in + (mb_spring_par(p, k) - p->val);
    mb_to_principal(p, t->ld->spring[k].a, P);
    mb_to_principal(p, t->ld->spring[k].b, P + 3);
  }
  for (int k = 0; k < t->ld->nt; k++)
    mb_to_principal(p, t->ld->tbody[k], in + (mb_load_par(p, t->ld->nf + k) - p->val));
  for (int k = 0; k < t->nj; k++)             /* the axes of a joint: side a's frame */
    if (mb_jkind(t, k) != MB_SPHERICAL) {
      double *X = in + (mb_jointx_par(p, k) - p->val);
      mb_to_principal(p, t->joint[k].a, X + MB_JXU);
      mb_to_principal(p, t->joint[k].a, X + MB_JXV);
    }
}

void mb_user_body(const mb_par *p, int i, const lg_body *in, lg_body *out)
{
  if (out != in) *out = *in;
  const double *Q = mb_axes(p, i);
  if (!Q) return;
  so3_mul_nt(out->R, in->R, Q);
  so3_mv(out->W, Q, in->W);
}
struct mb_work {
  int nb, nj, nc;
  double *G;      /* the blocks of B, two per joint: with spherical joints
                     alone, 9 each (the rotational block) from 18 k; else
                     m x 6 each, from goff[k] */
  int *goff;      /* nj + 1 */
  int general;    /* a joint other than spherical: the blocks m x 6 */
  int *row0;      /* nj + 1: first constraint row of joint k (joint order) */
  int *pos;       /* nj: the place of joint k in the order of the factor */
  int *ord;       /* nj: the joint at each place (pos inverted) */
  int *perm;      /* nc: the row of the factor that holds constraint row r */
  int *first;     /* nc: first column of row i inside the envelope */
  size_t *rowp;   /* nc: entry (i, m) of the envelope is A[rowp[i] + m] */
  double *A;      /* the envelope of B M^{-1} B^T, then of its Cholesky factor */
  newton_bslu *bs;/* or, where that is cheaper, its sparse block factorisation */
  size_t nenv;    /* entries in the envelope */
  double *y;      /* nc: a right-hand side in the factor's order */
  int *pair;      /* 4 npair: (k, s, l, t), l <= k, joint sides on one body */
  size_t *pidx;   /* npair: the envelope entry of (0, 0) of each pair's block */
  int npair;
  double *r, *mu; /* nc */
  double *f;      /* 6 nb */
  /* mb_force, or with the model's applied forces mb_force_applied: chosen
     once per workspace */
  void (*force)(const mb_par *, const lg_body *, double *);
  int bad;        /* the row (factor order) whose pivot failed, or -1 */
  char why[240];  /* the words of mb_failed */
  /* redundant constraints (section sec:mb-redundant): the rows found
     dependent by the first factorisation of the envelope */
  int ndep;       /* -1: not yet decided; else how many */
  int gained;     /* the failure of row bad: a dependent row became independent */
  int capdep;     /* room in dep and zl, in rows */
  int *dep;       /* ndep factor rows, increasing */
  unsigned char *isdep; /* nc flags, or NULL */
  double *zl;     /* ndep x nc: each dependent row of L, then its null vector */
  double *zz;     /* (ndep + 1) x ndep: the min-norm system */
  int zdone;      /* zl holds the null vectors of the present factor */
  /* the round-off floors of pivots (section sec:mb-rank-floor) */
  double *cf;     /* nc: the coefficients of a row in the rows before it */
  int wmax;       /* the widest row of the envelope */
  int weak;       /* the least resolved kept row of the first factorisation, or -1 */
  double weakr;   /* its pivot over its floor */
  double pmin;    /* the least pivot of a kept row over its diagonal, at the decision */
  int prow;       /* its row, or -1 */
  int treeord;    /* the factor's order is the spanning tree's (mb_reorder_tree) */
  int rclose;     /* then its first row of a joint that closes a loop, else nc */
  int reorder;    /* the first factorisation met a suspect: order by the tree */
  /* the factor kept from a projection (mb_project_velocity) for the next
     evaluation at the same positions: their R and x, 12 per body */
  int fkeep;
  const mb_par *fp;
  double *fq;
};

static int mb_envelope(const mb_topo *t, mb_work *w, const int *given);

mb_work *mb_work_alloc(const mb_topo *t)
{
  mb_work *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->nb = t->nb;
  w->nj = t->nj;
  w->nc = t->nc;
  size_t nc = (size_t)t->nc, nj = (size_t)t->nj;
  w->general = t->nxval > 0;
  size_t ng = 18 * nj;              /* spherical joints alone: as before */
  if (w->general && (w->goff = malloc((nj + 1) * sizeof *w->goff)) != NULL) {
    w->goff[0] = 0;
    for (size_t k = 0; k < nj; k++)
      w->goff[k + 1] = w->goff[k] + 12 * mb_joint_nrows[mb_jkind(t, k)];
    ng = (size_t)w->goff[nj];
  }
  w->G = malloc((ng ? ng : 18) * sizeof *w->G);
  w->r = malloc((nc + 1) * sizeof *w->r);
  w->mu = malloc((nc + 1) * sizeof *w->mu);
  w->f = malloc((6 * (size_t)t->nb + 1) * sizeof *w->f);
  w->first = malloc((nc + 1) * sizeof *w->first);
  w->rowp = malloc((nc + 1) * sizeof *w->rowp);
  w->perm = malloc((nc + 1) * sizeof *w->perm);
  w->row0 = malloc((nj + 1) * sizeof *w->row0);
  w->pos = malloc((nj + 1) * sizeof *w->pos);
  w->ord = malloc((nj + 1) * sizeof *w->ord);
  w->y = malloc((nc + 1) * sizeof *w->y);
  w->cf = malloc((nc + 1) * sizeof *w->cf);
  w->weak = -1;
  w->pmin = 1;                          /* no decision yet, or the sparse blocks' */
  w->prow = -1;
  w->rclose = t->nc;
  if ((w->general && !w->goff) || !w->G || !w->r || !w->mu || !w->f || !w->first || !w->rowp
      || !w->perm || !w->row0 || !w->pos || !w->ord || !w->y || !w->cf || mb_envelope(t, w, NULL) != 0) {
    mb_work_free(w);
    return NULL;
  }
  w->bad = -1;
  w->why[0] = '\0';
  w->ndep = -1;
  w->force = mb_applied_any(t->ld) ? mb_force_applied : mb_force;
  return w;
}

void mb_work_free(mb_work *w)
{
  if (!w) return;
  free(w->G);
  free(w->goff);
  free(w->A);
  free(w->r);
  free(w->mu);
  free(w->f);
  free(w->first);
  free(w->rowp);
  free(w->perm);
  free(w->row0);
  free(w->pos);
  free(w->ord);
  free(w->pair);
  free(w->pidx);
  newton_bslu_free(w->bs);
  free(w->y);
  free(w->dep);
  free(w->isdep);
  free(w->zl);
  free(w->zz);
  free(w->fq);
  free(w->cf);
  free(w);
}
/* the joint sides on each body, by body: bstart[b] .. bstart[b + 1] - 1
   index side[], which holds 2 k + s in increasing k; -1 if out of memory */
static int mb_body_sides(const mb_topo *t, int **bstart, int **side)
{
  int *bs = calloc((size_t)t->nb + 2, sizeof *bs);
  int *sd = malloc((2 * (size_t)t->nj + 1) * sizeof *sd);
  if (!bs || !sd) { free(bs); free(sd); return -1; }
  for (int k = 0; k < t->nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) bs[b + 2]++;
    }
  for (int b = 0; b < t->nb; b++) bs[b + 2] += bs[b + 1];
  for (int k = 0; k < t->nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) sd[bs[b + 1]++] = 2 * k + s;
    }
  *bstart = bs;
  *side = sd;
  return 0;
}

/* The order of the joints in the factor (given, pos of each joint, or
   chosen), the envelope of A in that order, and the pairs of joint sides on
   one body with the place of their block in the envelope; 0, or -1 if out
   of memory. */
static int mb_envelope(const mb_topo *t, mb_work *w, const int *given)
{
  const int nj = t->nj, nc = t->nc;
  int *bstart = NULL, *side = NULL, *aptr = NULL, *adj = NULL, *rows = NULL, *tmp = NULL;
  int st = -1;
  if (mb_body_sides(t, &bstart, &side) != 0) return -1;
  /* joints adjacent to k: those with a side on a body of k, ascending, once */
  size_t nadj = 0, np = 0;
  for (int k = 0; k < nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) nadj += (size_t)(bstart[b + 1] - bstart[b]);
    }
  aptr = malloc(((size_t)nj + 1) * sizeof *aptr);
  adj = calloc(nadj + 1, sizeof *adj);
  rows = calloc((size_t)nj + 1, sizeof *rows);
  tmp = malloc((nadj + (size_t)nj + 1) * sizeof *tmp);
  w->pair = malloc((4 * nadj + 4) * sizeof *w->pair);
  w->pidx = malloc((nadj + 1) * sizeof *w->pidx);
  if (!aptr || !adj || !rows || !tmp || !w->pair || !w->pidx) goto done;
  aptr[0] = 0;
  w->row0[0] = 0;
  for (int k = 0; k < nj; k++) {
    int n = 0, m = aptr[k];
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b == MB_GROUND) continue;
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        int l = side[e] / 2, u = n;
        if (l == k) continue;
        while (u > 0 && tmp[u - 1] > l) u--;        /* insertion, each joint once */
        if (u > 0 && tmp[u - 1] == l) continue;
        memmove(tmp + u + 1, tmp + u, (size_t)(n - u) * sizeof *tmp);
        tmp[u] = l;
        n++;
      }
    }
    memcpy(adj + m, tmp, (size_t)n * sizeof *adj);
    aptr[k + 1] = m + n;
    rows[k] = mb_joint_nrows[mb_jkind(t, k)];
    w->row0[k + 1] = w->row0[k] + rows[k];
  }
  if (given) memcpy(w->pos, given, (size_t)nj * sizeof *w->pos);
  else if (newton_envelope_order(nj, aptr, adj, rows, w->pos) != 0) goto done;
  for (int k = 0; k < nj; k++) w->ord[w->pos[k]] = k;
  /* rows in the factor's order: place i holds joint ord[i] */
  {
    int *fr = tmp;                        /* first factor row of each place */
    for (int i = 0, r = 0; i < nj; i++) { fr[i] = r; r += rows[w->ord[i]]; }
    size_t off = 0;
    for (int i = 0; i < nj; i++) {
      const int k = w->ord[i];
      int j = i;
      for (int a = aptr[k]; a < aptr[k + 1]; a++)
        if (w->pos[adj[a]] < j) j = w->pos[adj[a]];
      for (int r = 0; r < rows[k]; r++) {
        const int row = fr[i] + r;
        w->perm[w->row0[k] + r] = row;
        w->first[row] = fr[j];
        w->rowp[row] = off - (size_t)fr[j];
        off += (size_t)(row - fr[j] + 1);
        if (row - fr[j] + 1 > w->wmax) w->wmax = row - fr[j] + 1;
      }
    }
    w->nenv = off;
    /* the envelope, or the sparse block factorisation where it costs less
       than half as much (trees: the envelope's width grows with N) */
    double env = 0;
    for (int row = 0; row < nc; row++) {
      const double wd = (double)(row - w->first[row] + 1);
      env += 0.5 * wd * wd;
    }
    newton_bslu *bs = given ? NULL : newton_bslu_alloc(nj, aptr, adj, rows, w->pos);
    if (!given && !bs) goto done;
    if (bs && 2 * newton_bslu_cost(bs) < env) { w->bs = bs; off = 0; }
    else newton_bslu_free(bs);
    w->A = malloc((off + 1) * sizeof *w->A);
    if (!w->A) goto done;
  }
  /* the pairs (k, s, l, t), l <= k, of sides on one body, by k, l, s, t */
  for (int k = 0; k < nj; k++) {
    int n0 = (int)np;
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b == MB_GROUND) continue;
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        int l = side[e] / 2, u = side[e] % 2;
        if (l > k) continue;
        int *pe = w->pair + 4 * np++, *q;
        pe[0] = k; pe[1] = s; pe[2] = l; pe[3] = u;
        for (q = pe; q > w->pair + 4 * n0 &&            /* insertion by (l, s, t) */
             (q[-2] > q[2] || (q[-2] == q[2] && (q[-3] > q[1] || (q[-3] == q[1] && q[-1] > q[3]))));
             q -= 4)
          for (int c = 0; c < 4; c++) { int x = q[c]; q[c] = q[c - 4]; q[c - 4] = x; }
      }
    }
  }
  w->npair = (int)np;
  for (size_t e = 0; e < np; e++) {  /* entry (0, 0) of block (k, l) or of its transpose */
    const int *pe = w->pair + 4 * e;
    const int P = w->perm[w->row0[pe[0]]], Q = w->perm[w->row0[pe[2]]];
    w->pidx[e] = P >= Q ? w->rowp[P] + (size_t)Q : w->rowp[Q] + (size_t)P;
  }
  (void)nc;
  st = 0;
done:
  free(bstart); free(side); free(aptr); free(adj); free(rows); free(tmp);
  return st;
}
/* sum of a_m b_m over n terms, in four interleaved partial sums: the
   factorisation's inner loop, whose single running sum would wait on each
   addition in turn */
static inline double mb_dot(const double *a, const double *b, int n)
{
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int m = 0;
  for (; m + 4 <= n; m += 4) {
    s0 += a[m] * b[m];
    s1 += a[m + 1] * b[m + 1];
    s2 += a[m + 2] * b[m + 2];
    s3 += a[m + 3] * b[m + 3];
  }
  for (; m < n; m++) s0 += a[m] * b[m];
  return (s0 + s1) + (s2 + s3);
}
/* A assembled by blocks (both triangles) and factored by the sparse block
   factorisation; the rotational blocks of B are already in w->G */
static int mb_nonfinite(mb_work *w, const lg_body *q);
/* the block of B of side s of joint k, as computed by mb_factor_tol */
static double *mb_gblock(const mb_work *w, int k, int s)
{
  if (!w->general) return w->G + 18 * k + 9 * s;
  return w->G + w->goff[k] + s * (w->goff[k + 1] - w->goff[k]) / 2;
}
/* block (k, l) of A from pair pe (sides on one body) in a general model:
   a[r ml + c], with the sizes in mk, ml */
static void mb_pair_block(const mb_par *p, const mb_work *w, const int *pe, double *a, int *mk,
                          int *ml)
{
  const double *Bk = mb_gblock(w, pe[0], pe[1]), *Bl = mb_gblock(w, pe[2], pe[3]);
  *mk = w->row0[pe[0] + 1] - w->row0[pe[0]];
  *ml = w->row0[pe[2] + 1] - w->row0[pe[2]];
  const mb_joint *j = &p->topo->joint[pe[0]];
  const double *b = mb_body_par(p, pe[1] ? j->b : j->a), *J = b + MB_J;
  for (int r = 0; r < *mk; r++)
    for (int c = 0; c < *ml; c++) {
      const double *x = Bk + 6 * r, *y = Bl + 6 * c;
      a[*ml * r + c] = x[0] * y[0] / J[0] + x[1] * y[1] / J[1] + x[2] * y[2] / J[2]
                       + (x[3] * y[3] + x[4] * y[4] + x[5] * y[5]) / b[MB_M];
    }
}
/* in a general model: every block of B at q, and A assembled from them
   into the sparse factorisation or the envelope (both zeroed first); a
   function apart, so that the loops of spherical joints alone stay as
   they were */
void mb_general_blocks(const mb_par *p, const lg_body *q, mb_work *w);
void mb_general_blocks(const mb_par *p, const lg_body *q, mb_work *w)
{
  for (int k = 0; k < w->nj; k++)
    mb_joint_eval(p, q, k, NULL, mb_gblock(w, k, 0), mb_gblock(w, k, 1), NULL, NULL);
  if (w->bs) newton_bslu_zero(w->bs);
  else memset(w->A, 0, w->nenv * sizeof *w->A);
  for (int e = 0; e < w->npair; e++) {
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    double a[36];
    int mk, ml;
    mb_pair_block(p, w, pe, a, &mk, &ml);
    if (w->bs) {
      double *Akl = newton_bslu_block(w->bs, k, l), *Alk = newton_bslu_block(w->bs, l, k);
      for (int r = 0; r < mk; r++)
        for (int c = 0; c < ml; c++) {
          Akl[ml * r + c] += a[ml * r + c];
          if (k != l) Alk[mk * c + r] += a[ml * r + c];
        }
      continue;
    }
    const int P = w->perm[w->row0[k]], Q = w->perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->A + w->pidx[e];
    for (int r = 0; r < mk; r++) {
      const size_t ro = lo ? w->rowp[P + r] - w->rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : ml); c++)
        Akl[lo ? ro + (size_t)c : w->rowp[Q + c] - w->rowp[Q] + (size_t)r] += a[ml * r + c];
    }
  }
}
int mb_factor_first(const mb_par *p, const lg_body *q, mb_work *w, double tol);
static int mb_factor_sparse(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  if (w->general) goto factor;          /* assembled by mb_general_blocks */
  newton_bslu_zero(w->bs);
  for (int e = 0; e < w->npair; e++) {
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    double *Akl = newton_bslu_block(w->bs, k, l), *Alk = newton_bslu_block(w->bs, l, k);
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 3; c++) {
        const double a = Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
                         Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
        Akl[3 * r + c] += a;
        if (k != l) Alk[3 * c + r] += a;
      }
  }
  /* a failed pivot: rank loss, or a non-finite matrix; the joints of a rank
     loss are named only from the envelope's factor (w->bad stays -1) */
factor:
  w->bad = -1;
  if (newton_bslu_factor(w->bs, 1) < 0) {
    w->ndep = 0;                        /* decided: no dependent row */
    return LG_OK;
  }
  for (int i = 0; i < w->nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])) return mb_nonfinite(w, q);
  if (w->ndep < 0) return mb_factor_first(p, q, w, tol);  /* the envelope decides */
  return LG_ESINGULAR;
}

/* The rotational blocks of B at q, and A = B M^{-1} B^T factored: blocks
   (k, l) couple two joints through every body they share. */
/* A has a non-finite entry: the rotation of a body that overflowed, else
   a mass or inertia whose inverse does; the words go to w->why */
static int mb_nonfinite(mb_work *w, const lg_body *q)
{
  w->bad = -1;
  snprintf(w->why, sizeof w->why, "the constraint matrix B M^-1 B^T is not finite: "
           "a mass or an inertia too small for its inverse to be a double");
  for (int i = 0; i < w->nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])) {
        snprintf(w->why, sizeof w->why, "the rotation R of body %d became infinite or NaN "
                 "inside the step (the scheme is unstable at this step size)", i + 1);
        return LG_ENONFINITE;
      }
  return LG_ENONFINITE;
}

/* row i (factor order) marked as the n-th dependent row */
static int mb_dep_add(mb_work *w, int i, int n)
{
  const size_t nc = (size_t)w->nc;
  if (!w->isdep && !(w->isdep = calloc(nc + 1, 1))) return -1;
  if (n >= w->capdep) {
    const int cap = 2 * n + 4;
    int *d = realloc(w->dep, (size_t)cap * sizeof *d);
    if (d) w->dep = d;
    double *z = realloc(w->zl, ((size_t)cap * nc + 1) * sizeof *z);
    if (z) w->zl = z;
    if (!d || !z) return -1;
    w->capdep = cap;
  }
  w->isdep[i] = 1;
  w->dep[n] = i;
  return 0;
}

/* The Cholesky loop of mb_factor_tol for a workspace whose dependent rows
   are not yet decided (they are decided here) or are decided and exist:
   a dependent row's pivot is not taken; its row of L is kept in zl and
   zeroed in the factor, its inverse pivot set to zero.  A function apart
   (not static, so not inlined), so that the loop of a model without
   redundant rows stays as it was. */
/* the first-order bound tau_i on the round-off of the pivot of factor row
   i, gamma_w (sqrt(A_ii) + sum_j |c_j| sqrt(A_jj))^2, with L_11^T c = l, l
   the row of L in Ai (the rows before i factored, Ai[i] still A_ii) */
double mb_pivot_floor(const mb_work *w, int i, const double *Ai)
{
  const int *first = w->first;
  double *c = w->cf, s = sqrt(fabs(Ai[i]));
  for (int j = 0; j < first[i]; j++) c[j] = 0;
  for (int j = first[i]; j < i; j++) c[j] = Ai[j];
  for (int j = i - 1; j >= 0; j--) {      /* by columns of L^T, as mb_solve */
    if (c[j] == 0) continue;
    const double *Aj = w->A + w->rowp[j];
    c[j] *= Aj[j];                        /* zero for a dropped row */
    for (int m = first[j]; m < j; m++) c[m] -= Aj[m] * c[j];
  }
  for (int j = 0; j < i; j++) {
    const double *Aj = w->A + w->rowp[j];
    if (c[j] == 0 || Aj[j] == 0) continue;
    double a = 1 / (Aj[j] * Aj[j]);       /* A_jj = |row j of L|^2 */
    for (int m = first[j]; m < j; m++) a += Aj[m] * Aj[m];
    s += fabs(c[j]) * sqrt(a);
  }
  const double g = (double)(w->wmax + 1) * (0.5 * DBL_EPSILON);
  return g / (1 - g) * s * s;
}

/* the factor's joints in the order of a spanning tree, breadth first from
   the ground (then from each body no joint reaches from the ground), the
   joints that close loops last; the envelope laid out again in that order */
static int mb_reorder_tree(const mb_topo *t, mb_work *w)
{
  const int nb = t->nb, nj = t->nj;
  int *bstart = NULL, *side = NULL;
  int *pos = malloc(((size_t)nj + 1) * sizeof *pos);
  int *queue = malloc(((size_t)nb + 1) * sizeof *queue);
  unsigned char *seen = calloc((size_t)nb + 1, 1), *used = calloc((size_t)nj + 1, 1);
  int st = -1, place = 0, head = 0, tail = 0;
  if (!pos || !queue || !seen || !used || mb_body_sides(t, &bstart, &side) != 0) goto done;
  for (int k = 0; k < nj; k++) {                /* the ground's joints */
    const int a = t->joint[k].a, b = t->joint[k].b, o = a == MB_GROUND ? b : a;
    if ((a == MB_GROUND || b == MB_GROUND) && o != MB_GROUND && !seen[o]) {
      seen[o] = 1;
      queue[tail++] = o;
      pos[k] = place++;
      used[k] = 1;
    }
  }
  for (int root = 0; root <= nb; root++) {
    while (head < tail) {                       /* breadth first */
      const int b = queue[head++];
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        const int k = side[e] / 2, o = side[e] % 2 ? t->joint[k].a : t->joint[k].b;
        if (used[k] || o == MB_GROUND || seen[o]) continue;
        seen[o] = 1;
        queue[tail++] = o;
        pos[k] = place++;
        used[k] = 1;
      }
    }
    if (root < nb && !seen[root]) {             /* a body the ground does not reach */
      seen[root] = 1;
      queue[tail++] = root;
    }
  }
  const int ntree = place;
  for (int k = 0; k < nj; k++)                  /* the joints that close loops */
    if (!used[k]) pos[k] = place++;
  free(w->pair); free(w->pidx); free(w->A);
  newton_bslu_free(w->bs);
  w->pair = NULL; w->pidx = NULL; w->A = NULL; w->bs = NULL;
  w->wmax = 0;
  st = mb_envelope(t, w, pos);
  w->treeord = 1;
  w->rclose = t->nc;                            /* the first row of a closing joint */
  for (int k = 0; k < nj; k++)
    if (pos[k] >= ntree && w->perm[w->row0[k]] < w->rclose) w->rclose = w->perm[w->row0[k]];
done:
  free(pos); free(queue); free(seen); free(used); free(bstart); free(side);
  return st;
}

/* the joint whose rows hold factor row i */
static int mb_joint_of_row(const mb_work *w, int i)
{
  for (int k = 0; k < w->nj; k++)
    if (w->perm[w->row0[k]] <= i && i < w->perm[w->row0[k]] + (w->row0[k + 1] - w->row0[k]))
      return k;
  return -1;
}

int mb_weak_joint(const mb_work *w, double *res, double *rel)
{
  const int i = w->weak >= 0 ? w->weak : w->prow >= 0 && w->pmin < MB_PIVOT_MIN ? w->prow : -1;
  if (i < 0) return -1;
  if (res) *res = w->weak >= 0 ? w->weakr : HUGE_VAL;
  if (rel) *rel = w->weak >= 0 ? NAN : w->pmin;
  return mb_joint_of_row(w, i);
}

int mb_cholesky_rank(const lg_body *q, mb_work *w, double tol);
int mb_cholesky_rank(const lg_body *q, mb_work *w, double tol)
{
  const int nc = w->nc, *first = w->first, decide = w->ndep < 0;
  const double cut = decide ? fmax(tol, MB_RANK_SUSPECT) : tol;
  int n = 0;
  w->gained = 0;
  if (decide) {
    w->weak = -1;
    w->weakr = MB_RESOLVE;
    w->pmin = 1;
    w->prow = -1;
  }
  for (int i = 0; i < nc; i++) {
    double *Ai = w->A + w->rowp[i];
    for (int j = first[i]; j < i; j++) {
      const double *Aj = w->A + w->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - mb_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - mb_dot(Ai + first[i], Ai + first[i], i - first[i]);
    /* suspect: near the span of the rows before it; then the floor decides
       (a dropped row is tested for a gain of rank below) */
    const double fl = isfinite(d) && (!(d > cut * Ai[i]) || (decide && i >= w->rclose))
                      && (decide || !w->isdep[i]) ? mb_pivot_floor(w, i, Ai) : 0;
    if (decide && fl > 0 && !w->treeord) {  /* decide in the spanning tree's order */
      w->reorder = 1;
      if (w->isdep) memset(w->isdep, 0, (size_t)nc);
      return LG_ESINGULAR;
    }
    if (decide && fl > 0 && d > fl && d <= MB_RESOLVE * fl && d / fl < w->weakr) {
      w->weak = i;                                    /* independent, barely resolved */
      w->weakr = d / fl;
    }
    if (decide && isfinite(d) && d < w->pmin * Ai[i] && !(fl > 0 && !(d > fl))) {
      w->pmin = d / Ai[i];                            /* the least relative pivot kept */
      w->prow = i;
    }
    if (decide ? fl > 0 && !(d > fl) : w->isdep[i]) {
      if (!decide && d > MB_RANK_GAIN * Ai[i]
          && d > MB_GAIN_MARGIN * mb_pivot_floor(w, i, Ai)) {   /* no longer dependent */
        w->bad = i;
        w->gained = 1;
        return LG_ESINGULAR;
      }
      if (decide && mb_dep_add(w, i, n) != 0) {
        if (w->isdep) memset(w->isdep, 0, (size_t)nc);
        return LG_ENOMEM;
      }
      double *l = w->zl + (size_t)n++ * (size_t)nc;   /* its row of L, for its null vector */
      memset(l, 0, (size_t)nc * sizeof *l);
      for (int j = first[i]; j < i; j++) {
        l[j] = Ai[j];
        Ai[j] = 0;
      }
      Ai[i] = 0;
      continue;
    }
    if (!(d > cut * Ai[i]) && !(d > 0 && d > fl)) {
      w->bad = i;
      if (decide && w->isdep) memset(w->isdep, 0, (size_t)nc);
      return isfinite(d) ? LG_ESINGULAR : mb_nonfinite(w, q);
    }
    Ai[i] = 1 / sqrt(d);
  }
  if (decide) w->ndep = n;
  w->bad = -1;
  return LG_OK;
}

double mb_pivot_floor(const mb_work *w, int i, const double *Ai);
static int mb_reorder_tree(const mb_topo *t, mb_work *w);
static int mb_factor_tol(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  const int nj = w->nj, nc = w->nc;
  w->fkeep = 0;                         /* A and G are about to change */
  w->zdone = 0;
  if (w->general) {                     /* a joint other than spherical */
    mb_general_blocks(p, q, w);
    if (w->bs) return mb_factor_sparse(p, q, w, tol);
    goto cholesky;
  }
  for (int k = 0; k < nj; k++)
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body != MB_GROUND) mb_rot_block(w->G + 18 * k + 9 * s, &d, q[d.body].R);
    }
  if (w->bs) return mb_factor_sparse(p, q, w, tol);
  memset(w->A, 0, w->nenv * sizeof *w->A);
  for (int e = 0; e < w->npair; e++) {    /* block (k, l) += side s of k, side t of l */
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    /* in the factor's order, in the lower triangle: block (k, l) or its
       transpose; on the diagonal (k = l) its lower half only */
    const int P = w->perm[w->row0[k]], Q = w->perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->A + w->pidx[e];
    for (int r = 0; r < 3; r++) {
      const size_t ro = lo ? w->rowp[P + r] - w->rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : 3); c++)
        Akl[lo ? ro + (size_t)c : w->rowp[Q + c] - w->rowp[Q] + (size_t)r] +=
            Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
            Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
    }
  }
  /* Cholesky A = L L^T in the lower triangle, row by row inside the
     envelope; the diagonal keeps 1 / L_ii, which is all the solves need */
cholesky:;
  if (w->ndep != 0) {                                     /* undecided, or redundant */
    int st = mb_cholesky_rank(q, w, tol);
    if (!w->reorder) return st;
    w->reorder = 0;                     /* decide again in the spanning tree's order */
    return mb_reorder_tree(p->topo, w) != 0 ? LG_ENOMEM : mb_factor_tol(p, q, w, tol);
  }
  const int *first = w->first;
  for (int i = 0; i < nc; i++) {
    double *Ai = w->A + w->rowp[i];
    for (int j = first[i]; j < i; j++) {
      const double *Aj = w->A + w->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - mb_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - mb_dot(Ai + first[i], Ai + first[i], i - first[i]);
    if (!(d > tol * Ai[i]) && !(d > 0 && d > mb_pivot_floor(w, i, Ai))) {
      w->bad = i;
      return isfinite(d) ? LG_ESINGULAR : mb_nonfinite(w, q);
    }
    Ai[i] = 1 / sqrt(d);
  }
  w->bad = -1;
  return LG_OK;
}

/* the first factorisation of a workspace decides which rows are dependent
   (the envelope's does; the sparse blocks, which cannot drop a row, give
   way to the envelope when they find one) */
int mb_factor_first(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  double *A = realloc(w->A, (w->nenv + 1) * sizeof *w->A);
  if (!A) return LG_ENOMEM;
  w->A = A;
  newton_bslu_free(w->bs);
  w->bs = NULL;
  return mb_factor_tol(p, q, w, tol);
}

/* the positions of q are those whose factor was kept */
static int mb_kept(const mb_par *p, const lg_body *q, const mb_work *w)
{
  if (!w->fkeep || w->fp != p) return 0;
  for (int i = 0; i < w->nb; i++)
    if (memcmp(w->fq + 12 * i, q[i].R, 9 * sizeof(double)) != 0
        || memcmp(w->fq + 12 * i + 9, q[i].x, 3 * sizeof(double)) != 0)
      return 0;
  return 1;
}

/* keep the present factor, which is that of q's positions */
static void mb_keep(const mb_par *p, const lg_body *q, mb_work *w)
{
  if (!w->fq && !(w->fq = malloc(12 * (size_t)w->nb * sizeof *w->fq))) return;
  for (int i = 0; i < w->nb; i++) {
    memcpy(w->fq + 12 * i, q[i].R, 9 * sizeof(double));
    memcpy(w->fq + 12 * i + 9, q[i].x, 3 * sizeof(double));
  }
  w->fp = p;
  w->fkeep = 1;
}

static int mb_factor(const mb_par *p, const lg_body *q, mb_work *w)
{
  if (mb_kept(p, q, w)) return LG_OK;
  return mb_factor_tol(p, q, w, MB_PIVOT_TOL);
}

int mb_rank_check(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  return mb_factor_tol(p, q, w, tol);
}
int mb_singular_joints(const mb_work *w, int *joints, int max)
{
  const int nc = w->nc, bad = w->bad;
  if (bad < 0 || bad >= nc || w->bs) return 0;
  double *c = calloc((size_t)bad + 1, sizeof *c);
  int *jof = malloc(((size_t)nc + 1) * sizeof *jof);   /* the joint of each factor row */
  unsigned char *hit = calloc((size_t)w->nj + 1, 1);
  if (!c || !jof || !hit) {
    free(c);
    free(jof);
    free(hit);
    return 0;
  }
  for (int k = 0; k < w->nj; k++)
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->perm[r]] = k;
  const double *Ab = w->A + w->rowp[bad];
  for (int j = w->first[bad]; j < bad; j++) c[j] = Ab[j];
  for (int j = bad - 1; j >= 0; j--) {          /* L_11^T c = l */
    const double *Aj = w->A + w->rowp[j];
    for (int m = j + 1; m < bad; m++)
      if (w->first[m] <= j) c[j] -= w->A[w->rowp[m] + (size_t)j] * c[m];
    c[j] *= Aj[j];
  }
  double big = 0;
  for (int j = 0; j < bad; j++) {               /* share of row j: |c_j| times its norm */
    const double *Aj = w->A + w->rowp[j];
    if (Aj[j] == 0) { c[j] = 0; continue; }      /* a dropped row (redundant): no share */
    double r = 1 / (Aj[j] * Aj[j]);
    for (int m = w->first[j]; m < j; m++) r += Aj[m] * Aj[m];
    c[j] = fabs(c[j]) * sqrt(r);
    big = fmax(big, c[j]);
  }
  hit[jof[bad]] = 1;
  for (int j = 0; j < bad; j++)
    if (c[j] > 1e-6 * big) hit[jof[j]] = 1;
  int n = 0;
  for (int k = 0; k < w->nj; k++)
    if (hit[k]) {
      if (n < max) joints[n] = k;
      n++;
    }
  free(c);
  free(jof);
  free(hit);
  return n;
}

static size_t mb_joint_list(char *buf, size_t n, const int *j, int k);
size_t mb_singular_text(const mb_work *w, char *buf, size_t n)
{
  int j[8];
  return mb_joint_list(buf, n, j, mb_singular_joints(w, j, 8));
}

int mb_failed(mb_work *w, int st, lg_state *s)
{
  if (st == LG_ENONFINITE && w && w->why[0] && s) s->why = w->why;
  if (st != LG_ESINGULAR || !w || w->bad < 0) return st;
  char j[120];
  mb_singular_text(w, j, sizeof j);
  if (w->gained)               /* a row dependent at t = 0 no longer is */
    snprintf(w->why, sizeof w->why, "the constraint Jacobian changed rank (%s: the mechanism "
             "passed a singular configuration)", j);
  else
    snprintf(w->why, sizeof w->why, "the constraint Jacobian lost rank (%s: the mechanism "
             "passes a singular configuration)", j);
  if (s) s->why = w->why;
  return st;
}
static void mb_solve(const mb_work *w, double *xj) /* x <- A^{-1} x */
{
  if (w->bs) { newton_bslu_solve(w->bs, xj); return; }
  const int nc = w->nc, *first = w->first;
  double *x = w->y;                           /* x in the factor's order */
  for (int r = 0; r < nc; r++) x[w->perm[r]] = xj[r];
  for (int i = 0; i < nc; i++) {              /* L y = x */
    const double *Ai = w->A + w->rowp[i];
    double v = x[i];
    for (int m = first[i]; m < i; m++) v -= Ai[m] * x[m];
    x[i] = v * Ai[i];
  }
  for (int i = nc - 1; i >= 0; i--) {         /* L^T x = y, by columns of L^T */
    const double *Ai = w->A + w->rowp[i];
    x[i] *= Ai[i];
    for (int m = first[i]; m < i; m++) x[m] -= Ai[m] * x[i];
  }
  for (int r = 0; r < nc; r++) xj[r] = x[w->perm[r]];
}

/* the same two products in a general model, with the m x 6 blocks */
void mb_general_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r);
void mb_general_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r)
{
  for (int k = 0; k < w->nj; k++) {
    double *rk = r + w->row0[k];
    const int m = w->row0[k + 1] - w->row0[k];
    for (int i = 0; i < m; i++) rk[i] = 0;
    for (int s = 0; s < 2; s++) {
      const int bd = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (bd == MB_GROUND) continue;
      const double *b = mb_body_par(p, bd), *J = b + MB_J;
      const double *G = mb_gblock(w, k, s), *u6 = u + 6 * bd;
      for (int i = 0; i < m; i++) {
        const double *x = G + 6 * i;
        rk[i] += x[0] * u6[0] / J[0] + x[1] * u6[1] / J[1] + x[2] * u6[2] / J[2]
                 + (x[3] * u6[3] + x[4] * u6[4] + x[5] * u6[5]) / b[MB_M];
      }
    }
  }
}
void mb_general_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u);
void mb_general_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u)
{
  for (int k = 0; k < w->nj; k++)
    for (int s = 0; s < 2; s++) {
      const int bd = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (bd == MB_GROUND) continue;
      const double *b = mb_body_par(p, bd), *J = b + MB_J;
      const double *G = mb_gblock(w, k, s), *m = mu + w->row0[k];
      const int nr = w->row0[k + 1] - w->row0[k];
      double *u6 = u + 6 * bd;
      for (int c = 0; c < 6; c++) {
        double y = 0;
        for (int i = 0; i < nr; i++) y += G[6 * i + c] * m[i];
        u6[c] -= y / (c < 3 ? J[c] : b[MB_M]);
      }
    }
}

/* r = B M^{-1} u for u in R^{6 nb} */
static void mb_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r)
{
  if (w->general) {
    mb_general_b_minv(p, w, u, r);
    return;
  }
  for (int k = 0; k < w->nj; k++) {
    double *rk = r + 3 * k;
    rk[0] = rk[1] = rk[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const double *b = mb_body_par(p, d.body), *J = b + MB_J;
      const double *G = w->G + 18 * k + 9 * s, *u6 = u + 6 * d.body;
      for (int i = 0; i < 3; i++)
        rk[i] += G[3 * i] * u6[0] / J[0] + G[3 * i + 1] * u6[1] / J[1]
                 + G[3 * i + 2] * u6[2] / J[2] + d.sign * u6[3 + i] / b[MB_M];
    }
  }
}

/* u -= M^{-1} B^T mu */
static void mb_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u)
{
  if (w->general) {
    mb_general_sub_minv_bt(p, w, mu, u);
    return;
  }
  for (int k = 0; k < w->nj; k++)
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const double *b = mb_body_par(p, d.body), *J = b + MB_J;
      const double *G = w->G + 18 * k + 9 * s, *m = mu + 3 * k;
      double *u6 = u + 6 * d.body;
      for (int c = 0; c < 3; c++) {
        u6[c] -= (G[c] * m[0] + G[3 + c] * m[1] + G[6 + c] * m[2]) / J[c];
        u6[3 + c] -= d.sign * m[c] / b[MB_M];
      }
    }
}
/* after a factorisation with dropped rows: their null vectors z = e_i - c,
   L_KK^T c = l, in place of their rows l of L in zl (factor order) */
static void mb_null_vectors(mb_work *w)
{
  const int nc = w->nc;
  for (int k = 0; k < w->ndep; k++) {
    double *z = w->zl + (size_t)k * (size_t)nc;
    const int i = w->dep[k];
    for (int j = i - 1; j >= 0; j--) {     /* by columns of L^T, as mb_solve */
      const double *Aj = w->A + w->rowp[j];
      z[j] *= Aj[j];                       /* zero for a dropped row */
      for (int m = w->first[j]; m < j; m++) z[m] -= Aj[m] * z[j];
    }
    for (int j = 0; j < i; j++) z[j] = -z[j];
    z[i] = 1;
  }
}

/* lam (nc numbers, the joints' order), the basic solution of A lam = b,
   becomes the one of least norm, lam - Z (Z^T Z)^{-1} Z^T lam; once after
   each factorisation */
static int mb_min_norm(mb_work *w, double *lam)
{
  const int nc = w->nc, r = w->ndep;
  const size_t rr = (size_t)r;
  if (!w->zz && !(w->zz = malloc((rr + 1) * rr * sizeof *w->zz))) return LG_ENOMEM;
  if (!w->zdone) mb_null_vectors(w);
  w->zdone = 1;
  double *x = w->y, *G = w->zz, *g = w->zz + rr * rr;
  for (int c = 0; c < nc; c++) x[w->perm[c]] = lam[c];
  for (int a = 0; a < r; a++) {            /* G = Z^T Z (lower), g = Z^T lam */
    const double *za = w->zl + (size_t)a * (size_t)nc;
    g[a] = mb_dot(za, x, nc);
    for (int b = 0; b <= a; b++) G[rr * (size_t)a + (size_t)b] = mb_dot(za, w->zl + (size_t)b * (size_t)nc, nc);
  }
  for (int a = 0; a < r; a++) {            /* G = C C^T, in place */
    double *Ga = G + rr * (size_t)a;
    for (int b = 0; b < a; b++) {
      const double *Gb = G + rr * (size_t)b;
      Ga[b] = (Ga[b] - mb_dot(Ga, Gb, b)) / Gb[b];
    }
    Ga[a] = sqrt(Ga[a] - mb_dot(Ga, Ga, a));
  }
  for (int a = 0; a < r; a++) {            /* C y = g */
    const double *Ga = G + rr * (size_t)a;
    g[a] = (g[a] - mb_dot(Ga, g, a)) / Ga[a];
  }
  for (int a = r - 1; a >= 0; a--) {       /* C^T alpha = y */
    g[a] /= G[rr * (size_t)a + (size_t)a];
    for (int b = 0; b < a; b++) g[b] -= G[rr * (size_t)a + (size_t)b] * g[a];
  }
  for (int a = 0; a < r; a++) {            /* x -= Z alpha */
    const double *za = w->zl + (size_t)a * (size_t)nc;
    for (int c = 0; c < nc; c++) x[c] -= za[c] * g[a];
  }
  for (int c = 0; c < nc; c++) lam[c] = x[w->perm[c]];
  return LG_OK;
}
int mb_accel(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda)
{
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  w->force(p, q, w->f);
  mb_b_minv(p, w, w->f, w->r);
  mb_bdotv(p, q, w->mu);
  for (int k = 0; k < w->nc; k++) w->mu[k] += w->r[k];
  mb_solve(w, w->mu);
  for (int i = 0; i < w->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J;
    for (int c = 0; c < 3; c++) {
      dV[6 * i + c] = w->f[6 * i + c] / J[c];
      dV[6 * i + 3 + c] = w->f[6 * i + 3 + c] / b[MB_M];
    }
  }
  mb_sub_minv_bt(p, w, w->mu, dV);
  /* an ill-conditioned factor: refine on the residual B dV + Bdot V of the
     acceleration constraint, up to twice, while each pass halves it */
  double rprev = HUGE_VAL;
  for (int it = 0; it < 2 && (w->ndep > 0 || w->treeord); it++) {
    for (int i = 0; i < w->nb; i++) {      /* f <- M dV, then r = B dV */
      const double *b = mb_body_par(p, i), *J = b + MB_J;
      for (int c = 0; c < 3; c++) {
        w->f[6 * i + c] = dV[6 * i + c] * J[c];
        w->f[6 * i + 3 + c] = dV[6 * i + 3 + c] * b[MB_M];
      }
    }
    mb_b_minv(p, w, w->f, w->r);
    mb_bdotv(p, q, w->cf);
    double r = 0;
    for (int k = 0; k < w->nc; k++) {
      w->cf[k] += w->r[k];
      r = fmax(r, fabs(w->cf[k]));
    }
    if (!(r > 0 && r < 0.5 * rprev)) break;
    rprev = r;
    mb_solve(w, w->cf);
    mb_sub_minv_bt(p, w, w->cf, dV);
    for (int k = 0; k < w->nc; k++) w->mu[k] += w->cf[k];
  }
  if (lambda) {
    memcpy(lambda, w->mu, (size_t)w->nc * sizeof *lambda);
    if (w->ndep > 0) return mb_min_norm(w, lambda);   /* redundant: the least norm */
  }
  return LG_OK;
}
/* Eq. (mb-reaction): joint k's force on side b and torque about y_b, in
   space, from its multipliers (lambda: all nc of them) */
void mb_joint_reaction(const mb_par *p, const lg_body *q, int k, const double *lambda,
                       double F[3], double M[3])
{
  const int kind = mb_jkind(p->topo, k), m = mb_joint_nrows[kind];
  const char *rk = mb_row_kinds[kind];
  const double *lam = lambda + mb_jrow(p->topo, k);
  for (int r = 0; r < 3; r++) F[r] = M[r] = 0;
  if (kind == MB_SPHERICAL) {             /* the multiplier vector itself */
    for (int r = 0; r < 3; r++) F[r] = lam[r];
    return;
  }
  const double *X = mb_jointx_par(p, k);
  mb_jside A, B;
  mb_jside_get(p, q, k, 0, &A);
  mb_jside_get(p, q, k, 1, &B);
  for (int i = 0, x = 0; i < m; i++) {
    if (rk[i] == 'P') {                   /* the force lambda_i e_i at y_b */
      F[i] += lam[i];
      continue;
    }
    const double *u = X + MB_JXROW + 6 * x, *w = u + 3;
    x++;
    double a[3];
    so3_mv(a, A.R, u);
    if (rk[i] == 'D') {                   /* the torque mu alpha x beta */
      double b[3], ab[3];
      so3_mv(b, B.R, w);
      so3_cross(ab, a, b);
      for (int r = 0; r < 3; r++) M[r] += lam[i] * ab[r];
    } else                                /* the force mu alpha at y_b */
      for (int r = 0; r < 3; r++) F[r] += lam[i] * a[r];
  }
}

int mb_reaction_ncol(const mb_topo *t)
{
  int n = 0;
  for (int k = 0; k < t->nj; k++) n += mb_jkind(t, k) == MB_SPHERICAL ? 3 : 6;
  return n;
}

size_t mb_reaction_columns(const mb_topo *t, char *buf, size_t n)
{
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int k = 0; k < t->nj; k++)
    for (int c = 0; c < (mb_jkind(t, k) == MB_SPHERICAL ? 3 : 6); c++) {
      char one[40];
      int l = snprintf(one, sizeof one, "%s%c%d_%d", len ? "," : "", c < 3 ? 'F' : 'M', k + 1,
                       c % 3 + 1);
      if (len + (size_t)l < n) memcpy(buf + len, one, (size_t)l + 1);
      len += (size_t)l;
    }
  return len;
}

int mb_reactions(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda,
                 double *out)
{
  const int st = mb_accel(p, q, w, dV, lambda);
  for (int k = 0, c = 0; k < p->topo->nj; k++) {
    double F[3] = {NAN, NAN, NAN}, M[3] = {NAN, NAN, NAN};
    if (st == LG_OK) mb_joint_reaction(p, q, k, lambda, F, M);
    memcpy(out + c, F, sizeof F);
    c += 3;
    if (mb_jkind(p->topo, k) != MB_SPHERICAL) {
      memcpy(out + c, M, sizeof M);
      c += 3;
    }
  }
  return st;
}
int mb_project(const mb_par *p, lg_body *q, mb_work *w)
{
  for (int i = 0; i < w->nb; i++)
    if (so3_reortho(q[i].R, q[i].R) != 0) return LG_EINVAL;
  return mb_project_joints(p, q, w);
}

int mb_project_joints(const mb_par *p, lg_body *q, mb_work *w)
{
  const int nb = w->nb;
  /* positions: Gauss-Newton steps dq = -M^{-1} B^T A^{-1} phi while they
     still reduce the largest joint error */
  double best = INFINITY;
  for (int it = 0; it < 10; it++) {
    mb_phi(p, q, w->mu);
    double e = mb_joint_max(p, w->mu);
    if (e == 0 || !(e < 0.5 * best)) break;
    best = e;
    int st = mb_factor(p, q, w);
    if (st != LG_OK) return st;
    mb_solve(w, w->mu);
    memset(w->f, 0, 6 * (size_t)nb * sizeof *w->f);
    mb_sub_minv_bt(p, w, w->mu, w->f);
    for (int i = 0; i < nb; i++) {
      double F[9];
      so3_exp(F, w->f + 6 * i);
      so3_mul(q[i].R, q[i].R, F);
      for (int c = 0; c < 3; c++) q[i].x[c] += w->f[6 * i + 3 + c];
    }
  }
  return mb_project_velocity(p, q, w);
}

/* V <- V - M^{-1} B^T A^{-1} c, c = B V in w->mu, with the present factor */
static void mb_project_velocity_once(const mb_par *p, lg_body *q, mb_work *w)
{
  const int nb = w->nb;
  mb_solve(w, w->mu);
  for (int i = 0; i < nb; i++) {
    memcpy(w->f + 6 * i, q[i].W, 3 * sizeof(double));
    memcpy(w->f + 6 * i + 3, q[i].v, 3 * sizeof(double));
  }
  mb_sub_minv_bt(p, w, w->mu, w->f);
  for (int i = 0; i < nb; i++) {
    memcpy(q[i].W, w->f + 6 * i, 3 * sizeof(double));
    memcpy(q[i].v, w->f + 6 * i + 3, 3 * sizeof(double));
  }
}

int mb_project_velocity(const mb_par *p, lg_body *q, mb_work *w)
{
  /* velocities: V <- V - M^{-1} B^T A^{-1} B V, at the final positions,
     whose factor is kept for the next step's first evaluation */
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  mb_keep(p, q, w);
  mb_bv(p, q, w->mu);
  mb_project_velocity_once(p, q, w);
  /* a model whose factor is ill-conditioned (redundant rows, loops
     decided in the tree's order): up to two passes more, while each
     halves the residual B V left by the one before */
  double rprev = HUGE_VAL;
  for (int it = 0; it < 2 && (w->ndep > 0 || w->treeord); it++) {
    mb_bv(p, q, w->mu);
    double r = 0;
    for (int c = 0; c < w->nc; c++) r = fmax(r, fabs(w->mu[c]));
    if (!(r > 0 && r < 0.5 * rprev)) break;
    rprev = r;
    mb_project_velocity_once(p, q, w);
  }
  return LG_OK;
}
int mb_rank_gained(const mb_work *w)
{
  return w->gained;
}

int mb_redundant_rows(const mb_work *w, int *rows, int max)
{
  if (w->ndep <= 0) return 0;
  int n = 0;
  for (int c = 0; c < w->nc; c++)        /* joint order, increasing */
    if (w->isdep[w->perm[c]]) {
      if (n < max) rows[n] = c;
      n++;
    }
  return n;
}

/* "joint 2" or "joints 1, 2 and 4" of the k joints j (0-based), at most 8 shown */
static size_t mb_joint_list(char *buf, size_t n, const int *j, int k)
{
  int shown = k < 8 ? k : 8;
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int i = 0; i < shown && len < n; i++) {
    int r = snprintf(buf + len, n - len, "%s%d",
                     i == 0 ? (k > 1 ? "joints " : "joint ")
                            : i == shown - 1 && k == shown ? " and " : ", ", j[i] + 1);
    if (r < 0) break;
    len += (size_t)r;
  }
  if (k > shown && len < n) {
    int r = snprintf(buf + len, n - len, " and %d more", k - shown);
    if (r > 0) len += (size_t)r;
  }
  return len < n ? len : (n ? n - 1 : 0);
}

/* the words of mb_redundancy, from a workspace just factored */
static void mb_redundancy_text(const mb_par *p, mb_work *w, char *txt, size_t n)
{
  const int nc = w->nc, nj = w->nj;
  int *jof = malloc(((size_t)nc + 1) * sizeof *jof), *js = calloc((size_t)nj + 1, sizeof *js);
  unsigned char *hit = calloc((size_t)nj + 1, 1);
  if (!jof || !js || !hit) goto done;
  for (int k = 0; k < nj; k++)
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->perm[r]] = k;
  if (!w->zdone) mb_null_vectors(w);
  w->zdone = 1;
  for (int a = 0; a < w->ndep; a++) {     /* the joints of each null vector */
    const double *z = w->zl + (size_t)a * (size_t)nc;
    double big = 0, *s = w->y;
    for (int j = 0; j < nc; j++) {
      const double *Aj = w->A + w->rowp[j];
      double rn = 0;
      if (Aj[j] != 0) {                    /* a kept row: |z_j| times its norm */
        rn = 1 / (Aj[j] * Aj[j]);
        for (int m = w->first[j]; m < j; m++) rn += Aj[m] * Aj[m];
      }
      s[j] = j == w->dep[a] ? INFINITY : fabs(z[j]) * sqrt(rn);
      if (j != w->dep[a]) big = fmax(big, s[j]);
    }
    for (int j = 0; j < nc; j++)
      if (s[j] > 1e-6 * big) hit[jof[j]] = 1;
  }
  int k = 0;
  for (int j = 0; j < nj; j++)
    if (hit[j]) js[k++] = j;
  size_t len = mb_joint_list(txt, n, js, k);
  /* the dropped rows, by joint */
  const char *sep = " (";
  for (int j = 0; j < nj && len + 1 < n; j++) {
    int m = 0, r1[64];
    for (int r = w->row0[j]; r < w->row0[j + 1]; r++)
      if (w->isdep[w->perm[r]] && m < 64) r1[m++] = r - w->row0[j] + 1;
    if (!m) continue;
    int c = snprintf(txt + len, n - len, "%s%s ", sep, m > 1 ? "rows" : "row");
    for (int i = 0; i < m && c > 0 && len + (size_t)c < n; i++)
      c += snprintf(txt + len + (size_t)c, n - len - (size_t)c, "%s%d",
                    i == 0 ? "" : i == m - 1 ? " and " : ", ", r1[i]);
    if (c > 0 && len + (size_t)c < n)
      c += snprintf(txt + len + (size_t)c, n - len - (size_t)c, " of joint %d", j + 1);
    if (c < 0 || len + (size_t)c >= n) break;
    len += (size_t)c;
    sep = ", ";
  }
  if (len + 1 < n && strcmp(sep, ", ") == 0)
    snprintf(txt + len, n - len, " depend%s on the others)", w->ndep == 1 ? "s" : "");
  (void)p;
done:
  free(jof);
  free(js);
  free(hit);
}

int mb_redundancy(const mb_par *p, const lg_body *q, char *txt, size_t n)
{
  if (n) txt[0] = '\0';
  if (p->topo->nj == 0) return 0;
  mb_work *w = mb_work_alloc(p->topo);
  if (!w) return -LG_ENOMEM;
  int st = mb_factor(p, q, w), r = st == LG_OK ? w->ndep : -st;
  if (r > 0 && n) mb_redundancy_text(p, w, txt, n);
  mb_work_free(w);
  return r;
}

mb_work *mb_work_redundant(const mb_par *p, const lg_body *q, int *st)
{
  *st = LG_OK;
  if (p->topo->nj == 0) return NULL;
  mb_work *w = mb_work_alloc(p->topo);
  if (!w) { *st = LG_ENOMEM; return NULL; }
  *st = mb_factor(p, q, w);
  if (*st == LG_OK && w->ndep > 0) return w;
  mb_work_free(w);
  return NULL;
}

struct mb_drop {
  newton_jfdf_fn fdf;   /* the scheme's residual, */
  newton_fdf_fn dfdf;   /* or the dense one */
  void *par;
  int n;                /* dropped unknowns */
  size_t *u;            /* their places in z */
  double *z;            /* dim: z with them zero */
  size_t dim;
};

mb_drop *mb_drop_alloc(const mb_work *w, const mb_topo *t, size_t dim, size_t m0,
                       const int *goff, newton_jfdf_fn fdf, newton_fdf_fn dfdf, void *par,
                       int *st)
{
  *st = LG_OK;
  if (!w || w->ndep <= 0) return NULL;
  mb_drop *d = calloc(1, sizeof *d);
  int *rows = malloc((size_t)w->ndep * sizeof *rows);
  if (d) d->u = malloc((size_t)w->ndep * sizeof *d->u);
  if (d) d->z = malloc((dim + 1) * sizeof *d->z);
  if (!d || !rows || !d->u || !d->z) {
    free(rows);
    mb_drop_free(d);
    *st = LG_ENOMEM;
    return NULL;
  }
  d->fdf = fdf;
  d->dfdf = dfdf;
  d->par = par;
  d->dim = dim;
  d->n = mb_redundant_rows(w, rows, w->ndep);
  for (int a = 0, k = 0; a < d->n; a++) {      /* rows increasing: joints in turn */
    while (k + 1 < t->nj && mb_jrow(t, k + 1) <= rows[a]) k++;
    d->u[a] = m0 + (size_t)(goff ? goff[k] + rows[a] - mb_jrow(t, k) : rows[a]);
  }
  free(rows);
  return d;
}

void mb_drop_free(mb_drop *d)
{
  if (!d) return;
  free(d->u);
  free(d->z);
  free(d);
}

void mb_drop_zero(const mb_drop *d, double *z)
{
  for (int a = 0; a < d->n; a++) z[d->u[a]] = 0;
}

int mb_drop_jfdf(const double *z, void *par, double *r, newton_jac *J)
{
  mb_drop *d = par;
  memcpy(d->z, z, d->dim * sizeof *z);
  mb_drop_zero(d, d->z);                       /* the bodies see no force from them */
  int st = d->fdf ? d->fdf(d->z, d->par, r, J) : d->dfdf(d->z, d->par, r, J ? J->J : NULL);
  for (int a = 0; a < d->n; a++) {
    r[d->u[a]] = z[d->u[a]];
    if (J) newton_jac_unit_row(J, d->u[a]);
  }
  return st;
}

int mb_drop_fdf(const double *z, void *par, double *r, double *J)
{
  const mb_drop *d = par;
  newton_jac h = {J, d->dim, NULL};
  return mb_drop_jfdf(z, par, r, J ? &h : NULL);
}

int mb_rank_watch(const mb_par *p, const lg_body *q, mb_work *w, lg_state *s)
{
  if (!w || w->ndep <= 0) return LG_OK;
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return mb_failed(w, st, s);
  mb_keep(p, q, w);                 /* for a next evaluation at q (section sec:mb-project-kept) */
  return LG_OK;
}

int mb_rank_failed(const mb_par *p, const lg_body *q, mb_work *w, int st, lg_state *s)
{
  if (!w || w->ndep <= 0) return st;
  int e = mb_factor(p, q, w);
  return e == LG_ESINGULAR ? mb_failed(w, e, s) : st;
}
struct newton_ws *mb_newton_alloc(const mb_topo *t, size_t bs, int solver)
{
  const size_t n = bs * (size_t)t->nb + (size_t)t->nc;
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  int *rows = malloc(((size_t)t->nj + 1) * sizeof *rows);
  int *ib = malloc((2 * (size_t)t->nj + 1) * sizeof *ib), *ig = malloc((2 * (size_t)t->nj + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    for (int k = 0; k < t->nj; k++) {
      rows[k] = mb_joint_nrows[mb_jkind(t, k)];
      for (int s = 0; s < 2; s++) {
        int b = s ? t->joint[k].b : t->joint[k].a;
        if (b != MB_GROUND) { ib[ne] = b; ig[ne++] = k; }
      }
    }
    w = newton_alloc_sparse(n, (size_t)t->nb, bs, (size_t)t->nj, rows, ne, ib, ig);
  }
  free(rows); free(ib); free(ig);
  return w;
}

newton_ws *mb_newton_alloc_springs(const mb_topo *t, size_t bs, const int *grows, int solver,
                                   int *goff)
{
  const int nj = t->nj, ns = t->ld->ns;
  goff[0] = 0;
  for (int k = 0; k < nj; k++) goff[k + 1] = goff[k] + grows[k];
  for (int k = 0; k < ns; k++)
    goff[nj + k + 1] = goff[nj + k] + (mb_spring_couples(t, k) ? 2 * (int)bs : 0);
  const size_t n = bs * (size_t)t->nb + (size_t)goff[nj + ns], ng = (size_t)(nj + ns);
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  int *rows = malloc((ng + 1) * sizeof *rows);
  int *ib = malloc((2 * ng + 1) * sizeof *ib), *ig = malloc((2 * ng + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    int g = 0;
    for (int k = 0; k < nj + ns; k++) {
      const mb_joint *j = k < nj ? &t->joint[k] : &t->ld->spring[k - nj];
      if (goff[k + 1] == goff[k]) continue;     /* a spring that couples nothing */
      rows[g] = goff[k + 1] - goff[k];
      for (int s = 0; s < 2; s++) {
        int b = s ? j->b : j->a;
        if (b != MB_GROUND) { ib[ne] = b; ig[ne++] = g; }
      }
      g++;
    }
    w = newton_alloc_sparse(n, (size_t)t->nb, bs, (size_t)g, rows, ne, ib, ig);
  }
  free(rows); free(ib); free(ig);
  return w;
}
