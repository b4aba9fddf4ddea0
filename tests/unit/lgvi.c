/* lgvi.c: unit tests of the Lie group variational integrators. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "scheme/lgvi.h"
#include "model/offsetbody.h"
#include "model/heavytop.h"

static const double Jt[3] = {0.13, 0.28, 0.17};

/* (F Jd - Jd F^T)^vee for F given */
static void matrix_form(double out[3], const double F[9], const double J[3])
{
  double Jd[9] = {0}, A[9], B[9], t = J[0] + J[1] + J[2];
  for (int i = 0; i < 3; i++) Jd[4 * i] = 0.5 * t - J[i];
  so3_mul(A, F, Jd);
  so3_mul_nt(B, Jd, F);
  out[0] = 0.5 * ((A[7] - B[7]) - (A[5] - B[5]));
  out[1] = 0.5 * ((A[2] - B[2]) - (A[6] - B[6]));
  out[2] = 0.5 * ((A[3] - B[3]) - (A[1] - B[1]));
}

static void test_jacobians(void)
{
  const double fs[5][3] = {{0.3, -0.2, 0.5}, {1.1, 0.4, -0.9}, {1e-3, 2e-3, -1e-3},
                           {1e-7, -3e-8, 2e-8}, {0, 0, 0}};
  lgvi_eq q = {{0.02, -0.05, 0.03}, {0.13, 0.28, 0.17}, {0}, {0}};
  for (int k = 0; k < 5; k++) {
    double ec = newton_jacobian_error(lgvi_cay_fdf, &q, fs[k], 3, 1e-6);
    double ee = newton_jacobian_error(lgvi_exp_fdf, &q, fs[k], 3, 1e-6);
    gsl_test(!(ec < 1e-8), "Cayley Jacobian, Eq. (65), at f #%d: error %.3g", k, ec);
    gsl_test(!(ee < 1e-8), "exponential Jacobian at f #%d: error %.3g", k, ee);
  }
}
static void test_matrix_form(void)
{
  const double f[3] = {0.4, -0.7, 0.25};
  double F[9], G[3];
  lgvi_eq q;
  memcpy(q.J, Jt, sizeof q.J);
  so3_exp(F, f);
  matrix_form(q.a, F, Jt);                /* a such that exp(f) solves Eq. (43) */
  lgvi_exp_fdf(f, &q, G, NULL);
  for (int i = 0; i < 3; i++)
    gsl_test_abs(G[i], 0.0, 1e-15, "exponential residual vanishes at its solution, component %d",
                 i);
  so3_cay(F, f);
  matrix_form(q.a, F, Jt);                /* a such that cay(f) solves Eq. (60) */
  lgvi_cay_fdf(f, &q, G, NULL);
  for (int i = 0; i < 3; i++)
    gsl_test_abs(G[i], 0.0, 1e-15,
                 "Cayley residual, Eq. (63), vanishes at its solution, component %d", i);
}
static void test_small_angles(void)
{
  const double ths[4] = {1e-12, 1e-8, 1e-5, 1e-3};
  for (int k = 0; k < 4; k++) {
    double t = ths[k], t2 = t * t, c[4];
    lgvi_exp_coef(c, t);
    gsl_test_rel(c[0], 1 - t2 / 6 + t2 * t2 / 120, 1e-15, "sin(t)/t at t = %g", t);
    gsl_test_rel(c[1], 0.5 - t2 / 24 + t2 * t2 / 720, 1e-15, "(1-cos t)/t^2 at t = %g", t);
    gsl_test_rel(c[2], -1.0 / 3 + t2 / 30, 1e-13, "(sin t/t)'/t at t = %g", t);
    gsl_test_rel(c[3], -1.0 / 12 + t2 / 180, 1e-13, "((1-cos t)/t^2)'/t at t = %g", t);
  }
  {
    volatile double t = 1e-8;
    double naive = (1 - cos(t)) / (t * t);
    gsl_test(!(fabs(naive - 0.5) > 1e-3), "the naive (1-cos t)/t^2 is wrong at t = 1e-8 (%g)",
             naive);
  }
}
static void test_step(void)
{
  const double gdir[3] = {0.2, -0.3, 0.9327379053088815};
  const double rho[3] = {0.05, -0.1, 0.3}, W[3] = {4.14, -2.0, 3.3}, a0[3] = {0.3, 0.5, -0.2};
  double R[9], F[9], L0[3], L1[3], fg[3];
  lg_opts opt;
  lgvi_rot w;
  int it;
  double res;
  lg_opts_default(&opt);
  so3_exp(R, a0);
  for (int map = 0; map < 3; map++) {
    lgvi_rot_init(&w, map, 9.8, gdir, rho, Jt, &opt);
    lgvi_rot_set(&w, R, W);
    so3_mv(L0, w.R, w.Pi);
    gsl_test(lgvi_rot_step(&w, 0.01, F, &it, &res) != LG_OK, "LGVI step (map %d) converges", map);
    so3_mv(L1, w.R, w.Pi);
    gsl_test_abs(so3_dot(gdir, L1), so3_dot(gdir, L0), 1e-14,
                 "vertical momentum kept by one step (map %d)", map);
    gsl_test_abs(so3_orth_err(F), 0.0, 1e-15, "F orthogonal (map %d)", map);
    gsl_test(!(it >= 1 && it <= 5), "Newton iterations of one step (map %d): %d", map, it);
    if (map == LGVI_EXP) memcpy(fg, w.f, sizeof fg);
    if (map == LGVI_EXP_DIRECT)
      for (int i = 0; i < 3; i++) gsl_test_abs(w.f[i], fg[i], 1e-16,
                                               "GSL and hand-written Newton agree, f[%d]", i);
    lgvi_rot_free(&w);
  }
}
typedef struct { lg_state s; } last_state;
static int keep_last(void *ctx, const lg_state *s) { ((last_state *)ctx)->s = *s; return 0; }

