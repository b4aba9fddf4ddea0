/* multibody.c: rigid bodies joined by spherical joints: constraints,
   Jacobians, energy, constrained accelerations and projections. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_errno.h>
#include "core/lg.h"
#include "lie/so3.h"
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
  for (int k = 0; k < p->topo->nj; k++)
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
void mb_bv(const mb_par *p, const lg_body *q, double *c)
{
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

double mb_energy(const mb_par *p, const lg_body *q)
{
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  double E = 0;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J, *W = q[i].W;
    E += 0.5 * (J[0] * W[0] * W[0] + J[1] * W[1] * W[1] + J[2] * W[2] * W[2])
         + 0.5 * b[MB_M] * so3_dot(q[i].v, q[i].v) - b[MB_M] * g * so3_dot(e, q[i].x);
  }
  return E;
}

double mb_orth_err(const mb_par *p, const lg_body *q)
{
  double e = 0;
  for (int i = 0; i < p->topo->nb; i++) e = fmax(e, so3_orth_err(q[i].R));
  return e;
}

static double mb_joint_max(const mb_par *p, const double *c)
{
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++) e = fmax(e, so3_norm(c + 3 * k));
  return e;
}

/* the largest joint norm of a residual computed by f */
static double mb_joint_err(const mb_par *p, const lg_body *q,
                           void (*f)(const mb_par *, const lg_body *, double *))
{
  double c[3 * 64], *cc = p->topo->nj <= 64 ? c : malloc((size_t)p->topo->nc * sizeof *cc);
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
struct mb_work {
  int nb, nj, nc;
  double *G;      /* 2 nj rotational blocks of B, 9 each */
  double *A;      /* nc x nc: B M^{-1} B^T, then its Cholesky factor */
  int *first;     /* nc: first column of row i inside the envelope */
  int *pos;       /* nj: the place of joint k in the order of the factor */
  double *y;      /* nc: a right-hand side in that order */
  int *pair;      /* 4 npair: (k, s, l, t), l <= k, joint sides on one body */
  int npair;
  double *r, *mu; /* nc */
  double *f;      /* 6 nb */
  int bad;        /* the row (factor order) whose pivot failed, or -1 */
  char why[240];  /* the words of mb_failed */
};

static int mb_envelope(const mb_topo *t, int *pos, int *first);
static int mb_pairs(const mb_topo *t, int *pair);

mb_work *mb_work_alloc(const mb_topo *t)
{
  mb_work *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->nb = t->nb;
  w->nj = t->nj;
  w->nc = t->nc;
  size_t nc = (size_t)t->nc;
  w->G = malloc(18 * (size_t)(t->nj ? t->nj : 1) * sizeof *w->G);
  w->A = malloc((nc * nc + 1) * sizeof *w->A);
  w->r = malloc((nc + 1) * sizeof *w->r);
  w->mu = malloc((nc + 1) * sizeof *w->mu);
  w->f = malloc(6 * (size_t)t->nb * sizeof *w->f);
  w->first = malloc((nc + 1) * sizeof *w->first);
  w->pos = malloc(((size_t)t->nj + 1) * sizeof *w->pos);
  w->y = malloc((nc + 1) * sizeof *w->y);
  w->pair = malloc((8 * (size_t)t->nj * (size_t)(t->nj + 1) + 4) * sizeof *w->pair);
  if (!w->G || !w->A || !w->r || !w->mu || !w->f || !w->first || !w->pair || !w->pos ||
      !w->y) {
    mb_work_free(w);
    return NULL;
  }
  if (mb_envelope(t, w->pos, w->first) != 0) {
    mb_work_free(w);
    return NULL;
  }
  w->npair = mb_pairs(t, w->pair);
  w->bad = -1;
  w->why[0] = '\0';
  return w;
}

void mb_work_free(mb_work *w)
{
  if (!w) return;
  free(w->G);
  free(w->A);
  free(w->r);
  free(w->mu);
  free(w->f);
  free(w->first);
  free(w->pair);
  free(w->pos);
  free(w->y);
  free(w);
}
/* the envelope of A with the joints in the order ord (ord[i] = the joint
   at place i; pos its inverse): first[3i + r] = 3 j for the smallest place
   j <= i of a joint that shares a body with joint ord[i]; returns the
   multiply-adds of a factorisation inside it, sum of widths squared / 2 */
static double mb_envelope_of(int nj, const unsigned char *adj, const int *ord, const int *pos,
                             int *first)
{
  double cost = 0;
  for (int i = 0; i < nj; i++) {
    int j = i;
    for (int l = 0; l < nj; l++)
      if (adj[(size_t)ord[i] * (size_t)nj + (size_t)l] && pos[l] < j) j = pos[l];
    for (int r = 0; r < 3; r++) first[3 * i + r] = 3 * j;
    cost += 3 * 0.5 * (3.0 * (i - j) + 3) * (3.0 * (i - j) + 3);
  }
  return cost;
}

/* the order of the joints in the factor: the cheapest envelope among the
   order of the file and the reverse Cuthill-McKee orders from every joint
   (breadth first, neighbours by increasing degree, then reversed); pos and
   first as above; 0, or -1 if out of memory */
static int mb_envelope(const mb_topo *t, int *pos, int *first)
{
  const int nj = t->nj;
  unsigned char *adj = calloc((size_t)nj * (size_t)nj + 1, 1);
  int *deg = calloc((size_t)nj + 1, sizeof *deg), *ord = calloc((size_t)nj + 1, sizeof *ord),
      *best = calloc((size_t)nj + 1, sizeof *best), *p = calloc((size_t)nj + 1, sizeof *p),
      *f = calloc(3 * (size_t)nj + 1, sizeof *f);
  if (!adj || !deg || !ord || !best || !p || !f) {
    free(adj); free(deg); free(ord); free(best); free(p); free(f);
    return -1;
  }
  for (int k = 0; k < nj; k++)
    for (int l = 0; l < nj; l++) {
      const mb_joint *jk = &t->joint[k], *jl = &t->joint[l];
      if (l != k && ((jk->a != MB_GROUND && (jk->a == jl->a || jk->a == jl->b))
                     || (jk->b != MB_GROUND && (jk->b == jl->a || jk->b == jl->b)))) {
        adj[(size_t)k * (size_t)nj + (size_t)l] = 1;
        deg[k]++;
      }
    }
  for (int k = 0; k < nj; k++) best[k] = k;
  for (int k = 0; k < nj; k++) p[k] = k;
  double bcost = mb_envelope_of(nj, adj, best, p, first);
  for (int s = 0; s < nj; s++) {
    int n = 0, head = 0;
    for (int k = 0; k < nj; k++) p[k] = -1;
    for (int root = s; n < nj; root = (root + 1) % nj) {   /* every component */
      if (p[root] >= 0) continue;
      p[root] = n; ord[n++] = root;
      while (head < n) {
        int v = ord[head++], m0 = n;
        for (int u = 0; u < nj; u++)
          if (adj[(size_t)v * (size_t)nj + (size_t)u] && p[u] < 0) { p[u] = n; ord[n++] = u; }
        for (int a = m0 + 1; a < n; a++)       /* by degree, then number: insertion sort */
          for (int b = a; b > m0 && (deg[ord[b]] < deg[ord[b - 1]] ||
                                     (deg[ord[b]] == deg[ord[b - 1]] && ord[b] < ord[b - 1])); b--) {
            int tmp = ord[b]; ord[b] = ord[b - 1]; ord[b - 1] = tmp;
          }
      }
    }
    for (int i = 0; i < nj / 2; i++) { int tmp = ord[i]; ord[i] = ord[nj - 1 - i]; ord[nj - 1 - i] = tmp; }
    for (int i = 0; i < nj; i++) p[ord[i]] = i;
    double c = mb_envelope_of(nj, adj, ord, p, f);
    if (c < bcost) {
      bcost = c;
      memcpy(best, ord, (size_t)nj * sizeof *best);
      memcpy(first, f, 3 * (size_t)nj * sizeof *first);
    }
  }
  for (int i = 0; i < nj; i++) pos[best[i]] = i;
  free(adj); free(deg); free(ord); free(best); free(p); free(f);
  return 0;
}
/* the joint sides (k, s) and (l, t), l <= k, that act on one body: the
   pairs whose blocks B_k M^{-1} B_l^T are not zero, in the order of k, l, s, t */
static int mb_pairs(const mb_topo *t, int *pair)
{
  int n = 0;
  for (int k = 0; k < t->nj; k++)
    for (int l = 0; l <= k; l++)
      for (int s = 0; s < 2; s++) {
        int bk = s ? t->joint[k].b : t->joint[k].a;
        if (bk == MB_GROUND) continue;
        for (int u = 0; u < 2; u++)
          if ((u ? t->joint[l].b : t->joint[l].a) == bk) {
            int *pe = pair + 4 * n++;
            pe[0] = k; pe[1] = s; pe[2] = l; pe[3] = u;
          }
      }
  return n;
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

static int mb_factor_tol(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  const int nj = w->nj, nc = w->nc;
  for (int k = 0; k < nj; k++)
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body != MB_GROUND) mb_rot_block(w->G + 18 * k + 9 * s, &d, q[d.body].R);
    }
  memset(w->A, 0, (size_t)nc * (size_t)nc * sizeof *w->A);
  for (int e = 0; e < w->npair; e++) {    /* block (k, l) += side s of k, side t of l */
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    /* in the factor's order, in the lower triangle: block (k, l) or its transpose */
    const int P = w->pos[k], Q = w->pos[l], lo = P >= Q;
    double *Akl = w->A + (size_t)(3 * (lo ? P : Q)) * (size_t)nc + (size_t)(3 * (lo ? Q : P));
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 3; c++)
        Akl[lo ? (size_t)r * (size_t)nc + (size_t)c : (size_t)c * (size_t)nc + (size_t)r] +=
            Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
            Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
  }
  /* Cholesky A = L L^T in the lower triangle, row by row inside the
     envelope; the diagonal keeps 1 / L_ii, which is all the solves need */
  const int *first = w->first;
  for (int i = 0; i < nc; i++) {
    double *Ai = w->A + (size_t)i * (size_t)nc;
    for (int j = first[i]; j < i; j++) {
      const double *Aj = w->A + (size_t)j * (size_t)nc;
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - mb_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - mb_dot(Ai + first[i], Ai + first[i], i - first[i]);
    if (!(d > tol * Ai[i])) {
      w->bad = i;
      return isfinite(d) ? LG_ESINGULAR : mb_nonfinite(w, q);
    }
    Ai[i] = 1 / sqrt(d);
  }
  w->bad = -1;
  return LG_OK;
}

