/* cmp-huang2022-order.c: observed order of DH, RATTLie, generalized-alpha
   and DL at t = 1 s against the reference, on the paper's double pendulum and
   on the spinning one; the energy error over 10 s against h; and every
   Newton Jacobian of the chapter against central differences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "scheme/huang2022.h"
#include "fig/lib/hgdrv.h"

enum { NH = 6, NS = 4 };
static const char *const sch[NS] = {"dh", "rattlie", "galpha", "dl"};

/* errors at t = 1 s for h = 0.01 / 2^k; returns the largest |order - 2| over
   the pairs with h <= 2.5e-3 */
static double orders(const char *model)
{
  lg_body ref[2], q[2];
  double e[NS][NH][2], worst = 0;
  hg_final(ref, model, "ref", 1e-4, 1.0);
  for (int s = 0; s < NS; s++)
    for (int k = 0; k < NH; k++) {
      hg_final(q, model, sch[s], 0.01 / (1 << k), 1.0);
      hg_state_diff(q, ref, 2, &e[s][k][0], &e[s][k][1]);
    }
  for (int k = 0; k < NH; k++) {
    printf("%.6g", 0.01 / (1 << k));
    for (int s = 0; s < NS; s++) printf(" %.6g %.6g", e[s][k][0], e[s][k][1]);
    printf("\n");
  }
  for (int s = 0; s < NS; s++)
    for (int k = 3; k < NH; k++)
      for (int c = 0; c < 2; c++) worst = fmax(worst,
                                               fabs(log2(e[s][k - 1][c] / e[s][k][c]) - 2));
  return worst;
}

/* the largest Jacobian error of every residual of the chapter, at the
   state of model at t = 1 s, h = 1e-3 */
static double jacobians(const char *model)
{
  lg_body q[2];
  hg_final(q, model, "ref", 1e-3, 1.0);
  const lg_model *m = lg_model_find(model);
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  const double h = 1e-3;
  double worst = 0, z[18];
  for (int form = 0; form < 2; form++) {
    hg_s1 *s = hg_s1_alloc(p, form);
    hg_s1_set(s, q, q, h);
    for (int j = 0; j < s->n; j++) z[j] = j < 6 ? h * q[j / 3].W[j % 3] : 1e-3 * (j % 3 - 1);
    worst = fmax(worst, newton_jacobian_error(hg_s1_fdf, s, z, (size_t)s->n, 0));
    hg_s1_free(s);
  }
  hg_ga *g = hg_ga_alloc(p);
  hg_ga_set_at_rest(g, q, h);
  for (int j = 0; j < g->n; j++) z[j] = 1e-5 * (j % 5 - 2);
  worst = fmax(worst, newton_jacobian_error(hg_ga_fdf, g, z, (size_t)g->n, 0));
  hg_ga_free(g);
  free(p);
  return worst;
}

static double jacobians_heavytop(void)
{
  const lg_model *m = lg_model_find("pendulum3d-moiseev");
  ht_params p;
  lg_params_default(m, &p);
  double worst = 0, am, af, gam, beta, a[3] = {0.4, -0.1, 0.7}, h = 0.01;
  hg_ga_coef(0.9, &am, &af, &gam, &beta);
  for (int kind = 0; kind < 2; kind++) {
    hg_ht e;
    memset(&e, 0, sizeof e);
    e.p = &p;
    e.kind = kind;
    so3_exp(e.R0, a);
    e.cq = h * h * beta * (1 - af) / (1 - am);
    e.cvq = gam / (h * beta);
    for (int i = 0; i < 3; i++) { e.c[i] = h * p.W0[i]; e.V0[i] = p.W0[i]; }
    double z[3] = {0.04, 0.043, 0.039};
    if (kind == HG_HT_GA) for (int i = 0; i < 3; i++) z[i] *= 1e-2;
    worst = fmax(worst, newton_jacobian_error(hg_ht_fdf, &e, z, 3, 0));
  }
  return worst;
}

int main(void)
{
  printf("# cmp-huang2022-order: errors at t = 1 s against multibody/ref (grid 1e-4 s), Newton "
         "to round-off\n");
  printf("# index 0: doublependulum; h, then for dh rattlie galpha dl: max error in (R, x), in "
         "(W, v)\n");
  double wp = orders("doublependulum");
  printf("\n\n# index 1: doublependulum-spin, columns as index 0\n");
  double ws = orders("doublependulum-spin");
  printf("\n\n# index 2: doublependulum, max |E - E(0)| over 0-10 s (J); h, then dh rattlie "
         "galpha dl\n");
  for (int k = 0; k < NH; k++) {
    double h = 0.01 / (1 << k);
    printf("%.6g", h);
    for (int s = 0; s < NS; s++) {
      hg_rec r;
      hg_record(&r, "doublependulum", sch[s], h, 10);
      double m = 0;
      for (long j = 0; j < r.n; j++) m = fmax(m, fabs(r.E[j] - r.E[0]));
      printf(" %.6g", m);
      hg_rec_free(&r);
    }
    printf("\n");
  }
  double jac = fmax(fmax(jacobians("doublependulum"), jacobians("doublependulum-spin")),
                    jacobians_heavytop());
  printf("\n\n# index 3: largest |order - 2| for h <= 2.5e-3 (doublependulum, "
         "doublependulum-spin),"
         " largest Jacobian error against central differences\n");
  printf("%.6g %.6g %.6g\n", wp, ws, jac);
  return 0;
}
