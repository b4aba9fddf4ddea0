/* cmp-longtime-moiseev: energy, vertical momentum and orthogonality over 1e6 steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "fig/lib/cmpdrv.h"

enum { BLOCK = 500 };

typedef struct {
  const lg_model *m;
  const void *par;
  double E0, L0, bE, bL, bO, maxE, maxL, maxO, halfE;
  long k, n, iters;
} lt_ctx;

static int lt_emit(void *ctx, const lg_state *s)
{
  lt_ctx *c = ctx;
  double out[64];
  int nc = c->m->ncol;
  c->m->row(c->par, s, out);
  if (c->k == 0) {
    c->E0 = out[nc - 3];
    c->L0 = out[nc - 2];
  }
  double e = fabs(out[nc - 3] - c->E0) / fabs(c->E0), l = fabs(out[nc - 2] - c->L0);
  c->bE = fmax(c->bE, e);
  c->bL = fmax(c->bL, l);
  c->bO = fmax(c->bO, out[nc - 1]);
  c->iters += s->newton_iters;
  if (c->k > 0 && c->k % BLOCK == 0) {
    printf("%.10g %.6g %.6g %.6g\n", s->t, c->bE, c->bL, c->bO);
    c->maxE = fmax(c->maxE, c->bE);
    c->maxL = fmax(c->maxL, c->bL);
    c->maxO = fmax(c->maxO, c->bO);
    if (c->k == c->n / 2) c->halfE = c->maxE;
    c->bE = c->bL = c->bO = 0;
  }
  c->k++;
  return 0;
}

int main(void)
{
  const char *model = "pendulum3d-moiseev";
  const double h = 0.01;
  const long n = 1000000;
  double par[CMP_PAR];
  lt_ctx res[16];
  const char *names[16];
  int ns = 0;
  lg_opts opt;
  const lg_model *m = cmp_model(model, par);
  lg_opts_default(&opt);
  printf("# cmp-longtime-moiseev: 1e6 steps of h = %g on %s, Newton tolerance %g\n",
         h, model, opt.newton_tol);
  printf("# per block of %d steps: the largest |E - E0|/|E0|, |Lvert - Lvert0|, "
         "||I - R R^T||_F\n", BLOCK);
  for (const cmp_scheme *r = cmp_schemes; r->family && ns < 16; r++) {
    if (strcmp(r->family, m->family) != 0 || r->order == 0 || r->same) continue;
    lt_ctx *c = &res[ns];
    memset(c, 0, sizeof *c);
    c->m = m;
    c->par = par;
    c->n = n;
    names[ns++] = r->name;
    printf("# block scheme %s\n# columns: t dE_rel dLvert orth_err\n", r->name);
    lg_run(lg_scheme_find(m->family, r->name), par, &opt, h, n, 1, lt_emit, c, NULL);
    printf("\n\n");
  }
  printf("# summary: scheme steps_done max_dE_rel max_dLvert max_orth "
         "D(T)/D(T/2) newton_per_step\n");
  for (int i = 0; i < ns; i++) {
    lt_ctx *c = &res[i];
    long done = c->k - 1;
    printf("%s %ld %.6g %.6g %.6g %.6g %.4f\n", names[i], done, c->maxE, c->maxL, c->maxO,
           done == n ? c->maxE / c->halfE : NAN, done > 0 ? (double)c->iters / (double)done : 0);
  }
  return 0;
}
