/* pendulum3d.c: cost per step of the sun2022 3D pendulum schemes. */
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
  const long N = 2000;
  const double h = 0.05;
  ht_params p;
  lg_opts opt;
  int fails = 0;
  p3d_sun_params(&p);
  lg_opts_default(&opt);
  printf("%-12s %10s %12s %12s %s\n", "scheme", "ns/step", "iters/step", "cpu ms/2000",
         "bar 10 ms cpu");
  for (size_t i = 0; p3d_schemes[i]; i++) {
    const lg_scheme_type *t = p3d_schemes[i];
    double wall[7], cpu[7];
    long cnt[2] = {0, 0};
    lg_run(t, &p, &opt, h, N, 1, p3d_count, cnt, NULL);
    for (int r = 0; r < 7; r++) {
      double w0 = bench_now_ns(), c0 = bench_cpu_ns();
      lg_run(t, &p, &opt, h, N, N, NULL, NULL, NULL);
      cpu[r] = bench_cpu_ns() - c0;
      wall[r] = bench_now_ns() - w0;
    }
    double wmed = bench_median(wall, 7), cmed = bench_median(cpu, 7);
    int ok = cmed < 10e6;
    fails += !ok;
    printf("%-12s %10.0f %12.3f %12.3f %s\n", t->name, wmed / (double)N,
           cnt[1] > 1 ? (double)cnt[0] / (double)(cnt[1] - 1) : 0.0, cmed / 1e6,
           ok ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
