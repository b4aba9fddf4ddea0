/* baselines.c: ns per call of a Newton solve and of the heavy-top baselines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "bench/lib/benchtime.h"

static const double bx[3] = {0.7, -1.3, 0.4};
static int bench_sys(const double *x, void *p, double *f, double *J)
{
  (void)p;
  f[0] = exp(x[0]) + x[1] * x[2] - (exp(bx[0]) + bx[1] * bx[2]);
  f[1] = sin(x[1]) + x[0] * x[0] - (sin(bx[1]) + bx[0] * bx[0]);
  f[2] = x[0] * x[1] * x[2] + x[2] * x[2] * x[2]
         - (bx[0] * bx[1] * bx[2] + bx[2] * bx[2] * bx[2]);
  if (J) {
    J[0] = exp(x[0]);    J[1] = x[2];       J[2] = x[1];
    J[3] = 2 * x[0];     J[4] = cos(x[1]);  J[5] = 0;
    J[6] = x[1] * x[2];  J[7] = x[0] * x[2]; J[8] = x[0] * x[1] + 3 * x[2] * x[2];
  }
  return 0;
}

static void bench_newton(const char *name, int solver)
{
  newton_ws *w = newton_alloc(3, solver);
  const int n = 20000;
  double t[7];
  long iters = 0;
  for (int r = 0; r < 7; r++) {
    double t0 = bench_now_ns();
    iters = 0;
    for (int k = 0; k < n; k++) {
      double x[3] = {0.7 + 1e-3, -1.3 - 1e-3, 0.4 + 1e-3}, res;
      int it;
      newton_solve(w, bench_sys, NULL, x, 1e-12, 50, &it, &res);
      iters += it;
    }
    t[r] = (bench_now_ns() - t0) / n;
  }
  printf("%-28s %12.0f %14.2f\n", name, bench_median(t, 7), (double)iters / n);
  newton_free(w);
}
static void bench_scheme(const char *name, const char *scheme)
{
  const lg_scheme_type *sch = lg_scheme_find("heavytop", scheme);
  ht_params p;
  lg_opts opt;
  const long n = 2000;
  double t[7];
  lg_params_default(&ht_pendulum3d, &p);
  p.m = 1;
  p.J[0] = 0.13; p.J[1] = 0.28; p.J[2] = 0.17;
  p.rho[2] = 0.3;
  p.W0[0] = p.W0[1] = p.W0[2] = 4.14;
  lg_opts_default(&opt);
  for (int r = 0; r < 7; r++) {
    double t0 = bench_now_ns();
    lg_run(sch, &p, &opt, 0.01, n, n, NULL, NULL, NULL);
    t[r] = (bench_now_ns() - t0) / (double)n;
  }
  printf("%-28s %12.0f %14.2f\n", name, bench_median(t, 7), 0.0);
}

int main(void)
{
  printf("%-28s %12s %14s\n", "name", "ns/step", "newton_iters");
  bench_newton("newton 3x3 plain", LG_NEWTON_PLAIN);
  bench_newton("newton 3x3 hybridsj", LG_NEWTON_HYBRIDSJ);
  bench_scheme("heavytop rk4 h=0.01", "rk4");
  bench_scheme("heavytop ref h=0.01", "ref");
  return 0;
}
