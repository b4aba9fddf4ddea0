/* so3.c: unit tests of lie/so3 (tangled from chapters/01-lie.nw). */
#include <math.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_linalg.h>
#include "core/lg.h"
#include "lie/so3.h"

#define U (DBL_EPSILON / 2)                 /* unit round-off 2^-53 */
#define PI 3.14159265358979323846

static void rand_ball(gsl_rng *r, double w[3], double radius)
{
  double n;
  do {
    for (int i = 0; i < 3; i++) w[i] = 2.0 * gsl_rng_uniform(r) - 1.0;
    n = so3_norm(w);
  } while (n > 1.0 || n < 1e-3);
  for (int i = 0; i < 3; i++) w[i] *= radius;
}

static void rand_unit(gsl_rng *r, double n[3])
{
  rand_ball(r, n, 1.0);
  double s = so3_norm(n);
  for (int i = 0; i < 3; i++) n[i] /= s;
}

static void rand_rotation(gsl_rng *r, double R[9])
{
  double w[3];
  rand_ball(r, w, 3.14);
  so3_exp(R, w);
}

static double max_abs_diff(const double A[9], const double B[9])
{
  double m = 0.0;
  for (int k = 0; k < 9; k++) m = fmax(m, fabs(A[k] - B[k]));
  return m;
}

/* f_m(t) = sum (-t^2)^k/(2k+m)! (d = 0) or its t-derivative (d = 1). */
static long double ld_coef(long double t, int m, int d)
{
  long double x = t * t, term = 1.0L, s = 0.0L;
  for (int i = 2; i <= m; i++) term /= i;
  for (int k = 0; k < 200; k++) {
    long double add = d ? (k > 0 ? 2.0L * k * term / t : 0.0L) : term;
    if (d && t == 0.0L) add = 0.0L;
    long double s1 = s + add;
    if (k > 2 && s1 == s) break;
    s = s1;
    term *= -x / ((long double)(2 * k + m + 1) * (long double)(2 * k + m + 2));
  }
  return s;
}

/* I + p W + q W^2 in long double, W = hat(w), by matrix products. */
static void ld_quadratic(long double M[9], const double w[3], long double p,
                         long double q)
{
  long double W[9] = { 0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0 };
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      long double w2 = 0;
      for (int k = 0; k < 3; k++) w2 += W[3 * i + k] * W[3 * k + j];
      M[3 * i + j] = (i == j) + p * W[3 * i + j] + q * w2;
    }
}

/* Componentwise error of M against the long double Mref, in units of u times
   the size of the terms that make up each entry. */
