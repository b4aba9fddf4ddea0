/* pendulum3d.c: cost per step of the sun2022 3D pendulum schemes. */
#include <time.h>
#include "fig/p3d_driver.h"

static int p3d_count(void *ctx, const lg_state *s)
{
  long *n = ctx;
  n[0] += s->newton_iters;
  n[1]++;
  return 0;
}

static int p3d_cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
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
  printf("%-12s %12s %12s %10s %s\n", "scheme", "ns/step", "iters/step", "ms/2000", "bar 10 ms");
  for (size_t i = 0; p3d_schemes[i]; i++) {
    const lg_scheme_type *t = p3d_schemes[i];
    double ts[7];
    long cnt[2] = {0, 0};
    lg_run(t, &p, &opt, h, N, 1, p3d_count, cnt, NULL);
    for (int r = 0; r < 7; r++) {
      struct timespec a, b;
      clock_gettime(CLOCK_MONOTONIC, &a);
      lg_run(t, &p, &opt, h, N, N, NULL, NULL, NULL);
      clock_gettime(CLOCK_MONOTONIC, &b);
      ts[r] = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
    }
    qsort(ts, 7, sizeof ts[0], p3d_cmp);
    int ok = ts[3] < 10e6;
    fails += !ok;
    printf("%-12s %12.0f %12.3f %10.3f %s\n", t->name, ts[3] / (double)N,
           cnt[1] > 1 ? (double)cnt[0] / (double)(cnt[1] - 1) : 0.0, ts[3] / 1e6,
           ok ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
