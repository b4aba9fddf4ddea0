/* huang2022.c: DH, RATTLie, DL and the Lie group generalized-alpha method
   on rigid bodies joined by joints, RATTLie and generalized-alpha on the
   heavy top. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "model/multibody.h"
#include "scheme/huang2022.h"
/* ---------------------------------------------------------------- coefficients */
/* |B_2n|/(2n)!, n = 1..18: d(t) = sum_n c_n t^(2n-2) */
static const double hg_dser[18] = {
  8.33333333333333287e-02, 1.38888888888888894e-03, 3.30687830687830710e-05,
  8.26719576719576754e-07, 2.08767569878681002e-08, 5.28419013868749322e-10,
  1.33825365306846789e-11, 3.38968029632258272e-13, 8.58606205627784517e-15,
  2.17486869855806192e-16, 5.50900282836022953e-18, 1.39544646858125223e-19,
  3.53470703962946728e-21, 8.95351742703754628e-23, 2.26795245233768293e-24,
  5.74479066887220246e-26, 1.45517247561486496e-27, 3.68599494066531029e-29};
/* (2n-2)|B_2n|/(2n)!, n = 2..19: d'(t)/t = sum_n (2n-2) c_n t^(2n-4) */
static const double hg_ddser[18] = {
  2.77777777777777788e-03, 1.32275132275132284e-04, 4.96031746031746031e-06,
  1.67014055902944801e-07, 5.28419013868749343e-09, 1.60590438368216133e-10,
  4.74555241485161621e-12, 1.37376992900445523e-13, 3.91476365740451102e-15,
  1.10180056567204594e-16, 3.06998223087875510e-18, 8.48329689511072148e-20,
  2.32791453102976208e-21, 6.35026686654551294e-23, 1.72343720066166062e-24,
  4.65655192196756787e-26, 1.25323827982620542e-27, 3.36122433255421629e-29};

/* the first n terms in x; always expanded where n is a constant, so that
   the compiler unrolls the loop (GCC -O2 leaves short loops rolled) */
#if defined(__GNUC__)
#define HG_EXPAND __attribute__((always_inline))
#else
#define HG_EXPAND
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define HG_UNROLL _Pragma("GCC unroll 18")
#else
#define HG_UNROLL
#endif
static inline HG_EXPAND double hg_horner(const double *c, int n, double x)
{
  double s = c[n - 1];
  HG_UNROLL for (int k = n - 2; k >= 0; k--) s = s * x + c[k];
  return s;
}
/* the number of terms of both series for x = t^2: the smallest n whose
   first neglected terms are below u/4 of the leading ones (hg_dlim[n]
   bounds x for n terms, n = 3..9), 18 below x = 4 */
static const double hg_dlim[10] = {0, 0, 0, 7.4e-5, 1.8e-3, 1.3e-2, 4.9e-2, 1.2e-1, 2.5e-1,
                                   4.3e-1};

/* d(t) and, unless dd is NULL, d'(t)/t */
static void hg_dcoef(double t, double *d, double *dd)
{
  const double x = t * t;
  if (x < 4.0) {
#define HG_BOTH(n) do { *d = hg_horner(hg_dser, n, x);                          \
                         if (dd) *dd = hg_horner(hg_ddser, n, x); } while (0)
    if (x < hg_dlim[5]) {
      if (x < hg_dlim[3]) HG_BOTH(3);
      else if (x < hg_dlim[4]) HG_BOTH(4);
      else HG_BOTH(5);
    } else if (x < hg_dlim[6]) HG_BOTH(6);
    else if (x < hg_dlim[7]) HG_BOTH(7);
    else if (x < hg_dlim[8]) HG_BOTH(8);
    else if (x < hg_dlim[9]) HG_BOTH(9);
    else HG_BOTH(18);
#undef HG_BOTH
    return;
  }
  const double s = sin(0.5 * t), gam = 0.5 * t * cos(0.5 * t) / s;
  *d = (1.0 - gam) / x;
  if (dd) {
    const double dgam = 0.5 * cos(0.5 * t) / s - 0.25 * t / (s * s);
    *dd = (-dgam / x - 2.0 * (1.0 - gam) / (x * t)) / t;
  }
}

/* sinc, cosc and, if D, their derivatives divided by t */
static void hg_abcoef(double t, double c[4], int D)
{
  c[0] = so3_sinc(t);
  c[1] = so3_cosc(t);
  if (!D) return;
  if (t > 0) {
    c[2] = so3_sinc_d(t) / t;
    c[3] = so3_cosc_d(t) / t;
  } else {
    c[2] = -1.0 / 3.0;
    c[3] = -1.0 / 12.0;
  }
}

void hg_coef(double c[6], double t)
{
  hg_abcoef(fabs(t), c, 1);
  hg_dcoef(fabs(t), c + 4, c + 5);
}
/* ---------------------------------------------------------------- G and dG */
void hg_G(int form, const double J[3], const double th[3], double G[3], double *A)
{
  double Jt[3] = {J[0] * th[0], J[1] * th[1], J[2] * th[2]}, tJt[3];
  so3_cross(tJt, th, Jt);
  const double t = so3_norm(th);
  if (form == HG_FORM_DH) {
    double c[4];
    hg_abcoef(t, c, A != NULL);
    for (int i = 0; i < 3; i++) G[i] = c[0] * Jt[i] + c[1] * tJt[i];
    if (!A) return;
    /* a J + b (hat(th) J - hat(J th)) + (a'/t) J th th^T + (b'/t) (th x J th) th^T */
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) A[3 * i + j] = (c[2] * Jt[i] + c[3] * tJt[i]) * th[j];
    for (int i = 0; i < 3; i++) A[4 * i] += c[0] * J[i];
    const double b = c[1];
    A[1] += b * (-th[2] * J[1] + Jt[2]);
    A[2] += b * (th[1] * J[2] - Jt[1]);
    A[3] += b * (th[2] * J[0] - Jt[2]);
    A[5] += b * (-th[0] * J[2] + Jt[0]);
    A[6] += b * (-th[1] * J[0] + Jt[1]);
    A[7] += b * (th[0] * J[1] - Jt[0]);
    return;
  }
  double d, dd, ttJt[3];
  hg_dcoef(t, &d, A ? &dd : NULL);
  so3_cross(ttJt, th, tJt);
  /* written out: GCC -O2 keeps loops of three iterations rolled */
  G[0] = Jt[0] + 0.5 * tJt[0] + d * ttJt[0];
  G[1] = Jt[1] + 0.5 * tJt[1] + d * ttJt[1];
  G[2] = Jt[2] + 0.5 * tJt[2] + d * ttJt[2];
  if (!A) return;
  /* J + (hat(th) J - hat(J th))/2
     + d [(th.J th) I + 2 th (J th)^T - 2 J th th^T - |th|^2 J] + (d'/t) u th^T */
  const double tJ = so3_dot(th, Jt), t2 = so3_dot(th, th);
  /* the antisymmetric 2 d (th (J th)^T - J th th^T): zero diagonal, and
     entry (j, i) the exact negative of entry (i, j) */
  const double m01 = d * (2 * th[0] * Jt[1] - 2 * Jt[0] * th[1]),
               m02 = d * (2 * th[0] * Jt[2] - 2 * Jt[0] * th[2]),
               m12 = d * (2 * th[1] * Jt[2] - 2 * Jt[1] * th[2]);
  A[0] = dd * ttJt[0] * th[0];
  A[1] = m01 + dd * ttJt[0] * th[1];
  A[2] = m02 + dd * ttJt[0] * th[2];
  A[3] = -m01 + dd * ttJt[1] * th[0];
  A[4] = dd * ttJt[1] * th[1];
  A[5] = m12 + dd * ttJt[1] * th[2];
  A[6] = -m02 + dd * ttJt[2] * th[0];
  A[7] = -m12 + dd * ttJt[2] * th[1];
  A[8] = dd * ttJt[2] * th[2];
  A[0] += J[0] + d * (tJ - t2 * J[0]);
  A[4] += J[1] + d * (tJ - t2 * J[1]);
  A[8] += J[2] + d * (tJ - t2 * J[2]);
  A[1] += 0.5 * (-th[2] * J[1] + Jt[2]);
  A[2] += 0.5 * (th[1] * J[2] - Jt[1]);
  A[3] += 0.5 * (th[2] * J[0] - Jt[2]);
  A[5] += 0.5 * (-th[0] * J[2] + Jt[0]);
  A[6] += 0.5 * (-th[1] * J[0] + Jt[1]);
  A[7] += 0.5 * (th[0] * J[1] - Jt[0]);
}
/* ---------------------------------------------------------------- joints */
typedef struct {
  int body;              /* body index or MB_GROUND */
  const double *P;       /* the point: body frame, or space for the ground */
  double s;              /* +1 on side a, -1 on side b */
} hg_side;

static hg_side hg_joint_side(const mb_par *p, int k, int side)
{
  const mb_joint *j = &p->topo->joint[k];
  hg_side d = {side == 0 ? j->a : j->b, mb_joint_par(p, k) + 3 * side, side == 0 ? 1.0 : -1.0};
  return d;
}

/* G = -s R hat(P): the block of B that multiplies W of the side's body */
static void hg_rot_block(double G[9], const hg_side *d, const double R[9])
{
  const double *P = d->P;
  for (int i = 0; i < 3; i++) {
    const double *r = R + 3 * i;
    G[3 * i + 0] = -d->s * (r[1] * P[2] - r[2] * P[1]);
    G[3 * i + 1] = -d->s * (r[2] * P[0] - r[0] * P[2]);
    G[3 * i + 2] = -d->s * (r[0] * P[1] - r[1] * P[0]);
  }
}

/* y = G^T x / J (componentwise) */
static void hg_gtx(double y[3], const double G[9], const double x[3], const double J[3])
{
  for (int a = 0; a < 3; a++) y[a] = (G[a] * x[0] + G[3 + a] * x[1] + G[6 + a] * x[2]) / J[a];
}

static double hg_amax(const double *v, int n)
{
  double m = 0;
  for (int i = 0; i < n; i++) {                  /* fmax without the call: */
    double a = fabs(v[i]);                       /* a NaN is skipped, as fmax skips it */
    if (a > m) m = a;
  }
  return m;
}

/* the length scale of the round-off floor: largest sum over a joint of the
   sizes of the positions and points that enter Phi */
static double hg_length(const mb_par *p, const lg_body *q)
{
  double L = 0;
  for (int k = 0; k < p->topo->nj; k++) {
    double l = 0;
    for (int s = 0; s < 2; s++) {
      hg_side d = hg_joint_side(p, k, s);
      l += hg_amax(d.P, 3) + (d.body == MB_GROUND ? 0.0 : hg_amax(q[d.body].x, 3));
    }
    L = fmax(L, l);
  }
  return L;
}

/* The Newton tolerance: the caller's, but never below 4 DBL_EPSILON times
   the size of the largest term of the residual (its round-off floor). */
#define HG_FLOOR (4 * DBL_EPSILON)
/* ---------------------------------------------------------------- stage 1, every joint */
/* the rows' arrays: B(q_n) by joints (12 per row), dexp by bodies, the impulse */
static int hg_s1_rows_alloc(hg_s1 *s)
{
  const size_t nc = (size_t)s->p->topo->nc, nb = (size_t)s->nb;
  s->general = 1;
  s->B0 = malloc((12 * nc + 1) * sizeof *s->B0);
  s->T = malloc((9 * nb + 1) * sizeof *s->T);
  s->y = malloc((6 * nb + 1) * sizeof *s->y);
  return s->B0 && s->T && s->y ? LG_OK : LG_ENOMEM;
}

/* joint k's block of side (0: a, 1: b) in B(q_n): m_k rows of (W, v) */
static const double *hg_s1_b0(const hg_s1 *s, int k, int side)
{
  const mb_topo *t = s->p->topo;
  return s->B0 + 12 * mb_jrow(t, k) + 6 * side * mb_joint_nrows[mb_jkind(t, k)];
}

static void hg_s1_rows_set(hg_s1 *s, const lg_body *q0)
{
  const mb_topo *t = s->p->topo;
  for (int k = 0; k < s->nj; k++) {
    double *Ba = s->B0 + 12 * mb_jrow(t, k);
    mb_joint_eval(s->p, q0, k, NULL, Ba, Ba + 6 * mb_joint_nrows[mb_jkind(t, k)], NULL, NULL);
  }
}

