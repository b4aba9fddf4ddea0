/* pendulum3d.c: cost per step of the sun2022 3D pendulum schemes. */
#include <time.h>
#include "fig/p3d-driver.h"
#include "bench/lib/benchtime.h"

static int p3d_count(void *ctx, const lg_state *s)
{
  long *n = ctx;
  n[0] += s->newton_iters;
  n[1]++;
  return 0;
}

int main(void)
{
  enum { NREP = 40, NMAX = 16 };
  const long N = 2000;
  const double h = 0.05;
  const struct timespec pause = {0, 100000000};
  ht_params p;
  lg_opts opt;
  int fails = 0, ns = 0;
  p3d_sun_params(&p);
  lg_opts_default(&opt);
  while (p3d_schemes[ns] && ns < NMAX) ns++;
  static double wall[NMAX][NREP], cpu[NMAX][NREP];
  for (int r = 0; r < NREP; r++) {               /* the schemes take turns */
    for (int k = 0; k < ns; k++) {
      double w0 = bench_now_ns(), c0 = bench_cpu_ns();
      lg_run(p3d_schemes[k], &p, &opt, h, N, N, NULL, NULL, NULL);
      cpu[k][r] = bench_cpu_ns() - c0;
      wall[k][r] = bench_now_ns() - w0;
    }
    nanosleep(&pause, NULL);
  }
  printf("%-12s %10s %12s %12s %12s %s\n", "scheme", "ns/step", "iters/step", "cpu ms/2000",
         "median ms", "bar 10 ms cpu");
  for (int k = 0; k < ns; k++) {
    long cnt[2] = {0, 0};
    lg_run(p3d_schemes[k], &p, &opt, h, N, 1, p3d_count, cnt, NULL);
    double wbest = bench_min(wall[k], NREP), cbest = bench_min(cpu[k], NREP);
    double cmed = bench_median(cpu[k], NREP);
    int ok = cbest < 10e6;
    fails += !ok;
    printf("%-12s %10.0f %12.3f %12.3f %12.3f %s\n", p3d_schemes[k]->name, wbest / (double)N,
           cnt[1] > 1 ? (double)cnt[0] / (double)(cnt[1] - 1) : 0.0, cbest / 1e6, cmed / 1e6,
           ok ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