static void test_rk3_and_check(void)
{
  const lg_model *m = lg_model_find("offsetbody");
  ob_params p;
  char msg[256];
  lg_opts opt;
  last_state a, b;
  lg_failure f;
  lg_opts_default(&opt);
  lg_params_default(m, &p);
  gsl_test(m->check(&p, 0, msg, sizeof msg) != LG_EINVAL,
           "printed R0 rejected without re-orthonormalisation");
  gsl_test(m->check(&p, 1, msg, sizeof msg) != LG_OK,
           "printed R0 accepted with re-orthonormalisation");
  gsl_test_abs(so3_orth_err(p.R0), 0.0, 1e-14, "re-orthonormalised R0 is orthogonal");
  lg_run(lg_scheme_find("offsetbody", "lgrk3"), &p, &opt, 0.01, 200, 0, keep_last, &a, &f);
  lg_run(lg_scheme_find("offsetbody", "rk3"), &p, &opt, 0.01, 200, 0, keep_last, &b, &f);
  for (int i = 0; i < 9; i++) gsl_test_abs(a.s.R[i], b.s.R[i], 1e-12,
                                           "Lie group RK3 and RK3 rotations agree, R[%d]", i);
  gsl_test_int((int)(offsetof(ob_params, W0) / sizeof(double)), 23, "offset of W0 in ob_params");
  gsl_test_int((int)(offsetof(ht_params, W0) / sizeof(double)), 20, "offset of W0 in ht_params");
}
static void test_two_drivers(void)
{
  static const struct { const char *model, *scheme; } runs[] = {
    {"pendulum3d-moiseev", "lgvi-exp"}, {"pendulum3d-moiseev", "lgvi-cayley"},
    {"offsetbody", "lgvi-exp"}, {"offsetbody", "lgvi-cayley"}};
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
    for (int t = 0; t < 2; t++) {
      const lg_model *m = lg_model_find(runs[r].model);
      const lg_scheme_type *S = lg_scheme_find(m->family, runs[r].scheme);
      double par[64];
      char msg[256];
      lg_opts o[2];
      lg_state s[2];
      void *ws[2];
      long differ = -1;
      lg_params_default(m, par);
      if (m->check(par, 1, msg, sizeof msg) != LG_OK) exit(1);
      for (int d = 0; d < 2; d++) {
        lg_opts_default(&o[d]);
        o[d].newton_tol = t ? 1e-12 : 0;
        o[d].newton_solver = d ? LG_NEWTON_DIRECT_GSL : LG_NEWTON_DIRECT;
        memset(&s[d], 0, sizeof s[d]);
        ws[d] = S->alloc(par, &o[d]);
        if (!ws[d] || S->init(ws[d], par, 0.01, &s[d]) != LG_OK) exit(1);
      }
      for (long k = 1; k <= 3000 && differ < 0; k++) {
        int st0 = S->step(ws[0], &s[0]), st1 = S->step(ws[1], &s[1]);
        if (st0 != st1 || memcmp(s[0].R, s[1].R, sizeof s[0].R) != 0
            || memcmp(s[0].W, s[1].W, sizeof s[0].W) != 0
            || s[0].newton_iters != s[1].newton_iters)
          differ = k;
      }
      gsl_test(differ >= 0, "%s %s, tol %g: direct and direct-gsl give the same 3000 steps "
               "bit for bit (first difference at step %ld)", runs[r].model, runs[r].scheme,
               o[0].newton_tol, differ);
      S->free(ws[0]);
      S->free(ws[1]);
    }
}

int main(void)
{
  test_jacobians();
  test_matrix_form();
  test_small_angles();
  test_step();
  test_rk3_and_check();
  test_two_drivers();
  exit(gsl_test_summary());
}