void hg_s1_impulse(const hg_s1 *s, const double *Lambda, double *y)
{
  const mb_topo *t = s->p->topo;
  memset(y, 0, 6 * (size_t)s->nb * sizeof *y);
  for (int k = 0; k < s->nj; k++) {
    const int m = mb_joint_nrows[mb_jkind(t, k)];
    const double *L = Lambda + mb_jrow(t, k);
    for (int side = 0; side < 2; side++) {
      const int i = side ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      const double *Bs = hg_s1_b0(s, k, side);
      for (int r = 0; r < m; r++)
        for (int c = 0; c < 6; c++) y[6 * i + c] += Bs[6 * r + c] * L[r];
    }
  }
}
/* Eq. (hg-s1-rows) and its Jacobian: each joint's rows from mb_joint_eval */
int hg_s1_jfdf_rows(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_s1 *s = par;
  const mb_par *p = s->p;
  const mb_topo *t = p->topo;
  const int nb = s->nb, nj = s->nj, n = s->n, m0 = 3 * nb;
  size_t ld;
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)n * (size_t)n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {                 /* the rotations: J^{-1} G(theta) - h W */
    const double *J = mb_body_par(p, i) + MB_J, *th = z + 3 * i;
    double G[3], A[9], *F = s->F + 9 * i;
    hg_G(s->form, J, th, G, Jac ? A : NULL);
    for (int a = 0; a < 3; a++) r[3 * i + a] = G[a] / J[a] - s->c[3 * i + a];
    so3_exp(F, th);
    so3_mul(s->q1[i].R, s->q0[i].R, F);
    if (Jac) {
      double *D = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(3 * i), &ld);
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) D[(size_t)a * ld + (size_t)b] = A[3 * a + b] / J[a];
      so3_dexp(s->T + 9 * i, th);
    }
  }
  hg_s1_impulse(s, z + m0, s->y);                /* B(q_n)^T Lambda: torques, and moves of x */
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      r[3 * i + a] += s->y[6 * i + a] / b[MB_J + a];
      s->q1[i].x[a] = s->xb[3 * i + a] - s->y[6 * i + 3 + a] / b[MB_M];
    }
  }
  for (int k = 0; k < nj; k++) {                 /* Phi_k(q_{n+1}) and its blocks */
    const int m = mb_joint_nrows[mb_jkind(t, k)], r0 = m0 + mb_jrow(t, k);
    double B1[2][36];
    mb_joint_eval(p, s->q1, k, r + r0, Jac ? B1[0] : NULL, Jac ? B1[1] : NULL, NULL, NULL);
    if (!Jac) continue;
    for (int side = 0; side < 2; side++) {
      const int i = side ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      const double *b = mb_body_par(p, i), *J = b + MB_J, *B0 = hg_s1_b0(s, k, side),
                   *Bs = B1[side], *Ti = s->T + 9 * i;
      /* d r_rot,i / d Lambda_k = J_i^{-1} B_W,ki(q_n)^T */
      double *C = newton_jac_at(Jac, (size_t)(3 * i), (size_t)r0, &ld);
      for (int a = 0; a < 3; a++)
        for (int c = 0; c < m; c++) C[(size_t)a * ld + (size_t)c] = B0[6 * c + a] / J[a];
      /* d Phi_k / d theta_i = B_W,ki(q_{n+1}) T(theta_i) */
      double *D = newton_jac_at(Jac, (size_t)r0, (size_t)(3 * i), &ld);
      for (int a = 0; a < m; a++)
        for (int c = 0; c < 3; c++)
          D[(size_t)a * ld + (size_t)c] = Bs[6 * a] * Ti[c] + Bs[6 * a + 1] * Ti[3 + c]
                                          + Bs[6 * a + 2] * Ti[6 + c];
      /* d Phi_k / d Lambda_l = -B_v,ki(q_{n+1}) B_v,li(q_n)^T / m_i, every joint l at body i */
      for (int e = s->bptr[i]; e < s->bptr[i + 1]; e++) {
        const int l = s->bside[e] / 2, ml = mb_joint_nrows[mb_jkind(t, l)];
        const double *Bl = hg_s1_b0(s, l, s->bside[e] % 2);
        double *E = newton_jac_at(Jac, (size_t)r0, (size_t)(m0 + mb_jrow(t, l)), &ld);
        for (int a = 0; a < m; a++)
          for (int c = 0; c < ml; c++)
            E[(size_t)a * ld + (size_t)c] -= (Bs[6 * a + 3] * Bl[6 * c + 3]
                                              + Bs[6 * a + 4] * Bl[6 * c + 4]
                                              + Bs[6 * a + 5] * Bl[6 * c + 5]) / b[MB_M];
      }
    }
  }
  memcpy(s->zlast, z, (size_t)n * sizeof *z);
  return 0;
}
/* ---------------------------------------------------------------- stage 1 */
static hg_s1 *hg_s1_new(const mb_par *p, int form, int general)
{
  hg_s1 *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->p = p;
  s->form = form;
  s->nb = p->topo->nb;
  s->nj = p->topo->nj;
  s->n = 3 * s->nb + p->topo->nc;         /* 3 nb + 3 nj for spherical joints alone */
  size_t nb = (size_t)s->nb, nj = (size_t)s->nj;
  s->c = malloc(3 * nb * sizeof *s->c);
  s->xb = malloc(3 * nb * sizeof *s->xb);
  s->G0 = malloc((18 * nj + 1) * sizeof *s->G0);
  s->q1 = calloc(nb, sizeof *s->q1);
  s->F = malloc(9 * nb * sizeof *s->F);
  s->zlast = malloc((size_t)s->n * sizeof *s->zlast);
  s->bptr = calloc(nb + 2, sizeof *s->bptr);
  s->bside = malloc((2 * nj + 1) * sizeof *s->bside);
  if (!s->c || !s->xb || !s->G0 || !s->q1 || !s->F || !s->zlast || !s->bptr || !s->bside
      || (general && hg_s1_rows_alloc(s) != LG_OK)) {
    hg_s1_free(s);
    return NULL;
  }
  for (int k = 0; k < s->nj; k++)           /* sides by body, each in increasing k */
    for (int side = 0; side < 2; side++) {
      int b = side ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (b != MB_GROUND) s->bptr[b + 2]++;
    }
  for (int i = 0; i < s->nb; i++) s->bptr[i + 2] += s->bptr[i + 1];
  for (int k = 0; k < s->nj; k++)
    for (int side = 0; side < 2; side++) {
      int b = side ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (b != MB_GROUND) s->bside[s->bptr[b + 1]++] = 2 * k + side;
    }
  return s;
}

/* the rows of mb_joint_eval when a joint is not spherical, else the
   spherical joints' own code; hg_s1_alloc_rows always the rows */
hg_s1 *hg_s1_alloc(const mb_par *p, int form)
{
  return hg_s1_new(p, form, p->topo->nxval > 0);
}

hg_s1 *hg_s1_alloc_rows(const mb_par *p, int form)
{
  return hg_s1_new(p, form, 1);
}

void hg_s1_free(hg_s1 *s)
{
  if (!s) return;
  free(s->c); free(s->xb); free(s->G0); free(s->q1); free(s->F); free(s->zlast);
  free(s->bptr); free(s->bside);
  free(s->B0); free(s->T); free(s->y);
  free(s);
}

/* for spherical joints alone (general = 0) or by the rows (1): where
   general is a constant the compiler folds its branch */
static inline HG_EXPAND void hg_s1_set_as(hg_s1 *s, const lg_body *q0, const lg_body *vin,
                                          double h, int general)
{
  const mb_par *p = s->p;
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  s->q0 = q0;
  s->h = h;
  for (int i = 0; i < s->nb; i++)
    for (int a = 0; a < 3; a++) {
      s->c[3 * i + a] = h * vin[i].W[a];
      s->xb[3 * i + a] = q0[i].x[a] + h * vin[i].v[a] + 0.5 * h * h * g * e[a];
    }
  if (general) hg_s1_rows_set(s, q0);
  else
    for (int k = 0; k < s->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body != MB_GROUND) hg_rot_block(s->G0 + 18 * k + 9 * side, &d, q0[d.body].R);
      }
  for (int i = 0; i < s->n; i++) s->zlast[i] = NAN;
}

void hg_s1_set(hg_s1 *s, const lg_body *q0, const lg_body *vin, double h)
{
  if (s->general) hg_s1_set_as(s, q0, vin, h, 1);
  else hg_s1_set_as(s, q0, vin, h, 0);
}

int hg_s1_jfdf(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_s1 *s = par;
  const mb_par *p = s->p;
  const int nb = s->nb, nj = s->nj, n = s->n, m0 = 3 * nb;
  double T[3 * 64 * 3];                          /* dexp of each body, up to 64 */
  size_t ld;
  /* Jac: only the entries that can be non-zero are written, through
     newton_jac_at; the corner accumulates, so it must start at zero: the
     structured store comes cleared, a dense array (small, or for GSL's
     solvers) is cleared here */
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)n * (size_t)n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J, *th = z + 3 * i;
    double G[3], A[9], *F = s->F + 9 * i;
    hg_G(s->form, J, th, G, Jac ? A : NULL);
    for (int a = 0; a < 3; a++) r[3 * i + a] = G[a] / J[a] - s->c[3 * i + a];
    so3_exp(F, th);
    so3_mul(s->q1[i].R, s->q0[i].R, F);
    memcpy(s->q1[i].x, s->xb + 3 * i, 3 * sizeof(double));
    if (Jac) {
      double *D = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(3 * i), &ld);
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) D[(size_t)a * ld + (size_t)b] = A[3 * a + b] / J[a];
      if (i < 64) so3_dexp(T + 9 * i, th);
    }
  }
  for (int k = 0; k < nj; k++)
    for (int side = 0; side < 2; side++) {
      hg_side d = hg_joint_side(p, k, side);
      if (d.body == MB_GROUND) continue;
      const int i = d.body;
      const double *b = mb_body_par(p, i), *J = b + MB_J, *G0 = s->G0 + 18 * k + 9 * side;
      const double *L = z + m0 + 3 * k;
      double y[3];
      hg_gtx(y, G0, L, J);
      for (int a = 0; a < 3; a++) {
        r[3 * i + a] += y[a];
        s->q1[i].x[a] -= d.s * L[a] / b[MB_M];
      }
      if (Jac) {
        double *C = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(m0 + 3 * k), &ld);
        for (int a = 0; a < 3; a++)
          for (int c = 0; c < 3; c++) C[(size_t)a * ld + (size_t)c] = G0[3 * c + a] / J[a];
      }
    }
  mb_phi(p, s->q1, r + m0);
  if (Jac)
    for (int k = 0; k < nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body == MB_GROUND) continue;
        const int i = d.body;
        double G1[9], GT[9], Ti[9];
        hg_rot_block(G1, &d, s->q1[i].R);
        if (i < 64) memcpy(Ti, T + 9 * i, sizeof Ti);
        else so3_dexp(Ti, z + 3 * i);
        so3_mul(GT, G1, Ti);
        double *D = newton_jac_at(Jac, (size_t)(m0 + 3 * k), (size_t)(3 * i), &ld);
        for (int a = 0; a < 3; a++)
          for (int c = 0; c < 3; c++) D[(size_t)a * ld + (size_t)c] = GT[3 * a + c];
        /* x_i moves by -s_ki Lambda_k / m_i: the rows of every joint l at body i */
        const double mi = mb_body_par(p, i)[MB_M];
        for (int q = s->bptr[i]; q < s->bptr[i + 1]; q++) {
          const int l = s->bside[q] / 2;
          const double es = s->bside[q] % 2 ? -1.0 : 1.0;
          double *E = newton_jac_at(Jac, (size_t)(m0 + 3 * l), (size_t)(m0 + 3 * k), &ld);
          for (int a = 0; a < 3; a++) E[(size_t)a * ld + (size_t)a] -= es * d.s / mi;
        }
      }
  memcpy(s->zlast, z, (size_t)n * sizeof *z);
  return 0;
}

/* the same with a dense row-major Jacobian (n x n, zero where nothing is
   written), for the dense solvers and the tests */
