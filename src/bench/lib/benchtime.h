/* benchtime.h: clocks and the median, for the benchmark programs. */
#ifndef BENCHTIME_H
#define BENCHTIME_H

/* Monotonic wall-clock time in nanoseconds. */
double bench_now_ns(void);
/* CPU time of this process in nanoseconds. */
double bench_cpu_ns(void);
/* Median of v[0..n-1] (sorts v in place; mean of the middle two for even n). */
double bench_median(double *v, int n);

#endif