static double ulp_err(const double M[9], const long double Mref[9], const double w[3],
                      long double p, long double q)
{
  long double A[9];
  double wa[3] = { fabs(w[0]), fabs(w[1]), fabs(w[2]) };
  ld_quadratic(A, wa, 0.0L, 0.0L);          /* identity */
  double e = 0.0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      long double wi = fabsl((long double)w[i]), wj = fabsl((long double)w[j]);
      long double sq = (i == j) ? (long double)w[0] * w[0] + (long double)w[1] * w[1]
                                  + (long double)w[2] * w[2] - wi * wi
                                : wi * wj;
      long double off = (i == j) ? 0.0L : fabsl((long double)w[3 - i - j]);
      long double scale = A[3 * i + j] + fabsl(p) * off + fabsl(q) * sq;
      if (scale == 0.0L) { if (M[3 * i + j] != 0.0) return INFINITY; continue; }
      long double d = fabsl((long double)M[3 * i + j] - Mref[3 * i + j]);
      e = fmax(e, (double)(d / (U * scale)));
    }
  return e;
}
static void test_algebra(gsl_rng *r)
{
  double e_vee = 0, e_cross = 0, e_mul = 0, e_tn = 0, e_nt = 0, e_mv = 0;
  int alias_ok = 1;
  for (int n = 0; n < 2000; n++) {
    double w[3], x[3], S[9], v[3], c[3], y[3], A[9], B[9], C[9], D[9], At[9], Bt[9];
    rand_ball(r, w, 3.0);
    rand_ball(r, x, 3.0);
    so3_hat(S, w);
    so3_vee(v, S);
    for (int i = 0; i < 3; i++) e_vee = fmax(e_vee, fabs(v[i] - w[i]));
    so3_mv(y, S, x);
    so3_cross(c, w, x);
    for (int i = 0; i < 3; i++) e_cross = fmax(e_cross, fabs(y[i] - c[i]));
    for (int k = 0; k < 9; k++) {
      A[k] = 2.0 * gsl_rng_uniform(r) - 1.0;
      B[k] = 2.0 * gsl_rng_uniform(r) - 1.0;
    }
    so3_mul(C, A, B);
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        long double sum = 0, mag = 0;
        for (int k = 0; k < 3; k++) {
          sum += (long double)A[3 * i + k] * B[3 * k + j];
          mag += fabsl((long double)A[3 * i + k] * B[3 * k + j]);
        }
        e_mul = fmax(e_mul, (double)(fabsl(C[3 * i + j] - sum) / (U * mag)));
      }
    so3_transpose(At, A);
    so3_transpose(Bt, B);
    so3_mul(C, At, B); so3_mul_tn(D, A, B); e_tn = fmax(e_tn, max_abs_diff(C, D));
    so3_mul(C, A, Bt); so3_mul_nt(D, A, B); e_nt = fmax(e_nt, max_abs_diff(C, D));
    so3_mv(y, At, x); so3_mtv(v, A, x);
    for (int i = 0; i < 3; i++) e_mv = fmax(e_mv, fabs(y[i] - v[i]));
    /* aliasing: output equal to either input */
    double A2[9], B2[9], x2[3];
    memcpy(A2, A, sizeof A); so3_mul(C, A, B); so3_mul(A2, A2, B);
    alias_ok &= max_abs_diff(A2, C) == 0.0;
    memcpy(B2, B, sizeof B); so3_mul(B2, A, B2); alias_ok &= max_abs_diff(B2, C) == 0.0;
    memcpy(A2, A, sizeof A); so3_mul_tn(C, A, B); so3_mul_tn(A2, A2, B);
    alias_ok &= max_abs_diff(A2, C) == 0.0;
    memcpy(A2, A, sizeof A); so3_mul_nt(C, A, B); so3_mul_nt(A2, A2, B);
    alias_ok &= max_abs_diff(A2, C) == 0.0;
    memcpy(A2, A, sizeof A); so3_transpose(A2, A2);
    alias_ok &= max_abs_diff(A2, At) == 0.0;
    memcpy(x2, x, sizeof x); so3_mv(y, A, x); so3_mv(x2, A, x2);
    alias_ok &= x2[0] == y[0] && x2[1] == y[1] && x2[2] == y[2];
    memcpy(x2, x, sizeof x); so3_mtv(y, A, x); so3_mtv(x2, A, x2);
    alias_ok &= x2[0] == y[0] && x2[1] == y[1] && x2[2] == y[2];
    memcpy(x2, x, sizeof x); so3_cross(y, x, w); so3_cross(x2, x2, w);
    alias_ok &= x2[0] == y[0] && x2[1] == y[1] && x2[2] == y[2];
    /* maps whose vector argument lies inside the output matrix, and back */
    double M[9] = { w[0], w[1], w[2], 0, 0, 0, 0, 0, 0 };
    so3_exp(C, w); so3_exp(M, M); alias_ok &= max_abs_diff(M, C) == 0.0;
    memcpy(M, w, sizeof w); so3_dexp(C, w); so3_dexp(M, M);
    alias_ok &= max_abs_diff(M, C) == 0.0;
    memcpy(M, w, sizeof w); so3_dexpinv(C, w); so3_dexpinv(M, M);
    alias_ok &= max_abs_diff(M, C) == 0.0;
    memcpy(M, w, sizeof w); so3_cay(C, w); so3_cay(M, M);
    alias_ok &= max_abs_diff(M, C) == 0.0;
    memcpy(M, w, sizeof w); so3_hat(C, w); so3_hat(M, M);
    alias_ok &= max_abs_diff(M, C) == 0.0;
    so3_exp(M, w); so3_log(y, M); so3_log(M, M);
    alias_ok &= M[0] == y[0] && M[1] == y[1] && M[2] == y[2];
    so3_cay(M, w); so3_cayinv(y, M); so3_cayinv(M, M);
    alias_ok &= M[0] == y[0] && M[1] == y[1] && M[2] == y[2];
    so3_hat(M, w); so3_vee(y, M); so3_vee(M, M);
    alias_ok &= M[0] == y[0] && M[1] == y[1] && M[2] == y[2];
    memcpy(M, w, sizeof w); so3_cardan(C, w); so3_cardan(M, M);
    alias_ok &= max_abs_diff(M, C) == 0.0;
  }
  gsl_test_abs(e_vee, 0.0, 0.0, "vee(hat w) = w exactly");
  gsl_test_abs(e_cross, 0.0, 1e-15, "hat(w) x = w x x");
  gsl_test_abs(e_mul, 0.0, 4.0,
               "so3_mul vs long double product, in u times sum |a_ik b_kj|");
  gsl_test_abs(e_tn, 0.0, 0.0, "so3_mul_tn(A,B) = so3_mul(A^T,B) exactly");
  gsl_test_abs(e_nt, 0.0, 0.0, "so3_mul_nt(A,B) = so3_mul(A,B^T) exactly");
  gsl_test_abs(e_mv, 0.0, 0.0, "so3_mtv(A,x) = so3_mv(A^T,x) exactly");
  gsl_test(!alias_ok,
           "every function gives the same bits when its output aliases an input");
  double I[9], e = 1.0, z[3] = { 0, 0, 0 }, Z[9];
  so3_identity(I);
  so3_exp(Z, z);
  gsl_test_abs(max_abs_diff(I, Z), 0.0, 0.0, "exp(0) = I exactly");
  double a[3] = { 1e-200, -2e-200, 3e-200 }, b[3] = { 1e200, 2e200, -2e200 };
  gsl_test_rel(so3_norm(a), sqrt(14.0) * 1e-200, 4 * U,
               "norm of a tiny vector (no underflow)");
  gsl_test_rel(so3_norm(b), 3e200, 4 * U, "norm of a huge vector (no overflow)");
  gsl_test_abs(so3_dot(b, a), 1.0 - 4.0 - 6.0, 1e-15 * e, "dot product");
}
/* exp(W) in long double by scaling and squaring of the Taylor series. */
static void ld_expm(long double E[9], const double w[3])
{
  long double W[9] = { 0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0 };
  long double t = sqrtl((long double)w[0] * w[0] + (long double)w[1] * w[1]
                        + (long double)w[2] * w[2]);
  int sq = 0;
  while (t > 0.125L) { t /= 2; sq++; }
  for (int k = 0; k < 9; k++) W[k] = ldexpl(W[k], -sq);
  long double T[9], P[9], Q[9];
  for (int k = 0; k < 9; k++) { E[k] = (k % 4 == 0); T[k] = E[k]; }
  for (int n = 1; n <= 30; n++) {           /* T <- T W / n, E <- E + T */
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        P[3 * i + j] = 0;
        for (int k = 0; k < 3; k++) P[3 * i + j] += T[3 * i + k] * W[3 * k + j];
      }
    for (int k = 0; k < 9; k++) { T[k] = P[k] / n; E[k] += T[k]; }
  }
  for (int s = 0; s < sq; s++) {
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        Q[3 * i + j] = 0;
        for (int k = 0; k < 3; k++) Q[3 * i + j] += E[3 * i + k] * E[3 * k + j];
      }
    for (int k = 0; k < 9; k++) E[k] = Q[k];
  }
}

