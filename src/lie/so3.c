/* so3.c: SO(2) and SO(3) maps, accurate to round-off at small angles. */
#include <math.h>
#include <string.h>
#include "lie/so3.h"

void so3_vee(double w[3], const double S[9])
{
  double a = S[7], b = -S[6], c = S[3];
  w[0] = a; w[1] = b; w[2] = c;
}

void so3_transpose(double B[9], const double A[9])
{
  double T[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      T[3 * j + i] = A[3 * i + j];
  memcpy(B, T, sizeof T);
}

void so3_identity(double R[9])
{
  for (int k = 0; k < 9; k++)
    R[k] = (k % 4 == 0) ? 1.0 : 0.0;
}
extern inline void so3_hat(double S[9], const double w[3]);
extern inline void so3_cross(double c[3], const double a[3], const double b[3]);
extern inline void so3_mul(double C[9], const double A[9], const double B[9]);
extern inline void so3_mul_tn(double C[9], const double A[9], const double B[9]);
extern inline void so3_mul_nt(double C[9], const double A[9], const double B[9]);
extern inline void so3_mv(double y[3], const double A[9], const double x[3]);
extern inline void so3_mtv(double y[3], const double A[9], const double x[3]);
extern inline double so3_dot(const double a[3], const double b[3]);
extern inline double so3_norm(const double a[3]);
/* Thresholds below which the series are summed, and their length. */
#define SO3_T_SINC 1.0
#define SO3_T_COSC 2.0
#define SO3_T_SINCC 2.5
#define SO3_T_SINC_D 2.0
#define SO3_T_COSC_D 3.0
#define SO3_T_SINCC_D 3.0
#define SO3_SERIES_N 14

/* The ratios of consecutive terms, as constants: no division at run time.
   Row m-1 of so3_ratio holds 1/((2k+m-1)(2k+m)), k = 1..N, for f_m;
   row m-1 of so3_dratio holds (j+2)/((j+1)(2j+m+3)(2j+m+4)), j = 0..N-1. */
#define SO3_RATIO(k, m) \
  (1.0 / ((double)(2 * (k) + (m) + 1) * (double)(2 * (k) + (m) + 2)))
#define SO3_DRATIO(j, m) ((double)((j) + 2) / ((double)((j) + 1) \
                          * (double)(2 * (j) + (m) + 3) * (double)(2 * (j) + (m) + 4)))
#define SO3_ROW(F, m) { F(0, m), F(1, m), F(2, m), F(3, m), F(4, m), F(5, m), \
                        F(6, m), F(7, m), F(8, m), F(9, m), F(10, m), F(11, m), \
                        F(12, m), F(13, m) }
_Static_assert(SO3_SERIES_N == 14, "SO3_ROW lists 14 ratios");
static const double so3_ratio[3][SO3_SERIES_N] = {
  SO3_ROW(SO3_RATIO, 1), SO3_ROW(SO3_RATIO, 2), SO3_ROW(SO3_RATIO, 3) };
static const double so3_dratio[3][SO3_SERIES_N] = {
  SO3_ROW(SO3_DRATIO, 1), SO3_ROW(SO3_DRATIO, 2), SO3_ROW(SO3_DRATIO, 3) };
static const double so3_fact[6] = { 1.0, 1.0, 2.0, 6.0, 24.0, 120.0 };

/* so3_xmax[s][n-1]: largest x = t^2 at which n terms of series s leave a
   first omitted term tau_n <= 2^-55 (rows f_1, f_2, f_3, then f_1'/t, f_2'/t,
   f_3'/t), rounded down; beyond the last bound all N + 1 terms are summed
   (the infinite sentinel ends the search). */
