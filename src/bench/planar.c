/* planar: ns per step and Newton iterations per step of every planar scheme. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "core/lg.h"
#include "model/pend2d.h"
#include "bench/lib/benchtime.h"

static int count_iters(void *ctx, const lg_state *s)
{
  *(double *)ctx += s->newton_iters;
  return 0;
}

int main(void)
{
  enum { NREP = 7 };
  const long nsteps = 5000;
  const double h = 0.01, bar_ms = 5.0;
  pend2d_params p;
  lg_opts o;
  int fails = 0;
  lg_params_default(&pend2d_model, &p);
  lg_opts_default(&o);
  printf("planar pendulum, %ld steps of h = %g (bar: %g ms per run)\n", nsteps, h, bar_ms);
  printf("%-14s %12s %12s %10s %s\n", "scheme", "ns/step", "ms/run", "iters/step", "verdict");
  for (const lg_scheme_type *const *T = pend2d_schemes; *T; T++) {
    double t[NREP], iters = 0;
    for (int r = 0; r < NREP; r++) {
      double t0 = bench_now_ns();
      if (lg_run(*T, &p, &o, h, nsteps, nsteps, NULL, NULL, NULL) != LG_OK) return 1;
      t[r] = bench_now_ns() - t0;
    }
    double med = bench_median(t, NREP);
    if (lg_run(*T, &p, &o, h, nsteps, 1, count_iters, &iters, NULL) != LG_OK) return 1;
    int pass = med * 1e-6 < bar_ms;
    fails += !pass;
    printf("%-14s %12.1f %12.3f %10.3f %s\n", (*T)->name, med / (double)nsteps,
           med * 1e-6, iters / (double)nsteps, pass ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
