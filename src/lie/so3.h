/* so3.h: SO(2) and SO(3): hat/vee, products, exp/log, tangent operator,
   Cayley map, Cardan angles, re-orthonormalisation.  Row-major R[3*i+j],
   R maps body to spatial coordinates, hat(w) x = w x x.  Outputs first;
   every output may alias an input. */
#ifndef LIE_SO3_H
#define LIE_SO3_H
#include <math.h>
#include <string.h>

/* w = vee(S), read from the lower triangle of S */
void so3_vee(double w[3], const double S[9]);
/* B = A^T */
void so3_transpose(double B[9], const double A[9]);
/* R = I */
void so3_identity(double R[9]);
/* S = hat(w), so that S x = w x x */
inline void so3_hat(double S[9], const double w[3])
{
  double a = w[0], b = w[1], c = w[2];
  S[0] = 0.0; S[1] = -c;  S[2] = b;
  S[3] = c;   S[4] = 0.0; S[5] = -a;
  S[6] = -b;  S[7] = a;   S[8] = 0.0;
}

/* c = a x b */
inline void so3_cross(double c[3], const double a[3], const double b[3])
{
  double r0 = a[1] * b[2] - a[2] * b[1];
  double r1 = a[2] * b[0] - a[0] * b[2];
  double r2 = a[0] * b[1] - a[1] * b[0];
  c[0] = r0; c[1] = r1; c[2] = r2;
}

/* C = A B */
inline void so3_mul(double C[9], const double A[9], const double B[9])
{
  const double t00 = A[0] * B[0] + A[1] * B[3] + A[2] * B[6];
  const double t01 = A[0] * B[1] + A[1] * B[4] + A[2] * B[7];
  const double t02 = A[0] * B[2] + A[1] * B[5] + A[2] * B[8];
  const double t10 = A[3] * B[0] + A[4] * B[3] + A[5] * B[6];
  const double t11 = A[3] * B[1] + A[4] * B[4] + A[5] * B[7];
  const double t12 = A[3] * B[2] + A[4] * B[5] + A[5] * B[8];
  const double t20 = A[6] * B[0] + A[7] * B[3] + A[8] * B[6];
  const double t21 = A[6] * B[1] + A[7] * B[4] + A[8] * B[7];
  const double t22 = A[6] * B[2] + A[7] * B[5] + A[8] * B[8];
  C[0] = t00; C[1] = t01; C[2] = t02;
  C[3] = t10; C[4] = t11; C[5] = t12;
  C[6] = t20; C[7] = t21; C[8] = t22;
}

/* C = A^T B */
inline void so3_mul_tn(double C[9], const double A[9], const double B[9])
{
  const double t00 = A[0] * B[0] + A[3] * B[3] + A[6] * B[6];
  const double t01 = A[0] * B[1] + A[3] * B[4] + A[6] * B[7];
  const double t02 = A[0] * B[2] + A[3] * B[5] + A[6] * B[8];
  const double t10 = A[1] * B[0] + A[4] * B[3] + A[7] * B[6];
  const double t11 = A[1] * B[1] + A[4] * B[4] + A[7] * B[7];
  const double t12 = A[1] * B[2] + A[4] * B[5] + A[7] * B[8];
  const double t20 = A[2] * B[0] + A[5] * B[3] + A[8] * B[6];
  const double t21 = A[2] * B[1] + A[5] * B[4] + A[8] * B[7];
  const double t22 = A[2] * B[2] + A[5] * B[5] + A[8] * B[8];
  C[0] = t00; C[1] = t01; C[2] = t02;
  C[3] = t10; C[4] = t11; C[5] = t12;
  C[6] = t20; C[7] = t21; C[8] = t22;
}

/* C = A B^T */
inline void so3_mul_nt(double C[9], const double A[9], const double B[9])
{
  const double t00 = A[0] * B[0] + A[1] * B[1] + A[2] * B[2];
  const double t01 = A[0] * B[3] + A[1] * B[4] + A[2] * B[5];
  const double t02 = A[0] * B[6] + A[1] * B[7] + A[2] * B[8];
  const double t10 = A[3] * B[0] + A[4] * B[1] + A[5] * B[2];
  const double t11 = A[3] * B[3] + A[4] * B[4] + A[5] * B[5];
  const double t12 = A[3] * B[6] + A[4] * B[7] + A[5] * B[8];
  const double t20 = A[6] * B[0] + A[7] * B[1] + A[8] * B[2];
  const double t21 = A[6] * B[3] + A[7] * B[4] + A[8] * B[5];
  const double t22 = A[6] * B[6] + A[7] * B[7] + A[8] * B[8];
  C[0] = t00; C[1] = t01; C[2] = t02;
  C[3] = t10; C[4] = t11; C[5] = t12;
  C[6] = t20; C[7] = t21; C[8] = t22;
}

