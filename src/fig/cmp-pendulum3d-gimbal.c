/* cmp-pendulum3d-gimbal.c: one step of the Cardan and complete Lie group forms near gimbal
   lock. */
#include "fig/p3d-driver.h"

static int p3d_keep_one(void *ctx, const lg_state *s)
{
  *(lg_state *)ctx = *s;
  return 0;
}

static double p3d_one_step(const char *scheme, const ht_params *p, double h,
                           const lg_state *ref, int *iters)
{
  lg_opts opt;
  lg_state s;
  lg_opts_default(&opt);
  int st = lg_run(lg_scheme_find("heavytop", scheme), p, &opt, h, 1, 1, p3d_keep_one, &s, NULL);
  *iters = s.newton_iters;
  if (st != LG_OK) return 2.0;
  double e = 0.0;
  for (int i = 0; i < 9; i++) e = fmax(e, fabs(s.R[i] - ref->R[i]));
  return e;
}

int main(void)
{
  const double h = 0.01;
  printf("# one step h = %g near gimbal lock: R0 = Rx(0.2) Ry(pi/2 - delta) Rz(0.3), "
         "W0 = [1,2,0.5], asymmetric body\n", h);
  printf("# delta err_cardan iters_cardan err_clg iters_clg\n");
  for (int k = 0; k <= 13; k++) {
    double delta = 0.3 * pow(10.0, -0.5 * k), a[3] = {0.2, P3D_PI / 2 - delta, 0.3};
    ht_params p;
    lg_opts opt;
    lg_state ref;
    int ic = 0, il = 0;
    memset(&p, 0, sizeof p);
    p.m = 1.0; p.g = 9.8; p.gdir[2] = 1.0;
    p.J[0] = 0.13; p.J[1] = 0.28; p.J[2] = 0.17; p.rho[2] = 0.3;
    so3_cardan(p.R0, a);
    p.W0[0] = 1.0; p.W0[1] = 2.0; p.W0[2] = 0.5;
    lg_opts_default(&opt);
    if (lg_run(lg_scheme_find("heavytop", "ref"), &p, &opt, h, 1, 1, p3d_keep_one, &ref, NULL)
        != LG_OK) return 1;
    double ec = p3d_one_step("p3d-cardan", &p, h, &ref, &ic);
    double el = p3d_one_step("p3d-clg", &p, h, &ref, &il);
    printf("%.3g %.6g %d %.6g %d\n", delta, ec, ic, el, il);
  }
  return 0;
}
