/* lgvidrv.c: run-and-print helpers shared by the figure drivers of the LGVI chapter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/offsetbody.h"
#include "model/heavytop.h"
#include "fig/lib/lgvidrv.h"

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
const lg_model *drv_params(const char *model, void *par, int reortho,
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
void drv_block(const char *label, const lg_model *m, const char *scheme,
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
static void consistent_gravity(void *par)
{
  ob_params *p = par;
  p->gdir_tr[2] = -1;    /* gravity along -e3 for the translation too */
}

void bai_header(const char *what)
{
  printf("# bai2015 %s: body with centre-of-mass offset, m = 5 kg, r = (0,0,0.1) m,\n"
         "# J = diag(1.25,0.8,0.45) kg m^2, g = 9.8, b0 = 0, v0 = (1,1,1) m/s (body),\n"
         "# W0 = (pi,pi,pi) rad/s, h = 0.01 s, 10 s, Newton tolerance 1e-10.\n", what);
}

static void flipped_torque(void *par) { ((ob_params *)par)->gdir_rot[2] = 1; }
static void no_gravity(void *par) { ((ob_params *)par)->g = 0; }
static void transposed_r0(void *par)
{
  so3_transpose(((ob_params *)par)->R0, ((ob_params *)par)->R0);
}

void bai_runs(const char *cols, int printed_r0, int consistent, int variants)
{
  double par[64], pr[64];
  lg_opts opt;
  const lg_model *m = drv_params("offsetbody", par, 1, NULL);
  lg_opts_default(&opt);
  opt.newton_tol = 1e-10;
  drv_block("0 LGVI (Cayley), R0 re-orthonormalised", m, "lgvi-cayley", par, &opt, 0.01, 1000, 1,
            cols);
  drv_block("1 Lie group RK3", m, "lgrk3", par, &opt, 0.01, 1000, 1, cols);
  drv_block("2 RK3 on 18 numbers", m, "rk3", par, &opt, 0.01, 1000, 1, cols);
  drv_block("3 reference", m, "ref", par, &opt, 0.01, 1000, 1, cols);
  if (variants) {
    drv_params("offsetbody", pr, 1, flipped_torque);
    drv_block("4 reference, torque sign reversed", m, "ref", pr, &opt, 0.01, 1000, 1, cols);
    drv_params("offsetbody", pr, 1, no_gravity);
    drv_block("5 reference, no gravity", m, "ref", pr, &opt, 0.01, 1000, 1, cols);
    drv_params("offsetbody", pr, 1, transposed_r0);
    drv_block("6 reference, printed R0 read as its transpose", m, "ref", pr, &opt, 0.01, 1000, 1,
              cols);
  }
  if (consistent) {
    drv_params("offsetbody", pr, 1, consistent_gravity);
    drv_block("4 LGVI, consistent gravity", m, "lgvi-cayley", pr, &opt, 0.01, 1000, 1, cols);
  }
  if (printed_r0) {
    drv_params("offsetbody", pr, -1, NULL);          /* printed R0, unchecked */
    drv_block("4 LGVI (Cayley), R0 as printed", m, "lgvi-cayley", pr, &opt, 0.01, 1000, 1, cols);
    drv_block("5 Lie group RK3, R0 as printed", m, "lgrk3", pr, &opt, 0.01, 1000, 1, cols);
  }
}
static void gravity_up(void *par) { ((ht_params *)par)->gdir[2] = -1; }
static void gravity_981(void *par) { ((ht_params *)par)->g = 9.81; }
static double start_eps;   /* the ensemble's perturbation of W0 */
static void perturbed(void *par)
{
  for (int i = 0; i < 3; i++) ((ht_params *)par)->W0[i] += start_eps;
}
static void perturbed_up(void *par)
{
  perturbed(par);
  gravity_up(par);
}

/* blocks b and b + 1: the LGVI and RK4 from the start tweak makes, W0 moved
   by eps; what names the start in the blocks' headers */
static void ensemble_pair(const lg_model *m, double *par, const lg_opts *opt, const char *cols,
                          int b, double eps, void (*tweak)(void *), const char *what)
{
  char name[2][96];
  start_eps = eps;
  drv_params("pendulum3d-moiseev", par, 0, tweak);
  snprintf(name[0], sizeof name[0], "%d LGVI, %s", b, what);
  snprintf(name[1], sizeof name[1], "%d RK4, %s", b + 1, what);
  drv_block(name[0], m, "lgvi-exp", par, opt, 0.01, 3000, 1, cols);
  drv_block(name[1], m, "rk4", par, opt, 0.01, 3000, 1, cols);
}

void moiseev_runs(const char *what, const char *cols, int upright)
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
    drv_block("3 LGVI, gravity along -e3 (upright start)", m, "lgvi-exp", par, &opt, 0.01, 3000,
              1, cols);
    drv_block("4 RK4, gravity along -e3 (upright start)", m, "rk4", par, &opt, 0.01, 3000, 1,
              cols);
  }
  drv_params("pendulum3d-moiseev", par, 0, gravity_981);   /* the sensitivity pass */
  drv_block(upright ? "5 LGVI, g = 9.81" : "3 LGVI, g = 9.81", m, "lgvi-exp", par, &opt, 0.01,
            3000, 1, cols);
  drv_block(upright ? "6 RK4, g = 9.81" : "4 RK4, g = 9.81", m, "rk4", par, &opt, 0.01, 3000, 1,
            cols);
  static const double eps[4] = {1e-12, -1e-12, 1e-10, -1e-10};
  for (int k = 0, b = upright ? 7 : 5; k < 4; k++, b += 2) {
    char what[64];
    snprintf(what, sizeof what, "W0 + %g (each component)", eps[k]);
    ensemble_pair(m, par, &opt, cols, b, eps[k], perturbed, what);
  }
  for (int k = 0, b = 15; upright && k < 4; k++, b += 2) {   /* the upright start's ensemble */
    char what[64];
    snprintf(what, sizeof what, "gravity along -e3, W0 + %g", eps[k]);
    ensemble_pair(m, par, &opt, cols, b, eps[k], perturbed_up, what);
  }
}
