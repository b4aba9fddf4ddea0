/* planar: ns per step and Newton iterations per step of every planar scheme. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "core/lg.h"
#include "scheme/sun2022-planar.h"
#include "bench/lib/benchtime.h"

static int count_iters(void *ctx, const lg_state *s)
{
  *(double *)ctx += s->newton_iters;
  return 0;
}

int main(void)
{
  enum { NREP = 40, NMAX = 32 };
  const long nsteps = 5000;
  const double h = 0.01, bar_ms = 5.0;
  const struct timespec pause = {0, 100000000};
  pend2d_params p;
  lg_opts o;
  int fails = 0, ns = 0;
  lg_params_default(&pend2d_model, &p);
  lg_opts_default(&o);
  while (pend2d_schemes[ns] && ns < NMAX) ns++;
  static double t[NMAX][NREP];
  for (int r = 0; r < NREP; r++) {               /* the schemes take turns */
    for (int k = 0; k < ns; k++) {
      double t0 = bench_now_ns();
      if (lg_run(pend2d_schemes[k], &p, &o, h, nsteps, nsteps, NULL, NULL,
                 NULL) != LG_OK) return 1;
      t[k][r] = bench_now_ns() - t0;
    }
    nanosleep(&pause, NULL);
  }
  printf("planar pendulum, %ld steps of h = %g (bar: %g ms per run, fastest of %d)\n",
         nsteps, h, bar_ms, NREP);
  printf("%-14s %12s %12s %12s %10s %s\n", "scheme", "ns/step", "ms/run", "median ms",
         "iters/step", "verdict");
  for (int k = 0; k < ns; k++) {
    double iters = 0, best = bench_min(t[k], NREP), med = bench_median(t[k], NREP);
    if (lg_run(pend2d_schemes[k], &p, &o, h, nsteps, 1, count_iters, &iters,
               NULL) != LG_OK) return 1;
    int pass = best * 1e-6 < bar_ms;
    fails += !pass;
    printf("%-14s %12.1f %12.3f %12.3f %10.3f %s\n", pend2d_schemes[k]->name,
           best / (double)nsteps, best * 1e-6, med * 1e-6, iters / (double)nsteps,
           pass ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