int hg_s1_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_s1 *s = par;
  newton_jac h = {Jac, (size_t)s->n, NULL};
  if (s->general) return hg_s1_jfdf_rows(z, par, r, Jac ? &h : NULL);
  return hg_s1_jfdf(z, par, r, Jac ? &h : NULL);
}
/* ---------------------------------------------------------------- velocity projection */
/* V <- V - M^{-1} B^T (B M^{-1} B^T)^{-1} B V at q: the velocities of q onto
   B V = 0 (stage 2 of DH and RATTLie, solved for the multiplier mu). */
typedef struct {
  int nb, nc, nv;
  double *B, *A, *mu, *c;
} hg_proj;

static void hg_proj_free(hg_proj *w)
{
  free(w->B); free(w->A); free(w->mu); free(w->c);
  w->B = w->A = w->mu = w->c = NULL;
}

static int hg_proj_alloc(hg_proj *w, const mb_topo *t)
{
  w->nb = t->nb; w->nc = t->nc; w->nv = 6 * t->nb;
  size_t nc = (size_t)t->nc + 1, nv = (size_t)w->nv;
  w->B = malloc(nc * nv * sizeof *w->B);
  w->A = malloc(nc * nc * sizeof *w->A);
  w->mu = malloc(nc * sizeof *w->mu);
  w->c = malloc(nc * sizeof *w->c);
  if (!w->B || !w->A || !w->mu || !w->c) { hg_proj_free(w); return LG_ENOMEM; }
  return LG_OK;
}

static int hg_project_dense(const mb_par *p, lg_body *q, hg_proj *w)
{
  const int nc = w->nc, nv = w->nv;
  if (nc == 0) return LG_OK;
  mb_jac(p, q, w->B);
  mb_bv(p, q, w->mu);
  for (int r = 0; r < nc; r++)
    for (int c = 0; c <= r; c++) {
      double a = 0;
      for (int i = 0; i < w->nb; i++) {
        const double *b = mb_body_par(p, i), *J = b + MB_J;
        const double *Br = w->B + (size_t)r * (size_t)nv + 6 * i, *Bc = w->B +
            (size_t)c * (size_t)nv + 6 * i;
        a += Br[0] * Bc[0] / J[0] + Br[1] * Bc[1] / J[1] + Br[2] * Bc[2] / J[2]
           + (Br[3] * Bc[3] + Br[4] * Bc[4] + Br[5] * Bc[5]) / b[MB_M];
      }
      w->A[r * nc + c] = a;
    }
  for (int j = 0; j < nc; j++) {                 /* Cholesky, lower triangle */
    double *Aj = w->A + j * nc, d = Aj[j];
    for (int m = 0; m < j; m++) d -= Aj[m] * Aj[m];
    if (!(d > 0)) return LG_ESINGULAR;
    Aj[j] = sqrt(d);
    for (int i = j + 1; i < nc; i++) {
      double *Ai = w->A + i * nc, v = Ai[j];
      for (int m = 0; m < j; m++) v -= Ai[m] * Aj[m];
      Ai[j] = v / Aj[j];
    }
  }
  double *x = w->mu;
  for (int i = 0; i < nc; i++) {
    double v = x[i];
    for (int m = 0; m < i; m++) v -= w->A[i * nc + m] * x[m];
    x[i] = v / w->A[i * nc + i];
  }
  for (int i = nc - 1; i >= 0; i--) {
    double v = x[i];
    for (int m = i + 1; m < nc; m++) v -= w->A[m * nc + i] * x[m];
    x[i] = v / w->A[i * nc + i];
  }
  for (int i = 0; i < w->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J;
    for (int c = 0; c < 6; c++) {
      double v = 0;
      for (int r = 0; r < nc; r++) v += w->B[(size_t)r * (size_t)nv + 6 * i + c] * x[r];
      if (c < 3) q[i].W[c] -= v / J[c];
      else q[i].v[c - 3] -= v / b[MB_M];
    }
  }
  return LG_OK;
}

/* the same by the envelope factorisation of chapter 8, for every system
   beyond the smallest (below HG_DENSE unknowns in stage 1, the dense
   Cholesky above, whose rounding the published figures were made with) */
enum { HG_DENSE = 32 };
static int hg_project(const mb_par *p, lg_body *q, hg_proj *d, mb_work *w)
{
  if (p->topo->nc == 0) return LG_OK;
  if (!w) return hg_project_dense(p, q, d);
  return mb_project_velocity(p, q, w);
}
/* ---------------------------------------------------------------- applied forces */
/* whether a model's applied forces depend on the velocities (a damper, a callback) */
static int hg_forces_vdep(const mb_par *p)
{
  const mb_loads *L = p->topo->ld;
  if (L->ufn) return 1;
  for (int k = 0; k < L->ns; k++)
    if (mb_spring_par(p, k)[MB_SC] != 0) return 1;
  return 0;
}

/* DL's words for such a model: the first damper, else the callback */
static void hg_forces_refuse_dl(const mb_par *p, char *why, size_t n)
{
  const mb_topo *t = p->topo;
  int k = 0;
  while (k < t->ld->ns && mb_spring_par(p, k)[MB_SC] == 0) k++;
  if (k == t->ld->ns) {
    snprintf(why, n, "scheme dl does not take forces that depend on the velocities (the force "
             "callback given to lgr_set_force); schemes dh and rattlie do");
    return;
  }
  const int line = t->line ? t->line[t->nb + t->nj + 1 + k] : 0;
  snprintf(why, n, "scheme dl does not take forces that depend on the velocities (spring %d, "
           "damping %g, at %s line %d); schemes dh and rattlie do", k + 1,
           mb_spring_par(p, k)[MB_SC], t->file ? t->file : "the model", line);
}

/* stage 1 with the impulse h/2 f_a(q_n, V_n) (q: positions and velocities
   at t_n): c += h^2/2 J^{-1} tau_a, xb += h^2/(2 m) f_a; the forces in fa */
static void hg_forces_start(const mb_par *p, hg_s1 *s, const lg_body *q, double t, double *fa)
{
  const double hh = 0.5 * s->h * s->h;
  memset(fa, 0, 6 * (size_t)s->nb * sizeof *fa);
  mb_at(p, t);
  mb_applied(p, q, fa);
  for (int i = 0; i < s->nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      s->c[3 * i + a] += hh * fa[6 * i + a] / b[MB_J + a];
      s->xb[3 * i + a] += hh * fa[6 * i + 3 + a] / b[MB_M];
    }
  }
}

hg_end *hg_end_alloc(const mb_par *p)
{
  hg_end *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->p = p;
  e->nb = p->topo->nb;
  e->nc = p->topo->nc;
  e->n = 6 * e->nb + e->nc;
  const size_t nv = 6 * (size_t)e->nb, nc = (size_t)e->nc;
  e->q = calloc((size_t)e->nb, sizeof *e->q);
  e->Vs = malloc(nv * sizeof *e->Vs);
  e->B = malloc((nc * nv + 1) * sizeof *e->B);
  e->Kq = malloc(nv * nv * sizeof *e->Kq);
  e->Kv = malloc(nv * nv * sizeof *e->Kv);
  e->f = malloc(nv * sizeof *e->f);
  if (!e->q || !e->Vs || !e->B || !e->Kq || !e->Kv || !e->f) {
    hg_end_free(e);
    return NULL;
  }
  return e;
}

hg_end *hg_end_alloc_sparse(const mb_par *p, newton_ws **nw)
{
  const mb_topo *t = p->topo;
  const int nj = t->nj, ns = t->ld->ns;
  hg_end *e = calloc(1, sizeof *e);
  int *grows = malloc(((size_t)nj + 1) * sizeof *grows);
  int *off = malloc(((size_t)(nj + ns) + 1) * sizeof *off);
  *nw = NULL;
  if (!e || !grows || !off) { free(e); free(grows); free(off); return NULL; }
  e->p = p;
  e->nb = t->nb;
  e->nc = t->nc;
  for (int k = 0; k < nj; k++) grows[k] = mb_joint_nrows[mb_jkind(t, k)];
  *nw = mb_newton_alloc_springs(t, 6, grows, LG_NEWTON_DIRECT, off);
  e->n = 6 * e->nb + off[nj + ns];
  const size_t nv = 6 * (size_t)e->nb;
  e->q = calloc((size_t)e->nb, sizeof *e->q);
  e->Vs = malloc(nv * sizeof *e->Vs);
  e->B = malloc((12 * (size_t)e->nc + 1) * sizeof *e->B);
  e->f = malloc(nv * sizeof *e->f);
  e->sg = malloc(((size_t)ns + 1) * sizeof *e->sg);
  if (e->sg)
    for (int k = 0; k < ns; k++) e->sg[k] = mb_spring_couples(t, k) ? off[nj + k] : -1;
  free(grows); free(off);
  if (!*nw || !e->q || !e->Vs || !e->B || !e->f || !e->sg) {
    newton_free(*nw);
    *nw = NULL;
    hg_end_free(e);
    return NULL;
  }
  return e;
}

void hg_end_free(hg_end *e)
{
  if (!e) return;
  free(e->q); free(e->Vs); free(e->B); free(e->Kq); free(e->Kv); free(e->f); free(e->sg);
  free(e);
}

void hg_end_set(hg_end *e, const lg_body *q, double h, double t)
{
  const mb_par *p = e->p;
  e->h = h;
  e->t = t;
  memcpy(e->q, q, (size_t)e->nb * sizeof *q);
  for (int i = 0; i < e->nb; i++)
    for (int a = 0; a < 3; a++) {
      e->Vs[6 * i + a] = q[i].W[a];
      e->Vs[6 * i + 3 + a] = q[i].v[a];
    }
  if (e->sg)                                     /* by joints */
    for (int k = 0; k < p->topo->nj; k++) {
      const int m = mb_joint_nrows[mb_jkind(p->topo, k)];
      double *Bk = e->B + 12 * (size_t)mb_jrow(p->topo, k);
      mb_joint_eval(p, q, k, NULL, Bk, Bk + 6 * m, NULL, NULL);
    }
  else if (e->nc > 0) mb_jac(p, q, e->B);
  memset(e->f, 0, 6 * (size_t)e->nb * sizeof *e->f);
  mb_at(p, t);
  mb_applied(p, q, e->f);
  e->fscale = 0;
  for (int i = 0; i < e->nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++)
      e->fscale = fmax(e->fscale, fmax(fabs(e->f[6 * i + a] / b[MB_J + a]),
                                       fabs(e->f[6 * i + 3 + a] / b[MB_M])));
  }
  e->fscale *= 0.5 * h;
}

/* the end velocities u into e->q, and the applied forces there into e->f */
static void hg_end_forces(hg_end *e, const double *u)
{
  for (int i = 0; i < e->nb; i++)
    for (int a = 0; a < 3; a++) {
      e->q[i].W[a] = u[6 * i + a];
      e->q[i].v[a] = u[6 * i + 3 + a];
    }
  memset(e->f, 0, 6 * (size_t)e->nb * sizeof *e->f);
  mb_at(e->p, e->t);
  mb_applied(e->p, e->q, e->f);
}

int hg_end_fdf(const double *u, void *par, double *r, double *Jac)
{
  hg_end *e = par;
  const mb_par *p = e->p;
  const int nb = e->nb, nc = e->nc, nv = 6 * nb, n = e->n;
  hg_end_forces(e, u);
  double mi[6];
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) { mi[a] = 1 / b[MB_J + a]; mi[3 + a] = 1 / b[MB_M]; }
    for (int c = 0; c < 6; c++) {
      const int j = 6 * i + c;
      double s = 0;
      for (int k = 0; k < nc; k++) s += e->B[(size_t)k * (size_t)nv + (size_t)j] * u[nv + k];
      r[j] = u[j] - e->Vs[j] - 0.5 * e->h * mi[c] * e->f[j] + mi[c] * s;
    }
  }
  for (int k = 0; k < nc; k++) {
    double s = 0;
    for (int j = 0; j < nv; j++) s += e->B[(size_t)k * (size_t)nv + (size_t)j] * u[j];
    r[nv + k] = s;
  }
  if (!Jac) return 0;
  memset(Jac, 0, (size_t)n * (size_t)n * sizeof *Jac);
  mb_applied_jac(p, e->q, e->Kq, e->Kv);
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) { mi[a] = 1 / b[MB_J + a]; mi[3 + a] = 1 / b[MB_M]; }
    for (int c = 0; c < 6; c++) {
      const int j = 6 * i + c;
      double *row = Jac + (size_t)j * (size_t)n;
      for (int l = 0; l < nv; l++)
        row[l] = -0.5 * e->h * mi[c] * e->Kv[(size_t)j * (size_t)nv + (size_t)l];
      row[j] += 1;
      for (int k = 0; k < nc; k++) row[nv + k] = mi[c] * e->B[(size_t)k * (size_t)nv + (size_t)j];
    }
  }
  for (int k = 0; k < nc; k++)
    memcpy(Jac + (size_t)(nv + k) * (size_t)n, e->B + (size_t)k * (size_t)nv,
           (size_t)nv * sizeof *Jac);
  return 0;
}
/* the same in the structured form (hg_end_alloc_sparse), its Jacobian
   through newton_jac_at: I - h/2 M^{-1} K_v by springs (a spring's blocks
   between its two bodies in the columns of its copies), M^{-1} B_k,i^T and
   B_k,i by joints, and the copies' rows s - P V */