static int mb_factor(const mb_par *p, const lg_body *q, mb_work *w)
{
  return mb_factor_tol(p, q, w, MB_PIVOT_TOL);
}

int mb_rank_check(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  return mb_factor_tol(p, q, w, tol);
}
int mb_singular_joints(const mb_work *w, int *joints, int max)
{
  const int nc = w->nc, bad = w->bad;
  if (bad < 0 || bad >= nc) return 0;
  double *c = calloc((size_t)bad + 1, sizeof *c);
  int *ord = malloc(((size_t)w->nj + 1) * sizeof *ord);
  unsigned char *hit = calloc((size_t)w->nj + 1, 1);
  if (!c || !ord || !hit) {
    free(c);
    free(ord);
    free(hit);
    return 0;
  }
  for (int k = 0; k < w->nj; k++) ord[w->pos[k]] = k;
  const double *Ab = w->A + (size_t)bad * (size_t)nc;
  for (int j = w->first[bad]; j < bad; j++) c[j] = Ab[j];
  for (int j = bad - 1; j >= 0; j--) {          /* L_11^T c = l */
    const double *Aj = w->A + (size_t)j * (size_t)nc;
    for (int m = j + 1; m < bad; m++)
      if (w->first[m] <= j) c[j] -= w->A[(size_t)m * (size_t)nc + (size_t)j] * c[m];
    c[j] *= Aj[j];
  }
  double big = 0;
  for (int j = 0; j < bad; j++) {               /* share of row j: |c_j| times its norm */
    const double *Aj = w->A + (size_t)j * (size_t)nc;
    double r = 1 / (Aj[j] * Aj[j]);
    for (int m = w->first[j]; m < j; m++) r += Aj[m] * Aj[m];
    c[j] = fabs(c[j]) * sqrt(r);
    big = fmax(big, c[j]);
  }
  hit[ord[bad / 3]] = 1;
  for (int j = 0; j < bad; j++)
    if (c[j] > 1e-6 * big) hit[ord[j / 3]] = 1;
  int n = 0;
  for (int k = 0; k < w->nj; k++)
    if (hit[k]) {
      if (n < max) joints[n] = k;
      n++;
    }
  free(c);
  free(ord);
  free(hit);
  return n;
}

