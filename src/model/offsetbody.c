/* offsetbody.c: the offset body of bai2015: torque, first integrals, vector
   field, check, output row, parameters and model record. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "model/offsetbody.h"
#include "lie/so3.h"

#define M_PI_VALUE 3.14159265358979323846

void ob_torque(double tau[3], const ob_params *p, const double R[9])
{
  double gb[3];
  so3_mtv(gb, R, p->gdir_rot);            /* gravity direction in the body */
  so3_cross(tau, p->r, gb);
  for (int i = 0; i < 3; i++) tau[i] *= p->m * p->g;
}
double ob_energy(const ob_params *p, const double R[9], const double W[3],
                 const double b[3], const double v[3])
{
  double Rr[3], rot = 0, tr = 0;
  for (int i = 0; i < 3; i++) {
    rot += 0.5 * p->J[i] * W[i] * W[i];
    tr += 0.5 * p->m * v[i] * v[i];
  }
  so3_mv(Rr, R, p->r);
  return rot + tr - p->m * p->g * (so3_dot(p->gdir_rot, Rr) + so3_dot(p->gdir_tr, b));
}

double ob_lvert(const ob_params *p, const double R[9], const double W[3])
{
  double JW[3] = {p->J[0] * W[0], p->J[1] * W[1], p->J[2] * W[2]}, L[3];
  so3_mv(L, R, JW);
  return -so3_dot(p->gdir_rot, L);
}
int ob_rhs18(double t, const double *y, double *dy, void *par)
{
  const ob_params *p = par;
  const double *R = y, *W = y + 9;
  double Wh[9], JW[3], c[3], tau[3];
  (void)t;
  so3_hat(Wh, W);
  so3_mul(dy, R, Wh);                      /* rows: dR_i = R_i x W */
  for (int i = 0; i < 3; i++) JW[i] = p->J[i] * W[i];
  so3_cross(c, JW, W);
  ob_torque(tau, p, R);
  for (int i = 0; i < 3; i++) {
    dy[9 + i] = (c[i] + tau[i]) / p->J[i];
    dy[12 + i] = y[15 + i];
    dy[15 + i] = p->g * p->gdir_tr[i];
  }
  return 0;
}
static const lg_param offsetbody_params[] = {
  {"m", offsetof(ob_params, m), 1, {5.0}, "kg", "mass"},
  {"g", offsetof(ob_params, g), 1, {9.8}, "m/s^2", "gravitational acceleration"},
  {"gdir_rot", offsetof(ob_params, gdir_rot), 3, {0, 0, -1}, "-",
   "gravity direction of the torque (printed Eq. 29: -e3)"},
  {"gdir_tr", offsetof(ob_params, gdir_tr), 3, {0, 0, 1}, "-",
   "gravity direction of the translation (printed Eq. 24: +e3; consistent: -e3; 0: none)"},
  {"J", offsetof(ob_params, J), 3, {1.25, 0.8, 0.45}, "kg m^2",
   "principal moments about the body origin"},
  {"r", offsetof(ob_params, r), 3, {0, 0, 0.1}, "m", "body origin to centre of mass, body frame"},
  {"R0", offsetof(ob_params, R0), 9,
   {0.433, 0.1768, 0.8839, 0.25, 0.9186, -0.3062, -0.866, 0.3536, 0.3536}, "-",
   "initial rotation as printed (4 digits; not orthogonal: needs re-orthonormalisation)"},
  {"W0", offsetof(ob_params, W0), 3, {M_PI_VALUE, M_PI_VALUE, M_PI_VALUE}, "rad/s",
   "initial body angular velocity"},
  {"b0", offsetof(ob_params, b0), 3, {0, 0, 0}, "m", "initial position of the body origin"},
  {"v0", offsetof(ob_params, v0), 3, {1, 1, 1}, "m/s",
   "initial velocity of the body origin, body frame"},
  {NULL, 0, 0, {0}, NULL, NULL}
};
int ob_check(void *par, int reortho, char *msg, size_t n)
{
  ob_params *p = par;
  if (msg && n) msg[0] = '\0';
  if (lg_check_params_finite(offsetbody_params, p, msg, n)
      || lg_check_positive(msg, n, "m", p->m) || lg_check_nonneg(msg, n, "g", p->g)
      || lg_check_inertia(msg, n, "J", p->J) || lg_check_unit(msg, n, "gdir_rot", p->gdir_rot, 0)
      || lg_check_unit(msg, n, "gdir_tr", p->gdir_tr, 1)
      || lg_check_rotation(msg, n, "R0", p->R0, reortho))
    return LG_EINVAL;
  return LG_OK;
}

void ob_row(const void *par, const lg_state *s, double *out)
{
  const ob_params *p = par;
  out[0] = s->t;
  memcpy(out + 1, s->R, 9 * sizeof(double));
  memcpy(out + 10, s->W, 3 * sizeof(double));
  memcpy(out + 13, s->x, 3 * sizeof(double));
  memcpy(out + 16, s->v, 3 * sizeof(double));
  out[19] = ob_energy(p, s->R, s->W, s->x, s->v);
  out[20] = ob_lvert(p, s->R, s->W);
  out[21] = so3_orth_err(s->R);
}
const lg_model offsetbody_model = {
  "offsetbody", "offsetbody", "bai2015 Sec. 7",
  "body with centre-of-mass offset under gravity, rotation and translation (Eqs. 29-32)",
  sizeof(ob_params), offsetbody_params, ob_check, OB_COLUMNS, OB_NCOL, ob_row, NULL
};
