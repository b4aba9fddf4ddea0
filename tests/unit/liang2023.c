/* Unit tests of the liang2023 chapter: the mast model file against its
   formulas, its constraints and their rank at t = 0, the Jacobian of the
   implicit midpoint residual, and one run of every scheme. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/multibody.h"
#include "scheme/liang2023.h"

static mb_par *defaults(const char *name)
{
  const lg_model *m = lg_model_find(name);
  if (!m) return NULL;
  mb_par *p = calloc(1, m->par_size);
  if (p) lg_params_default(m, p);
  return p;
}

/* nodes N(k, j), bars L (longerons) and T (battens), masses and inertias,
   recomputed from the formulas of the chapter: equal to the file to a few
   units of round-off (the file prints 17 digits) */
static void test_mast_file(void)
{
  mb_par *p = defaults("mast");
  gsl_test(p == NULL, "mast is built in");
  if (!p) return;
  gsl_test(p->topo->nb != 18 || p->topo->nj != 27 || p->topo->nc != 81,
           "mast: 18 bars, 27 joints, 81 constraints");
  const double pi = 3.14159265358979323846, r = 2 / sqrt(3.0), s = 0.03, rho = 30;
  const double h0 = sqrt(1 - pow(2 * r * sin(pi / 8), 2));
  double N[4][3][3], ex = 0, em = 0;
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 3; j++) {
      double a = pi / 2 + 2 * pi * j / 3 + k * pi / 4;
      N[k][j][0] = r * cos(a); N[k][j][1] = r * sin(a); N[k][j][2] = -k * h0;
    }
  for (int k = 1; k <= 3; k++)
    for (int t = 0; t < 2; t++)
      for (int j = 0; j < 3; j++) {
        int i = 6 * (k - 1) + 3 * t + j;
        const double *b = mb_body_par(p, i), *p0 = t ? N[k][j] : N[k - 1][j],
                     *p1 = t ? N[k][(j + 1) % 3] : N[k][j];
        double L = t ? 2 : 1, m = rho * pi * s * s * L, e3[3] = {0, 0, L / 2}, y[3];
        so3_mv(y, b + MB_R, e3);
        for (int c = 0; c < 3; c++) {      /* the bar's ends are x -+ R (L/2) e3 */
          ex = fmax(ex, fabs(b[MB_X + c] - y[c] - p0[c]));
          ex = fmax(ex, fabs(b[MB_X + c] + y[c] - p1[c]));
        }
        em = fmax(em, fabs(b[MB_M] - m) / m);
        em = fmax(em, fabs(b[MB_J] - m * (3 * s * s + L * L) / 12) / b[MB_J]);
        em = fmax(em, fabs(b[MB_J + 1] - m * (3 * s * s + L * L) / 12) / b[MB_J]);
        em = fmax(em, fabs(b[MB_J + 2] - m * s * s / 2) / b[MB_J + 2]);
      }
  gsl_test(!(ex <= 4 * DBL_EPSILON * 3), "mast: bar ends on the nodes N(k, j) (%.2g m)", ex);
  gsl_test(!(em <= 2 * DBL_EPSILON), "mast: masses and inertias of solid bars (%.2g rel.)", em);
  free(p);
}
static void test_mast_constraints(void)
{
  mb_par *p = defaults("mast");
  if (!p) return;
  const int nc = p->topo->nc, n = 6 * p->topo->nb;
  lg_body *q = calloc((size_t)p->topo->nb, sizeof *q);
  double *B = malloc((size_t)nc * (size_t)n * sizeof *B);
  mb_initial(p, q);
  double ephi = mb_phi_err(p, q), eorth = mb_orth_err(p, q);
  gsl_test(!(ephi <= 1e-15), "mast: joints closed at t = 0 to round-off (%.2g m)", ephi);
  gsl_test(!(eorth <= 1e-15), "mast: rotations orthogonal at t = 0 (%.2g)", eorth);
  mb_jac(p, q, B);
  gsl_matrix *A = gsl_matrix_alloc((size_t)n, (size_t)nc),
      *V = gsl_matrix_alloc((size_t)nc, (size_t)nc);
  gsl_vector *S = gsl_vector_alloc((size_t)nc), *w = gsl_vector_alloc((size_t)nc);
  for (int i = 0; i < nc; i++)
    for (int j = 0; j < n; j++) gsl_matrix_set(A, (size_t)j, (size_t)i,
                                               B[(size_t)i * (size_t)n + (size_t)j]);
  gsl_linalg_SV_decomp(A, V, S, w);
  int rank = 0;
  for (int i = 0; i < nc; i++) rank += gsl_vector_get(S, (size_t)i) > n * DBL_EPSILON * gsl_vector_get(S, 0);
  gsl_test(rank != 81, "mast: B has full row rank 81 at t = 0 (%d)", rank);
  gsl_test(!(gsl_vector_get(S, (size_t)nc - 1) > 0.1), "mast: sigma_min(B) = %.4g > 0.1",
           gsl_vector_get(S, (size_t)nc - 1));
  gsl_matrix_free(A); gsl_matrix_free(V); gsl_vector_free(S); gsl_vector_free(w);
  free(B); free(q); free(p);
}
/* after nstep steps of imid-index2 (so that every body turns and moves),
   the analytic Jacobian at a perturbed guess against central differences */
