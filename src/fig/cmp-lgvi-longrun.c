/* cmp-lgvi-longrun.c: energy, momentum and orthogonality over 1e6 steps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lgvi/offsetbody.h"

typedef struct {
  const lg_model *m;     /* the model */
  const void *par;       /* its parameters */
  int idx[40], n;        /* printed columns: index in the row, or -1 dE, -2 dL */
  double E0, L0;         /* invariants at step 0 */
  int first;             /* 1 before the first row */
} drv_ctx;

static int drv_col(const lg_model *m, const char *name)
{
  char buf[512], *tok, *save = NULL;
  int i = 0;
  if (strcmp(name, "dE") == 0) return -1;
  if (strcmp(name, "dL") == 0) return -2;
  snprintf(buf, sizeof buf, "%s", m->columns);
  for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), i++)
    if (strcmp(tok, name) == 0) return i;
  fprintf(stderr, "no column %s in model %s\n", name, m->name);
  exit(1);
}

static int drv_emit(void *ctx, const lg_state *s)
{
  drv_ctx *c = ctx;
  double out[64];
  int nc = c->m->ncol;
  c->m->row(c->par, s, out);
  if (c->first) {
    c->E0 = out[nc - 3];
    c->L0 = out[nc - 2];
    c->first = 0;
  }
  for (int i = 0; i < c->n; i++) {
    double x = c->idx[i] == -1 ? out[nc - 3] - c->E0
             : c->idx[i] == -2 ? out[nc - 2] - c->L0 : out[c->idx[i]];
    printf(i ? " %.10g" : "%.10g", x);
  }
  printf("\n");
  return 0;
}

/* Set the defaults of a model, apply a tweak, check (with re-orthonormalisation
   when asked); exit with the model's message on failure. */
static const lg_model *drv_params(const char *model, void *par, int reortho,
                                  void (*tweak)(void *par))
{
  char msg[256];
  const lg_model *m = lg_model_find(model);
  if (!m) { fprintf(stderr, "no model %s\n", model); exit(1); }
  lg_params_default(m, par);
  if (tweak) tweak(par);
  if (reortho >= 0 && m->check(par, reortho, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "%s\n", msg);
    exit(1);
  }
  return m;
}

/* Run one scheme and print one block of the named columns. */
static void drv_block(const char *label, const lg_model *m, const char *scheme,
                      const void *par, const lg_opts *opt, double h, long nsteps,
                      long every, const char *cols)
{
  const lg_scheme_type *S = lg_scheme_find(m->family, scheme);
  drv_ctx c;
  lg_failure f;
  char buf[512], *tok, *save = NULL;
  int st;
  if (!S) { fprintf(stderr, "no scheme %s of family %s\n", scheme, m->family); exit(1); }
  memset(&c, 0, sizeof c);
  c.m = m;
  c.par = par;
  c.first = 1;
  snprintf(buf, sizeof buf, "%s", cols);
  for (tok = strtok_r(buf, " ", &save); tok && c.n < 40; tok = strtok_r(NULL, " ", &save))
    c.idx[c.n++] = drv_col(m, tok);
  printf("# block %s: model %s, scheme %s, h = %g, %ld steps, every %ld\n",
         label, m->name, scheme, h, nsteps, every);
  printf("# %s\n", cols);
  st = lg_run(S, par, opt, h, nsteps, every, drv_emit, &c, &f);
  if (st != LG_OK) {
    fprintf(stderr, "%s: %s failed with status %d at step %ld (t = %g, residual %g)\n",
            label, scheme, st, f.step, f.t, f.resid);
    exit(1);
  }
  printf("\n\n");
}

static void no_translation(void *par)
{
  ob_params *p = par;
  memset(p->gdir_tr, 0, sizeof p->gdir_tr);
  memset(p->v0, 0, sizeof p->v0);
}

int main(void)
{
  double pp[64], pb[64];
  lg_opts opt;
  const lg_model *mp = drv_params("pendulum3d-moiseev", pp, 0, NULL);
  const lg_model *mb = drv_params("offsetbody", pb, 1, no_translation);
  const long n = 1000000, every = 1000;
  lg_opts_default(&opt);
  opt.newton_tol = 1e-14;
  printf("# 1e6 steps of h = 0.01: moiseev2024 pendulum and bai2015 body (translation off)\n");
  drv_block("0 pendulum, LGVI (exponential)", mp, "lgvi-exp", pp, &opt, 0.01, n, every, "t dE dL orth_err");
  drv_block("1 pendulum, RK4", mp, "rk4", pp, &opt, 0.01, n, every, "t dE dL orth_err");
  drv_block("2 offset body, LGVI (Cayley)", mb, "lgvi-cayley", pb, &opt, 0.01, n, every, "t dE dL orth_err");
  drv_block("3 offset body, RK3 on 18 numbers", mb, "rk3", pb, &opt, 0.01, n, every, "t dE dL orth_err");
  drv_block("4 offset body, Lie group RK3", mb, "lgrk3", pb, &opt, 0.01, n, every, "t dE dL orth_err");
  return 0;
}