/* y = A x */
inline void so3_mv(double y[3], const double A[9], const double x[3])
{
  const double r0 = A[0] * x[0] + A[1] * x[1] + A[2] * x[2];
  const double r1 = A[3] * x[0] + A[4] * x[1] + A[5] * x[2];
  const double r2 = A[6] * x[0] + A[7] * x[1] + A[8] * x[2];
  y[0] = r0; y[1] = r1; y[2] = r2;
}

/* y = A^T x */
inline void so3_mtv(double y[3], const double A[9], const double x[3])
{
  const double r0 = A[0] * x[0] + A[3] * x[1] + A[6] * x[2];
  const double r1 = A[1] * x[0] + A[4] * x[1] + A[7] * x[2];
  const double r2 = A[2] * x[0] + A[5] * x[1] + A[8] * x[2];
  y[0] = r0; y[1] = r1; y[2] = r2;
}

/* a . b */
inline double so3_dot(const double a[3], const double b[3])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* |a|, without overflow or underflow of the squares */
inline double so3_norm(const double a[3])
{
  double s = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
  if (s > 1e-290 && s < 1e290)                 /* no overflow, no underflow */
    return sqrt(s);
  return hypot(hypot(a[0], a[1]), a[2]);
}
/* sin t / t, accurate to round-off at every t, 1 at t = 0 */
double so3_sinc(double t);
/* (1 - cos t)/t^2, accurate to round-off at every t, 1/2 at t = 0 */
double so3_cosc(double t);
/* (t - sin t)/t^3, accurate to round-off at every t, 1/6 at t = 0 */
double so3_sincc(double t);
/* d/dt sinc(t) */
double so3_sinc_d(double t);
/* d/dt cosc(t) */
double so3_cosc_d(double t);
/* d/dt sincc(t) */
double so3_sincc_d(double t);
/* terms of the series that coefficient function s (0 sinc, 1 cosc, 2 sincc,
   3 sinc', 4 cosc', 5 sincc') sums at t, 0 where it uses the direct form;
   for the tests */
int so3_series_terms(int s, double t);
/* k[0] = sinc t, k[1] = cosc t and, if deriv, k[2] = sinc'(t)/t and
   k[3] = cosc'(t)/t (-1/3 and -1/12 at t = 0): the values of the functions
   above, bit for bit, in one call that finds the series lengths once */
void so3_sinc_cosc(double k[4], double t, int deriv);
/* R = exp(hat w) by Rodrigues' formula, exact to round-off at small |w| */
void so3_exp(double R[9], const double w[3]);
/* w = log R with |w| in [0, pi], accurate near 0 and near pi */
void so3_log(double w[3], const double R[9]);
/* right-trivialised tangent T: exp(w + d) = exp(w) exp(T d) + O(d^2) */
void so3_dexp(double T[9], const double w[3]);
/* inverse of so3_dexp, accurate near 0, singular at |w| = 2 pi */
void so3_dexpinv(double Ti[9], const double w[3]);
/* R = (I + hat w)(I - hat w)^{-1} */
void so3_cay(double R[9], const double w[3]);
/* inverse Cayley map; R must not be a half-turn */
void so3_cayinv(double w[3], const double R[9]);
/* rotation by angle a about e1 */
void so3_rotx(double R[9], double a);
/* rotation by angle a about e2 */
void so3_roty(double R[9], double a);
/* rotation by angle a about e3 */
void so3_rotz(double R[9], double a);
/* Cardan angles: R = Rx(a0) Ry(a1) Rz(a2) */
void so3_cardan(double R[9], const double a[3]);
/* Frobenius norm of I - R R^T */
double so3_orth_err(const double R[9]);
/* Q = nearest rotation to A (polar factor): 0, or -1 (Q untouched) if A is not
   finite, singular or det A <= 0 */
int so3_reortho(double Q[9], const double A[9]);
/* R = planar rotation by theta, row-major 2x2 */
void so2_exp(double R[4], double theta);
/* angle of the planar rotation R, in (-pi, pi] */
double so2_log(const double R[4]);

#endif