static void test_mid_jacobian(const char *model, int nstep)
{
  mb_par *p = defaults(model);
  const lg_scheme_type *S = lg_scheme_find("multibody", "imid-index2");
  if (!p || !S) { gsl_test(1, "%s and imid-index2 exist", model); return; }
  lg_opts opt;
  lg_opts_default(&opt);
  lg_state st;
  void *ws = S->alloc(p, &opt);
  int ok = ws && S->init(ws, p, 1e-3, &st) == LG_OK;
  for (int k = 0; ok && k < nstep; k++) ok = S->step(ws, &st) == LG_OK;
  gsl_test(!ok, "%s: %d implicit midpoint steps", model, nstep);
  if (ok) {
    size_t n = liang_mid_dim(ws);
    double *x = malloc(n * sizeof *x);
    liang_mid_guess(ws, x);
    for (size_t j = 0; j < n; j++) x[j] += 1e-3 * sin(1.0 + 7.0 * (double)j);
    double e = newton_jacobian_error(liang_mid_fdf, ws, x, n, 1e-6);
    gsl_test(!(e <= 1e-7), "%s: implicit midpoint Jacobian = central differences (%.2g)", model,
             e);
    /* the Schur-complement correction solves J dx = -F: its normwise backward
       error |J dx + F| / (|J| |dx| + |F|) is a few units of round-off */
    double *F = malloc(n * sizeof *F), *J = calloc(n * n, sizeof *J),
           *J2 = malloc(n * n * sizeof *J2), *d = malloc(n * sizeof *d);
    liang_mid_fdf(x, ws, F, J);
    memcpy(J2, J, n * n * sizeof *J);
    for (size_t i = 0; i < n; i++) d[i] = -F[i];
    int st2 = newton_bordered_correction(n, (size_t)p->topo->nb, 6, J2, d);
    double res = 0, nJ = 0, nd = 0, nF = 0;
    for (size_t i = 0; i < n; i++) {
      double v = F[i], rs = 0;
      for (size_t j = 0; j < n; j++) { v += J[i * n + j] * d[j]; rs += fabs(J[i * n + j]); }
      res = fmax(res, fabs(v)); nJ = fmax(nJ, rs); nd = fmax(nd, fabs(d[i])); nF = fmax(nF, fabs(F[i]));
    }
    double be = res / (nJ * nd + nF);
    gsl_test(st2 != 0 || !(be <= 1e-14), "%s: Schur-complement correction, backward error %.2g"
             " <= 1e-14", model, be);
    free(F); free(J); free(J2); free(d);
    free(x);
  }
  if (ws) S->free(ws);
  free(p);
}
/* 200 steps of each scheme on each built-in multibody model: the joints
   stay within the global error of the scheme, and exactly on them with the
   projection */
static void test_schemes_run(void)
{
  static const char *const model[] = {"mast", "doublependulum", "spherical-top"};
  for (int s = 0; liang_schemes[s]; s++)
    for (int m = 0; m < 3; m++) {
      mb_par *p = defaults(model[m]);
      if (!p) { gsl_test(1, "%s is built in", model[m]); continue; }
      lg_opts opt;
      lg_opts_default(&opt);
      lg_state st;
      void *ws = liang_schemes[s]->alloc(p, &opt);
      int ok = ws && liang_schemes[s]->init(ws, p, 1e-3, &st) == LG_OK;
      for (int k = 0; ok && k < 200; k++) ok = liang_schemes[s]->step(ws, &st) == LG_OK;
      double ephi = ok ? mb_phi_err(p, st.body) : NAN, edphi = ok ? mb_dphi_err(p, st.body) : NAN;
      double bar = strcmp(liang_schemes[s]->name, "rkmk4-proj") == 0 ? 1e-13 : 1e-4;
      gsl_test(!ok || !(ephi <= bar && edphi <= bar),
               "%s on %s: 200 steps, joints within %g (%.2g m, %.2g m/s)",
               liang_schemes[s]->name, model[m], bar, ephi, edphi);
      if (ws) liang_schemes[s]->free(ws);
      free(p);
    }
}

int main(void)
{
  test_mast_file();
  test_mast_constraints();
  test_mid_jacobian("mast", 150);
  test_mid_jacobian("doublependulum", 150);
  test_schemes_run();
  exit(gsl_test_summary());
}
