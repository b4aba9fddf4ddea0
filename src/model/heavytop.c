/* heavytop.c: the heavy top's vector field, first integrals, parameters,
   validation and output row. */
#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/heavytop.h"

void ht_rhs_w(double dW[3], const ht_params *p, const double R[9], const double W[3])
{
  double JW[3] = {p->J[0] * W[0], p->J[1] * W[1], p->J[2] * W[2]};
  double G[3], a[3], b[3];
  so3_mtv(G, R, p->gdir);            /* gravity direction in the body */
  so3_cross(a, JW, W);
  so3_cross(b, p->rho, G);
  const double mg = p->m * p->g;     /* three lines, not a loop of three (chapter 1) */
  dW[0] = (a[0] + mg * b[0]) / p->J[0];
  dW[1] = (a[1] + mg * b[1]) / p->J[1];
  dW[2] = (a[2] + mg * b[2]) / p->J[2];
}

int ht_rhs(double t, const double *y, double *dydt, void *params)
{
  const ht_params *p = params;
  const double w0 = y[9], w1 = y[10], w2 = y[11];
  (void)t;
  for (int i = 0; i < 9; i += 3) {   /* row i of R hat(W) is (row i of R) x W */
    const double r0 = y[i], r1 = y[i + 1], r2 = y[i + 2];
    dydt[i] = r1 * w2 - r2 * w1;
    dydt[i + 1] = r2 * w0 - r0 * w2;
    dydt[i + 2] = r0 * w1 - r1 * w0;
  }
  ht_rhs_w(dydt + 9, p, y, y + 9);
  return 0;
}
/* gamma . (R x), reading only the rows of R along which gamma has a component */
static double ht_gamma_dot_Rx(const double gamma[3], const double R[9], const double x[3])
{
  double s = 0;
  for (int i = 0; i < 3; i++)
    if (gamma[i] != 0)
      s += gamma[i] * (R[3 * i] * x[0] + R[3 * i + 1] * x[1] + R[3 * i + 2] * x[2]);
  return s;
}

double ht_energy(const ht_params *p, const double R[9], const double W[3])
{
  return 0.5 * (p->J[0] * W[0] * W[0] + p->J[1] * W[1] * W[1] + p->J[2] * W[2] * W[2])
         - p->m * p->g * ht_gamma_dot_Rx(p->gdir, R, p->rho);
}

double ht_lvert(const ht_params *p, const double R[9], const double W[3])
{
  double JW[3] = {p->J[0] * W[0], p->J[1] * W[1], p->J[2] * W[2]};
  return -ht_gamma_dot_Rx(p->gdir, R, JW);
}
int ht_check(void *par, int reortho, char *msg, size_t n)
{
  ht_params *p = par;
  if (msg && n) msg[0] = '\0';
  if (lg_check_finite(msg, n, "m", &p->m, 1) || lg_check_finite(msg, n, "g", &p->g, 1)
      || lg_check_finite(msg, n, "gdir", p->gdir, 3) || lg_check_finite(msg, n, "J", p->J, 3)
      || lg_check_finite(msg, n, "rho", p->rho, 3) || lg_check_finite(msg, n, "R0", p->R0, 9)
      || lg_check_finite(msg, n, "W0", p->W0, 3)
      || lg_check_positive(msg, n, "m", p->m) || lg_check_nonneg(msg, n, "g", p->g)
      || lg_check_unit(msg, n, "gdir", p->gdir, 0) || lg_check_inertia(msg, n, "J", p->J)
      || lg_check_rotation(msg, n, "R0", p->R0, reortho))
    return LG_EINVAL;
  return LG_OK;
}
void ht_row(const void *par, const lg_state *s, double *out)
{
  const ht_params *p = par;
  out[0] = s->t;
  for (int i = 0; i < 9; i++) out[1 + i] = s->R[i];
  for (int i = 0; i < 3; i++) out[10 + i] = s->W[i];
  out[13] = ht_energy(p, s->R, s->W);
  out[14] = ht_lvert(p, s->R, s->W);
  out[15] = so3_orth_err(s->R);
}
static const lg_param ht_param_table[] = {
  {"m", offsetof(ht_params, m), 1, {10}, "kg", "mass of the body"},
  {"g", offsetof(ht_params, g), 1, {9.8}, "m/s^2",
   "gravitational acceleration (sun2022 states none; bai2015's value)"},
  {"gdir", offsetof(ht_params, gdir), 3, {0, 0, 1}, "-",
   "unit vector along which gravity acts, spatial frame (sun2022: e3 points down)"},
  {"J", offsetof(ht_params, J), 3, {1, 1, 1}, "kg m^2",
   "principal moments of inertia about the pivot"},
  {"rho", offsetof(ht_params, rho), 3, {0, 0, 0.7}, "m",
   "pivot to centre of mass, body frame"},
  {"R0", offsetof(ht_params, R0), 9,
   {0.66446302438867477, -0.24184476264797528, 0.70710678118654746,
    0.74645193065886573, 0.26040260216758981, -0.61237243569579458,
    -0.036033379468313587, 0.93472006267336138, 0.35355339059327384},
   "-", "initial rotation body to space, row-major: Rx(pi/3) Ry(pi/4) Rz(pi/9)"},
  {"W0", offsetof(ht_params, W0), 3, {0, 0, 0}, "rad/s",
   "initial angular velocity, body frame"},
  {0}
};

const lg_model ht_pendulum3d = {
  "pendulum3d", "heavytop", "sun2022 Sec. 5 (g = 9.8 from bai2015)",
  "rigid body about a fixed pivot under uniform gravity (3D pendulum)",
  sizeof(ht_params), ht_param_table, ht_check, HT_COLUMNS, HT_NCOL, ht_row, NULL
};

const lg_model *const rb_models[] = {&ht_pendulum3d, NULL};
