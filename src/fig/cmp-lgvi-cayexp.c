/* cmp-lgvi-cayexp.c: the Cayley and exponential LGVIs side by side. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"

typedef struct { lg_state *s; long n; } trail;

static int trail_emit(void *ctx, const lg_state *s)
{
  trail *t = ctx; t->s[t->n++] = *s; return 0;
}

static trail run(const char *model, const char *scheme, double T)
{
  double par[64];
  char msg[256];
  lg_opts opt;
  lg_failure f;
  long n = (long)llround(T / 0.01);
  trail t = {malloc((size_t)(n + 1) * sizeof(lg_state)), 0};
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = lg_scheme_find(m->family, scheme);
  lg_params_default(m, par);
  if (!t.s || !S || m->check(par, 1, msg, sizeof msg) != LG_OK) exit(1);
  lg_opts_default(&opt);
  if (lg_run(S, par, &opt, 0.01, n, 1, trail_emit, &t, &f) != LG_OK) exit(1);
  return t;
}

static void compare(const char *label, trail a, trail b)
{
  printf("# %s\n# t dR dW iters_a iters_b\n", label);
  for (long i = 0; i < a.n; i++) {
    double dR = 0, dW = 0;
    for (int j = 0; j < 9; j++) dR = fmax(dR, fabs(a.s[i].R[j] - b.s[i].R[j]));
    for (int j = 0; j < 3; j++) dW = fmax(dW, fabs(a.s[i].W[j] - b.s[i].W[j]));
    printf("%.10g %.6g %.6g %d %d\n", a.s[i].t, dR, dW, a.s[i].newton_iters, b.s[i].newton_iters);
  }
  printf("\n\n");
}

int main(void)
{
  trail a = run("offsetbody", "lgvi-cayley", 10), b = run("offsetbody", "lgvi-exp", 10);
  trail c = run("pendulum3d-moiseev", "lgvi-cayley", 30),
      d = run("pendulum3d-moiseev", "lgvi-exp", 30);
  trail e = run("pendulum3d-moiseev", "lgvi-exp-direct", 30);
  printf("# Cayley against exponential LGVI, h = 0.01, each step solved to round-off\n");
  compare("0 offsetbody: lgvi-cayley vs lgvi-exp", a, b);
  compare("1 pendulum3d-moiseev: lgvi-cayley vs lgvi-exp", c, d);
  compare("2 pendulum3d-moiseev: lgvi-exp (GSL) vs lgvi-exp-direct", d, e);
  free(a.s); free(b.s); free(c.s); free(d.s); free(e.s);
  return 0;
}