int hg_end_jfdf(const double *u, void *par, double *r, newton_jac *Jac)
{
  hg_end *e = par;
  const mb_par *p = e->p;
  const mb_topo *t = p->topo;
  const int nb = e->nb, nv = 6 * nb;
  const double hh = 0.5 * e->h;
  size_t ld, lc, lr;
  hg_end_forces(e, u);
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    const double mi[6] = {1 / b[MB_J], 1 / b[MB_J + 1], 1 / b[MB_J + 2], 1 / b[MB_M],
                          1 / b[MB_M], 1 / b[MB_M]};
    for (int c = 0; c < 6; c++)
      r[6 * i + c] = u[6 * i + c] - e->Vs[6 * i + c] - hh * mi[c] * e->f[6 * i + c];
    if (!Jac) continue;
    double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
    for (int a = 0; a < 6; a++)
      for (int c = 0; c < 6; c++) D[(size_t)a * ld + (size_t)c] = a == c;
  }
  for (int k = 0; k < t->nj; k++) {
    const mb_joint *j = &t->joint[k];
    const int m = mb_joint_nrows[mb_jkind(t, k)], G = nv + mb_jrow(t, k);
    const double *Bk = e->B + 12 * (size_t)mb_jrow(t, k);
    for (int q = 0; q < m; q++) r[G + q] = 0;
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      if (i == MB_GROUND) continue;
      const double *Bs = Bk + 6 * m * s, *b = mb_body_par(p, i);
      const double mi[6] = {1 / b[MB_J], 1 / b[MB_J + 1], 1 / b[MB_J + 2], 1 / b[MB_M],
                            1 / b[MB_M], 1 / b[MB_M]};
      for (int q = 0; q < m; q++) {
        double x = 0;
        for (int c = 0; c < 6; c++) x += Bs[6 * q + c] * u[6 * i + c];
        r[G + q] += x;
      }
      for (int c = 0; c < 6; c++) {
        double x = 0;
        for (int q = 0; q < m; q++) x += Bs[6 * q + c] * u[G + q];
        r[6 * i + c] += mi[c] * x;
      }
      if (!Jac) continue;
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)G, &lc);
      double *R = newton_jac_at(Jac, (size_t)G, (size_t)(6 * i), &lr);
      for (int q = 0; q < m; q++)
        for (int c = 0; c < 6; c++) {
          C[(size_t)c * lc + (size_t)q] = mi[c] * Bs[6 * q + c];
          R[(size_t)q * lr + (size_t)c] = Bs[6 * q + c];
        }
    }
  }
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_joint *jt = &t->ld->spring[k];
    const int body[2] = {jt->a, jt->b}, G = e->sg[k] < 0 ? -1 : nv + e->sg[k];
    if (G >= 0) mb_spring_copy_rows(t, k, G, u, r, Jac);   /* s_k - P V */
    if (!Jac) continue;
    double Kq[144], Kv[144];
    mb_spring_jac(p, e->q, k, Kq, Kv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        const int i = body[s], jj = body[o];
        if (i == MB_GROUND || jj == MB_GROUND) continue;
        const double *b = mb_body_par(p, i);
        double *D = i == jj ? newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * jj), &ld)
                            : newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + 6 * o), &ld);
        for (int a = 0; a < 6; a++) {
          const double sc = hh / (a < 3 ? b[MB_J + a] : b[MB_M]);
          for (int c = 0; c < 6; c++)
            D[(size_t)a * ld + (size_t)c] -= sc * Kv[12 * (6 * s + a) + 6 * o + c];
        }
      }
  }
  return 0;
}
/* ---------------------------------------------------------------- DH, RATTLie, DL */
enum { HG_DH = 0, HG_RL = 1, HG_DL = 2 };

typedef struct {
  int kind;
  const mb_par *p;
  int nb, nj, n;
  double h, tol;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_s1 *s1;
  hg_proj pj;            /* stage 2 of small systems, dense ... */
  mb_work *mw;           /* ... and of the others, by the envelope */
  lg_body *q;            /* the state at t_k, written to s->body */
  lg_body *vin;          /* velocities entering the next stage 1 (DL: M^{-1} p^-) */
  double *z, *zh, *r;    /* solution, the last three solutions (newest first), scratch */
  int nh;
  int pending;           /* DL: z solves the stage 1 from q already */
  int applied, vdep;     /* springs, forces, torques or a callback; a damper or a callback */
  double *fa;            /* 6 nb: the applied forces at the start of the pending stage 1 */
  hg_end *end;           /* the end of the step with applied forces (section sec:hg-forces) */
  newton_ws *nw2;        /* its Newton solver, when the forces depend on V */
  double *u;             /* its unknowns (V, mu) */
  mb_drop *drop;         /* redundant constraints: stage 1 with the rows dropped, or NULL, */
  mb_drop *drop2;        /* and the end system with forces of V */
} hg_vi_ws;

static void hg_vi_free(void *ws)
{
  hg_vi_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  hg_s1_free(w->s1);
  hg_proj_free(&w->pj);
  mb_work_free(w->mw);
  free(w->q); free(w->vin); free(w->z); free(w->zh); free(w->r);
  free(w->fa); hg_end_free(w->end); newton_free(w->nw2); free(w->u);
  mb_drop_free(w->drop);
  mb_drop_free(w->drop2);
  free(w);
}

static void *hg_vi_alloc(int kind, const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  hg_vi_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->kind = kind;
  w->p = p;
  w->nb = p->topo->nb;
  w->nj = p->topo->nj;
  w->n = 3 * w->nb + p->topo->nc;
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  size_t nb = (size_t)w->nb, n = (size_t)w->n;
  /* rotations of body i enter only its rows: bordered block diagonal, 3 x 3 */
  w->nw = mb_newton_alloc(p->topo, 3, opt->newton_solver);
  /* applied forces, like joints other than spherical, take the rows */
  w->applied = mb_applied_any(p->topo->ld);
  w->s1 = (w->applied ? hg_s1_alloc_rows : hg_s1_alloc)(p, kind == HG_RL ? HG_FORM_RL
                                                                          : HG_FORM_DH);
  w->q = calloc(nb, sizeof *w->q);
  w->vin = calloc(nb, sizeof *w->vin);
  w->z = malloc(n * sizeof *w->z);
  w->zh = malloc(3 * n * sizeof *w->zh);
  w->r = malloc(n * sizeof *w->r);
  int small = w->n < HG_DENSE;
  if (small) small = hg_proj_alloc(&w->pj, p->topo) == LG_OK;
  else w->mw = mb_work_alloc(p->topo);
  /* the dense end system only where a force may depend on V: a spring
     (its damping a parameter) or a callback */
  const int coupled = w->applied && mb_applied_coupled(p->topo->ld);
  if (w->applied) w->fa = malloc(6 * nb * sizeof *w->fa);
  if (coupled && opt->newton_solver == LG_NEWTON_DIRECT && mb_springs_sparse(p->topo)) {
    /* springs and no callback: by joints and springs (section sec:mb-spring-sparse) */
    w->end = hg_end_alloc_sparse(p, &w->nw2);
    w->u = w->end ? malloc((size_t)w->end->n * sizeof *w->u) : NULL;
  } else if (coupled) {
    const size_t n2 = 6 * nb + (size_t)p->topo->nc;
    w->end = hg_end_alloc(p);
    w->nw2 = newton_alloc(n2, LG_NEWTON_DIRECT);
    w->u = malloc(n2 * sizeof *w->u);
  }
  /* to round-off: the tolerances below are floors (chapter ch:newton) */
  if (!(opt->newton_tol > 0)) {
    if (w->nw) newton_set_floor(w->nw, 1);
    if (w->nw2) newton_set_floor(w->nw2, 1);
  }
  if (!w->nw || !w->s1 || !w->q || !w->vin || !w->z || !w->zh || !w->r || !(small || w->mw)
      || (w->applied && !w->fa) || (coupled && (!w->end || !w->nw2 || !w->u))) {
    hg_vi_free(w);
    return NULL;
  }
  return w;
}
static void *hg_dh_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_DH, par, opt);
}
static void *hg_rl_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_RL, par, opt);
}
static void *hg_dl_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_DL, par, opt);
}

static void hg_vi_put(const hg_vi_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  s->nbody = w->nb;
  s->body = w->q;
}

static int hg_vi_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_vi_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  /* every kind of joint is taken (section sec:hg-joints), and applied
     forces (section sec:hg-forces), except by DL those that depend on the
     velocities: the words in a buffer of the calling thread */
  static _Thread_local char why[240];
  w->vdep = w->applied && hg_forces_vdep(w->p);
  if (w->kind == HG_DL && w->vdep) {
    hg_forces_refuse_dl(w->p, why, sizeof why);
    s->why = why;
    return LG_EINVAL;
  }
  w->h = h;
  w->k = 0;
  w->nh = 0;
  w->pending = 0;
  mb_initial(w->p, w->q);
  /* redundant constraints (section sec:mb-redundant-newton): stage 1 with
     Lambda_i = 0 for each row dropped at t = 0; stage 2 (and DL's watch on
     the rank) by the envelope that drops them */
  mb_drop_free(w->drop);
  mb_drop_free(w->drop2);
  w->drop = w->drop2 = NULL;
  {
    int st;
    mb_work *rw = mb_work_redundant(w->p, w->q, &st);
    if (st != LG_OK) return st;
    if (rw) {
      mb_work_free(w->mw);
      w->mw = rw;
      w->drop = mb_drop_alloc(rw, w->p->topo, (size_t)w->n, 3 * (size_t)w->nb, NULL,
                              w->s1->general ? hg_s1_jfdf_rows : hg_s1_jfdf, NULL, w->s1, &st);
      if (st != LG_OK) return st;
      if (w->end) {            /* the end system with forces of V: (V, mu), mu by rows */
        w->drop2 = mb_drop_alloc(rw, w->p->topo, (size_t)w->end->n, 6 * (size_t)w->nb, NULL,
                                 w->end->sg ? hg_end_jfdf : NULL, w->end->sg ? NULL : hg_end_fdf,
                                 w->end, &st);
        if (st != LG_OK) return st;
      }
    }
  }
  memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
  s->newton_iters = 0;
  s->newton_resid = 0;
  hg_vi_put(w, s);
  return LG_OK;
}

/* Solve stage 1 from (w->q, w->vin): the guess extrapolates the last three
   solutions (quadratically once there are three).  This function and the
   two below take general (0: spherical joints alone, 1: the rows of every
   joint, section sec:hg-joints) as a constant: the step is compiled once
   for each, and a model of spherical joints alone runs the first, the
   code of the papers' figures, without a test of its own. */
