/* benchtime.c: clocks, the median and the minimum, instruction counts, for the benchmarks. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
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

double bench_min(const double *v, int n)
{
  double m = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] < m) m = v[i];
  return m;
}
double bench_instructions(char *const argv[])
{
  enum { MAXARG = 32 };
  char *args[MAXARG + 4] = {"valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"};
  int k = 3, fd[2];
  for (int i = 0; argv[i]; i++)
    if (k < MAXARG + 3) args[k++] = argv[i]; else return -1;
  if (pipe(fd) != 0) return -1;
  pid_t pid = fork();
  if (pid < 0) { close(fd[0]); close(fd[1]); return -1; }
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(fd[1], STDERR_FILENO);
    close(fd[0]);
    close(fd[1]);
    execvp(args[0], args);
    _exit(127);
  }
  close(fd[1]);
  FILE *f = fdopen(fd[0], "r");
  double count = -1;
  char line[512];
  while (f && fgets(line, sizeof line, f)) {
    const char *s = strstr(line, "I   refs:");
    if (!s) continue;
    count = 0;
    for (s += 9; *s; s++)
      if (*s >= '0' && *s <= '9') count = 10 * count + (*s - '0');
  }
  if (f) fclose(f); else close(fd[0]);
  int st;
  if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  return count;
}
