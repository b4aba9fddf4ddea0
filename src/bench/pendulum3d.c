/* pendulum3d.c: cost per step of the sun2022 3D pendulum schemes. */
#include <time.h>
#include "fig/p3d-driver.h"

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

static double p3d_ns(const struct timespec *a, const struct timespec *b)
{
  return (double)(b->tv_sec - a->tv_sec) * 1e9 + (double)(b->tv_nsec - a->tv_nsec);
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
      struct timespec a, b, c, d;
      clock_gettime(CLOCK_MONOTONIC, &a);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c);
      lg_run(t, &p, &opt, h, N, N, NULL, NULL, NULL);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &d);
      clock_gettime(CLOCK_MONOTONIC, &b);
      wall[r] = p3d_ns(&a, &b);
      cpu[r] = p3d_ns(&c, &d);
    }
    qsort(wall, 7, sizeof wall[0], p3d_cmp);
    qsort(cpu, 7, sizeof cpu[0], p3d_cmp);
    int ok = cpu[3] < 10e6;
    fails += !ok;
    printf("%-12s %10.0f %12.3f %12.3f %s\n", t->name, wall[3] / (double)N,
           cnt[1] > 1 ? (double)cnt[0] / (double)(cnt[1] - 1) : 0.0, cpu[3] / 1e6,
           ok ? "PASS" : "FAIL");
  }
  return fails ? 1 : 0;
}
