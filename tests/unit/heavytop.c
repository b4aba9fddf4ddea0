/* Unit tests of model/heavytop and num/diag. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/rk.h"
#include "num/diag.h"
#include "model/heavytop.h"

static void defaults(ht_params *p)
{
  lg_params_default(&ht_pendulum3d, p);
}

static void spinning(ht_params *p)
{
  defaults(p);
  p->m = 1;
  p->J[0] = 0.13; p->J[1] = 0.28; p->J[2] = 0.17;
  p->rho[0] = 0; p->rho[1] = 0; p->rho[2] = 0.3;
  p->W0[0] = p->W0[1] = p->W0[2] = 4.14;
}

/* collects the largest drifts of a run through lg_run's emit callback */
typedef struct {
  const ht_params *p;
  double E0, L0, dE, dL, Lscale, orth;
  lg_state last;
} drift_ctx;

static int drift_emit(void *ctx, const lg_state *s)
{
  drift_ctx *c = ctx;
  double E = ht_energy(c->p, s->R, s->W), L = ht_lvert(c->p, s->R, s->W);
  double JW[3] = {c->p->J[0] * s->W[0], c->p->J[1] * s->W[1], c->p->J[2] * s->W[2]};
  if (s->t == 0) {
    c->E0 = E; c->L0 = L;
    c->dE = c->dL = c->Lscale = c->orth = 0;
  }
  c->dE = fmax(c->dE, fabs(E - c->E0));
  c->dL = fmax(c->dL, fabs(L - c->L0));
  c->Lscale = fmax(c->Lscale, so3_norm(JW));   /* |pi| = |J W| */
  c->orth = fmax(c->orth, so3_orth_err(s->R));
  c->last = *s;
  return 0;
}

static int run(const char *scheme, const ht_params *p, double tol, double h,
               long n, drift_ctx *c)
{
  lg_opts opt;
  lg_opts_default(&opt);
  opt.ref_tol = tol;
  c->p = p;
  return lg_run(lg_scheme_find("heavytop", scheme), p, &opt, h, n, 1,
                drift_emit, c, NULL);
}
static void test_defaults(void)
{
  ht_params p;
  const double pi = 3.14159265358979323846;
  double R[9], a[3] = {pi / 3, pi / 4, pi / 9};
  char msg[200];
  defaults(&p);
  so3_cardan(R, a);
  for (int i = 0; i < 9; i++)
    gsl_test_abs(p.R0[i], R[i], 1e-15, "default R0[%d] = Rx(pi/3) Ry(pi/4) Rz(pi/9)", i);
  gsl_test(ht_check(&p, 0, msg, sizeof msg) != LG_OK, "defaults pass the check: %s", msg);
  gsl_test(lg_model_find("pendulum3d") != &ht_pendulum3d, "pendulum3d is in the table");
  gsl_test(!lg_scheme_find("heavytop", "rk4") || !lg_scheme_find("heavytop", "ref"),
           "rk4 and ref of family heavytop are in the table");
  {
    int ncol = 1;
    for (const char *c = HT_COLUMNS; *c; c++) ncol += *c == ',';
    gsl_test(ncol != HT_NCOL || ht_pendulum3d.ncol != HT_NCOL,
             "HT_COLUMNS names %d columns, HT_NCOL = %d", ncol, HT_NCOL);
  }
}
static void shift(double *yp, const double *y, const double *f, double eps)
{
  for (int i = 0; i < 12; i++) yp[i] = y[i] + eps * f[i];
}

