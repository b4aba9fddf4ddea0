/* baselines.c: ns per call of a Newton solve and of the heavy-top baselines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "num/newton.h"
#include <string.h>
#include "model/heavytop.h"
#include "bench/lib/benchtime.h"

static const double bx[3] = {0.7, -1.3, 0.4};
static int bench_sys(const double *x, void *p, double *f, double *J)
{
  (void)p;
  f[0] = exp(x[0]) + x[1] * x[2] - (exp(bx[0]) + bx[1] * bx[2]);
  f[1] = sin(x[1]) + x[0] * x[0] - (sin(bx[1]) + bx[0] * bx[0]);
  f[2] = x[0] * x[1] * x[2] + x[2] * x[2] * x[2]
         - (bx[0] * bx[1] * bx[2] + bx[2] * bx[2] * bx[2]);
  if (J) {
    J[0] = exp(x[0]);    J[1] = x[2];       J[2] = x[1];
    J[3] = 2 * x[0];     J[4] = cos(x[1]);  J[5] = 0;
    J[6] = x[1] * x[2];  J[7] = x[0] * x[2]; J[8] = x[0] * x[1] + 3 * x[2] * x[2];
  }
  return 0;
}

static void bench_newton(const char *name, int solver)
{
  newton_ws *w = newton_alloc(3, solver);
  const int n = 20000;
  double t[7];
  long iters = 0;
  for (int r = 0; r < 7; r++) {
    double t0 = bench_now_ns();
    iters = 0;
    for (int k = 0; k < n; k++) {
      double x[3] = {0.7 + 1e-3, -1.3 - 1e-3, 0.4 + 1e-3}, res;
      int it;
      newton_solve(w, bench_sys, NULL, x, 1e-12, 50, &it, &res);
      iters += it;
    }
    t[r] = (bench_now_ns() - t0) / n;
  }
  printf("%-28s %12.0f %14.2f\n", name, bench_median(t, 7), (double)iters / n);
  newton_free(w);
}
static void bench_scheme(const char *name, const char *scheme)
{
  const lg_scheme_type *sch = lg_scheme_find("heavytop", scheme);
  ht_params p;
  lg_opts opt;
  const long n = 2000;
  double t[7];
  lg_params_default(&ht_pendulum3d, &p);
  p.m = 1;
  p.J[0] = 0.13; p.J[1] = 0.28; p.J[2] = 0.17;
  p.rho[2] = 0.3;
  p.W0[0] = p.W0[1] = p.W0[2] = 4.14;
  lg_opts_default(&opt);
  for (int r = 0; r < 7; r++) {
    double t0 = bench_now_ns();
    lg_run(sch, &p, &opt, 0.01, n, n, NULL, NULL, NULL);
    t[r] = (bench_now_ns() - t0) / (double)n;
  }
  printf("%-28s %12.0f %14.2f\n", name, bench_median(t, 7), 0.0);
}
/* y' = f(y) for y = (R row-major, W), written out for these parameters */
static void rk4y_field(double dy[12], const ht_params *p, const double y[12])
{
  const double *R = y, *W = y + 9, *J = p->J, *r = p->rho, *g = p->gdir, mg = p->m * p->g;
  for (int i = 0; i < 3; i++) {                    /* dR = R hat(W) */
    dy[3 * i + 0] = R[3 * i + 1] * W[2] - R[3 * i + 2] * W[1];
    dy[3 * i + 1] = R[3 * i + 2] * W[0] - R[3 * i + 0] * W[2];
    dy[3 * i + 2] = R[3 * i + 0] * W[1] - R[3 * i + 1] * W[0];
  }
  double G0 = R[0] * g[0] + R[3] * g[1] + R[6] * g[2];     /* R^T g */
  double G1 = R[1] * g[0] + R[4] * g[1] + R[7] * g[2];
  double G2 = R[2] * g[0] + R[5] * g[1] + R[8] * g[2];
  dy[9] = ((J[1] * W[1] * W[2] - J[2] * W[2] * W[1]) + mg * (r[1] * G2 - r[2] * G1)) / J[0];
  dy[10] = ((J[2] * W[2] * W[0] - J[0] * W[0] * W[2]) + mg * (r[2] * G0 - r[0] * G2)) / J[1];
  dy[11] = ((J[0] * W[0] * W[1] - J[1] * W[1] * W[0]) + mg * (r[0] * G1 - r[1] * G0)) / J[2];
}

