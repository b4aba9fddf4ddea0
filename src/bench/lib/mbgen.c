/* mbgen.c: the models of the scaling benchmarks and the cost of a step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench/lib/benchtime.h"
#include "bench/lib/mbgen.h"

int mbgen_chain(const char *path, int n)
{
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "model chain%d\ngravity 9.81 0 0 1\n", n);
  for (int i = 0; i < n; i++)
    fprintf(f, "body r%d\n mass 1\n inertia 0.0834 0.002 0.0833\n position 0 %d.5 0\n"
               " angvel 0 %d 0\n", i, i, 3 + i % 5);
  fprintf(f, "joint ground 0 0 0 r0 0 -0.5 0\n");
  for (int i = 1; i < n; i++) fprintf(f, "joint r%d 0 0.5 0 r%d 0 -0.5 0\n", i - 1, i);
  return fclose(f);
}

int mbgen_hanging(const char *path, int n, double ratio)
{
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  const double s = sin(0.1), c = cos(0.1);
  fprintf(f, "model hanging%d\ngravity 9.81 0 0 -1\n", n);
  for (int i = 1; i <= n; i++) {
    if (i % 2 == 1 || ratio == 1)
      fprintf(f, "body b%d\n mass 0.1\n inertia 0.00083333 0.00083333 0.0001\n", i);
    else
      fprintf(f, "body b%d\n mass %.17g\n inertia %.17g %.17g %.17g\n", i, 0.1 / ratio,
              0.00083333 / ratio, 0.00083333 / ratio, 0.0001 / ratio);
    fprintf(f, " rotation 1 0 0 0 %.17g %.17g 0 %.17g %.17g\n position 0 %.17g %.17g\n", c, -s,
            s, c, (i - 0.5) * 0.1 * s, -(i - 0.5) * 0.1 * c);
  }
  fprintf(f, "joint ground 0 0 0 b1 0 0 0.05\n");
  for (int i = 2; i <= n; i++) fprintf(f, "joint b%d 0 0 -0.05 b%d 0 0 0.05\n", i - 1, i);
  return fclose(f);
}

int mbgen_loop(const char *path, int n)
{
  if (n < 3) return -1;
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  const double pi = acos(-1.0), rho = 1 / (2 * sin(pi / n));
  double *vx = malloc(((size_t)n + 1) * sizeof *vx), *vy = malloc(((size_t)n + 1) * sizeof *vy);
  if (!vx || !vy) { free(vx); free(vy); fclose(f); return -1; }
  for (int k = 0; k <= n; k++) {
    const double th = -pi / 2 - pi / n + 2 * pi * k / n;
    vx[k] = rho * cos(th);
    vy[k] = rho * sin(th);
  }
  fprintf(f, "model loop%d\ngravity 9.81 0 0 -1\n", n);
  for (int k = 1; k <= n; k++) {
    const double dx = vx[k] - vx[k - 1], dy = vy[k] - vy[k - 1], l = hypot(dx, dy);
    fprintf(f, "body r%d\n  mass 1\n  inertia 0.0001 0.083333 0.083333\n", k);
    fprintf(f, "  rotation %.17g %.17g 0 %.17g %.17g 0 0 0 1\n", dx / l, -dy / l, dy / l, dx / l);
    fprintf(f, "  position %.17g %.17g 0\n", (vx[k] + vx[k - 1]) / 2, (vy[k] + vy[k - 1]) / 2);
  }
  fprintf(f, "joint revolute ground %.17g %.17g 0 r1 -0.5 0 0 axis 0 0 1\n", vx[0], vy[0]);
  for (int k = 2; k <= n; k++)
    fprintf(f, "joint revolute r%d 0.5 0 0 r%d -0.5 0 0 axis 0 0 1\n", k - 1, k);
  fprintf(f, "joint revolute r%d 0.5 0 0 r1 -0.5 0 0 axis 0 0 1\n", n);
  free(vx);
  free(vy);
  return fclose(f);
}

double mbgen_step_seconds(const lg_model *m, const char *sch, long nsteps)
{
  const lg_scheme_type *S = lg_scheme_find(m->family, sch);
  void *par = calloc(1, m->par_size), *ws = NULL;
  lg_opts opt;
  lg_state st;
  double t = NAN;
  lg_opts_default(&opt);
  if (!S || !par) goto done;
  lg_params_default(m, par);
  /* one step before the clock starts: the first carries one-time work (the
     rank decisions of the first factorisation, the first pass through the
     Newton stores), which is not the cost of a step */
  if (!(ws = S->alloc(par, &opt)) || S->init(ws, par, 1e-3, &st) != LG_OK
      || S->step(ws, &st) != LG_OK)
    goto done;
  const double t0 = bench_cpu_ns();
  for (long k = 0; k < nsteps; k++)
    if (S->step(ws, &st) != LG_OK) goto done;
  t = (bench_cpu_ns() - t0) * 1e-9 / (double)nsteps;
done:
  if (ws) S->free(ws);
  free(par);
  return t;
}

double mbgen_step_instructions(const char *file, const char *sch, int n1, int n2)
{
  const char *lgsim = getenv("LGSIM");
  char T[32];
  char *a[] = {(char *)(lgsim && *lgsim ? lgsim : "build/bin/lgsim"), "run", "--model-file",
               (char *)file, (char *)sch, "--h", "0.001", "--T", T, "--every", "100000",
               "-o", "/dev/null", NULL};
  snprintf(T, sizeof T, "%.3f", 1e-3 * n1);
  const double i1 = bench_instructions(a);
  snprintf(T, sizeof T, "%.3f", 1e-3 * n2);
  const double i2 = bench_instructions(a);
  return i1 < 0 || i2 < 0 ? NAN : (i2 - i1) / (n2 - n1);
}
