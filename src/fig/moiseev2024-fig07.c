/* moiseev2024-fig07.c: total energy, LGVI and RK4 (moiseev2024 Fig. 7). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "model/heavytop.h"

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

static void gravity_up(void *par) { ((ht_params *)par)->gdir[2] = -1; }

static void moiseev_runs(const char *what, const char *cols, int upright)
{
  double par[64];
  lg_opts opt;
  const lg_model *m = drv_params("pendulum3d-moiseev", par, 0, NULL);
  lg_opts_default(&opt);
  printf("# moiseev2024 %s: 3D pendulum m = 1 kg, rho = (0,0,0.3) m, J = diag(0.13,0.28,0.17),\n"
         "# R0 = I, W0 = (4.14,4.14,4.14) rad/s, g = 9.8 along +e3, h = 0.01 s, 30 s\n", what);
  drv_block("0 LGVI (exponential)", m, "lgvi-exp", par, &opt, 0.01, 3000, 1, cols);
  drv_block("1 RK4", m, "rk4", par, &opt, 0.01, 3000, 1, cols);
  drv_block("2 reference", m, "ref", par, &opt, 0.01, 3000, 1, cols);
  if (upright) {
    drv_params("pendulum3d-moiseev", par, 0, gravity_up);
    drv_block("3 LGVI, gravity along -e3 (upright start)", m, "lgvi-exp", par, &opt, 0.01, 3000, 1, cols);
    drv_block("4 RK4, gravity along -e3 (upright start)", m, "rk4", par, &opt, 0.01, 3000, 1, cols);
  }
}
int main(void) { moiseev_runs("Fig. 7", "t energy dE", 1); return 0; }
