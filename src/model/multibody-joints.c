/* multibody-joints.c: the joints other than spherical,
   the derivative of the constraint forces, reaction forces. */
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
#include "model/multibody-internal.h"
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
  const int m = mb_jnrows(p->topo, k);
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
  const int m0 = mb_joint_nrows[mb_jkind(p->topo, k)];   /* the rows of its kind */
  for (int i = 0, x = 0; i < m0; i++) {
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
  if (m > m0)                             /* a drive's row, Eq. (mb-drive-rows) */
    mb_drive_row(p, q, k, phi ? phi + m0 : NULL, Ba ? Ba + 6 * m0 : NULL, Bb ? Bb + 6 * m0 : NULL,
                 bv ? bv + m0 : NULL, c ? c + m0 : NULL);
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
  for (int i = 0; i < mb_jnrows(t, k); i++) s += c[r0 + i] * c[r0 + i];
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
  const int m = mb_jnrows(p->topo, k);
  const double *X = mb_jointx_par(p, k);
  mb_jside A, B;
  mb_jside_get(p, q, k, 0, &A);
  mb_jside_get(p, q, k, 1, &B);
  memset(K, 0, 144 * sizeof *K);
  double C[9], H1[9], H2[9], H3[9], M[9], y[3];
  so3_mul_tn(C, A.R, B.R);                      /* C = R_a^T R_b */
  const int m0 = mb_joint_nrows[mb_jkind(p->topo, k)];   /* the rows of its kind */
  for (int i = 0, x = 0; i < m0; i++) {
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
  if (m > m0) mb_drive_stiff(p, q, k, lam[m0], K);   /* a drive's row, Eq. (mb-drive-stiff) */
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
    goff[k + 1] = goff[k] + mb_jnrows(t, k) + mb_joint_ncopy(t, k);
  const size_t n = bs * (size_t)t->nb + (size_t)goff[t->nj];
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  return mb_newton_joint_store(t, n, bs, goff);
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
  if (mb_jnrows(p->topo, k) > m)          /* a drive's row, Eq. (mb-drive-reaction) */
    mb_drive_reaction(p, q, k, lam[m], F, M);
}

int mb_reaction_ncol(const mb_topo *t)
{
  int n = 0;
  for (int k = 0; k < t->nj; k++) n += mb_jkind(t, k) == MB_SPHERICAL ? 3 : 6;
  return n + t->ld->nd;                   /* and one per drive (section sec:mb-drive) */
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
  for (int d = 0; d < t->ld->nd; d++) {   /* driveK: what joint K's drive supplies */
    char one[40];
    int l = snprintf(one, sizeof one, "%sdrive%d", len ? "," : "", t->ld->drv[4 * d] + 1);
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
  for (int d = 0, c = mb_reaction_ncol(p->topo) - p->topo->ld->nd; d < p->topo->ld->nd; d++)
    out[c + d] = st == LG_OK ? mb_drive_effort(p->topo, d, lambda) : NAN;
  return st;
}