static void test_conservation_along_field(void)
{
  ht_params p;
  double w[3] = {0.31, -1.17, 0.58}, y[12], f[12], yp[12], ym[12];
  double n = sqrt(0.2 * 0.2 + 0.3 * 0.3 + 0.93 * 0.93);
  spinning(&p);
  p.rho[0] = 0.05; p.rho[1] = -0.11;
  p.gdir[0] = 0.2 / n; p.gdir[1] = -0.3 / n; p.gdir[2] = -0.93 / n;
  so3_exp(y, w);
  y[9] = 1.3; y[10] = -2.2; y[11] = 0.7;
  ht_rhs(0, y, f, &p);
  for (int flip = 0; flip < 2; flip++) {
    double dE, dL, scale, scaleL, c[3], dRrho[3];
    if (flip) {   /* the other sign of the gravity torque */
      double G[3], tau[3];
      so3_mtv(G, y, p.gdir);
      so3_cross(tau, p.rho, G);
      for (int i = 0; i < 3; i++) f[9 + i] -= 2 * p.m * p.g * tau[i] / p.J[i];
    }
    shift(yp, y, f, 1.0);
    shift(ym, y, f, -1.0);
    dE = (ht_energy(&p, yp, yp + 9) - ht_energy(&p, ym, ym + 9)) / 2;
    dL = (ht_lvert(&p, yp, yp + 9) - ht_lvert(&p, ym, ym + 9)) / 2;
    so3_mv(dRrho, f, p.rho);
    scale = fabs(p.J[0] * y[9] * f[9] + p.J[1] * y[10] * f[10] + p.J[2] * y[11] * f[11])
            + p.m * p.g * fabs(so3_dot(p.gdir, dRrho));
    {
      double JW[3] = {p.J[0] * y[9], p.J[1] * y[10], p.J[2] * y[11]};
      so3_mv(c, f, JW);
      scaleL = so3_norm(c);
    }
    printf("  %s torque sign: dE/dt = %.3e (terms %.3e), dLvert/dt = %.3e (terms %.3e)\n",
           flip ? "flipped" : "derived", dE, scale, dL, scaleL);
    if (!flip) {
      gsl_test(!(fabs(dE) < 1e-12 * scale), "dE/dt = %.3e along the field", dE);
      gsl_test(!(fabs(dL) < 1e-12 * scaleL), "dLvert/dt = %.3e along the field", dL);
    } else {
      gsl_test(!(fabs(dE) > 0.01 * scale), "flipped torque sign breaks dE/dt = 0 (%.3e)", dE);
    }
  }
  {   /* R' R^T = R hat(W) R^T is skew */
    double A[9];
    so3_mul_nt(A, f, y);
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        gsl_test_abs(A[3 * i + j] + A[3 * j + i], 0, 1e-14, "R'R^T skew, entry %d%d", i, j);
  }
}
static void test_reference_conservation(void)
{
  const char *names[2] = {"published defaults", "asymmetric spinning body"};
  for (int c = 0; c < 2; c++) {
    ht_params p;
    drift_ctx d1, d2;
    double diff = 0;
    if (c == 0) defaults(&p); else spinning(&p);
    int st1 = run("ref", &p, 1e-13, 0.01, 1000, &d1);
    int st2 = run("ref", &p, 1e-14, 0.01, 1000, &d2);
    for (int i = 0; i < 9; i++) diff = fmax(diff, fabs(d1.last.R[i] - d2.last.R[i]));
    for (int i = 0; i < 3; i++) diff = fmax(diff, fabs(d1.last.W[i] - d2.last.W[i]));
    printf("  reference, %s, 10 s: energy drift %.3e (rel), Lvert drift %.3e"
           " (|pi| up to %.3g), orth %.3e; |y(1e-13) - y(1e-14)| = %.3e\n",
           names[c], d1.dE / fabs(d1.E0), d1.dL, d1.Lscale, d1.orth, diff);
    gsl_test(st1 || st2, "reference on %s runs", names[c]);
    gsl_test(fabs(d1.last.t - 10.0) > 1e-12, "reference on %s ends at t = 10", names[c]);
    gsl_test(!(d1.dE < 1e-10 * fabs(d1.E0)), "reference energy drift on %s", names[c]);
    gsl_test(!(d1.dL < 1e-10 * d1.Lscale), "reference Lvert drift on %s", names[c]);
    gsl_test(!(d1.orth < 1e-10), "reference orthogonality on %s", names[c]);
    gsl_test(!(diff < 1e-8), "reference tol/10 difference on %s %.3e < 1e-8", names[c], diff);
  }
}
static void test_rk4_order(void)
{
  ht_params p;
  drift_ctx r, d;
  double eprev = 0;
  spinning(&p);
  run("ref", &p, 1e-13, 1.0, 1, &r);
  for (int k = 0; k < 4; k++) {
    double h = 0.02 / (1 << k), e = 0;
    run("rk4", &p, 1e-13, h, lround(1.0 / h), &d);
    for (int i = 0; i < 9; i++) e = fmax(e, fabs(d.last.R[i] - r.last.R[i]));
    for (int i = 0; i < 3; i++) e = fmax(e, fabs(d.last.W[i] - r.last.W[i]));
    printf("  rk4 on the spinning body, h = %.5f: error %.3e, orth_err %.3e, "
           "energy drift %.3e", h, e, so3_orth_err(d.last.R), d.dE / fabs(d.E0));
    if (k > 0) {
      printf(", observed order %.3f", log2(eprev / e));
      gsl_test_abs(log2(eprev / e), 4.0, 0.1, "rk4 observed order at h = %g", h);
    }
    printf("\n");
    eprev = e;
  }
}
static void expect_reject(ht_params *p, int reortho, const char *name, const char *what)
{
  char msg[200], key[40];
  int st = ht_check(p, reortho, msg, sizeof msg);
  snprintf(key, sizeof key, "parameter %s:", name);
  gsl_test(st != LG_EINVAL, "check rejects %s", what);
  gsl_test(strstr(msg, key) == NULL, "message names %s: \"%s\"", name, msg);
}