static inline HG_EXPAND int hg_vi_solve(hg_vi_ws *w, int *iters, double *resid, int general)
{
  const int n = w->n, m0 = 3 * w->nb;
  hg_s1_set_as(w->s1, w->q, w->vin, w->h, general);
  if (general && w->applied) hg_forces_start(w->p, w->s1, w->vin, (double)w->k * w->h, w->fa);
  for (int j = 0; j < n; j++) {
    const double *z1 = w->zh, *z2 = w->zh + n, *z3 = w->zh + 2 * n;
    w->z[j] = w->nh == 3 ? 3 * z1[j] - 3 * z2[j] + z3[j]
            : w->nh == 2 ? 2 * z1[j] - z2[j]
            : w->nh == 1 ? z1[j]
            : j < m0 ? w->h * w->vin[j / 3].W[j % 3] : 0.0;
  }
  double L = hg_length(w->p, w->q);
  if (general) L = fmax(L, 1.0);                 /* dot rows: products of unit vectors */
  const double tol = fmax(w->tol, HG_FLOOR * fmax(L, hg_amax(w->s1->c, m0)));
  int st = w->drop ? newton_solve_sparse(w->nw, mb_drop_jfdf, w->drop, w->z, tol, w->maxiter,
                                        iters, resid)
         : newton_solve_sparse(w->nw, general ? hg_s1_jfdf_rows : hg_s1_jfdf, w->s1, w->z, tol,
                               w->maxiter, iters, resid);
  if (st != LG_OK) return st;
  if (w->drop) mb_drop_zero(w->drop, w->z);      /* exactly, as their equations say */
  if (memcmp(w->s1->zlast, w->z, (size_t)n * sizeof *w->z) != 0)
    (general ? hg_s1_jfdf_rows : hg_s1_jfdf)(w->z, w->s1, w->r, NULL);
  memmove(w->zh + n, w->zh, 2 * (size_t)n * sizeof *w->zh);
  memcpy(w->zh, w->z, (size_t)n * sizeof *w->z);
  if (w->nh < 3) w->nh++;
  return LG_OK;
}

/* Move to q_{n+1} of the solved stage 1, with the velocities of the free
   second half step: J W = F^T Pi+, Pi+ = J W_in - B_W(q_n)^T Lambda / h (equal
   to -G(-theta)/h at the solution), v = v_in + h g - M^{-1} B_v^T Lambda / h. */
static inline HG_EXPAND void hg_vi_advance(hg_vi_ws *w, int general)
{
  const mb_par *p = w->p;
  const double h = w->h, g = p->val[MB_G], *e = p->val + MB_GDIR;
  const int m0 = 3 * w->nb;
  double *Pi = w->r;                             /* 3 nb: Pi+ of each body */
  for (int i = 0; i < w->nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J;
    memcpy(w->q[i].R, w->s1->q1[i].R, sizeof w->q[i].R);
    memcpy(w->q[i].x, w->s1->q1[i].x, sizeof w->q[i].x);
    for (int a = 0; a < 3; a++) {
      Pi[3 * i + a] = J[a] * w->vin[i].W[a];
      w->q[i].v[a] = w->vin[i].v[a] + h * g * e[a];
    }
  }
  if (general) {                                 /* every joint: section sec:hg-joints */
    double *y = w->s1->y;
    hg_s1_impulse(w->s1, w->z + m0, y);
    for (int i = 0; i < w->nb; i++)
      for (int a = 0; a < 3; a++) {
        Pi[3 * i + a] -= y[6 * i + a] / h;
        w->q[i].v[a] -= y[6 * i + 3 + a] / (mb_body_par(p, i)[MB_M] * h);
      }
    if (w->applied)                              /* h/2 f_n: section sec:hg-forces */
      for (int i = 0; i < w->nb; i++)
        for (int a = 0; a < 3; a++) {
          Pi[3 * i + a] += 0.5 * h * w->fa[6 * i + a];
          w->q[i].v[a] += 0.5 * h * w->fa[6 * i + 3 + a] / mb_body_par(p, i)[MB_M];
        }
  } else
    for (int k = 0; k < w->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body == MB_GROUND) continue;
        const double *b = mb_body_par(p, d.body), *L = w->z + m0 + 3 * k, *G0 = w->s1->G0 +
            18 * k + 9 * side;
        for (int a = 0; a < 3; a++) {
          Pi[3 * d.body + a] -= (G0[a] * L[0] + G0[3 + a] * L[1] + G0[6 + a] * L[2]) / h;
          w->q[d.body].v[a] -= d.s * L[a] / (b[MB_M] * h);
        }
      }
  for (int i = 0; i < w->nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J;
    so3_mtv(w->q[i].W, w->s1->F + 9 * i, Pi + 3 * i);
    for (int a = 0; a < 3; a++) w->q[i].W[a] /= J[a];
  }
  w->k++;
}

/* The end impulse h/2 f_a(q_{n+1}, V_{n+1}) on V* (in w->q, at t_{n+1}):
   added when the forces depend on the positions alone; else V_{n+1} and the
   multipliers of B(q_{n+1}) V_{n+1} = 0 by Newton (DH and RATTLie), to
   16 eps of the velocities and impulses it sums, or the caller's tolerance
   over h (the stage-1 residual is a displacement). */
static int hg_forces_end(hg_vi_ws *w, int *iters)
{
  const mb_par *p = w->p;
  const double h = w->h, t = (double)w->k * h;
  const int nb = w->nb;
  hg_end *e = w->end;
  if (!w->vdep) {
    double *f = w->fa;                           /* free: the advance has used f_n */
    memset(f, 0, 6 * (size_t)nb * sizeof *f);
    mb_at(p, t);
    mb_applied(p, w->q, f);
    for (int i = 0; i < nb; i++) {
      const double *b = mb_body_par(p, i);
      for (int a = 0; a < 3; a++) {
        w->q[i].W[a] += 0.5 * h * f[6 * i + a] / b[MB_J + a];
        w->q[i].v[a] += 0.5 * h * f[6 * i + 3 + a] / b[MB_M];
      }
    }
    return LG_OK;
  }
  hg_end_set(e, w->q, h, t);
  const size_t nv = 6 * (size_t)nb;
  memcpy(w->u, e->Vs, nv * sizeof *w->u);
  memset(w->u + nv, 0, (size_t)(e->n - (int)nv) * sizeof *w->u);
  if (e->sg)                                     /* the copies: the V they copy */
    for (int k = 0; k < p->topo->ld->ns; k++)
      for (int c = 0; e->sg[k] >= 0 && c < 12; c++) {
        const mb_joint *j = &p->topo->ld->spring[k];
        w->u[nv + (size_t)e->sg[k] + (size_t)c] = e->Vs[6 * (c < 6 ? j->a : j->b) + c % 6];
      }
  const double tol = fmax(w->tol / h, 16 * DBL_EPSILON * fmax(hg_amax(e->Vs, (int)nv) + e->fscale,
                                                             DBL_MIN));
  double res = 0;
  /* the structured form (e->sg) by newton_solve_sparse, the dense one as before */
  int st = w->drop2 && e->sg ? newton_solve_sparse(w->nw2, mb_drop_jfdf, w->drop2, w->u, tol,
                                                   w->maxiter, iters, &res)
         : w->drop2 ? newton_solve(w->nw2, mb_drop_fdf, w->drop2, w->u, tol, w->maxiter, iters,
                                   &res)
         : e->sg ? newton_solve_sparse(w->nw2, hg_end_jfdf, e, w->u, tol, w->maxiter, iters, &res)
                 : newton_solve(w->nw2, hg_end_fdf, e, w->u, tol, w->maxiter, iters, &res);
  if (st != LG_OK) return st;
  for (int i = 0; i < nb; i++)
    for (int a = 0; a < 3; a++) {
      w->q[i].W[a] = w->u[6 * i + a];
      w->q[i].v[a] = w->u[6 * i + 3 + a];
    }
  return LG_OK;
}

static inline HG_EXPAND int hg_vi_step_as(hg_vi_ws *w, lg_state *s, int general)
{
  int it = 0, it2 = 0, st;
  double res = 0;
  if (w->kind != HG_DL || !w->pending) {
    st = hg_vi_solve(w, &it, &res, general);
    s->newton_iters = it;
    s->newton_resid = res;
    if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, w->s1->q1, w->mw, st, s) : st;
  }
  hg_vi_advance(w, general);
  if (general && w->applied) {                   /* h/2 f_{n+1}: section sec:hg-forces */
    int it3 = 0;
    st = hg_forces_end(w, &it3);
    it += it3;
    s->newton_iters = it;
    if (st != LG_OK) return st;
  }
  memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
  if (w->kind != HG_DL) {
    /* stage 2: B(q_{n+1}) V_{n+1} = 0 (with forces that depend on V, solved with them) */
    st = !(general && w->vdep) ? hg_project(w->p, w->q, &w->pj, w->mw)
       : w->drop ? mb_rank_watch(w->p, w->q, w->mw, s) : LG_OK;
    memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
    hg_vi_put(w, s);
    return w->drop && st != LG_OK ? mb_failed(w->mw, st, s) : st;
  }
  /* DL: the velocities just computed are M^{-1} p^-_{n+1}; the output is the
     average of p^- and p^+ = p^- - B^T Lambda_{n+1} / h, which needs the
     multiplier of the next step: solve it now and keep it. */
  if (w->drop && (st = mb_rank_watch(w->p, w->q, w->mw, s)) != LG_OK) return st;
  st = hg_vi_solve(w, &it2, &res, general);
  s->newton_iters = it + it2;
  s->newton_resid = res;
  w->pending = st == LG_OK;
  if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, w->s1->q1, w->mw, st, s) : st;
  const int m0 = 3 * w->nb;
  if (general) {                                 /* every joint: section sec:hg-joints */
    double *y = w->s1->y;
    hg_s1_impulse(w->s1, w->z + m0, y);
    for (int i = 0; i < w->nb; i++) {
      const double *b = mb_body_par(w->p, i);
      for (int a = 0; a < 3; a++) {
        w->q[i].W[a] -= 0.5 * y[6 * i + a] / (b[MB_J + a] * w->h);
        w->q[i].v[a] -= 0.5 * y[6 * i + 3 + a] / (b[MB_M] * w->h);
      }
    }
  } else
    for (int k = 0; k < w->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(w->p, k, side);
        if (d.body == MB_GROUND) continue;
        const double *b = mb_body_par(w->p, d.body), *L = w->z + m0 + 3 * k;
        double y[3];
        hg_gtx(y, w->s1->G0 + 18 * k + 9 * side, L, b + MB_J);
        for (int a = 0; a < 3; a++) {
          w->q[d.body].W[a] -= 0.5 * y[a] / w->h;
          w->q[d.body].v[a] -= 0.5 * d.s * L[a] / (b[MB_M] * w->h);
        }
      }
  hg_vi_put(w, s);
  return LG_OK;
}

static int hg_vi_step(void *ws, lg_state *s)
{
  hg_vi_ws *w = ws;
  return w->s1->general ? hg_vi_step_as(w, s, 1) : hg_vi_step_as(w, s, 0);
}
/* lam (the nc multipliers of mb_accel, by rows) rearranged in place by
   groups as z holds them divided by c_q: joint k's multipliers, then its
   copies, the accelerations dV of the two bodies they copy */
static void hg_ga_groups(const hg_ga *g, const double *dV, double *lam)
{
  const mb_topo *t = g->p->topo;
  for (int k = g->nj - 1; k >= 0; k--) {   /* backwards: goff[k] >= mb_jrow(k) */
    const int m = mb_joint_nrows[mb_jkind(t, k)], G = g->goff[k], r0 = mb_jrow(t, k);
    for (int r = m - 1; r >= 0; r--) lam[G + r] = lam[r0 + r];
    for (int c = 0; c < mb_joint_ncopy(t, k); c++) lam[G + m + c] = dV[mb_joint_copy(t, k, c)];
  }
}

/* out (6 x 6) = K's rows of side s against the columns of side o, the
   rotational columns times T */
static void hg_stiff_block(double out[36], const double *K, int s, int o, const double T[9])
{
  for (int a = 0; a < 6; a++) {
    const double *k = K + 12 * (6 * s + a) + 6 * o;
    for (int b = 0; b < 3; b++)
      out[6 * a + b] = k[0] * T[b] + k[1] * T[3 + b] + k[2] * T[6 + b];
    for (int b = 3; b < 6; b++) out[6 * a + b] = k[b];
  }
}

