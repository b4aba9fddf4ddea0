/* cmp-lgvi-horizon.c: separation of nearby solutions on both bodies. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"

typedef struct { lg_state *s; long n, cap; } keep;

static int keep_emit(void *ctx, const lg_state *s)
{
  keep *k = ctx;
  if (k->n == k->cap) {
    lg_state *p = realloc(k->s, (size_t)(2 * k->cap + 16) * sizeof *p);
    if (!p) return 1;
    k->s = p;
    k->cap = 2 * k->cap + 16;
  }
  k->s[k->n++] = *s;
  return 0;
}

static void perturb(double *W, double eps) { for (int i = 0; i < 3; i++) W[i] += eps; }

static keep run(const char *model, double eps, double tol, double T, long every)
{
  double par[64];
  char msg[256];
  lg_opts opt;
  keep k = {NULL, 0, 0};
  lg_failure f;
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = m ? lg_scheme_find(m->family, "ref") : NULL;
  if (!S) { fprintf(stderr, "no reference for %s\n", model); exit(1); }
  lg_params_default(m, par);
  if (m->check(par, 1, msg, sizeof msg) != LG_OK) { fprintf(stderr, "%s\n", msg); exit(1); }
  perturb(strcmp(model, "offsetbody") == 0 ? par + 23 : par + 20, eps);
  lg_opts_default(&opt);
  opt.ref_tol = tol;
  if (lg_run(S, par, &opt, 0.01, (long)llround(T / 0.01), every, keep_emit, &k, &f) != LG_OK) {
    fprintf(stderr, "reference failed on %s\n", model);
    exit(1);
  }
  return k;
}

static void separation(const char *label, keep a, keep b)
{
  printf("# %s\n# t dW\n", label);
  for (long i = 0; i < a.n && i < b.n; i++) {
    double d = 0;
    for (int j = 0; j < 3; j++) d = fmax(d, fabs(a.s[i].W[j] - b.s[i].W[j]));
    printf("%.10g %.10g\n", a.s[i].t, d);
  }
  printf("\n\n");
}

int main(void)
{
  const char *models[2] = {"offsetbody", "pendulum3d-moiseev"};
  const double T[2] = {30, 60};
  printf("# separation of nearby solutions: reference (rk8pd), W0 perturbed by 1e-12,\n"
         "# and reference at tolerance 1e-13 against 1e-11; offsetbody 30 s, pendulum 60 s\n");
  for (int i = 0; i < 2; i++) {
    keep a = run(models[i], 0, 1e-13, T[i], 10), b = run(models[i], 1e-12, 1e-13, T[i], 10),
         c = run(models[i], 0, 1e-11, T[i], 10);
    char label[128];
    snprintf(label, sizeof label, "%s: perturbation 1e-12", models[i]);
    separation(label, a, b);
    snprintf(label, sizeof label, "%s: tolerance 1e-13 vs 1e-11", models[i]);
    separation(label, a, c);
    free(a.s);
    free(b.s);
    free(c.s);
  }
  return 0;
}