static const double so3_xmax[6][SO3_SERIES_N + 1] = {
  { 1.66e-16, 5.77e-8, 5.19e-5, 1.78e-3, 1.61e-2, 7.46e-2, 2.32e-1,
    5.61e-1, 1.14e0, 2.06e0, 3.40e0, 5.24e0, 7.64e0, 1.06e1, HUGE_VAL },
  { 3.33e-16, 9.99e-8, 8.24e-5, 2.66e-3, 2.31e-2, 1.03e-1, 3.12e-1,
    7.38e-1, 1.47e0, 2.62e0, 4.27e0, 6.49e0, 9.35e0, 1.29e1, HUGE_VAL },
  { 5.55e-16, 1.52e-7, 1.18e-4, 3.68e-3, 3.10e-2, 1.34e-1, 4.00e-1,
    9.30e-1, 1.83e0, 3.21e0, 5.17e0, 7.79e0, 1.11e1, 1.52e1, HUGE_VAL },
  { 2.77e-16, 8.81e-8, 7.48e-5, 2.46e-3, 2.16e-2, 9.75e-2, 2.97e-1,
    7.07e-1, 1.42e0, 2.53e0, 4.13e0, 6.29e0, 9.09e0, 1.25e1, HUGE_VAL },
  { 4.16e-16, 1.24e-7, 1.01e-4, 3.24e-3, 2.78e-2, 1.22e-1, 3.68e-1,
    8.64e-1, 1.71e0, 3.03e0, 4.89e0, 7.40e0, 1.06e1, 1.46e1, HUGE_VAL },
  { 5.82e-16, 1.67e-7, 1.32e-4, 4.11e-3, 3.47e-2, 1.50e-1, 4.46e-1,
    1.03e0, 2.03e0, 3.55e0, 5.70e0, 8.57e0, 1.22e1, 1.67e1, HUGE_VAL } };

/* The number of terms series s needs at x: the smallest n with x <= xmax. */
static inline int so3_nterms(int s, double x)
{
  const double *b = so3_xmax[s];
  int n = 1;
  while (x > b[n - 1]) n++;                 /* NaN never gets here */
  return n;
}

/* f_m(t) = sum_k (-x)^k/(2k+m)!, x = t^2, in nested (Horner) form, to the
   length x needs. */
static inline double so3_series(double x, int m)
{
  const double *r = so3_ratio[m - 1];
  double s = 1.0;
  for (int k = so3_nterms(m - 1, x) - 2; k >= 0; k--)
    s = 1.0 - x * r[k] * s;
  return s / so3_fact[m];
}

/* f_m'(t)/t as a series in x = t^2, Eq. (lie-dseries). */
static inline double so3_series_d_over_t(double x, int m)
{
  const double *r = so3_dratio[m - 1];
  double s = 1.0;
  for (int j = so3_nterms(m + 2, x) - 2; j >= 0; j--)
    s = 1.0 - x * r[j] * s;
  return -2.0 * s / so3_fact[m + 2];
}
double so3_sinc(double t)
{
  if (fabs(t) < SO3_T_SINC)
    return so3_series(t * t, 1);
  return sin(t) / t;
}

double so3_cosc(double t)
{
  if (fabs(t) < SO3_T_COSC)
    return so3_series(t * t, 2);
  double s = so3_sinc(0.5 * t);
  return 0.5 * s * s;                       /* (1 - cos t)/t^2 = sinc(t/2)^2/2 */
}

double so3_sincc(double t)
{
  if (fabs(t) < SO3_T_SINCC)
    return so3_series(t * t, 3);
  return (t - sin(t)) / (t * t * t);
}

/* (1/t) d/dt of the three functions, exact form above the threshold. */
static double so3_sinc_d_over_t(double t)
{
  if (fabs(t) < SO3_T_SINC_D)
    return so3_series_d_over_t(t * t, 1);
  return (t * cos(t) - sin(t)) / (t * t * t);
}

static double so3_cosc_d_over_t(double t)
{
  if (fabs(t) < SO3_T_COSC_D)
    return so3_series_d_over_t(t * t, 2);
  return (t * sin(t) - 2.0 * (1.0 - cos(t))) / (t * t * t * t);
}

static double so3_sincc_d_over_t(double t)
{
  if (fabs(t) < SO3_T_SINCC_D)
    return so3_series_d_over_t(t * t, 3);
  return (3.0 * sin(t) - t * cos(t) - 2.0 * t) / (t * t * t * t * t);
}

double so3_sinc_d(double t)  { return t * so3_sinc_d_over_t(t); }
double so3_cosc_d(double t)  { return t * so3_cosc_d_over_t(t); }
double so3_sincc_d(double t) { return t * so3_sincc_d_over_t(t); }

int so3_series_terms(int s, double t)
{
  static const double tmax[6] = { SO3_T_SINC, SO3_T_COSC, SO3_T_SINCC,
                                  SO3_T_SINC_D, SO3_T_COSC_D, SO3_T_SINCC_D };
  if (s < 0 || s > 5 || !(fabs(t) < tmax[s])) return 0;
  return so3_nterms(s, t * t);
}

/* the length series s needs at x, searched from the guess n */
static inline int so3_nterms_from(int s, double x, int n)
{
  const double *b = so3_xmax[s];
  while (n > 1 && x <= b[n - 2]) n--;
  while (x > b[n - 1]) n++;
  return n;
}

