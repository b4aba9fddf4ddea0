/* blocks.c: the building blocks of huang2022's schemes: the coefficients
   of the tangent operator and its inverse, the maps G of DH and RATTLie,
   the joint blocks. */
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
#include "scheme/huang2022/internal.h"
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
/* the length scale of the round-off floor: largest sum over a joint of the
   sizes of the positions and points that enter Phi */
double hg_length(const mb_par *p, const lg_body *q)
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