static double det3(const double A[9])
{
  return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6])
       + A[2] * (A[3] * A[7] - A[4] * A[6]);
}

static void test_random_rotations(gsl_rng *r)
{
  double e_orth = 0, e_det = 0, e_ref = 0, e_logexp = 0, e_explog = 0, e_dd = 0;
  double e_cc = 0, e_cw = 0, e_cdef = 0, e_cang = 0, e_axis = 0, e_cardan = 0;
  double I[9];
  so3_identity(I);
  gsl_matrix *M = gsl_matrix_alloc(3, 3), *Mi = gsl_matrix_alloc(3, 3);
  gsl_permutation *perm = gsl_permutation_alloc(3);
  for (int n = 0; n < 10000; n++) {
    double w[3], v[3], R[9], S[9], T[9], Ti[9], P[9];
    long double E[9];
    rand_ball(r, w, 3.14159);
    so3_exp(R, w);
    e_orth = fmax(e_orth, so3_orth_err(R));
    e_det = fmax(e_det, fabs(det3(R) - 1.0));
    ld_expm(E, w);
    for (int k = 0; k < 9; k++) e_ref = fmax(e_ref, (double)fabsl(R[k] - E[k]));
    so3_log(v, R);
    for (int i = 0; i < 3; i++) e_logexp = fmax(e_logexp, fabs(v[i] - w[i]));
    rand_rotation(r, R);
    so3_log(v, R);
    so3_exp(S, v);
    e_explog = fmax(e_explog, max_abs_diff(S, R));
    so3_dexp(T, w);
    so3_dexpinv(Ti, w);
    so3_mul(P, T, Ti); e_dd = fmax(e_dd, max_abs_diff(P, I));
    so3_mul(P, Ti, T); e_dd = fmax(e_dd, max_abs_diff(P, I));
    /* Cayley map */
    rand_ball(r, w, 3.0);
    so3_cay(R, w);
    so3_cayinv(v, R);
    for (int i = 0; i < 3; i++)
      e_cw = fmax(e_cw, fabs(v[i] - w[i]) / fmax(1.0, so3_norm(w)));
    rand_ball(r, v, 2.5);
    so3_exp(R, v);
    so3_cayinv(w, R);
    so3_cay(S, w);
    e_cc = fmax(e_cc, max_abs_diff(S, R));
    so3_hat(S, w);                          /* (I + W)(I - W)^{-1} */
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) gsl_matrix_set(M, i, j, (i == j) - S[3 * i + j]);
    int sgn;
    gsl_linalg_LU_decomp(M, perm, &sgn);
    gsl_linalg_LU_invert(M, perm, Mi);
    for (int k = 0; k < 9; k++) {
      P[k] = (k % 4 == 0) + S[k];
      T[k] = gsl_matrix_get(Mi, k / 3, k % 3);
    }
    so3_mul(Ti, P, T);
    so3_cay(R, w);
    e_cdef = fmax(e_cdef, max_abs_diff(Ti, R));
    double t = so3_norm(w), u2[3];              /* cay(w) = exp(2 atan(t) w/t) */
    for (int i = 0; i < 3; i++) u2[i] = 2.0 * atan(t) / t * w[i];
    so3_exp(S, u2);
    e_cang = fmax(e_cang, max_abs_diff(S, R));
    /* axis rotations and Cardan angles */
    double a[3], Rx[9], Ry[9], Rz[9], ex[3] = { 0 }, ey[3] = { 0 }, ez[3] = { 0 };
    for (int i = 0; i < 3; i++) a[i] = 7.0 * gsl_rng_uniform(r) - 3.5;
    so3_rotx(Rx, a[0]); so3_roty(Ry, a[1]); so3_rotz(Rz, a[2]);
    ex[0] = a[0]; ey[1] = a[1]; ez[2] = a[2];
    so3_exp(S, ex); e_axis = fmax(e_axis, max_abs_diff(S, Rx));
    so3_exp(S, ey); e_axis = fmax(e_axis, max_abs_diff(S, Ry));
    so3_exp(S, ez); e_axis = fmax(e_axis, max_abs_diff(S, Rz));
    so3_mul(P, Rx, Ry);
    so3_mul(P, P, Rz);
    so3_cardan(S, a);
    e_cardan = fmax(e_cardan, max_abs_diff(S, P));
  }
  gsl_matrix_free(M); gsl_matrix_free(Mi); gsl_permutation_free(perm);
  gsl_test_abs(e_orth, 0.0, 1e-14, "|I - R R^T|_F for R = exp(w), |w| < pi");
  gsl_test_abs(e_det, 0.0, 1e-14, "det exp(w) = 1");
  gsl_test_abs(e_ref, 0.0, 1e-14, "exp(w) vs long double scaling and squaring");
  gsl_test_abs(e_logexp, 0.0, 1e-14, "log(exp w) = w, |w| < pi");
  gsl_test_abs(e_explog, 0.0, 1e-14, "exp(log R) = R");
  gsl_test_abs(e_dd, 0.0, 1e-14,
               "dexp(w) dexpinv(w) = dexpinv(w) dexp(w) = I, |w| < pi");
  gsl_test_abs(e_cw, 0.0, 1e-14, "cayinv(cay w) = w, |w| < 3 (relative to max(1,|w|))");
  gsl_test_abs(e_cc, 0.0, 1e-14, "cay(cayinv R) = R, angle < 2.5");
  gsl_test_abs(e_cdef, 0.0, 1e-14, "cay(w) = (I + W)(I - W)^{-1} (GSL LU inverse)");
  gsl_test_abs(e_cang, 0.0, 1e-14, "cay(w) = exp(2 atan|w| w/|w|)");
  gsl_test_abs(e_axis, 0.0, 1e-14, "rotx, roty, rotz = exp(a e_i)");
  gsl_test_abs(e_cardan, 0.0, 1e-14, "cardan(a) = Rx(a0) Ry(a1) Rz(a2)");
}
static void test_derivatives(gsl_rng *r)
{
  double (*f[3])(double) = { so3_sinc, so3_cosc, so3_sincc };
  double (*df[3])(double) = { so3_sinc_d, so3_cosc_d, so3_sincc_d };
  const char *name[3] = { "sinc", "cosc", "sincc" };
  const double h = 1e-5;
  for (int m = 0; m < 3; m++) {
    double e = 0.0;
    for (int i = 1; i <= 4000; i++) {
      double t = 0.003 * i;
      e = fmax(e, fabs((f[m](t + h) - f[m](t - h)) / (2 * h) - df[m](t)));
      e = fmax(e, fabs((f[m](-t + h) - f[m](-t - h)) / (2 * h) - df[m](-t)));
    }
    gsl_test_abs(e, 0.0, 1e-9, "%s_d vs central difference, |t| in [0.003, 12]",
                 name[m]);
  }
  double e_T = 0.0, worst_ratio = 0.0;
  for (int n = 0; n < 1000; n++) {
    double w[3], d[3], T[9], Td[3], R[9], Rp[9], Rm[9], Ap[9], Am[9], H[9];
    double wp[3], wm[3];
    rand_ball(r, w, 2 * PI - 0.5);
    rand_unit(r, d);
    const double eps = 1e-5;
    for (int i = 0; i < 3; i++) {
      wp[i] = w[i] + eps * d[i];
      wm[i] = w[i] - eps * d[i];
    }
    so3_exp(R, w); so3_exp(Rp, wp); so3_exp(Rm, wm);
    so3_mul_tn(Ap, R, Rp); so3_mul_tn(Am, R, Rm);
    so3_dexp(T, w);
    so3_mv(Td, T, d);
    so3_hat(H, Td);
    for (int k = 0; k < 9; k++)
      e_T = fmax(e_T, fabs((Ap[k] - Am[k]) / (2 * eps) - H[k]));
    /* second-order agreement of exp(w + e d) and exp(w) exp(e T d) */
    double disc[2];
    for (int s = 0; s < 2; s++) {
      double e = 1e-3 / (1 << s), ed[3], E1[9], E2[9];
      for (int i = 0; i < 3; i++) { wp[i] = w[i] + e * d[i]; ed[i] = e * Td[i]; }
      so3_exp(E1, wp); so3_exp(E2, ed); so3_mul(E2, R, E2);
      disc[s] = max_abs_diff(E1, E2);
    }
    worst_ratio = fmax(worst_ratio, fabs(disc[0] / disc[1] - 4.0));
  }
  gsl_test_abs(e_T, 0.0, 1e-9,
               "exp(w)^T d/de exp(w + e d) = hat(dexp(w) d), |w| < 2 pi - 0.5");
  gsl_test_abs(worst_ratio, 0.0, 0.05,
               "exp(w+ed) - exp(w)exp(eTd) = O(e^2): error ratio at e, e/2 minus 4");
}
static void test_small_angles(gsl_rng *r)
{
  const double tiny[4] = { 1e-4, 1e-8, 1e-12, 0.0 };
  double (*f[6])(double) = { so3_sinc, so3_cosc, so3_sincc,
                             so3_sinc_d, so3_cosc_d, so3_sincc_d };
  const char *name[6] = { "sinc", "cosc", "sincc", "sinc_d", "cosc_d", "sincc_d" };
  for (int a = 0; a < 4; a++) {
    double t = tiny[a];
    for (int m = 0; m < 6; m++) {
      long double ref = ld_coef(t, m % 3 + 1, m / 3);
      double v = f[m](t);
      double e = ref == 0.0L ? fabs(v) / U : (double)(fabsl(v - ref) / fabsl(ref) / U);
      gsl_test_abs(e, 0.0, 4.0, "%s(%g) vs long double series, error in u", name[m], t);
    }
    double e_exp = 0, e_T = 0, e_Ti = 0, e_log = 0, e_orth = 0;
    for (int n = 0; n < 10; n++) {
      double w[3], R[9], T[9], Ti[9], v[3];
      long double M[9], p, q;
      rand_unit(r, w);
      for (int i = 0; i < 3; i++) w[i] *= t;
      double tt = so3_norm(w);
      so3_exp(R, w);
      p = ld_coef(tt, 1, 0); q = ld_coef(tt, 2, 0);
      ld_quadratic(M, w, p, q);
      e_exp = fmax(e_exp, ulp_err(R, M, w, p, q));
      so3_dexp(T, w);
      p = -ld_coef(tt, 2, 0); q = ld_coef(tt, 3, 0);
      ld_quadratic(M, w, p, q);
      e_T = fmax(e_T, ulp_err(T, M, w, p, q));
      so3_dexpinv(Ti, w);
      long double x = (long double)tt * tt;
      q = 1.0L / 12 + x * (1.0L / 720 + x * (1.0L / 30240 + x / 1209600));
      ld_quadratic(M, w, 0.5L, q);
      e_Ti = fmax(e_Ti, ulp_err(Ti, M, w, 0.5L, q));
      so3_log(v, R);
      for (int i = 0; i < 3; i++)
        e_log = fmax(e_log, t == 0.0 ? fabs(v[i]) / U : fabs(v[i] - w[i]) / (U * t));
      e_orth = fmax(e_orth, so3_orth_err(R));
    }
    gsl_test_abs(e_exp, 0.0, 8.0, "exp(w), |w| = %g, componentwise error in u", t);
    gsl_test_abs(e_T, 0.0, 8.0, "dexp(w), |w| = %g, componentwise error in u", t);
    gsl_test_abs(e_Ti, 0.0, 8.0, "dexpinv(w), |w| = %g, vs Bernoulli series, in u", t);
    gsl_test_abs(e_log, 0.0, 4.0, "log(exp w), |w| = %g, error in u |w|", t);
    gsl_test_abs(e_orth, 0.0, 1e-15, "|I - R R^T|_F for R = exp(w), |w| = %g", t);
  }
  /* the coefficient functions over [0, 3.1]: relative error against the series */
  for (int m = 0; m < 6; m++) {
    double e = 0.0;
    for (int i = 0; i <= 6200; i++) {
      double t = 0.0005 * i;
      long double ref = ld_coef(t, m % 3 + 1, m / 3);
      double v = f[m](t);
      e = fmax(e, ref == 0.0L ? fabs(v) / U
                              : (double)(fabsl(v - ref) / fabsl(ref) / U));
    }
    gsl_test_abs(e, 0.0, 6.0, "%s on [0, 3.1] vs long double series, error in u",
                 name[m]);
  }
}
static void test_series_length(void)
{
  double (*f[6])(double) = { so3_sinc, so3_cosc, so3_sincc,
                             so3_sinc_d, so3_cosc_d, so3_sincc_d };
  const char *name[6] = { "sinc", "cosc", "sincc", "sinc_d", "cosc_d", "sincc_d" };
  const double tmax[6] = { 1.0, 2.0, 2.5, 2.0, 3.0, 3.0 };
  const long double eps = ldexpl(1.0L, -55);
  for (int s = 0; s < 6; s++) {
    int m = s % 3 + 1, d = s / 3, nmax = 0, ok_len = 1, ok_min = 1;
    double e = 0.0;
    for (int i = 0; i < 4000; i++) {
      double t = 1e-9 * pow(tmax[s] / 1e-9, i / 4000.0);
      int n = so3_series_terms(s, t);
      long double x = (long double)t * t, tau[2];
      for (int k = 0; k < 2; k++) {   /* tau_n, then tau_{n-1}: x^j m!/(2j+m)!, */
        int j = n - k;                  /* or (j+1) x^j (m+2)!/(2j+m+2)! for f_m'/t */
        long double v = d ? (long double)(j + 1) : 1.0L;
        for (int q = 1; q <= j; q++) v *= x;
        for (int q = 1; q <= 2 * j; q++) v /= (long double)(m + 2 * d + q);
        tau[k] = v;
      }
      if (n < 1) ok_len = 0;
      if (!(tau[0] <= eps)) ok_len = 0;
      if (n > 1 && !(tau[1] > 0.8L * eps)) ok_min = 0;
      nmax = n > nmax ? n : nmax;
      long double ref = ld_coef(t, m, d);
      e = fmax(e, (double)(fabsl(f[s](t) - ref) / fabsl(ref) / U));
    }
    gsl_test(!ok_len, "%s: the first term left out is below 2^-55 (longest series %d terms)",
             name[s], nmax);
    gsl_test(!ok_min, "%s: one term fewer would not do", name[s]);
    gsl_test_abs(e, 0.0, 3.0, "%s on [1e-9, %g] vs long double series, error in u", name[s],
                 tmax[s]);
  }
}
static void test_sinc_cosc(void)
{
  int bad = 0;
  double worst = 0;
  for (int i = -6; i < 2 * 4000; i++) {
    static const double special[6] = {0.0, 1.0, 2.0, 3.0, 0.99999999999999989, 1e-300};
    double t = i < 0 ? special[i + 6] : (i % 2 ? -1 : 1) * 1e-9 * pow(1e10, (i / 2) / 4000.0);
    double k[4], k0[4];
    so3_sinc_cosc(k, t, 1);
    so3_sinc_cosc(k0, t, 0);
    int ok = k[0] == so3_sinc(t) && k[1] == so3_cosc(t) && k0[0] == k[0] && k0[1] == k[1]
             && (t == 0 ? k[2] == -1.0 / 3 && k[3] == -1.0 / 12
                        : t * k[2] == so3_sinc_d(t) && t * k[3] == so3_cosc_d(t));
    if (!ok) { bad++; worst = t; }
  }
  gsl_test(bad, "so3_sinc_cosc = so3_sinc, so3_cosc and the derivatives over t, bit for bit "
           "(%d points differ, one at t = %g)", bad, worst);
}
static void test_near_pi(gsl_rng *r)
{
  const double delta[3] = { 1e-6, 1e-10, 0.0 };
  for (int a = 0; a < 3; a++) {
    double e = 0.0, e_len = 0.0, e_back = 0.0;
    for (int n = 0; n < 24; n++) {
      double ax[3] = { 0, 0, 0 }, w[3], R[9], S[9], v[3];
      if (n < 3) ax[n] = 1.0;
      else if (n == 3) ax[0] = ax[1] = ax[2] = 1.0 / sqrt(3.0);
      else rand_unit(r, ax);
      for (int i = 0; i < 3; i++) w[i] = (PI - delta[a]) * ax[i];
      so3_exp(R, w);
      so3_log(v, R);
      double dp = 0, dm = 0;
      for (int i = 0; i < 3; i++) {
        dp = fmax(dp, fabs(v[i] - w[i]));
        dm = fmax(dm, fabs(v[i] + w[i]));
      }
      e = fmax(e, delta[a] > 0 ? dp : fmin(dp, dm));
      e_len = fmax(e_len, so3_norm(v) - PI);
      so3_exp(S, v);
      e_back = fmax(e_back, max_abs_diff(S, R));
    }
    gsl_test_abs(e, 0.0, 1e-14, "log(exp w) = w%s, |w| = pi - %g",
                 delta[a] > 0 ? "" : " or -w", delta[a]);
    gsl_test(e_len > 4 * U * PI, "|log R| <= pi, angle pi - %g (excess %g)",
             delta[a], e_len);
    gsl_test_abs(e_back, 0.0, 1e-14, "exp(log R) = R, angle pi - %g", delta[a]);
  }
}
static void test_naive_cosc(void)
{
  volatile double t = 1e-6;                 /* volatile: no constant folding */
  long double ref = ld_coef(t, 2, 0);
  double naive = (1.0 - cos(t)) / (t * t);
  double e_naive = (double)(fabsl(naive - ref) / ref);
  double e_ours = (double)(fabsl(so3_cosc(t) - ref) / ref);
  gsl_test(!(e_naive > 1e-12),
           "naive (1 - cos t)/t^2 at t = 1e-6 is inaccurate (rel. error %g)", e_naive);
  gsl_test(!(1000 * e_ours < e_naive),
           "so3_cosc(1e-6) is > 1000x more accurate (%g vs %g)", e_ours, e_naive);
  double w[3] = { 0.6e-6, -0.48e-6, 0.64e-6 }, T[9], Tn[9];
  long double M[9];
  double tt = so3_norm(w);
  ld_quadratic(M, w, -ld_coef(tt, 2, 0), ld_coef(tt, 3, 0));
  so3_dexp(T, w);
  double pn = -(1.0 - cos(tt)) / (tt * tt), qn = (tt - sin(tt)) / (tt * tt * tt);
  for (int k = 0; k < 9; k++) Tn[k] = 0;
  for (int i = 0; i < 3; i++) {                 /* I + pn W + qn W^2, entry by entry */
    double W[9], W2[9];
    so3_hat(W, w);
    so3_mul(W2, W, W);
    for (int j = 0; j < 3; j++)
      Tn[3 * i + j] = (i == j) + pn * W[3 * i + j] + qn * W2[3 * i + j];
  }
  double en = 0, eo = 0;
  for (int k = 0; k < 9; k++) {
    en = fmax(en, (double)fabsl(Tn[k] - M[k]));
    eo = fmax(eo, (double)fabsl(T[k] - M[k]));
  }
  gsl_test(!(1000 * eo < en),
           "dexp at |w| = 1e-6: ours %g vs naive %g (absolute)", eo, en);
}
static void test_drift(void)
{
  const long N = 1000000;
  double xi[3] = { 0.6e-7, -0.5e-7, 0.62e-7 }, E[9], D[9], W[9], W2[9];
  double R[9], Ri[9], P[9], RN[9], xN[3];
  so3_exp(E, xi);
  double t = so3_norm(xi), s = so3_sinc(t), k = so3_cosc(t);
  so3_hat(W, xi);
  so3_mul(W2, W, W);
  for (int i = 0; i < 9; i++) D[i] = s * W[i] + k * W2[i];
  double kn = (1.0 - cos(t)) / (t * t), Dn[9], Rn[9];   /* the naive increment */
  for (int i = 0; i < 9; i++) Dn[i] = s * W[i] + kn * W2[i];
  so3_identity(R);
  so3_identity(Ri);
  so3_identity(Rn);
  for (long n = 0; n < N; n++) {
    so3_mul(R, R, E);
    so3_mul(P, Ri, D);
    for (int i = 0; i < 9; i++) Ri[i] += P[i];
    so3_mul(P, Rn, Dn);
    for (int i = 0; i < 9; i++) Rn[i] += P[i];
  }
  for (int i = 0; i < 3; i++) xN[i] = N * xi[i];
  so3_exp(RN, xN);
  gsl_test_abs(so3_orth_err(E), 0.0, 4 * U,
               "one step exp(xi), |xi| = 1e-7, is orthogonal to round-off");
  gsl_test_abs(so3_orth_err(R), 0.0, 4.0 * N * U,
               "R <- R exp(xi), 1e6 steps: drift <= 4 N u");
  gsl_test_abs(so3_orth_err(Ri), 0.0, 10.0 * sqrt((double)N) * U,
               "R <- R + R (exp(xi) - I), 1e6 steps: drift <= 10 sqrt(N) u");
  gsl_test_abs(max_abs_diff(Ri, RN), 0.0, 10.0 * sqrt((double)N) * U,
               "R <- R + R (exp(xi) - I), 1e6 steps, equals exp(N xi)");
  gsl_test(!(so3_orth_err(Rn) > 10.0 * sqrt((double)N) * U),
           "the same with the naive cosc drifts beyond that bound (%g)",
           so3_orth_err(Rn));
}
static void polar_svd(double Q[9], const double A[9])
{
  gsl_matrix *U_ = gsl_matrix_alloc(3, 3), *V = gsl_matrix_alloc(3, 3);
  gsl_vector *S = gsl_vector_alloc(3), *work = gsl_vector_alloc(3);
  for (int k = 0; k < 9; k++) gsl_matrix_set(U_, k / 3, k % 3, A[k]);
  gsl_linalg_SV_decomp(U_, V, S, work);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      double q = 0;
      for (int k = 0; k < 3; k++)
        q += gsl_matrix_get(U_, i, k) * gsl_matrix_get(V, j, k);
      Q[3 * i + j] = q;
    }
  gsl_matrix_free(U_); gsl_matrix_free(V); gsl_vector_free(S); gsl_vector_free(work);
}