/* the Horner loop of so3_series, written out for up to eight terms */
static inline double so3_horner(double x, const double *r, int nterms)
{
  double s = 1.0;
  switch (nterms) {
  default:
    for (int k = nterms - 2; k >= 7; k--) s = 1.0 - x * r[k] * s;
    /* fall through */
  case 8: s = 1.0 - x * r[6] * s; /* fall through */
  case 7: s = 1.0 - x * r[5] * s; /* fall through */
  case 6: s = 1.0 - x * r[4] * s; /* fall through */
  case 5: s = 1.0 - x * r[3] * s; /* fall through */
  case 4: s = 1.0 - x * r[2] * s; /* fall through */
  case 3: s = 1.0 - x * r[1] * s; /* fall through */
  case 2: s = 1.0 - x * r[0] * s; /* fall through */
  case 1: break;
  }
  return s;
}

void so3_sinc_cosc(double k[4], double t, int deriv)
{
  const double x = t * t;
  if (!(fabs(t) < SO3_T_SINC)) {        /* every threshold below is at least this one */
    k[0] = so3_sinc(t);
    k[1] = so3_cosc(t);
    if (deriv) {
      k[2] = so3_sinc_d_over_t(t);
      k[3] = so3_cosc_d_over_t(t);
    }
    return;
  }
  const int n = so3_nterms(0, x);       /* the other lengths are n or n - 1 */
  k[0] = so3_horner(x, so3_ratio[0], n) / so3_fact[1];
  k[1] = so3_horner(x, so3_ratio[1], so3_nterms_from(1, x, n)) / so3_fact[2];
  if (deriv) {
    k[2] = -2.0 * so3_horner(x, so3_dratio[0], so3_nterms_from(3, x, n)) / so3_fact[3];
    k[3] = -2.0 * so3_horner(x, so3_dratio[1], so3_nterms_from(4, x, n)) / so3_fact[4];
  }
}
/* M = I + p W + q W^2, W = hat(w); the shape of exp, dexp and dexpinv. */
static void so3_quadratic(double M[9], const double w[3], double p, double q)
{
  double a = w[0], b = w[1], c = w[2];
  double T[9];
  T[0] = 1.0 - q * (b * b + c * c); T[1] = q * a * b - p * c; T[2] = q * a * c + p * b;
  T[3] = q * a * b + p * c; T[4] = 1.0 - q * (a * a + c * c); T[5] = q * b * c - p * a;
  T[6] = q * a * c - p * b; T[7] = q * b * c + p * a; T[8] = 1.0 - q * (a * a + b * b);
  memcpy(M, T, sizeof T);
}
void so3_exp(double R[9], const double w[3])
{
  double t = so3_norm(w);
  so3_quadratic(R, w, so3_sinc(t), so3_cosc(t));
}
void so3_log(double w[3], const double R[9])
{
  double v[3] = { 0.5 * (R[7] - R[5]), 0.5 * (R[2] - R[6]), 0.5 * (R[3] - R[1]) };
  double s = so3_norm(v);
  double c = 0.5 * (R[0] + R[4] + R[8] - 1.0);
  double t = atan2(s, c);
  if (c >= 0.0) {                           /* t <= pi/2: antisymmetric part */
    double f = 1.0 / so3_sinc(t);
    w[0] = f * v[0]; w[1] = f * v[1]; w[2] = f * v[2];
    return;
  }
  double B[9];                              /* (R + R^T)/2 - c I = (1 - c) n n^T */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      B[3 * i + j] = 0.5 * (R[3 * i + j] + R[3 * j + i]) - (i == j ? c : 0.0);
  int m = 0;
  if (B[4] > B[3 * m + m]) m = 1;
  if (B[8] > B[3 * m + m]) m = 2;
  double n[3] = { B[m], B[3 + m], B[6 + m] };
  double nn = so3_norm(n);
  if (so3_dot(n, v) < 0.0) nn = -nn;
  w[0] = t * n[0] / nn; w[1] = t * n[1] / nn; w[2] = t * n[2] / nn;
}
void so3_dexp(double T[9], const double w[3])
{
  double t = so3_norm(w);
  so3_quadratic(T, w, -so3_cosc(t), so3_sincc(t));
}
void so3_dexpinv(double Ti[9], const double w[3])
{
  double t = so3_norm(w);
  double beta = -so3_cosc_d_over_t(t) / (2.0 * so3_cosc(t));
  so3_quadratic(Ti, w, 0.5, beta);
}
void so3_cay(double R[9], const double w[3])
{
  double g = 2.0 / (1.0 + so3_dot(w, w));
  so3_quadratic(R, w, g, g);
}

