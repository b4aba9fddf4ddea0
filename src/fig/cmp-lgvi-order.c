/* cmp-lgvi-order.c: observed orders of convergence of the schemes of this chapter. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"

typedef struct { lg_state last; } last_ctx;
static int last_emit(void *ctx, const lg_state *s) { ((last_ctx *)ctx)->last = *s; return 0; }

static lg_state final(const char *model, const char *scheme, double h)
{
  double par[64];
  char msg[256];
  lg_opts opt;
  last_ctx c;
  lg_failure f;
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = lg_scheme_find(m->family, scheme);
  lg_params_default(m, par);
  if (m->check(par, 1, msg, sizeof msg) != LG_OK
      || !S) { fprintf(stderr, "%s %s\n", model, scheme); exit(1); }
  lg_opts_default(&opt);
  opt.newton_tol = 1e-14;
  if (lg_run(S, par, &opt, h, (long)llround(1.0 / h), 0, last_emit, &c, &f) != LG_OK) exit(1);
  return c.last;
}

static double dist(const lg_state *a, const lg_state *b)
{
  double d = 0, e = 0;
  for (int i = 0; i < 9; i++) d += (a->R[i] - b->R[i]) * (a->R[i] - b->R[i]);
  for (int i = 0; i < 3; i++) e += (a->W[i] - b->W[i]) * (a->W[i] - b->W[i]);
  return sqrt(d) + sqrt(e);
}

int main(void)
{
  const char *cases[][3] = {
    {"offsetbody", "lgvi-cayley", "2"}, {"offsetbody", "lgvi-exp", "2"},
    {"offsetbody", "lgrk3", "3"}, {"offsetbody", "rk3", "3"},
    {"pendulum3d-moiseev", "lgvi-exp", "2"}, {"pendulum3d-moiseev", "lgvi-cayley", "2"},
    {"pendulum3d-moiseev", "rk4", "4"}};
  const double hs[5] = {0.02, 0.01, 0.005, 0.0025, 0.00125};
  printf("# self-convergence at t = 1 s from the published initial states (R0 "
         "re-orthonormalised),\n"
         "# Newton tolerance 1e-14; err(h) = |R_h - R_h/2|_F + |W_h - W_h/2|\n");
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    lg_state s[5];
    double e[4];
    printf("# block %zu: %s %s (theory %s)\n# h err order\n", c, cases[c][0], cases[c][1],
           cases[c][2]);
    for (int i = 0; i < 5; i++) s[i] = final(cases[c][0], cases[c][1], hs[i]);
    for (int i = 0; i < 4; i++) e[i] = dist(&s[i], &s[i + 1]);
    for (int i = 0; i < 4; i++)
      printf("%.6g %.10g %.6g\n", hs[i], e[i], i ? log2(e[i - 1] / e[i]) : NAN);
    printf("\n\n");
  }
  return 0;
}
