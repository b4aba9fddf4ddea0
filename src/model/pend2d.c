/* pend2d.c: the planar pendulum model: parameters, energy, exact solution. */
#include <math.h>
#include <stdio.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_ellint.h>
#include <gsl/gsl_sf_elljac.h>
#include "model/pend2d.h"

static const lg_param pend2d_param_table[] = {
  {"m", offsetof(pend2d_params, m), 1, {2.0}, "kg", "mass"},
  {"J", offsetof(pend2d_params, J), 1, {0.48}, "kg m^2", "moment of inertia about the pivot"},
  {"l", offsetof(pend2d_params, l), 1, {0.6}, "m", "distance pivot to centre of mass"},
  {"g", offsetof(pend2d_params, g), 1, {9.8}, "m/s^2",
   "gravitational acceleration (not stated in sun2022)"},
  {"theta0", offsetof(pend2d_params, theta0), 1, {0.0}, "rad",
   "initial angle from the downward vertical"},
  {"omega0", offsetof(pend2d_params, omega0), 1, {1.0}, "rad/s", "initial angular velocity"},
  {NULL, 0, 0, {0}, NULL, NULL}
};
int pend2d_check(void *par, int reortho, char *msg, size_t msglen)
{
  const pend2d_params *p = par;
  (void)reortho;
  if (msg && msglen) msg[0] = '\0';
  if (lg_check_params_finite(pend2d_param_table, p, msg, msglen)
      || lg_check_positive(msg, msglen, "m", p->m) || lg_check_positive(msg, msglen, "J", p->J)
      || lg_check_nonneg(msg, msglen, "l", p->l) || lg_check_nonneg(msg, msglen, "g", p->g))
    return LG_EINVAL;
  return LG_OK;
}
double pend2d_omega_n(const pend2d_params *p)
{
  return sqrt(p->m * p->g * p->l / p->J);
}

double pend2d_energy(const pend2d_params *p, double theta, double omega)
{
  double s = sin(0.5 * theta);
  return 0.5 * p->J * omega * omega + 2.0 * p->m * p->g * p->l * s * s;
}

void pend2d_set_state(lg_state *s, double t, double theta, double omega)
{
  double c = cos(theta), sn = sin(theta);
  s->t = t;
  s->theta = theta;
  s->omega = omega;
  s->R[0] = c;  s->R[1] = -sn; s->R[2] = 0;
  s->R[3] = sn; s->R[4] = c;   s->R[5] = 0;
  s->R[6] = 0;  s->R[7] = 0;   s->R[8] = 1;
  s->W[0] = 0; s->W[1] = 0; s->W[2] = omega;
  for (int i = 0; i < 3; i++) s->x[i] = s->v[i] = NAN;
}

void pend2d_row(const void *par, const lg_state *s, double *out)
{
  out[PEND2D_T] = s->t;
  out[PEND2D_THETA] = s->theta;
  out[PEND2D_OMEGA] = s->omega;
  out[PEND2D_ENERGY] = pend2d_energy(par, s->theta, s->omega);
}
int pend2d_rhs(double t, const double *y, double *dydt, void *params)
{
  const pend2d_params *p = params;
  (void)t;
  dydt[0] = y[1];
  dydt[1] = -p->m * p->g * p->l / p->J * sin(y[0]);
  return GSL_SUCCESS;
}
static int pend2d_exact_rotating(const pend2d_params *p, double wn, double k, double t,
                                 double *theta, double *omega)
{
  double sg = p->omega0 < 0 ? -1.0 : 1.0;
  double j0 = floor(0.5 * p->theta0 / M_PI + 0.5), phi0 = 0.5 * p->theta0 - j0 * M_PI;
  if (k == 1) {
    if (fabs(phi0) >= 0.5 * M_PI) {                 /* the upward equilibrium */
      *theta = p->theta0;
      *omega = 0;
      return LG_OK;
    }
    double u = sg * wn * t + atanh(sin(phi0));
    *theta = 2.0 * (j0 * M_PI + atan2(tanh(u), 1.0 / cosh(u)));
    *omega = 2.0 * sg * wn / cosh(u);
    return LG_OK;
  }
  double kap = 1.0 / k;
  gsl_sf_result K, F;
  if (gsl_sf_ellint_Kcomp_e(kap, GSL_PREC_DOUBLE, &K) != 0) return LG_ESOLVER;
  if (gsl_sf_ellint_F_e(phi0, kap, GSL_PREC_DOUBLE, &F) != 0) return LG_ESOLVER;
  double u = sg * k * wn * t + F.val;
  double j = floor(u / (2.0 * K.val) + 0.5), r = u - 2.0 * K.val * j;
  double sn, cn, dn;
  if (gsl_sf_elljac_e(r, kap * kap, &sn, &cn, &dn) != 0) return LG_ESOLVER;
  *theta = 2.0 * ((j0 + j) * M_PI + atan2(sn, cn));
  *omega = 2.0 * sg * k * wn * dn;
  return LG_OK;
}
int pend2d_exact(const pend2d_params *p, double t, double *theta, double *omega)
{
  double wn = pend2d_omega_n(p);
  if (!(wn > 0)) {                       /* no gravity torque: uniform rotation */
    *theta = p->theta0 + p->omega0 * t;
    *omega = p->omega0;
    return LG_OK;
  }
  double turns = 2.0 * M_PI * floor(p->theta0 / (2.0 * M_PI) + 0.5);
  double s0 = sin(0.5 * p->theta0), c0 = p->omega0 / (2.0 * wn);
  double k = hypot(s0, c0);
  if (k == 0) { *theta = p->theta0; *omega = 0; return LG_OK; }
  if (!(k < 1)) return pend2d_exact_rotating(p, wn, k, t, theta, omega);
  gsl_sf_result K, F;
  if (gsl_sf_ellint_Kcomp_e(k, GSL_PREC_DOUBLE, &K) != 0) return LG_ESOLVER;
  if (gsl_sf_ellint_F_e(atan2(s0 / k, c0 / k), k, GSL_PREC_DOUBLE, &F) != 0)
    return LG_ESOLVER;
  double u = fmod(wn * t + F.val, 4.0 * K.val);
  double sn, cn, dn;
  if (gsl_sf_elljac_e(u, k * k, &sn, &cn, &dn) != 0) return LG_ESOLVER;
  *theta = turns + 2.0 * asin(k * sn);
  *omega = 2.0 * k * wn * cn;
  return LG_OK;
}
const lg_model pend2d_model = {
  "planar", "planar", "sun2022 Sec. 6",
  "planar pendulum J omega' + m g l sin(theta) = 0, theta from the downward vertical",
  sizeof(pend2d_params), pend2d_param_table, pend2d_check,
  PEND2D_COLUMNS, PEND2D_NCOL, pend2d_row, NULL
};

const lg_model *const pend2d_models[] = { &pend2d_model, NULL };
