/* huang2022.c (bench): cost of the huang2022 schemes: ns and instructions
   per step, Newton iterations per step, a 50-s run, against the bars. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/lg.h"
#include "bench/lib/benchtime.h"

#define NSTEP 3000
#define NREP 40

/* One run of n steps of model/scheme at step h, default options, no output;
   returns the median ns of a single step (if t is given) and the Newton
   iterations per step. */
static double run_steps(const char *model, const char *scheme, double h, long n, double *t,
                        double *iters)
{
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = m ? lg_scheme_find(m->family, scheme) : NULL;
  if (!S) { printf("FAIL: %s %s is not in the table\n", model, scheme); exit(1); }
  void *par = calloc(1, m->par_size);
  lg_params_default(m, par);
  lg_opts opt;
  lg_opts_default(&opt);
  void *ws = S->alloc(par, &opt);
  lg_state s = {0};
  long it = 0;
  if (!ws || S->init(ws, par, h, &s) != LG_OK) exit(1);
  for (long k = 0; k < n; k++) {
    double t0 = t ? bench_now_ns() : 0;
    if (S->step(ws, &s) != LG_OK) { printf("FAIL: %s %s step %ld\n", model, scheme, k +
                                           1); exit(1); }
    if (t) t[k] = bench_now_ns() - t0;
    it += s.newton_iters;
  }
  S->free(ws);
  free(par);
  if (iters) *iters = (double)it / (double)n;
  return t ? bench_median(t, (int)n) : 0;
}

/* the machine is shared: the smallest of NREP medians, 50 ms apart */
static double ns_per_step(const char *model, const char *scheme, double h, double *iters)
{
  static double t[NSTEP];
  const struct timespec pause = {0, 50000000};
  double best = INFINITY;
  for (int r = 0; r < NREP; r++) {
    best = fmin(best, run_steps(model, scheme, h, NSTEP, t, iters));
    nanosleep(&pause, NULL);
  }
  return best;
}

/* The same for n schemes of one model, their repeats interleaved, so that a
   busy spell of the shared machine, which can last seconds, slows a repeat
   of every scheme instead of every repeat of one. */
static void ns_per_step_all(const char *model, const char *const *scheme, int n, double h,
                            double *best, double *iters)
{
  static double t[NSTEP];
  const struct timespec pause = {0, 50000000};
  for (int s = 0; s < n; s++) best[s] = INFINITY;
  for (int r = 0; r < NREP; r++) {
    for (int s = 0; s < n; s++)
      best[s] = fmin(best[s], run_steps(model, scheme[s], h, NSTEP, t, &iters[s]));
    nanosleep(&pause, NULL);
  }
}

/* a 50-s run at h = 1e-3 through lg_run, no output: the smallest of 7 CPU
   times (the bar) and of 7 wall-clock times (which on a shared machine also
   count the time spent waiting for a processor) */
static double run50(const char *scheme, double *wall)
{
  const lg_model *m = lg_model_find("doublependulum");
  void *par = calloc(1, m->par_size);
  lg_params_default(m, par);
  lg_opts opt;
  lg_opts_default(&opt);
  double best = INFINITY;
  *wall = INFINITY;
  for (int r = 0; r < 7; r++) {
    double t0 = bench_now_ns(), c0 = bench_cpu_ns();
    if (lg_run(lg_scheme_find("multibody", scheme), par, &opt, 1e-3, 50000, 1, NULL, NULL,
               NULL) != LG_OK) exit(1);
    best = fmin(best, (bench_cpu_ns() - c0) * 1e-9);
    *wall = fmin(*wall, (bench_now_ns() - t0) * 1e-9);
  }
  free(par);
  return best;
}

/* instructions per step: two run lengths under Callgrind, so that start-up cancels */
static double instructions(const char *self, const char *model, const char *scheme, const char *h)
{
  char *a[] = {(char *)self, "--count", (char *)model, (char *)scheme, (char *)h, "1000", NULL};
  char *b[] = {(char *)self, "--count", (char *)model, (char *)scheme, (char *)h, "6000", NULL};
  double i1 = bench_instructions(a), i2 = i1 < 0 ? -1 : bench_instructions(b);
  return i1 < 0 || i2 < 0 ? -1 : (i2 - i1) / 5000.0;
}

int main(int argc, char **argv)
{
  if (argc == 6 && strcmp(argv[1], "--count") == 0) {   /* a child under Callgrind */
    run_steps(argv[2], argv[3], atof(argv[4]), atol(argv[5]), NULL, NULL);
    return 0;
  }
  static const char *const mb[4] = {"dh", "rattlie", "galpha", "dl"};
  int fail = 0;
  printf("# huang2022 schemes, default options (solved to round-off): smallest of %d medians"
         " of %d single steps; instructions per step by Callgrind\n", NREP, NSTEP);
  printf("%-36s %10s %14s %12s\n", "model / scheme, h", "ns/step", "instructions", "Newton it");
  double ns[4], ins[4], its[4], it;
  ns_per_step_all("doublependulum", mb, 4, 1e-3, ns, its);
  for (int s = 0; s < 4; s++) {
    ins[s] = instructions(argv[0], "doublependulum", mb[s], "0.001");
    printf("%-36s %10.0f %14.0f %12.2f\n",
           s == 0 ? "doublependulum dh, 1e-3" : s == 1 ? "doublependulum rattlie, 1e-3"
           : s == 2 ? "doublependulum galpha, 1e-3" : "doublependulum dl, 1e-3", ns[s], ins[s],
               its[s]);
  }
  double nrl = ns_per_step("pendulum3d-moiseev", "rattlie", 0.01, &it);
  double irl = instructions(argv[0], "pendulum3d-moiseev", "rattlie", "0.01");
  printf("%-36s %10.0f %14.0f %12.2f\n", "pendulum3d-moiseev rattlie, 0.01", nrl, irl, it);
  double nga = ns_per_step("pendulum3d-moiseev", "galpha", 0.01, &it);
  double iga = instructions(argv[0], "pendulum3d-moiseev", "galpha", "0.01");
  printf("%-36s %10.0f %14.0f %12.2f\n", "pendulum3d-moiseev galpha, 0.01", nga, iga, it);
  double ncy = ns_per_step("pendulum3d-moiseev", "lgvi-cayley", 0.01, &it);
  double icy = instructions(argv[0], "pendulum3d-moiseev", "lgvi-cayley", "0.01");
  printf("%-36s %10.0f %14.0f %12.2f\n", "pendulum3d-moiseev lgvi-cayley, 0.01", ncy, icy, it);
  for (int s = 0; s < 2; s++) {
    int ok = ns[s] <= 3000;
    fail |= !ok;
    printf("%s: doublependulum %s step %.0f ns <= 3000 ns\n", ok ? "PASS" : "FAIL", mb[s], ns[s]);
  }
  for (int s = 0; s < 2; s++) {
    double wall, t = run50(mb[s], &wall);
    int ok = t < 0.3;
    fail |= !ok;
    printf("%s: doublependulum %s, 50 s at h = 1e-3: %.3f s of CPU time < 0.3 s (wall clock "
           "%.3f s)\n",
           ok ? "PASS" : "FAIL", mb[s], t, wall);
  }
  if (irl < 0 || icy < 0) printf("note: no Valgrind, the instruction bar is not checked\n");
  else {
    int ok = irl <= 1.5 * icy;
    fail |= !ok;
    printf("%s: heavy-top rattlie %.0f instructions/step <= 1.5 x lgvi-cayley's %.0f (ratio "
           "%.2f)\n",
           ok ? "PASS" : "FAIL", irl, icy, irl / icy);
  }
  return fail;
}
