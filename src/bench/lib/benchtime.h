/* benchtime.h: clocks, the median and the minimum, instruction counts, for the benchmarks. */
#ifndef BENCHTIME_H
#define BENCHTIME_H

/* Monotonic wall-clock time in nanoseconds. */
double bench_now_ns(void);
/* CPU time of this process in nanoseconds. */
double bench_cpu_ns(void);
/* Median of v[0..n-1] (sorts v in place; mean of the middle two for even n). */
double bench_median(double *v, int n);
/* Smallest of v[0..n-1]. */
double bench_min(const double *v, int n);
/* Instructions executed by the command argv (argv[0] searched in PATH), counted
   by valgrind --tool=callgrind; -1 if valgrind is missing or the command fails. */
double bench_instructions(char *const argv[]);

#endif