int hg_ga_jfdf_joints(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const mb_topo *t = p->topo;
  const int nb = g->nb, nj = g->nj, m0 = 6 * nb;
  const double gr = p->val[MB_G], *e = p->val + MB_GDIR, cq = g->cq, cv = g->cq * g->cvq;
  size_t ld, lc, lr;
  /* the dense form is cleared here; the structured store is handed zeros */
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)g->n * (size_t)g->n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {            /* as hg_ga_jfdf: the bodies' own terms */
    const double *J = mb_body_par(p, i) + MB_J, *u = z + 6 * i;
    lg_body *b = &g->q1[i];
    double th[3], F[9], JW[3], gy[3];
    for (int a = 0; a < 3; a++) {
      th[a] = g->dq0[6 * i + a] + u[a];
      b->x[a] = g->q0[i].x[a] + g->dq0[6 * i + 3 + a] + u[3 + a];
      b->W[a] = g->V0[6 * i + a] + g->cvq * u[a];
      b->v[a] = g->V0[6 * i + 3 + a] + g->cvq * u[3 + a];
      JW[a] = J[a] * b->W[a];
    }
    so3_exp(F, th);
    so3_mul(b->R, g->q0[i].R, F);
    so3_cross(gy, JW, b->W);
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] = u[a] - cq * gy[a] / J[a];
      r[6 * i + 3 + a] = u[3 + a] - cq * gr * e[a];
    }
    if (!Jac) continue;
    so3_dexp(g->T + 9 * i, th);
    double Hw[9], Hj[9];
    so3_hat(Hw, b->W);
    so3_hat(Hj, JW);
    double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
    for (int a = 0; a < 3; a++) {
      for (int c = 0; c < 3; c++)
        D[(size_t)a * ld + (size_t)c] = cv * (Hw[3 * a + c] * J[c] - Hj[3 * a + c]) / J[a];
      D[(size_t)a * ld + (size_t)a] += 1.0;
      D[(size_t)(3 + a) * ld + (size_t)(3 + a)] = 1.0;
    }
  }
  for (int k = 0; k < nj; k++) {
    const mb_joint *j = &t->joint[k];
    const int m = mb_joint_nrows[mb_jkind(t, k)], G = m0 + g->goff[k];
    const int nc = mb_joint_ncopy(t, k);
    const double *L = z + G;
    double Bs[2][36], K[144];
    mb_joint_eval(p, g->q1, k, r + G, Bs[0], Bs[1], NULL, NULL);   /* Phi_k */
    if (Jac) mb_joint_stiff(p, g->q1, k, L, K);
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      if (i == MB_GROUND) continue;
      const double *bp = mb_body_par(p, i), *Bk = Bs[s];
      const double Mi[6] = {bp[MB_J], bp[MB_J + 1], bp[MB_J + 2], bp[MB_M], bp[MB_M], bp[MB_M]};
      for (int c = 0; c < 6; c++) {         /* M^{-1} B^T Lambda */
        double x = 0;
        for (int q = 0; q < m; q++) x += Bk[6 * q + c] * L[q];
        r[6 * i + c] += x / Mi[c];
      }
      if (!Jac) continue;
      const double *Ti = g->T + 9 * i;
      double S[36];
      hg_stiff_block(S, K, s, s, Ti);       /* d(M^{-1} B^T Lambda)/du_i */
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)G, &lc);
      double *R = newton_jac_at(Jac, (size_t)G, (size_t)(6 * i), &lr);
      for (int a = 0; a < 6; a++) {
        for (int b = 0; b < 6; b++) D[(size_t)a * ld + (size_t)b] += S[6 * a + b] / Mi[a];
        for (int q = 0; q < m; q++) C[(size_t)a * lc + (size_t)q] = Bk[6 * q + a] / Mi[a];
      }
      for (int q = 0; q < m; q++) {         /* dPhi/du_i = B (T on the rotation) */
        const double *bq = Bk + 6 * q;
        for (int b = 0; b < 3; b++)
          R[(size_t)q * lr + (size_t)b] = bq[0] * Ti[b] + bq[1] * Ti[3 + b] + bq[2] * Ti[6 + b];
        for (int b = 3; b < 6; b++) R[(size_t)q * lr + (size_t)b] = bq[b];
      }
      if (nc == 0) continue;
      /* the coupling to the other body, in the columns of its copies: a's
         rows in those of theta_b (3..5) and delta_b (6..8), b's in those
         of theta_a (0..2) */
      hg_stiff_block(S, K, s, 1 - s, g->T + 9 * (s ? j->a : j->b));
      double *X = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + m), &lc);
      for (int a = 0; a < 6; a++)
        for (int b = 0; b < (s ? 3 : nc - 3); b++)
          X[(size_t)a * lc + (size_t)(s ? b : 3 + b)] = S[6 * a + b] / Mi[a];
    }
    /* the rows of the copies: s_k - P u */
    for (int c = 0; c < nc; c++) {
      const int cc = G + m + c, u = mb_joint_copy(t, k, c);
      r[cc] = z[cc] - z[u];
      if (!Jac) continue;
      *newton_jac_at(Jac, (size_t)cc, (size_t)cc, &ld) = 1.0;
      *newton_jac_at(Jac, (size_t)cc, (size_t)u, &lr) = -1.0;
    }
  }
  memcpy(g->zlast, z, (size_t)g->n * sizeof *z);
  return 0;
}
/* ---------------------------------------------------------------- generalized-alpha */
void hg_ga_coef(double rho, double *am, double *af, double *gam, double *beta)
{
  *am = (2 * rho - 1) / (rho + 1);
  *af = rho / (rho + 1);
  *gam = 0.5 + *af - *am;
  *beta = 0.25 * (*gam + 0.5) * (*gam + 0.5);
}

/* dense: room for the dense force Jacobians (not with hg_ga_springs) */
static hg_ga *hg_ga_alloc_as(const mb_par *p, int dense)
{
  hg_ga *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->p = p;
  g->nb = p->topo->nb;
  g->nj = p->topo->nj;
  g->n = 6 * g->nb + 3 * g->nj;
  size_t nb = (size_t)g->nb;
  if (p->topo->nxval > 0) {              /* a joint other than spherical: groups */
    g->goff = malloc(((size_t)g->nj + 1) * sizeof *g->goff);
    g->T = malloc(9 * nb * sizeof *g->T);
    if (!g->goff || !g->T) { hg_ga_free(g); return NULL; }
    g->goff[0] = 0;
    for (int k = 0; k < g->nj; k++)
      g->goff[k + 1] = g->goff[k] + mb_joint_nrows[mb_jkind(p->topo, k)]
                       + mb_joint_ncopy(p->topo, k);
    g->n = 6 * g->nb + g->goff[g->nj];
  }
  g->dq0 = malloc(6 * nb * sizeof *g->dq0);
  g->V0 = malloc(6 * nb * sizeof *g->V0);
  g->applied = mb_applied_any(p->topo->ld);
  g->f = malloc((6 * nb + (g->applied && dense ? 72 * nb * nb : 0)) * sizeof *g->f);
  g->q1 = calloc(nb, sizeof *g->q1);
  g->zlast = malloc((size_t)g->n * sizeof *g->zlast);
  if (!g->dq0 || !g->V0 || !g->f || !g->q1 || !g->zlast) { hg_ga_free(g); return NULL; }
  return g;
}

hg_ga *hg_ga_alloc(const mb_par *p)
{
  return hg_ga_alloc_as(p, 1);
}

void hg_ga_set_at_rest(hg_ga *g, const lg_body *q, double h)
{
  double am, af, gam, beta;
  hg_ga_coef(0.9, &am, &af, &gam, &beta);
  g->cq = h * h * beta * (1 - af) / (1 - am);
  g->cvq = gam / (h * beta);
  g->q0 = q;
  for (int i = 0; i < g->nb; i++)
    for (int j = 0; j < 3; j++) {
      g->V0[6 * i + j] = q[i].W[j];
      g->V0[6 * i + 3 + j] = q[i].v[j];
    }
  for (int j = 0; j < 6 * g->nb; j++) g->dq0[j] = h * g->V0[j];
}

void hg_ga_free(hg_ga *g)
{
  if (!g) return;
  free(g->dq0); free(g->V0); free(g->f); free(g->q1); free(g->zlast);
  free(g->goff); free(g->T); free(g->sg);
  free(g);
}

int hg_ga_jfdf(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const int nb = g->nb, nj = g->nj, n = g->n, m0 = 6 * nb;
  const double gr = p->val[MB_G], *e = p->val + MB_GDIR, cq = g->cq, cv = g->cq * g->cvq;
  double T[9 * 64];
  size_t ld;
  /* Jac, through newton_jac_at: every entry that can be non-zero is
     assigned before it is added to; the others are zero */
  for (int i = 0; i < nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J, *u = z + 6 * i;
    lg_body *b = &g->q1[i];
    double th[3], F[9], JW[3], gy[3];
    for (int a = 0; a < 3; a++) {
      th[a] = g->dq0[6 * i + a] + u[a];
      b->x[a] = g->q0[i].x[a] + g->dq0[6 * i + 3 + a] + u[3 + a];
      b->W[a] = g->V0[6 * i + a] + g->cvq * u[a];
      b->v[a] = g->V0[6 * i + 3 + a] + g->cvq * u[3 + a];
      JW[a] = J[a] * b->W[a];
    }
    so3_exp(F, th);
    so3_mul(b->R, g->q0[i].R, F);
    so3_cross(gy, JW, b->W);                     /* f_W = J W x W */
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] = u[a] - cq * gy[a] / J[a];
      r[6 * i + 3 + a] = u[3 + a] - cq * gr * e[a];
    }
    if (Jac) {
      if (i < 64) so3_dexp(T + 9 * i, th);
      /* I + c_v J^{-1} (hat(W) J - hat(J W)) */
      double Hw[9], Hj[9];
      so3_hat(Hw, b->W);
      so3_hat(Hj, JW);
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      for (int a = 0; a < 3; a++) {
        for (int c = 0; c < 3; c++)
          D[(size_t)a * ld + (size_t)c] = cv * (Hw[3 * a + c] * J[c] - Hj[3 * a + c]) / J[a];
        D[(size_t)a * ld + (size_t)a] += 1.0;
        D[(size_t)(3 + a) * ld + (size_t)(3 + a)] = 1.0;
      }
    }
  }
  mb_phi(p, g->q1, r + m0);
  for (int k = 0; k < nj; k++)
    for (int side = 0; side < 2; side++) {
      hg_side d = hg_joint_side(p, k, side);
      if (d.body == MB_GROUND) continue;
      const int i = d.body;
      const double *bp = mb_body_par(p, i), *J = bp + MB_J, *L = z + m0 + 3 * k;
      double G1[9], y[3];
      hg_rot_block(G1, &d, g->q1[i].R);
      hg_gtx(y, G1, L, J);
      for (int a = 0; a < 3; a++) {
        r[6 * i + a] += y[a];
        r[6 * i + 3 + a] += d.s * L[a] / bp[MB_M];
      }
      if (!Jac) continue;
      double Ti[9], GT[9], RtL[3], HP[9], HL[9], K[9], KT[9];
      if (i < 64) memcpy(Ti, T + 9 * i, sizeof Ti);
      else {
        double th[3] = {g->dq0[6 * i] + z[6 * i], g->dq0[6 * i + 1] + z[6 * i + 1],
                        g->dq0[6 * i + 2] + z[6 * i + 2]};
        so3_dexp(Ti, th);
      }
      so3_mul(GT, G1, Ti);
      so3_mtv(RtL, g->q1[i].R, L);
      so3_hat(HP, d.P);
      so3_hat(HL, RtL);
      so3_mul(K, HP, HL);
      so3_mul(KT, K, Ti);
      size_t lc, lr;
      double *Di = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(m0 + 3 * k), &lc);
      double *R = newton_jac_at(Jac, (size_t)(m0 + 3 * k), (size_t)(6 * i), &lr);
      for (int a = 0; a < 3; a++) {
        for (int c = 0; c < 3; c++) {
          Di[(size_t)a * ld + (size_t)c] += d.s * KT[3 * a + c] / J[a];   /* d(B_W^T L)/du */
          C[(size_t)a * lc + (size_t)c] = G1[3 * c + a] / J[a];          /* J^{-1} G1^T */
          R[(size_t)a * lr + (size_t)c] = GT[3 * a + c];                 /* dPhi/du_W */
        }
        C[(size_t)(3 + a) * lc + (size_t)a] = d.s / bp[MB_M];
        R[(size_t)a * lr + (size_t)(3 + a)] = d.s;
      }
    }
  memcpy(g->zlast, z, (size_t)n * sizeof *z);
  return 0;
}

/* the same with a dense row-major Jacobian, for the dense solvers and the tests */
int hg_ga_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_ga *g = par;
  newton_jac h = {Jac, (size_t)g->n, NULL};
  if (g->goff) return hg_ga_jfdf_joints(z, par, r, Jac ? &h : NULL);
  return hg_ga_jfdf(z, par, r, Jac ? &h : NULL);
}
/* the springs' groups of copies after the joints' groups (section
   sec:mb-spring-sparse): g->sg, g->n and the scratch sized for them; the
   structured solver, or NULL */
