/* benchtime.c: clocks and the median, for the benchmark programs. */
#include <stdlib.h>
#include <time.h>
#include "bench/lib/benchtime.h"

static double bench_ns(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return 1e9 * (double)ts.tv_sec + (double)ts.tv_nsec;
}

double bench_now_ns(void) { return bench_ns(CLOCK_MONOTONIC); }
double bench_cpu_ns(void) { return bench_ns(CLOCK_PROCESS_CPUTIME_ID); }

static int bench_cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, bench_cmp);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