static void test_check(void)
{
  ht_params p;
  char msg[200];
  defaults(&p); p.m = 0;               expect_reject(&p, 0, "m", "zero mass");
  defaults(&p); p.m = NAN;             expect_reject(&p, 0, "m", "NaN mass");
  defaults(&p); p.g = -9.8;            expect_reject(&p, 0, "g", "negative g");
  defaults(&p); p.gdir[2] = -1.001;    expect_reject(&p, 0, "gdir", "non-unit gdir");
  defaults(&p); p.J[1] = -1;           expect_reject(&p, 0, "J", "negative inertia");
  defaults(&p); p.J[2] = 3;            expect_reject(&p, 0, "J", "triangle inequality");
  defaults(&p); p.rho[0] = INFINITY;   expect_reject(&p, 0, "rho", "infinite rho");
  defaults(&p); p.W0[2] = NAN;         expect_reject(&p, 0, "W0", "NaN W0");
  defaults(&p); p.R0[4] += 1e-6;       expect_reject(&p, 0, "R0", "non-orthogonal R0");
  defaults(&p); for (int j = 0; j < 3; j++) p.R0[j] = -p.R0[j];
  expect_reject(&p, 1, "R0", "reflection R0 even with reortho");
  defaults(&p); p.J[0] = 0.2; p.J[1] = 0.3; p.J[2] = 0.5;   /* a lamina */
  gsl_test(ht_check(&p, 0, msg, sizeof msg) != LG_OK, "lamina inertia accepted: %s", msg);
  defaults(&p); p.R0[4] += 1e-6;
  gsl_test(ht_check(&p, 1, msg, sizeof msg) != LG_OK, "reortho accepts a perturbed R0");
  gsl_test(!(so3_orth_err(p.R0) < 1e-14), "reortho made R0 orthogonal (%.3e)",
           so3_orth_err(p.R0));
  defaults(&p);
  gsl_test(ht_check(&p, 0, msg, sizeof msg) != LG_OK || msg[0] != '\0',
           "defaults leave an empty message");
}
static void test_diag(void)
{
  double x[6] = {2.0, 9, 2.5, 9, 1.2, 9}, v[3] = {0.6, 0.8, 1e-3}, R[9];
  double w[3] = {0.4, -0.2, 1.1};
  gsl_test_rel(diag_rel_drift(x, 3, 2), 0.4, 1e-15, "relative drift, stride 2");
  gsl_test_rel(diag_abs_drift(x, 3, 2), 0.8, 1e-15, "absolute drift, stride 2");
  x[2] = NAN;
  gsl_test(!isnan(diag_abs_drift(x, 3, 2)), "a NaN makes the drift NaN");
  gsl_test_abs(diag_unit_drift(v), sqrt(1 + 1e-6) - 1, 1e-16, "unit drift");
  so3_exp(R, w);
  gsl_test(!(diag_orth_err(R) < 1e-14), "orth_err of exp is round-off (%.2e)",
           diag_orth_err(R));
  R[0] += 1e-5;
  gsl_test_rel(diag_orth_err(R), so3_orth_err(R), 1e-15, "diag_orth_err is so3_orth_err");
}

int main(void)
{
  test_defaults();
  test_conservation_along_field();
  test_reference_conservation();
  test_rk4_order();
  test_check();
  test_diag();
  exit(gsl_test_summary());
}