void so3_cayinv(double w[3], const double R[9])
{
  double d = 1.0 + R[0] + R[4] + R[8];
  double a = (R[7] - R[5]) / d, b = (R[2] - R[6]) / d, c = (R[3] - R[1]) / d;
  w[0] = a; w[1] = b; w[2] = c;
}
void so3_rotx(double R[9], double a)
{
  double c = cos(a), s = sin(a);
  R[0] = 1.0; R[1] = 0.0; R[2] = 0.0;
  R[3] = 0.0; R[4] = c;   R[5] = -s;
  R[6] = 0.0; R[7] = s;   R[8] = c;
}

void so3_roty(double R[9], double a)
{
  double c = cos(a), s = sin(a);
  R[0] = c;   R[1] = 0.0; R[2] = s;
  R[3] = 0.0; R[4] = 1.0; R[5] = 0.0;
  R[6] = -s;  R[7] = 0.0; R[8] = c;
}

void so3_rotz(double R[9], double a)
{
  double c = cos(a), s = sin(a);
  R[0] = c;   R[1] = -s;  R[2] = 0.0;
  R[3] = s;   R[4] = c;   R[5] = 0.0;
  R[6] = 0.0; R[7] = 0.0; R[8] = 1.0;
}

void so3_cardan(double R[9], const double a[3])
{
  double c0 = cos(a[0]), s0 = sin(a[0]), c1 = cos(a[1]), s1 = sin(a[1]);
  double c2 = cos(a[2]), s2 = sin(a[2]);
  R[0] = c1 * c2;                 R[1] = -c1 * s2;                R[2] = s1;
  R[3] = s0 * s1 * c2 + c0 * s2;  R[4] = -s0 * s1 * s2 + c0 * c2; R[5] = -s0 * c1;
  R[6] = -c0 * s1 * c2 + s0 * s2; R[7] = c0 * s1 * s2 + s0 * c2;  R[8] = c0 * c1;
}
double so3_orth_err(const double R[9])
{
  double P[9], s = 0.0;
  so3_mul_nt(P, R, R);
  for (int k = 0; k < 9; k++) {
    double e = (k % 4 == 0 ? 1.0 : 0.0) - P[k];
    s += e * e;
  }
  return sqrt(s);
}
static double so3_det(const double A[9])
{
  return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6])
       + A[2] * (A[3] * A[7] - A[4] * A[6]);
}

/* E = I - X^T X; returns its Frobenius norm. */
static double so3_gram_defect(double E[9], const double X[9])
{
  double e = 0.0;
  so3_mul_tn(E, X, X);
  for (int k = 0; k < 9; k++) {
    E[k] = (k % 4 == 0 ? 1.0 : 0.0) - E[k];
    e += E[k] * E[k];
  }
  return sqrt(e);
}

int so3_reortho(double Q[9], const double A[9])
{
  double X[9], E[9], f2 = 0.0;
  for (int k = 0; k < 9; k++) {
    if (!isfinite(A[k])) return -1;
    f2 += A[k] * A[k];
  }
  double scale = sqrt(f2 / 3.0);
  if (!(scale > 0.0) || !(so3_det(A) > 1e-12 * scale * scale * scale)) return -1;
  memcpy(X, A, sizeof X);
  int it = 0;
  for (; it < 100 && so3_gram_defect(E, X) >= 1e-2; it++) {
    double C[9];                    /* scaled Newton step; cof(X) = det(X) X^{-T} */
    so3_cross(C, X + 3, X + 6);
    so3_cross(C + 3, X + 6, X);
    so3_cross(C + 6, X, X + 3);
    double d = so3_det(X), g = cbrt(1.0 / d); /* d > 0 throughout */
    for (int k = 0; k < 9; k++)
      X[k] = 0.5 * (g * X[k] + C[k] / (g * d));
  }
  for (; it < 120; it++) {                    /* Newton-Schulz steps X <- X + X E/2 */
    double e = so3_gram_defect(E, X), P[9];
    so3_mul(P, X, E);
    for (int k = 0; k < 9; k++)
      X[k] += 0.5 * P[k];
    if (e < 1e-9) { memcpy(Q, X, sizeof X); return 0; }
  }
  return -1;
}
void so2_exp(double R[4], double theta)
{
  double c = cos(theta), s = sin(theta);
  R[0] = c; R[1] = -s;
  R[2] = s; R[3] = c;
}

double so2_log(const double R[4])
{
  return atan2(R[2], R[0]);
}
