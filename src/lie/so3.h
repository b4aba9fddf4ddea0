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
  double T[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      T[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j]
                   + A[3 * i + 2] * B[6 + j];
  memcpy(C, T, sizeof T);
}

/* C = A^T B */
inline void so3_mul_tn(double C[9], const double A[9], const double B[9])
{
  double T[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      T[3 * i + j] = A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j];
  memcpy(C, T, sizeof T);
}

/* C = A B^T */
inline void so3_mul_nt(double C[9], const double A[9], const double B[9])
{
  double T[9];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      T[3 * i + j] = A[3 * i] * B[3 * j] + A[3 * i + 1] * B[3 * j + 1]
                   + A[3 * i + 2] * B[3 * j + 2];
  memcpy(C, T, sizeof T);
}

/* y = A x */
inline void so3_mv(double y[3], const double A[9], const double x[3])
{
  double r[3];
  for (int i = 0; i < 3; i++)
    r[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
  y[0] = r[0]; y[1] = r[1]; y[2] = r[2];
}

/* y = A^T x */
inline void so3_mtv(double y[3], const double A[9], const double x[3])
{
  double r[3];
  for (int i = 0; i < 3; i++)
    r[i] = A[i] * x[0] + A[3 + i] * x[1] + A[6 + i] * x[2];
  y[0] = r[0]; y[1] = r[1]; y[2] = r[2];
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
/* Q = nearest rotation to A (polar factor); LG_EINVAL if singular or det A <= 0 */
int so3_reortho(double Q[9], const double A[9]);
/* R = planar rotation by theta, row-major 2x2 */
void so2_exp(double R[4], double theta);
/* angle of the planar rotation R, in (-pi, pi] */
double so2_log(const double R[4]);

#endif
