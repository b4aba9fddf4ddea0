/* the Newton Jacobian of the implicit midpoint rule (imid-index2) with
   every kind of joint, against central differences */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "lib/mbtest.h"
#include "scheme/liang2023.h"

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind, spinning;
   with loads, also a spring-damper from the ground to b and a torque on a */
static lg_model *two_bodies(const char *kind, int loads)
{
  char t[2000], msg[300];
  mbt_two_bodies(t, sizeof t, kind,
                 loads ? "assemble\nspring ground 0.1 0.2 0.3 b 0.1 0 0 stiffness 40 damping 0.7 "
                         "length 0.5\ntorque a 0.1 -0.2 0.3\n"
                       : "assemble\n");
  lg_model *m = mb_model_parse(t, "imid-joints.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

/* the largest |J v_c - central difference of F along v_c| / max(1, |J v_c|)
   over the unknowns c that are not copies; v_c moves c and its copies */
static double jac_error(const mb_topo *t, void *ws, const double *x, size_t n)
{
  const int nb = t->nb;
  int *copy_of = malloc(n * sizeof *copy_of);   /* the unknown a copy copies, or -1 */
  double *J = calloc(n * n, sizeof *J), *F = malloc(n * sizeof *F);
  double *Fp = malloc(n * sizeof *Fp), *Fm = malloc(n * sizeof *Fm), *xx = malloc(n * sizeof *xx);
  double err = NAN;
  if (!copy_of || !J || !F || !Fp || !Fm || !xx || liang_mid_fdf(x, ws, F, J) != 0) goto done;
  for (size_t i = 0; i < n; i++) copy_of[i] = -1;
  for (int k = 0, G = 6 * nb; k < t->nj; k++) {
    const int m = mb_jnrows(t, k), nc = mb_joint_ncopy(t, k);
    for (int c = 0; c < nc; c++) copy_of[G + m + c] = mb_joint_copy(t, k, c);
    G += m + nc;
  }
  err = 0;
  for (size_t c = 0; c < n; c++) {
    if (copy_of[c] >= 0) continue;
    const double eps = 1e-6 * fmax(1.0, fabs(x[c]));
    for (int sg = -1; sg <= 1; sg += 2) {
      for (size_t i = 0; i < n; i++)
        xx[i] = x[i] + (i == c || copy_of[i] == (int)c ? sg * eps : 0.0);
      liang_mid_fdf(xx, ws, sg > 0 ? Fp : Fm, NULL);
    }
    for (size_t i = 0; i < n; i++) {
      double a = J[i * n + c];
      for (size_t j = 0; j < n; j++)
        if (copy_of[j] == (int)c) a += J[i * n + j];
      const double e = fabs(a - (Fp[i] - Fm[i]) / (2 * eps)) / fmax(1.0, fabs(a));
      if (!(e <= err)) err = e;
    }
  }
done:
  free(copy_of); free(J); free(F); free(Fp); free(Fm); free(xx);
  return err;
}

static void test_kind(const char *kind, int loads)
{
  lg_model *m = two_bodies(kind, loads);
  const char *with = loads ? " and a spring" : "";
  gsl_test(m == NULL, "imid-joints: two bodies with %s joints%s parse", kind, with);
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  char msg[300];
  lg_params_default(m, p);
  int ok = m->check(p, 0, msg, sizeof msg) == LG_OK;
  const lg_scheme_type *S = lg_scheme_find("multibody", "imid-index2");
  for (int hk = 0; ok && S && hk < 2; hk++) {
    const double h = hk ? 1e-3 : 1e-2;
    lg_opts opt;
    lg_opts_default(&opt);
    lg_state st;
    memset(&st, 0, sizeof st);
    void *ws = S->alloc(p, &opt);
    int good = ws && S->init(ws, p, h, &st) == LG_OK;
    for (int k = 0; good && k < 20; k++) good = S->step(ws, &st) == LG_OK;
    gsl_test(!good, "imid-joints: %s, h = %g: 20 steps %s", kind, h, st.why ? st.why : "");
    if (good) {
      const size_t n = liang_mid_dim(ws);
      double *x = malloc(n * sizeof *x);
      if (x && liang_mid_guess(ws, x) == LG_OK) {
        for (size_t j = 0; j < n; j++) x[j] += 1e-3 * sin(1.0 + 7.0 * (double)j);
        /* the copies equal what they copy */
        for (int k = 0, G = 6 * p->topo->nb; k < p->topo->nj; k++) {
          const int mk = mb_jnrows(p->topo, k), nc = mb_joint_ncopy(p->topo, k);
          for (int c = 0; c < nc; c++) x[G + mk + c] = x[mb_joint_copy(p->topo, k, c)];
          G += mk + nc;
        }
        const double e = jac_error(p->topo, ws, x, n);
        gsl_test(!(e <= 1e-7), "imid-joints: %s%s, h = %g: implicit midpoint Newton Jacobian "
                 "against central differences: %.2g (<= 1e-7)", kind, with, h, e);
      } else gsl_test(1, "imid-joints: %s: the guess", kind);
      free(x);
    }
    if (ws) S->free(ws);
  }
  gsl_test(!ok || !S, "imid-joints: %s: the model checks, the scheme exists %s", kind, ok ? "" : msg);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  static const char *const kinds[] = {"spherical", "revolute", "weld", "prismatic",
                                      "cylindrical", "universal"};
  for (int k = 0; k < 6; k++) {
    test_kind(kinds[k], 0);
    test_kind(kinds[k], 1);
  }
  exit(gsl_test_summary());
}
