/* Unit tests of the comparative chapter's models: the fast heavy top. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "model/heavytop.h"

typedef struct { lg_state last; lg_body b; } keep_ctx;
static int keep(void *ctx, const lg_state *s)
{
  keep_ctx *k = ctx;
  k->last = *s;
  if (s->nbody > 0) k->b = s->body[0];
  return 0;
}

int main(void)
{
  const lg_model *m = lg_model_find("heavytop-fast"), *mb = lg_model_find("fast-top");
  double par[512], parb[512];
  const double Jc[3] = {0.234375, 0.46875, 0.234375}, mass = 15, rho[3] = {0, 1, 0};
  lg_opts opt;
  keep_ctx a, b;
  lg_opts_default(&opt);
  gsl_test(!m || !mb, "heavytop-fast and fast-top are in the table");
  if (!m || !mb) exit(gsl_test_summary());
  lg_params_default(m, par);
  lg_params_default(mb, parb);
  const ht_params *p = (const ht_params *)par;
  for (int i = 0; i < 3; i++) {
    double r2 = rho[0] * rho[0] + rho[1] * rho[1] + rho[2] * rho[2];
    gsl_test_abs(p->J[i], Jc[i] + mass * (r2 - rho[i] * rho[i]), 0,
                 "J%d about the pivot = Jc + m (|rho|^2 - rho_i^2)", i + 1);
  }
  gsl_test(m->check(par, 0, NULL, 0) != LG_OK, "heavytop-fast passes the check");
  gsl_test(lg_run(lg_scheme_find("heavytop", "ref"), par, &opt, 0.001, 1000, 1000, keep, &a,
                  NULL) != LG_OK, "heavytop-fast reference runs");
  gsl_test(lg_run(lg_scheme_find("multibody", "ref"), parb, &opt, 0.001, 1000, 1000, keep, &b,
                  NULL) != LG_OK, "fast-top reference runs");
  double w0 = sqrt(150.0 * 150.0 + 4.61538 * 4.61538), dW = 0, dG = 0;
  for (int j = 0; j < 3; j++) {
    dW = fmax(dW, fabs(a.last.W[j] - b.b.W[j]));
    dG = fmax(dG, fabs(-a.last.R[6 + j] + b.b.R[6 + j]));
  }
  printf("  fast top at t = 1: W2 - 150 = %.3e; heavy top vs multibody: |dW| = %.3e, "
         "|dGamma| = %.3e\n", a.last.W[1] - 150, dW, dG);
  gsl_test(!(fabs(a.last.W[1] - 150) < 1e-9 * 150), "the spin W2 stays 150 rad/s");
  gsl_test(!(dW < 1e-8 * w0 && dG < 1e-8), "heavy top and multibody top agree at t = 1");
  exit(gsl_test_summary());
}