static void test_reortho(gsl_rng *r)
{
  double e_svd = 0, e_orth = 0, e_det = 0, e_far = 0, e_same = 0;
  int st_ok = 1, closer = 1, alias_ok = 1;
  for (int n = 0; n < 1000; n++) {
    double R[9], A[9], Q[9], Qs[9], A2[9];
    rand_rotation(r, R);
    for (int k = 0; k < 9; k++) A[k] = round(R[k] * 1e4) / 1e4;
    st_ok &= so3_reortho(Q, A) == 0;
    polar_svd(Qs, A);
    e_svd = fmax(e_svd, max_abs_diff(Q, Qs));
    e_orth = fmax(e_orth, so3_orth_err(Q));
    e_det = fmax(e_det, fabs(det3(Q) - 1.0));
    double dq = 0, dr = 0;
    for (int k = 0; k < 9; k++) {
      dq += (A[k] - Q[k]) * (A[k] - Q[k]);
      dr += (A[k] - R[k]) * (A[k] - R[k]);
    }
    closer &= dq <= dr;
    memcpy(A2, A, sizeof A);
    so3_reortho(A2, A2);
    alias_ok &= max_abs_diff(A2, Q) == 0.0;
    /* far from orthogonal, known polar factor R1 R2 */
    double R2[9], Dg[9] = { 0 }, B[9], P[9];
    rand_rotation(r, R2);
    for (int i = 0; i < 3; i++) Dg[4 * i] = 0.2 + 4.8 * gsl_rng_uniform(r);
    so3_mul(B, R, Dg);
    so3_mul(B, B, R2);
    st_ok &= so3_reortho(Q, B) == 0;
    so3_mul(P, R, R2);
    e_far = fmax(e_far, max_abs_diff(Q, P));
    st_ok &= so3_reortho(Q, R) == 0;    /* moves R by about R (I - R^T R)/2 */
    e_same = fmax(e_same, (max_abs_diff(Q, R) - 0.5 * so3_orth_err(R)) / U);
  }
  gsl_test(!st_ok, "so3_reortho returns 0 on nonsingular input with det > 0");
  gsl_test_abs(e_svd, 0.0, 1e-14, "reortho(4-digit rotation) = U V^T from GSL SVD");
  gsl_test_abs(e_orth, 0.0, 1e-15, "reortho result is orthogonal");
  gsl_test_abs(e_det, 0.0, 1e-15, "reortho result has det 1");
  gsl_test(!closer,
           "reortho(A) is at least as close to A as the rotation A was printed from");
  gsl_test(!alias_ok, "reortho(A, A) gives the same bits");
  gsl_test_abs(e_far, 0.0, 1e-14, "reortho(R1 diag(s) R2) = R1 R2, s in [0.2, 5]");
  gsl_test_abs(e_same, 0.0, 4.0,
               "max|reortho(R) - R| - |I - R^T R|_F/2 for R = exp(w), in u");
  /* invalid input */
  double bad[5][9] = {
    { 1, 2, 3, 4, 5, 6, 5, 7, 9 },            /* row 3 = row 1 + row 2: singular */
    { 1, 0, 0, 0, 1, 0, 0, 0, -1 },           /* reflection */
    { 0, 0, 0, 0, 0, 0, 0, 0, 0 },            /* zero */
    { 1, 0, 0, 0, 1, 0, 0, 0, 1e-13 },        /* numerically singular */
    { 1, 0, 0, 0, 1, 0, 0, 0, 1 } };
  bad[4][4] = NAN;
  for (int b = 0; b < 5; b++) {
    double Q[9] = { 7, 7, 7, 7, 7, 7, 7, 7, 7 };
    int st = so3_reortho(Q, bad[b]);
    int untouched = 1;
    for (int k = 0; k < 9; k++) untouched &= Q[k] == 7.0;
    gsl_test(st != -1 || !untouched,
             "reortho rejects invalid input %d and leaves Q", b);
  }
}
static void test_so2(void)
{
  double e_log = 0, e_blk = 0, e_orth = 0;
  for (int i = -1000; i <= 1000; i++) {
    double th = PI * i / 1000.0, R[4], Z[9];
    so2_exp(R, th);
    e_log = fmax(e_log, fabs(so2_log(R) - th));
    so3_rotz(Z, th);
    e_blk = fmax(e_blk, fmax(fmax(fabs(R[0] - Z[0]), fabs(R[1] - Z[1])),
                             fmax(fabs(R[2] - Z[3]), fabs(R[3] - Z[4]))));
    double a = R[0] * R[0] + R[1] * R[1] - 1, b = R[0] * R[2] + R[1] * R[3];
    double c = R[2] * R[2] + R[3] * R[3] - 1;
    e_orth = fmax(e_orth, sqrt(a * a + 2 * b * b + c * c));
  }
  gsl_test_abs(e_log, 0.0, 1e-15, "so2_log(so2_exp(theta)) = theta on [-pi, pi]");
  gsl_test_abs(e_blk, 0.0, 0.0, "so2_exp(theta) = upper-left block of rotz(theta)");
  gsl_test_abs(e_orth, 0.0, 1e-15, "so2_exp(theta) is orthogonal");
}

int main(void)
{
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  gsl_rng_set(r, 20221109UL);
  gsl_test_verbose(1);
  gsl_test(!(LDBL_MANT_DIG > DBL_MANT_DIG),
           "long double (%d bits) is wider than double (%d), as the references need",
           LDBL_MANT_DIG, DBL_MANT_DIG);
  test_algebra(r);
  test_random_rotations(r);
  test_derivatives(r);
  test_small_angles(r);
  test_series_length();
  test_sinc_cosc();
  test_near_pi(r);
  test_naive_cosc();
  test_drift();
  test_reortho(r);
  test_so2();
  gsl_rng_free(r);
  exit(gsl_test_summary());
}