static void rk4y_step(double y[12], const ht_params *p, double h)
{
  double k1[12], k2[12], k3[12], k4[12], z[12];
  rk4y_field(k1, p, y);
  for (int i = 0; i < 12; i++) z[i] = y[i] + 0.5 * h * k1[i];
  rk4y_field(k2, p, z);
  for (int i = 0; i < 12; i++) z[i] = y[i] + 0.5 * h * k2[i];
  rk4y_field(k3, p, z);
  for (int i = 0; i < 12; i++) z[i] = y[i] + h * k3[i];
  rk4y_field(k4, p, z);
  for (int i = 0; i < 12; i++) y[i] += h / 6.0 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
}
/* n steps of h = 0.01 of the package's rk4 ("rk4") or the yardstick ("rk4-fixed") on
   pendulum3d-moiseev; the final state in y */
static int rk4_run(const char *which, long n, double y[12])
{
  const lg_model *m = lg_model_find("pendulum3d-moiseev");
  ht_params p;
  lg_opts opt;
  lg_state s;
  lg_params_default(m, &p);
  lg_opts_default(&opt);
  if (strcmp(which, "rk4-fixed") == 0) {
    memcpy(y, p.R0, 9 * sizeof(double));
    memcpy(y + 9, p.W0, 3 * sizeof(double));
    for (long k = 0; k < n; k++) rk4y_step(y, &p, 0.01);
    return 0;
  }
  const lg_scheme_type *S = lg_scheme_find("heavytop", which);
  void *ws = S ? S->alloc(&p, &opt) : NULL;
  if (!ws || S->init(ws, &p, 0.01, &s) != LG_OK) return 1;
  for (long k = 0; k < n; k++)
    if (S->step(ws, &s) != LG_OK) return 1;
  memcpy(y, s.R, 9 * sizeof(double));
  memcpy(y + 9, s.W, 3 * sizeof(double));
  S->free(ws);
  return 0;
}

static int rk4_steps(const char *which, long n)
{
  double y[12];
  return rk4_run(which, n, y);
}

static double rk4_instructions(char *self, char *which)
{
  char *a1[] = {self, "--steps", which, "1000", NULL}, *a3[] = {self, "--steps", which, "3000", NULL};
  double i1 = bench_instructions(a1), i3 = bench_instructions(a3);
  return i1 < 0 || i3 < 0 ? NAN : (i3 - i1) / 2000;
}

/* fastest of 30 repeats of the mean time per step over 2000 steps */
static double rk4_fastest(const char *which)
{
  double t[30], y[12];
  for (int r = 0; r < 30; r++) {
    double t0 = bench_now_ns();
    if (rk4_run(which, 2000, y) != 0) return NAN;
    t[r] = (bench_now_ns() - t0) / 2000;
  }
  return bench_min(t, 30);
}

static int rk4_compare(char *self)
{
  double ya[12], yb[12], d = 0;
  if (rk4_run("rk4", 1000, ya) != 0 || rk4_run("rk4-fixed", 1000, yb) != 0) return 1;
  for (int i = 0; i < 12; i++) d = fmax(d, fabs(ya[i] - yb[i]));
  double na = rk4_instructions(self, "rk4"), nb = rk4_instructions(self, "rk4-fixed");
  double ta = rk4_fastest("rk4"), tb = rk4_fastest("rk4-fixed");
  int pi = na / nb <= 1.5, pt = ta / tb <= 1.5;
  printf("RK4 on pendulum3d-moiseev, h = 0.01: package rk4 against a fixed-size RK4;\n"
         "states after 1000 steps differ by %.1e\n", d);
  printf("instructions/step (Callgrind): rk4 %.0f, fixed-size %.0f, ratio %.2f\n", na, nb,
         na / nb);
  printf("fastest time/step: rk4 %.0f ns, fixed-size %.0f ns, ratio %.2f\n", ta, tb, ta / tb);
  if (isnan(na)) printf("rk4 instructions <= 1.5 x fixed-size: not measured (valgrind)\n");
  else printf("rk4 instructions <= 1.5 x fixed-size: %s\n", pi ? "PASS" : "FAIL");
  printf("rk4 fastest time <= 1.5 x fixed-size: %s\n", pt ? "PASS" : "FAIL");
  printf("rk4 and fixed-size agree to 1e-12: %s\n", d <= 1e-12 ? "PASS" : "FAIL");
  return (!isnan(na) && !pi) || !pt || !(d <= 1e-12);
}

int main(int argc, char **argv)
{
  if (argc == 4 && strcmp(argv[1], "--steps") == 0) return rk4_steps(argv[2], atol(argv[3]));
  printf("%-28s %12s %14s\n", "name", "ns/step", "newton_iters");
  bench_newton("newton 3x3 plain", LG_NEWTON_PLAIN);
  bench_newton("newton 3x3 hybridsj", LG_NEWTON_HYBRIDSJ);
  bench_scheme("heavytop rk4 h=0.01", "rk4");
  bench_scheme("heavytop ref h=0.01", "ref");
  return rk4_compare(argv[0]);
}