newton_ws *hg_ga_springs(hg_ga *g, int solver)
{
  const mb_topo *t = g->p->topo;
  const int nj = t->nj, ns = t->ld->ns;
  int *grows = malloc(((size_t)nj + 1) * sizeof *grows);
  int *off = malloc(((size_t)(nj + ns) + 1) * sizeof *off);
  g->sg = malloc(((size_t)ns + 1) * sizeof *g->sg);
  newton_ws *w = NULL;
  if (grows && off && g->sg) {
    for (int k = 0; k < nj; k++) grows[k] = g->goff ? g->goff[k + 1] - g->goff[k] : 3;
    w = mb_newton_alloc_springs(t, 6, grows, solver, off);
    for (int k = 0; k < ns; k++) g->sg[k] = mb_spring_couples(t, k) ? off[nj + k] : -1;
    g->n = 6 * g->nb + off[nj + ns];
    free(g->zlast);
    g->zlast = malloc((size_t)g->n * sizeof *g->zlast);
    if (!g->zlast) { newton_free(w); w = NULL; }
  }
  free(grows); free(off);
  return w;
}

/* lam (z's groups divided by c_q): each spring group's copies, the
   accelerations dV of the two bodies they copy */
static void hg_ga_spring_groups(const hg_ga *g, const double *dV, double *lam)
{
  const mb_topo *t = g->p->topo;
  for (int k = 0; k < t->ld->ns; k++) {
    if (g->sg[k] < 0) continue;
    const mb_joint *j = &t->ld->spring[k];
    for (int c = 0; c < 12; c++) lam[g->sg[k] + c] = dV[6 * (c < 6 ? j->a : j->b) + c % 6];
  }
}

/* the springs' Jacobian by springs: each spring's 12 x 12 (mb_spring_jac),
   its blocks between a body and itself in the body's block, those between
   the two bodies in the columns of the copies, and the copies' rows */
static void hg_ga_springs_jac(hg_ga *g, const double *z, double *r, newton_jac *Jac)
{
  const mb_par *p = g->p;
  const mb_topo *t = p->topo;
  const int m0 = 6 * g->nb;
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_joint *j = &t->ld->spring[k];
    const int body[2] = {j->a, j->b}, G = g->sg[k] < 0 ? -1 : m0 + g->sg[k];
    if (G >= 0) mb_spring_copy_rows(t, k, G, z, r, Jac);   /* s_k - P u */
    if (!Jac) continue;
    double Kq[144], Kv[144];
    mb_spring_jac(p, g->q1, k, Kq, Kv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        const int i = body[s], jj = body[o];
        if (i == MB_GROUND || jj == MB_GROUND) continue;
        const double *bp = mb_body_par(p, i);
        double th[3] = {g->dq0[6 * jj] + z[6 * jj], g->dq0[6 * jj + 1] + z[6 * jj + 1],
                        g->dq0[6 * jj + 2] + z[6 * jj + 2]}, T[9];
        so3_dexp(T, th);
        size_t ld;
        double *D = i == jj ? newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * jj), &ld)
                            : newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + 6 * o), &ld);
        for (int a = 0; a < 6; a++) {
          const double c = g->cq / (a < 3 ? bp[MB_J + a] : bp[MB_M]);
          const double *kq = Kq + 12 * (6 * s + a) + 6 * o, *kv = Kv + 12 * (6 * s + a) + 6 * o;
          for (int b = 0; b < 3; b++) {
            double w = g->cvq * kv[b];
            for (int m = 0; m < 3; m++) w += kq[m] * T[3 * m + b];
            D[(size_t)a * ld + (size_t)b] -= c * w;
            D[(size_t)a * ld + (size_t)(3 + b)] -= c * (kq[3 + b] + g->cvq * kv[3 + b]);
          }
        }
      }
  }
}

int hg_ga_jfdf_applied(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const int nb = g->nb;
  const size_t n6 = 6 * (size_t)nb;
  double *fa = g->f, *Kq = fa + n6, *Kv = Kq + n6 * n6;
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)g->n * (size_t)g->n * sizeof *Jac->J);
  int st = g->goff ? hg_ga_jfdf_joints(z, par, r, Jac) : hg_ga_jfdf(z, par, r, Jac);
  if (st != 0) return st;
  memset(fa, 0, n6 * sizeof *fa);
  mb_applied(p, g->q1, fa);
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] -= g->cq * fa[6 * i + a] / bp[MB_J + a];
      r[6 * i + 3 + a] -= g->cq * fa[6 * i + 3 + a] / bp[MB_M];
    }
  }
  if (g->sg) {                                 /* the structured solver: by springs */
    hg_ga_springs_jac(g, z, r, Jac);
    memcpy(g->zlast, z, (size_t)g->n * sizeof *z);
    return 0;
  }
  if (!Jac || !mb_applied_coupled(p->topo->ld)) return 0;
  mb_applied_jac(p, g->q1, Kq, Kv);
  for (int j = 0; j < nb; j++) {
    double th[3] = {g->dq0[6 * j] + z[6 * j], g->dq0[6 * j + 1] + z[6 * j + 1],
                    g->dq0[6 * j + 2] + z[6 * j + 2]}, T[9];
    so3_dexp(T, th);
    for (int i = 0; i < nb; i++) {
      const double *bp = mb_body_par(p, i);
      size_t ld;
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * j), &ld);
      for (int a = 0; a < 6; a++) {
        const double c = g->cq / (a < 3 ? bp[MB_J + a] : bp[MB_M]);
        const double *kq = Kq + (size_t)(6 * i + a) * n6 + 6 * (size_t)j;
        const double *kv = Kv + (size_t)(6 * i + a) * n6 + 6 * (size_t)j;
        for (int b = 0; b < 3; b++) {
          double w = g->cvq * kv[b];
          for (int m = 0; m < 3; m++) w += kq[m] * T[3 * m + b];
          D[(size_t)a * ld + (size_t)b] -= c * w;
          D[(size_t)a * ld + (size_t)(3 + b)] -= c * (kq[3 + b] + g->cvq * kv[3 + b]);
        }
      }
    }
  }
  return 0;
}

int hg_ga_fdf_applied(const double *z, void *par, double *r, double *Jac)
{
  hg_ga *g = par;
  newton_jac h = {Jac, (size_t)g->n, NULL};
  return hg_ga_jfdf_applied(z, par, r, Jac ? &h : NULL);
}

typedef struct {
  const mb_par *p;
  int nb, nj, n, nl;     /* nl = n - 6 nb, the unknowns of the groups */
  double h, tol, am, af, gam, beta;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_ga *g;
  mb_work *mw;
  lg_body *q;
  double *Vd, *a, *lam, *z, *r;   /* 6 nb, 6 nb, n - 6 nb (lambda as z holds
                                     Lambda: by groups, with the copies'
                                     dV), n, n */
  newton_jfdf_fn fdf;    /* hg_ga_jfdf, or with applied forces hg_ga_jfdf_applied */
  mb_drop *drop;         /* redundant constraints: the rows dropped at t = 0, or NULL */
} hg_ga_ws;

static void hg_gaw_free(void *ws)
{
  hg_ga_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  hg_ga_free(w->g);
  mb_work_free(w->mw);
  free(w->q); free(w->Vd); free(w->a); free(w->lam); free(w->z); free(w->r);
  mb_drop_free(w->drop);
  free(w);
}

#define HG_RHO 0.9                               /* spectral radius at infinity (huang2022) */

static void *hg_gaw_alloc(const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  hg_ga_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->p = p;
  w->nb = p->topo->nb;
  w->nj = p->topo->nj;
  w->n = 6 * w->nb + 3 * w->nj;
  w->tol = opt->newton_tol;
  /* the round-off floor of the dot rows, products of unit vectors */
  if (p->topo->nxval > 0) w->tol = fmax(w->tol, HG_FLOOR);
  w->maxiter = opt->newton_maxiter;
  hg_ga_coef(HG_RHO, &w->am, &w->af, &w->gam, &w->beta);
  size_t nb = (size_t)w->nb, n = (size_t)w->n;
  /* (rotation, translation) of body i enter only its rows: bordered, 6 x 6 */
  /* a spring couples bodies no joint couples: its group of copies in the
     structured solver (section sec:mb-spring-sparse); with a callback, or
     another solver, dense */
  if (opt->newton_solver == LG_NEWTON_DIRECT && mb_springs_sparse(p->topo)) {
    w->g = hg_ga_alloc_as(p, 0);
    w->nw = w->g ? hg_ga_springs(w->g, opt->newton_solver) : NULL;
    w->n = w->g ? w->g->n : 0;
    n = (size_t)w->n;
  } else if (p->topo->nxval > 0) {     /* other joints: groups with copies (section below) */
    w->g = hg_ga_alloc(p);
    w->n = w->g ? w->g->n : 0;
    n = (size_t)w->n;
    w->nw = !w->g ? NULL : mb_applied_coupled(p->topo->ld) ? newton_alloc(n, opt->newton_solver)
            : mb_newton_alloc_stiff(p->topo, 6, opt->newton_solver, w->g->goff);
  } else {
    w->nw = mb_applied_coupled(p->topo->ld) ? newton_alloc(n, opt->newton_solver)
                            : mb_newton_alloc(p->topo, 6, opt->newton_solver);
    w->g = hg_ga_alloc(p);
  }
  w->fdf = w->g && w->g->applied ? hg_ga_jfdf_applied
          : w->g && w->g->goff ? hg_ga_jfdf_joints : hg_ga_jfdf;
  w->mw = mb_work_alloc(p->topo);
  w->q = calloc(nb, sizeof *w->q);
  w->Vd = malloc(6 * nb * sizeof *w->Vd);
  w->a = malloc(6 * nb * sizeof *w->a);
  w->nl = w->n - 6 * w->nb;
  if (w->nw && !(opt->newton_tol > 0)) newton_set_floor(w->nw, 1);   /* to round-off */
  w->lam = malloc(((size_t)w->nl + 1) * sizeof *w->lam);
  w->z = malloc(n * sizeof *w->z);
  w->r = malloc(n * sizeof *w->r);
  if (!w->nw || !w->g || !w->mw || !w->q || !w->Vd || !w->a || !w->lam || !w->z || !w->r) {
    hg_gaw_free(w);
    return NULL;
  }
  return w;
}

static int hg_gaw_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_ga_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  mb_initial(w->p, w->q);
  mb_at(w->p, 0);
  int st = mb_accel(w->p, w->q, w->mw, w->Vd, w->lam);   /* consistent initial acceleration */
  if (st != LG_OK) return mb_failed(w->mw, st, s);
  /* redundant constraints (section sec:mb-redundant-newton): the rows that
     factorisation dropped get the equation Lambda_i = 0 */
  mb_drop_free(w->drop);
  w->drop = mb_drop_alloc(w->mw, w->p->topo, (size_t)w->n, 6 * (size_t)w->nb, w->g->goff,
                          w->fdf, NULL, w->g, &st);
  if (st != LG_OK) return st;
  if (w->g->goff) hg_ga_groups(w->g, w->Vd, w->lam);
  if (w->g->sg) hg_ga_spring_groups(w->g, w->Vd, w->lam);
  memcpy(w->a, w->Vd, 6 * (size_t)w->nb * sizeof *w->a);
  s->newton_iters = 0;
  s->newton_resid = 0;
  s->t = 0;
  s->theta = s->omega = NAN;
  s->nbody = w->nb;
  s->body = w->q;
  return LG_OK;
}

