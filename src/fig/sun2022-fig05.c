/* sun2022-fig05: classical RK4 and the difference method (Eq. 43), 50 s. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include "fig/pend2dfig.h"

static int fig_rhs(double t, const double *y, double *dydt, void *params)
{
  const pend2d_params *p = params;
  (void)t;
  dydt[0] = y[1];
  dydt[1] = -p->m * p->g * p->l / p->J * sin(y[0]);
  return GSL_SUCCESS;
}

static pend2d_set fig_adaptive(const gsl_odeiv2_step_type *T, const char *name,
                               double rtol, const pend2d_params *p, double tend)
{
  gsl_odeiv2_system sys = { fig_rhs, NULL, 2, (void *)p };
  gsl_odeiv2_step *s = gsl_odeiv2_step_alloc(T, 2);
  gsl_odeiv2_control *c = gsl_odeiv2_control_y_new(1e-6, rtol);
  gsl_odeiv2_evolve *e = gsl_odeiv2_evolve_alloc(2);
  pend2d_set out = { "", PEND2D_NCOL, 0, 0, NULL, 0, 0 };
  double t = 0, h = 1e-3, y[2] = { p->theta0, p->omega0 };
  for (;;) {
    double row[PEND2D_NCOL] = { t, y[0], y[1], pend2d_energy(p, y[0], y[1]) };
    if (pend2d_set_push(&out, row) != LG_OK) exit(EXIT_FAILURE);
    if (t >= tend) break;
    if (gsl_odeiv2_evolve_apply(e, c, s, &sys, &t, tend, &h,
                                y) != GSL_SUCCESS) exit(EXIT_FAILURE);
  }
  gsl_odeiv2_evolve_free(e);
  gsl_odeiv2_control_free(c);
  gsl_odeiv2_step_free(s);
  snprintf(out.name, sizeof out.name, "%s", name);
  return fig_keep(out);
}

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set rk4 = fig_run("rk4", &p, &o, 0.01, 50), mid = fig_run("angle", &p, &o, 0.01, 50);
  pend2d_set ex = fig_run("exact", &p, &o, 0.01, 50);
  pend2d_set ad = fig_adaptive(gsl_odeiv2_step_rkf45, "rkf45", 1e-3, &p, 50);
  pend2d_set sd = fig_adaptive(gsl_odeiv2_step_rk4, "rk4_doubling", 1e-3, &p, 50);
  pend2d_set sd2 = fig_adaptive(gsl_odeiv2_step_rk4, "rk4_doubling_1e-2", 1e-2, &p, 50);
  fig_header("sun2022-fig05", "classical RK4 and Eq. 43 at h = 0.01, 50 s; RKF45 at rtol 1e-3",
             &p);
  fig_print("rk4", &rk4, 0, 50, 2);
  fig_print("angle", &mid, 0, 50, 2);
  fig_print("rkf45", &ad, 0, 50, 1);
  fig_print("exact", &ex, 0, 50, 2);
  fig_print("rk4_doubling", &sd, 0, 50, 1);
  fig_print("rk4_doubling_1e-2", &sd2, 0, 50, 1);
  fig_print_alts("rk4", 1, 0.01, 50, 0, 50, 2);
  fig_print_alts("angle", 1, 0.01, 50, 0, 50, 2);
  fig_print_alts("exact", 1, 0.01, 50, 0, 50, 2);
  pend2d_params p81 = fig_params(9.81);
  pend2d_set ad81 = fig_adaptive(gsl_odeiv2_step_rkf45, "rkf45@g=9.81", 1e-3, &p81, 50);
  pend2d_set sd81 = fig_adaptive(gsl_odeiv2_step_rk4, "rk4_doubling@g=9.81", 1e-3, &p81, 50);
  pend2d_set sd281 = fig_adaptive(gsl_odeiv2_step_rk4, "rk4_doubling_1e-2@g=9.81", 1e-2, &p81,
                                  50);
  fig_print("rkf45@g=9.81", &ad81, 0, 50, 1);
  fig_print("rk4_doubling@g=9.81", &sd81, 0, 50, 1);
  fig_print("rk4_doubling_1e-2@g=9.81", &sd281, 0, 50, 1);
  return 0;
}
