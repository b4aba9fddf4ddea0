/* cmp-planar-energy: relative energy error over 1e6 steps of h = 0.05. */
#include "fig/pend2dfig.h"
#include "fig/pend2dlist.h"

typedef struct { const pend2d_params *p; double e0, m; long k; } energy_ctx;

static int energy_emit(void *vctx, const lg_state *s)
{
  energy_ctx *c = vctx;
  double e = pend2d_energy(c->p, s->theta, s->omega);
  if (c->k == 0) c->e0 = e;
  c->m = fmax(c->m, fabs(e - c->e0) / c->e0);
  if (c->k > 0 && c->k % 1000 == 0) {
    printf("%.10g %.6e %.15g\n", s->t, c->m, e / c->e0);
    c->m = 0;
  }
  c->k++;
  return 0;
}

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  fig_header("cmp-planar-energy", "1e6 steps of h = 0.05; max |E-E0|/E0 per 1000 steps, E/E0",
             &p);
  for (int k = 0; k < FIG_NSCHEMES; k++) {
    energy_ctx c = { &p, 0, 0, 0 };
    printf("%s# set %s\n# columns: t maxrelerr E/E0\n", k ? "\n\n" : "", fig_schemes[k]);
    if (lg_run(lg_scheme_find("planar", fig_schemes[k]), &p, &o, 0.05, 1000000, 1,
               energy_emit, &c, NULL) != LG_OK) return 1;
  }
  {
    lg_opts tight = o;
    energy_ctx c = { &p, 0, 0, 0 };
    tight.newton_tol = 1e-14;
    printf("\n\n# set reduced_tol1e-14\n# columns: t maxrelerr E/E0\n");
    if (lg_run(lg_scheme_find("planar", "reduced"), &p, &tight, 0.05, 1000000, 1,
               energy_emit, &c, NULL) != LG_OK) return 1;
  }
  return 0;
}