static int hg_gaw_step(void *ws, lg_state *s)
{
  hg_ga_ws *w = ws;
  hg_ga *g = w->g;
  const int nb = w->nb, n = w->n, m0 = 6 * nb;
  const double h = w->h, c = (1 - w->af) / (1 - w->am);
  g->cq = h * h * w->beta * c;
  g->cvq = w->gam / (h * w->beta);
  g->q0 = w->q;
  double L = hg_length(w->p, w->q);
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < 6; j++) {
      const int ij = 6 * i + j;
      const double Vn = j < 3 ? w->q[i].W[j] : w->q[i].v[j - 3];
      const double aa = (w->af * w->Vd[ij] - w->am * w->a[ij]) / (1 - w->am);
      g->dq0[ij] = h * Vn + h * h * (0.5 - w->beta) * w->a[ij] + h * h * w->beta * aa;
      g->V0[ij] = Vn + h * (1 - w->gam) * w->a[ij] + h * w->gam * aa;
      w->z[ij] = g->cq * w->Vd[ij];
      if (j < 3) L = fmax(L, fabs(g->dq0[ij]));
    }
  for (int k = 0; k < w->nl; k++) w->z[m0 + k] = g->cq * w->lam[k];
  for (int k = 0; k < n; k++) g->zlast[k] = NAN;
  mb_at(w->p, (double)(w->k + 1) * h);   /* every force of the step is at t_{n+1} */
  int it;
  double res;
  if (w->drop) mb_drop_zero(w->drop, w->z);
  int st = w->drop ? newton_solve_sparse(w->nw, mb_drop_jfdf, w->drop, w->z,
                                         fmax(w->tol, HG_FLOOR * L), w->maxiter, &it, &res)
         : newton_solve_sparse(w->nw, w->fdf, g, w->z, fmax(w->tol, HG_FLOOR * L), w->maxiter,
                               &it, &res);
  s->newton_iters = it;
  s->newton_resid = res;
  if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, g->q1, w->mw, st, s) : st;
  if (w->drop) mb_drop_zero(w->drop, w->z);      /* exactly, as their equations say */
  if (memcmp(g->zlast, w->z, (size_t)n * sizeof *w->z) != 0) hg_ga_fdf(w->z, g, w->r, NULL);
  for (int ij = 0; ij < m0; ij++) {
    const double aa = (w->af * w->Vd[ij] - w->am * w->a[ij]) / (1 - w->am);
    w->Vd[ij] = w->z[ij] / g->cq;
    w->a[ij] = aa + c * w->Vd[ij];
  }
  for (int k = 0; k < w->nl; k++) w->lam[k] = w->z[m0 + k] / g->cq;
  memcpy(w->q, g->q1, (size_t)nb * sizeof *w->q);
  w->k++;
  s->t = (double)w->k * h;
  s->nbody = nb;
  s->body = w->q;
  return w->drop ? mb_rank_watch(w->p, w->q, w->mw, s) : LG_OK;
}
/* ---------------------------------------------------------------- the heavy top */
void hg_ht_torque(double tau[3], const ht_params *p, const double R[9])
{
  double gb[3];
  so3_mtv(gb, R, p->gdir);
  so3_cross(tau, p->rho, gb);
  for (int a = 0; a < 3; a++) tau[a] *= p->m * p->g;
}

int hg_ht_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_ht *e = par;
  const ht_params *p = e->p;
  const double *J = p->J;
  if (e->kind == HG_HT_RL) {
    double G[3];
    hg_G(HG_FORM_RL, J, z, G, Jac);
    for (int a = 0; a < 3; a++) r[a] = G[a] - e->c[a];
  } else {
    double th[3], F[9], JW[3], gy[3], tau[3];
    for (int a = 0; a < 3; a++) {
      th[a] = e->c[a] + z[a];
      e->W1[a] = e->V0[a] + e->cvq * z[a];
      JW[a] = J[a] * e->W1[a];
    }
    so3_exp(F, th);
    so3_mul(e->R1, e->R0, F);
    so3_cross(gy, JW, e->W1);
    hg_ht_torque(tau, p, e->R1);
    for (int a = 0; a < 3; a++) r[a] = z[a] - e->cq * (gy[a] + tau[a]) / J[a];
    if (Jac) {
      /* I + c_v J^{-1} (hat(W) J - hat(J W)) - c_q J^{-1} m g hat(rho) hat(R^T gdir) T */
      const double cv = e->cq * e->cvq, mg = p->m * p->g;
      double Hw[9], Hj[9], gb[3], Hr[9], Hg[9], K[9], T[9], KT[9];
      so3_hat(Hw, e->W1);
      so3_hat(Hj, JW);
      so3_mtv(gb, e->R1, p->gdir);
      so3_hat(Hr, p->rho);
      so3_hat(Hg, gb);
      so3_mul(K, Hr, Hg);
      so3_dexp(T, th);
      so3_mul(KT, K, T);
      for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++)
          Jac[3 * a + b] = (cv * (Hw[3 * a + b] * J[b] - Hj[3 * a + b]) -
                            e->cq * mg * KT[3 * a + b]) / J[a];
        Jac[4 * a] += 1.0;
      }
    }
  }
  memcpy(e->zlast, z, sizeof e->zlast);
  return 0;
}

typedef struct {
  int kind;
  ht_params p;
  double h, tol, am, af, gam, beta;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_ht e;
  double R[9], W[3], Wd[3], a[3];
  double tau[3];         /* RL: the torque at R */
  double zh[4][3];       /* RL: the last four solutions, newest first */
  int nh;
} hg_ht_ws;

static void hg_htw_free(void *ws)
{
  hg_ht_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  free(w);
}

static void *hg_htw_alloc(int kind, const void *par, const lg_opts *opt)
{
  hg_ht_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->kind = kind;
  memcpy(&w->p, par, sizeof w->p);
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  hg_ga_coef(HG_RHO, &w->am, &w->af, &w->gam, &w->beta);
  w->nw = newton_alloc(3, opt->newton_solver);
  if (!w->nw) { free(w); return NULL; }
  newton_set_eager(w->nw, 1);                  /* two iterations a step: J with F after the first */
  newton_set_floor(w->nw, !(opt->newton_tol > 0));   /* to round-off: the tolerance a floor */
  w->e.p = &w->p;
  w->e.kind = kind;
  return w;
}
static void *hg_htrl_alloc(const void *par, const lg_opts *opt)
{
  return hg_htw_alloc(HG_HT_RL, par, opt);
}
static void *hg_htga_alloc(const void *par, const lg_opts *opt)
{
  return hg_htw_alloc(HG_HT_GA, par, opt);
}

static void hg_htw_put(const hg_ht_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  memcpy(s->R, w->R, sizeof s->R);
  memcpy(s->W, w->W, sizeof s->W);
  memset(s->x, 0, sizeof s->x);
  memset(s->v, 0, sizeof s->v);
  s->nbody = 0;
  s->body = NULL;
}

static int hg_htw_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_ht_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  w->nh = 0;
  memcpy(w->R, w->p.R0, sizeof w->R);
  memcpy(w->W, w->p.W0, sizeof w->W);
  ht_rhs_w(w->Wd, &w->p, w->R, w->W);           /* consistent initial acceleration */
  memcpy(w->a, w->Wd, sizeof w->a);
  hg_ht_torque(w->tau, &w->p, w->R);
  s->newton_iters = 0;
  s->newton_resid = 0;
  hg_htw_put(w, s);
  return LG_OK;
}

static int hg_htw_step(void *ws, lg_state *s)
{
  hg_ht_ws *w = ws;
  hg_ht *e = &w->e;
  const double h = w->h, *J = w->p.J;
  double z[3], scale = 0;
  int it;
  double res;
  memcpy(e->R0, w->R, sizeof e->R0);
  if (w->kind == HG_HT_RL) {
    for (int a = 0; a < 3; a++) {
      e->c[a] = h * (J[a] * w->W[a] + 0.5 * h * w->tau[a]);
      z[a] = w->nh == 4 ? 4 * w->zh[0][a] - 6 * w->zh[1][a] + 4 * w->zh[2][a] - w->zh[3][a]
           : w->nh == 3 ? 3 * w->zh[0][a] - 3 * w->zh[1][a] + w->zh[2][a]
           : w->nh == 2 ? 2 * w->zh[0][a] - w->zh[1][a] : e->c[a] / J[a];
    }
  } else {
    const double c = (1 - w->af) / (1 - w->am);
    e->cq = h * h * w->beta * c;
    e->cvq = w->gam / (h * w->beta);
    for (int a = 0; a < 3; a++) {
      const double aa = (w->af * w->Wd[a] - w->am * w->a[a]) / (1 - w->am);
      e->c[a] = h * w->W[a] + h * h * (0.5 - w->beta) * w->a[a] + h * h * w->beta * aa;
      e->V0[a] = w->W[a] + h * (1 - w->gam) * w->a[a] + h * w->gam * aa;
      z[a] = e->cq * w->Wd[a];
    }
  }
  scale = hg_amax(e->c, 3);
  e->zlast[0] = NAN;
  int st = newton_solve(w->nw, hg_ht_fdf, e, z, fmax(w->tol, HG_FLOOR * scale), w->maxiter, &it,
                        &res);
  s->newton_iters = it;
  s->newton_resid = res;
  if (st != LG_OK) return st;
  if (w->kind == HG_HT_RL) {
    double F[9], Pi[3];
    for (int a = 0; a < 3; a++) Pi[a] = e->c[a] / h;
    so3_exp(F, z);
    so3_mul(w->R, w->R, F);
    so3_mtv(w->W, F, Pi);                        /* F^T Pi+ = -G(-theta)/h */
    hg_ht_torque(w->tau, &w->p, w->R);
    for (int a = 0; a < 3; a++) w->W[a] = (w->W[a] + 0.5 * h * w->tau[a]) / J[a];
    memmove(w->zh[1], w->zh[0], 3 * sizeof w->zh[0]);
    memcpy(w->zh[0], z, sizeof w->zh[0]);
    if (w->nh < 4) w->nh++;
  } else {
    double r[3];
    if (memcmp(e->zlast, z, sizeof z) != 0) hg_ht_fdf(z, e, r, NULL);
    const double c = (1 - w->af) / (1 - w->am);
    for (int a = 0; a < 3; a++) {
      const double aa = (w->af * w->Wd[a] - w->am * w->a[a]) / (1 - w->am);
      w->Wd[a] = z[a] / e->cq;
      w->a[a] = aa + c * w->Wd[a];
    }
    memcpy(w->R, e->R1, sizeof w->R);
    memcpy(w->W, e->W1, sizeof w->W);
  }
  w->k++;
  hg_htw_put(w, s);
  return LG_OK;
}
/* ---------------------------------------------------------------- scheme records */
static const lg_scheme_type hg_scheme_dh = {
  "dh", "multibody", "huang2022 Eqs. 7-14, velocity constraint at t_{n+1} as in RATTLE",
  "general-format Hamiltonian LGVI: F = exp(theta), J_d, multipliers at both ends of the step", 1,
  hg_dh_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
static const lg_scheme_type hg_scheme_rl = {
  "rattlie", "multibody", "huang2022 Eqs. 15-23 (Hante and Arnold's RATTLie)",
  "RATTLie: log-map angular velocity, T^{-T}, two half steps with lambda- and lambda+", 1,
  hg_rl_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
static const lg_scheme_type hg_scheme_dl = {
  "dl", "multibody",
      "huang2022 Fig. 7 (DL; equations not printed): DH's discrete Lagrangian, SHAKE placement",
  "discrete Euler-Lagrange LGVI: one multiplier per time point, no velocity constraint", 1,
  hg_dl_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
static const lg_scheme_type hg_scheme_ga = {
  "galpha", "multibody",
      "huang2022 Sec. 3 (Bruls, Cardona and Arnold's Lie group generalized-alpha)",
  "Lie group generalized-alpha, index 3, spectral radius 0.9 at infinity", 1,
  hg_gaw_alloc, hg_gaw_init, hg_gaw_step, hg_gaw_free
};
static const lg_scheme_type hg_scheme_htrl = {
  "rattlie", "heavytop", "huang2022 Eqs. 15-23 on the heavy top (no constraints)",
  "RATTLie: log-map angular velocity, T^{-T} at -theta and +theta", 1,
  hg_htrl_alloc, hg_htw_init, hg_htw_step, hg_htw_free
};
static const lg_scheme_type hg_scheme_htga = {
  "galpha", "heavytop", "huang2022 Sec. 3 generalized-alpha on the heavy top",
  "Lie group generalized-alpha, spectral radius 0.9 at infinity", 1,
  hg_htga_alloc, hg_htw_init, hg_htw_step, hg_htw_free
};

const lg_scheme_type *const huang2022_schemes[] = {
  &hg_scheme_dh, &hg_scheme_rl, &hg_scheme_dl, &hg_scheme_ga, &hg_scheme_htrl, &hg_scheme_htga,
      NULL
};
