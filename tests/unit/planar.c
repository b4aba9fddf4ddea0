/* Unit tests of the planar pendulum schemes (chapter sun2022: the planar pendulum). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "scheme/sun2022-planar.h"

/* Largest residual of scheme ws for the exact step from t to t + h. */
static double exact_residual(const lg_scheme_type *T, const pend2d_params *p,
                             const lg_opts *o, double t, double h)
{
  lg_state s;
  double th0, om0, th1, om1, x[5], f[5], m = 0;
  void *ws = T->alloc(p, o);
  T->init(ws, p, h, &s);
  pend2d_exact(p, t, &th0, &om0);
  pend2d_exact(p, t + h, &th1, &om1);
  pend2d_ws_load(ws, th0, om0);
  pend2d_ws_unknowns(ws, th1, om1, x);
  pend2d_ws_fdf(x, ws, f, NULL);
  for (size_t i = 0; i < pend2d_ws_dim(ws); i++) m = fmax(m, fabs(f[i]));
  T->free(ws);
  return m;
}

int main(void)
{
  pend2d_params p;
  lg_opts o;
  lg_params_default(&pend2d_model, &p);
  lg_opts_default(&o);
  {
    double R[4], th, om, thp, thm, omp, omm, e0, e1;
    pend2d_params q = p;
    so2_exp(R, 0.3);
    gsl_test_abs(R[2], sin(0.3), 1e-15, "so2_exp: R21 = sin theta");
    gsl_test_abs(R[1], -sin(0.3), 1e-15, "so2_exp: R12 = -sin theta");
    q.theta0 = 0.4;
    q.omega0 = -0.7;
    pend2d_exact(&q, 7.3 + 1e-5, &thp, &omp);
    pend2d_exact(&q, 7.3 - 1e-5, &thm, &omm);
    pend2d_exact(&q, 7.3, &th, &om);
    gsl_test_abs((thp - thm) / 2e-5, om, 1e-8, "exact solution: theta' = omega");
    gsl_test_abs((omp - omm) / 2e-5, -q.m * q.g * q.l / q.J * sin(th), 1e-7,
                 "exact solution: J omega' = -m g l sin theta");
    pend2d_exact(&q, 0, &th, &om);
    gsl_test_abs(th, 0.4, 1e-14, "exact solution: theta(0)");
    gsl_test_abs(om, -0.7, 1e-14, "exact solution: omega(0)");
    e0 = pend2d_energy(&q, th, om);
    pend2d_exact(&q, 4999.99, &th, &om);
    e1 = pend2d_energy(&q, th, om);
    gsl_test_rel(e1, e0, 1e-12, "exact solution conserves the energy at t = 5000");
    q.m = 0;
    gsl_test(pend2d_check(&q, 0, NULL, 0) != LG_EINVAL, "check rejects m = 0");
    q = p;
    q.J = -1;
    gsl_test(pend2d_check(&q, 0, NULL, 0) != LG_EINVAL, "check rejects J < 0");
    gsl_test(pend2d_check(&p, 0, NULL, 0) != LG_OK, "check accepts the defaults");
    {
      static const double start[][2] = {{0, 100}, {0, -100}, {3, 1}, {-2.5, -9}, {7, 12}};
      for (size_t i = 0; i < sizeof start / sizeof start[0]; i++) {
        pend2d_params r = p;
        double a, w, ap, wp, am, wm, E0;
        r.theta0 = start[i][0];
        r.omega0 = start[i][1];
        gsl_test(pend2d_exact(&r, 0, &a, &w) != LG_OK, "rotating exact solution %zu runs", i);
        gsl_test_abs(a, r.theta0, 1e-13, "rotating %zu: theta(0)", i);
        gsl_test_rel(w, r.omega0, 1e-13, "rotating %zu: omega(0)", i);
        E0 = pend2d_energy(&r, a, w);
        pend2d_exact(&r, 3.7 + 1e-6, &ap, &wp);
        pend2d_exact(&r, 3.7 - 1e-6, &am, &wm);
        pend2d_exact(&r, 3.7, &a, &w);
        gsl_test_rel((ap - am) / 2e-6, w, 1e-6, "rotating %zu: theta' = omega", i);
        gsl_test_abs((wp - wm) / 2e-6 / (r.m * r.g * r.l / r.J), -sin(a), 1e-5,
                     "rotating %zu: J omega' = -m g l sin theta", i);
        gsl_test_rel(pend2d_energy(&r, a, w), E0, 1e-12, "rotating %zu: energy conserved", i);
      }
      pend2d_params r = p;
      double a, w;
      r.theta0 = M_PI;
      r.omega0 = 0;
      pend2d_exact(&r, 5, &a, &w);
      gsl_test(a != M_PI || w != 0, "theta0 = pi, omega0 = 0: the upward equilibrium stays");
    }
  }
  for (const lg_scheme_type *const *T = pend2d_schemes; *T; T++) {
    if (!(*T)->implicit) continue;
    {
      lg_state s;
      double x[5], r1, r2;
      void *ws = (*T)->alloc(&p, &o);
      size_t n;
      (*T)->init(ws, &p, 0.0137, &s);
      pend2d_ws_load(ws, 0.3717, -1.2345);
      n = pend2d_ws_dim(ws);
      pend2d_ws_unknowns(ws, 0.3717 - 0.0171, -1.2345 - 0.0523, x);
      for (size_t i = 0; i < n; i++) x[i] += 0.013 * (double)(i + 1);   /* away from the root */
      gsl_test_abs(newton_jacobian_error(pend2d_ws_fdf, ws, x, n, 1e-6), 0, 1e-7,
                   "%s: Jacobian against central differences", (*T)->name);
      (*T)->init(ws, &p, 0.01, &s);
      for (int k = 0; k < 3; k++) {
        int st = (*T)->step(ws, &s);
        gsl_test(st != LG_OK || s.newton_iters > 4, "%s: step %d converges in at most 4 iterations",
                 (*T)->name, k + 1);
      }
      gsl_test_abs(s.t, 3 * 0.01, 0, "%s: t = k h", (*T)->name);
      (*T)->free(ws);
      {
        pend2d_params q = p;
        q.theta0 = 0.5;
        r1 = exact_residual(*T, &q, &o, 0.3, 0.02);
        r2 = exact_residual(*T, &q, &o, 0.3, 0.01);
        gsl_test_abs(log2(r1 / r2), 3.0, 0.2, "%s: residual at the exact solution is O(h^3)",
                     (*T)->name);
      }
    }
  }
  {
    static const char *const same[][2] = { {"angle", "liealg"}, {"angle_inc", "liealg_inc"} };
    for (int k = 0; k < 2; k++) {
      const lg_scheme_type *A = lg_scheme_find("planar", same[k][0]);
      const lg_scheme_type *B = lg_scheme_find("planar", same[k][1]);
      lg_state s;
      void *wa = A->alloc(&p, &o), *wb = B->alloc(&p, &o);
      double x[2] = { -1.1, 0.42 }, fa[2], fb[2];
      A->init(wa, &p, 0.05, &s);
      B->init(wb, &p, 0.05, &s);
      pend2d_ws_load(wa, 0.37, -1.2);
      pend2d_ws_load(wb, 0.37, -1.2);
      if (k == 1) { x[0] = 0.013; x[1] = -0.061; }
      pend2d_ws_fdf(x, wa, fa, NULL);
      pend2d_ws_fdf(x, wb, fb, NULL);
      gsl_test_abs(fa[0] - fb[0], 0, 1e-14, "%s and %s: equal residuals", same[k][0], same[k][1]);
      gsl_test_abs(fa[1] - fb[1], 0, 1e-14, "%s and %s: equal residuals (kinematics)",
                   same[k][0], same[k][1]);
      A->free(wa);
      B->free(wb);
    }
  }
  {
    double h = 0.05, c = p.m * p.g * p.l, th0 = 0.37, th1 = 0.41, tm = 0.5 * (th0 + th1);
    double printed = 0.5 * h * c * sin(tm), fd = 0.5 * h * c * cos(tm);
    gsl_test(!(fabs(printed - fd) > 0.1 * fabs(fd)),
             "Eq. 65 as printed differs from the derivative by more than 10 %%");
    double lit[2], r[2];
    for (int k = 0; k < 2; k++) {                  /* literal Eq. 48: Gamma' = +omega S Gamma */
      double hh = k ? 0.01 : 0.02, a0, w0, a1, w1;
      pend2d_params q = p;
      q.theta0 = 0.5;
      pend2d_exact(&q, 0.3, &a0, &w0);
      pend2d_exact(&q, 0.3 + hh, &a1, &w1);
      double s0 = sin(a1) + sin(a0), s1 = cos(a1) + cos(a0), w = w1 + w0;
      lit[k] = fabs(4.0 * (sin(a1) - sin(a0)) + hh * w * s1);   /* sign flipped */
      r[k] = fabs(4.0 * (sin(a1) - sin(a0)) - hh * w * s1);     /* our sign */
      (void)s0;
    }
    gsl_test_abs(log2(lit[0] / lit[1]), 1.0, 0.2, "Eq. 48 read literally: residual O(h) only");
    gsl_test_abs(log2(r[0] / r[1]), 3.0, 0.2, "Eq. 48 with our sign: residual O(h^3)");
    double t = 0.3, d = 1.0 + t * t;                /* printed Eq. 67 */
    double P[4] = { (1 - t * t + 2 * t * t) / d, -2 * t / d, 2 * t / d, (1 - t * t) / d };
    double e = hypot(P[0] * P[0] + P[2] * P[2] - 1.0, P[0] * P[1] + P[2] * P[3]);
    gsl_test(!(e > 0.01), "Eq. 67 as printed is not orthogonal (error %g)", e);
  }
  exit(gsl_test_summary());
}
