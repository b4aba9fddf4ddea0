/* so3.h: SO(2) and SO(3): hat/vee, products, exp/log, tangent operator,
   Cayley map, Cardan angles, re-orthonormalisation.  Row-major R[3*i+j],
   R maps body to spatial coordinates, hat(w) x = w x x.  Outputs first;
   every output may alias an input. */
#ifndef LIE_SO3_H
#define LIE_SO3_H

/* S = hat(w), so that S x = w x x */
void so3_hat(double S[9], const double w[3]);
/* w = vee(S), read from the lower triangle of S */
void so3_vee(double w[3], const double S[9]);
/* c = a x b */
void so3_cross(double c[3], const double a[3], const double b[3]);
/* C = A B */
void so3_mul(double C[9], const double A[9], const double B[9]);
/* C = A^T B */
void so3_mul_tn(double C[9], const double A[9], const double B[9]);
/* C = A B^T */
void so3_mul_nt(double C[9], const double A[9], const double B[9]);
/* y = A x */
void so3_mv(double y[3], const double A[9], const double x[3]);
/* y = A^T x */
void so3_mtv(double y[3], const double A[9], const double x[3]);
/* B = A^T */
void so3_transpose(double B[9], const double A[9]);
/* R = I */
void so3_identity(double R[9]);
/* a . b */
double so3_dot(const double a[3], const double b[3]);
/* |a|, without overflow or underflow of the squares */
double so3_norm(const double a[3]);
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