size_t mb_singular_text(const mb_work *w, char *buf, size_t n)
{
  int j[8];
  int k = mb_singular_joints(w, j, 8), shown = k < 8 ? k : 8;
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

int mb_failed(mb_work *w, int st, lg_state *s)
{
  if (st == LG_ENONFINITE && w && w->why[0] && s) s->why = w->why;
  if (st != LG_ESINGULAR || !w || w->bad < 0) return st;
  char j[120];
  mb_singular_text(w, j, sizeof j);
  snprintf(w->why, sizeof w->why, "the constraint Jacobian lost rank (%s: the mechanism "
           "passes a singular configuration)", j);
  if (s) s->why = w->why;
  return st;
}
static void mb_solve(const mb_work *w, double *xj) /* x <- A^{-1} x */
{
  const int nc = w->nc, *first = w->first;
  double *x = w->y;                           /* x in the factor's order */
  for (int k = 0; k < w->nj; k++)
    for (int r = 0; r < 3; r++) x[3 * w->pos[k] + r] = xj[3 * k + r];
  for (int i = 0; i < nc; i++) {              /* L y = x */
    const double *Ai = w->A + (size_t)i * (size_t)nc;
    double v = x[i];
    for (int m = first[i]; m < i; m++) v -= Ai[m] * x[m];
    x[i] = v * Ai[i];
  }
  for (int i = nc - 1; i >= 0; i--) {         /* L^T x = y, by columns of L^T */
    const double *Ai = w->A + (size_t)i * (size_t)nc;
    x[i] *= Ai[i];
    for (int m = first[i]; m < i; m++) x[m] -= Ai[m] * x[i];
  }
  for (int k = 0; k < w->nj; k++)
    for (int r = 0; r < 3; r++) xj[3 * k + r] = x[3 * w->pos[k] + r];
}

/* r = B M^{-1} u for u in R^{6 nb} */
static void mb_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r)
{
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
int mb_accel(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda)
{
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  mb_force(p, q, w->f);
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
  if (lambda) memcpy(lambda, w->mu, (size_t)w->nc * sizeof *lambda);
  return LG_OK;
}
int mb_project(const mb_par *p, lg_body *q, mb_work *w)
{
  for (int i = 0; i < w->nb; i++)
    if (so3_reortho(q[i].R, q[i].R) != LG_OK) return LG_EINVAL;
  return mb_project_joints(p, q, w);
}

int mb_project_joints(const mb_par *p, lg_body *q, mb_work *w)
{
  const int nb = w->nb, nc = w->nc;
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
  /* velocities: V <- V - M^{-1} B^T A^{-1} B V, at the final positions */
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  mb_bv(p, q, w->mu);
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
  (void)nc;
  return LG_OK;
}
