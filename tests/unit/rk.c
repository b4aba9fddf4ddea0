/* Unit tests of num/rk: Butcher polynomials, GSL's rk4 step doubling,
   observed orders, and the reference solver's error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include <gsl/gsl_odeiv2.h>
#include "core/lg.h"
#include "num/rk.h"

static long nevals;

static int f_exp(double t, const double *y, double *dy, void *p)
{
  (void)t; (void)p;
  nevals++;
  dy[0] = y[0];
  return GSL_SUCCESS;
}

static int f_ty(double t, const double *y, double *dy, void *p)
{
  (void)p;
  dy[0] = t * y[0];
  return GSL_SUCCESS;
}

static int f_riccati(double t, const double *y, double *dy, void *p)
{
  (void)t; (void)p;
  dy[0] = -y[0] * y[0];
  return GSL_SUCCESS;
}

static int f_oscillator(double t, const double *y, double *dy, void *p)
{
  double w = *(const double *)p;
  (void)t;
  dy[0] = y[1];
  dy[1] = -w * w * y[0];
  return GSL_SUCCESS;
}

static int f_kepler(double t, const double *y, double *dy, void *p)
{
  double r3 = pow(y[0] * y[0] + y[1] * y[1], 1.5);
  (void)t; (void)p;
  dy[0] = y[2];
  dy[1] = y[3];
  dy[2] = -y[0] / r3;
  dy[3] = -y[1] / r3;
  return GSL_SUCCESS;
}
static void test_one_step(void)
{
  const double h = 0.137, y0 = 1.3, t0 = 0.4;
  rk_fixed *w4 = rk_fixed_alloc(rk_classical4, 1, f_exp, NULL);
  rk_fixed *w3 = rk_fixed_alloc(rk_classical3, 1, f_exp, NULL);
  double y = y0, p4, p3, k1, k2, k3, k4;
  p4 = y0 * (1 + h + h * h / 2 + h * h * h / 6 + h * h * h * h / 24);
  p3 = y0 * (1 + h + h * h / 2 + h * h * h / 6);
  nevals = 0;
  rk_fixed_step(w4, 0.0, h, &y);
  gsl_test_rel(y, p4, 1e-15, "RK4 on y'=y equals the degree-4 Taylor polynomial");
  gsl_test(nevals != 4, "RK4 evaluates f four times per step (%ld)", nevals);
  y = y0;
  nevals = 0;
  rk_fixed_step(w3, 0.0, h, &y);
  gsl_test_rel(y, p3, 1e-15, "RK3 on y'=y equals the degree-3 Taylor polynomial");
  gsl_test(nevals != 3, "RK3 evaluates f three times per step (%ld)", nevals);
  rk_fixed_free(w4);
  rk_fixed_free(w3);

  w4 = rk_fixed_alloc(rk_classical4, 1, f_ty, NULL);
  w3 = rk_fixed_alloc(rk_classical3, 1, f_ty, NULL);
  k1 = t0 * y0;
  k2 = (t0 + h / 2) * (y0 + h / 2 * k1);
  k3 = (t0 + h / 2) * (y0 + h / 2 * k2);
  k4 = (t0 + h) * (y0 + h * k3);
  y = y0;
  rk_fixed_step(w4, t0, h, &y);
  gsl_test_rel(y, y0 + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), 1e-15,
               "RK4 on y'=ty equals the hand-written stages");
  k3 = (t0 + h) * (y0 - h * k1 + 2 * h * k2);
  y = y0;
  rk_fixed_step(w3, t0, h, &y);
  gsl_test_rel(y, y0 + h / 6 * (k1 + 4 * k2 + k3), 1e-15,
               "RK3 on y'=ty equals the hand-written stages");
  rk_fixed_free(w4);
  rk_fixed_free(w3);
}
static void test_gsl_rk4(void)
{
  const double h = 0.1;
  rk_fixed *wg = rk_fixed_alloc(gsl_odeiv2_step_rk4, 1, f_exp, NULL);
  rk_fixed *wc = rk_fixed_alloc(rk_classical4, 1, f_exp, NULL);
  double yg = 1, y1 = 1, y2 = 1;
  long ng;
  nevals = 0;
  rk_fixed_step(wg, 0.0, h, &yg);
  ng = nevals;
  rk_fixed_step(wc, 0.0, h, &y1);
  rk_fixed_step(wc, 0.0, h / 2, &y2);
  rk_fixed_step(wc, h / 2, h / 2, &y2);
  printf("  gsl rk4, one step h = 0.1 on y'=y: %.17g (%ld evaluations of f)\n", yg, ng);
  printf("  classical RK4, one step of h:      %.17g (gsl - it = %.3e, error %.3e)\n",
         y1, yg - y1, exp(h) - y1);
  printf("  classical RK4, two steps of h/2:   %.17g (gsl - it = %.3e, error %.3e)\n",
         y2, yg - y2, exp(h) - y2);
  gsl_test_rel(yg, y2, 1e-15, "gsl rk4 step of h equals two classical steps of h/2");
  gsl_test(!(fabs(yg - y1) > 1e-8),
           "gsl rk4 step of h differs from one classical step of h (%.3e)", yg - y1);
  gsl_test(!(ng > 4), "gsl rk4 evaluates f more than 4 times per step (%ld)", ng);
  rk_fixed_free(wg);
  rk_fixed_free(wc);
}
static void test_gsl_fixed_step_driver(void)
{
  gsl_odeiv2_system sys = {f_exp, NULL, 1, NULL};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk4,
                                                       0.1, 1e-12, 1e-12);
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  double t = 0, y = 1;
  int st = gsl_odeiv2_driver_apply_fixed_step(d, &t, 0.1, 3, &y);
  gsl_set_error_handler(old);
  printf("  gsl_odeiv2_driver_apply_fixed_step, tol 1e-12: status %d (%s), t = %g\n",
         st, gsl_strerror(st), t);
  gsl_test(st == GSL_SUCCESS, "GSL's fixed-step driver rejects the step at tol 1e-12");
  gsl_test(t != 0, "GSL's fixed-step driver left t at 0 (t = %g)", t);
  gsl_odeiv2_driver_free(d);
}
static double rk_error(const gsl_odeiv2_step_type *T, int problem, double h)
{
  const double Tend = 2.0, w = 1.7;
  int n = (int)lround(Tend / h);
  double y[2];
  rk_fixed *r;
  if (problem == 0) {
    y[0] = 1;
    r = rk_fixed_alloc(T, 1, f_riccati, NULL);
  } else {
    y[0] = 1; y[1] = 0;
    r = rk_fixed_alloc(T, 2, f_oscillator, (void *)&w);
  }
  for (int k = 0; k < n; k++) rk_fixed_step(r, k * h, h, y);
  rk_fixed_free(r);
  if (problem == 0) return fabs(y[0] - 1 / (1 + Tend));
  return hypot(y[0] - cos(w * Tend), y[1] + w * sin(w * Tend));
}

static void test_orders(void)
{
  const gsl_odeiv2_step_type *types[2] = {rk_classical4, rk_classical3};
  const double orders[2] = {4, 3}, h0[2] = {0.1, 0.05};
  const char *names[2] = {"y'=-y^2", "oscillator"};
  for (int m = 0; m < 2; m++)
    for (int prob = 0; prob < 2; prob++) {
      double h = h0[m], e = rk_error(types[m], prob, h);
      for (int k = 0; k < 4; k++, h /= 2) {
        double e2 = rk_error(types[m], prob, h / 2), p = log2(e / e2);
        printf("  RK%g on %s: h = %.5f, error %.3e, observed order %.3f\n",
               orders[m], names[prob], h / 2, e2, p);
        gsl_test_abs(p, orders[m], 0.1, "RK%g observed order on %s at h = %g",
                     orders[m], names[prob], h / 2);
        e = e2;
      }
    }
}
static double ref_run(int problem, double tol, double Tend, double dt,
                      double *yend, double *maxerr)
{
  const double w = 1.7, e = 0.5;
  size_t dim = problem == 0 ? 2 : 4;
  double y[4], t = 0;
  int n = (int)lround(Tend / dt), st = LG_OK;
  ref_solver *r;
  if (problem == 0) {
    y[0] = 1; y[1] = 0;
    r = ref_alloc(2, f_oscillator, (void *)&w, tol);
  } else {
    y[0] = 1 - e; y[1] = 0; y[2] = 0; y[3] = sqrt((1 + e) / (1 - e));
    r = ref_alloc(4, f_kepler, NULL, tol);
  }
  *maxerr = 0;
  for (int k = 1; k <= n && st == LG_OK; k++) {
    st = ref_advance(r, &t, k * dt, y);
    if (problem == 0) {
      double err = hypot(y[0] - cos(w * t), y[1] + w * sin(w * t));
      if (err > *maxerr) *maxerr = err;
    }
  }
  if (problem == 1)   /* back at perihelion after whole periods */
    *maxerr = fmax(fmax(fabs(y[0] - (1 - e)), fabs(y[1])),
                   fmax(fabs(y[2]), fabs(y[3] - sqrt((1 + e) / (1 - e)))));
  for (size_t i = 0; i < dim; i++) yend[i] = y[i];
  ref_free(r);
  return st;
}

static void test_reference(void)
{
  const double P = 2 * 3.14159265358979323846;   /* Kepler period */
  const char *names[2] = {"oscillator on [0,10]", "Kepler e=0.5, 3 periods"};
  const double Tend[2] = {10.0, 3 * P}, dt[2] = {0.1, 3 * P / 360};
  double y1[4], y2[4], err1, err2, est;
  /* (a) the default tolerance, dense stops as a model's driver makes them */
  for (int prob = 0; prob < 2; prob++) {
    int s1 = ref_run(prob, 1e-13, Tend[prob], dt[prob], y1, &err1);
    int s2 = ref_run(prob, 1e-14, Tend[prob], dt[prob], y2, &err2);
    est = 0;
    for (int i = 0; i < (prob == 0 ? 2 : 4); i++) est = fmax(est, fabs(y1[i] - y2[i]));
    printf("  reference on %s, stops every %.4f: error %.3e at tol 1e-13,"
           " %.3e at tol 1e-14; |y(tol) - y(tol/10)| = %.3e\n",
           names[prob], dt[prob], err1, err2, est);
    gsl_test(s1 || s2, "reference on %s runs", names[prob]);
    gsl_test(!(err1 < 1e-11), "reference error on %s %.3e < 1e-11", names[prob], err1);
    gsl_test(!(est < 1e-11), "tol/10 difference on %s %.3e < 1e-11", names[prob], est);
  }
  /* (b) the tol/10 estimate where the tolerance, not the stops, sets the steps */
  for (double tol = 1e-7; tol > 1e-10; tol /= 10) {
    ref_run(1, tol, 3 * P, P, y1, &err1);
    ref_run(1, tol / 10, 3 * P, P, y2, &err2);
    est = 0;
    for (int i = 0; i < 4; i++) est = fmax(est, fabs(y1[i] - y2[i]));
    printf("  reference on Kepler, stops every period: error %.3e at tol %g,"
           " %.3e at tol %g; estimate %.3e\n", err1, tol, err2, tol / 10, est);
    gsl_test(!(est > err1 / 3 && est < 3 * err1),
             "tol/10 estimate %.3e within a factor 3 of the error %.3e at tol %g",
             est, err1, tol);
  }
}
static long n_bounded;
static int f_stiff(double t, const double *y, double *dy, void *p)
{
  (void)t; (void)p;
  n_bounded++;
  dy[0] = -1e9 * y[0];
  return GSL_SUCCESS;
}
static int f_blowup(double t, const double *y, double *dy, void *p)
{
  (void)t; (void)p;
  n_bounded++;
  dy[0] = y[0] * y[0];
  return GSL_SUCCESS;
}

static void test_reference_bounds(void)
{
  double t = 0, y = 1;
  ref_solver *r = ref_alloc(1, f_stiff, NULL, 1e-13);
  n_bounded = 0;
  int st = ref_advance(r, &t, 1.0, &y);
  printf("  reference on y' = -1e9 y: status %d after %ld evaluations, t = %g: %s\n", st,
         n_bounded, t, ref_why(r));
  gsl_test(st != LG_EWORK, "stiff: the evaluation cap ends the call (status %d)", st);
  gsl_test(!(n_bounded >= REF_MAX_EVALS && n_bounded <= REF_MAX_EVALS + 13),
           "stiff: %ld evaluations, the cap %ld plus at most one step", n_bounded,
           REF_MAX_EVALS);
  gsl_test(!(t > 0 && t < 1), "stiff: stopped inside the interval, t = %g", t);
  gsl_test(strstr(ref_why(r), "evaluations") == NULL || strstr(ref_why(r), "reached t =")
           == NULL, "stiff: the words name the cap and the time reached");
  ref_free(r);
  t = 0;
  y = 1;
  r = ref_alloc(1, f_blowup, NULL, 1e-13);
  n_bounded = 0;
  st = ref_advance(r, &t, 2.0, &y);
  printf("  reference on y' = y^2: status %d after %ld evaluations, t = %.15g: %s\n", st,
         n_bounded, t, ref_why(r));
  gsl_test(st != LG_EWORK, "blow-up: the step floor ends the call (status %d)", st);
  gsl_test(!(t < 1 && t > 0.999), "blow-up: stopped just before t = 1 (t = %.15g)", t);
  gsl_test(strstr(ref_why(r), "below its floor") == NULL, "blow-up: the words name the floor");
  ref_free(r);
}
static int rr_armed;
static double rr_first;

static int f_riccati_first(double t, const double *y, double *dy, void *p)
{
  if (rr_armed) { rr_first = y[0]; rr_armed = 0; }
  return f_riccati(t, y, dy, p);
}

static void test_reference_restart(void)
{
  for (int k = 0; k < 4; k++) {
    const double jump = pow(10, -2 - 2 * k);
    ref_solver *w = ref_alloc(1, f_riccati_first, NULL, 1e-12);
    double t = 0, y = 1;
    int st = w ? ref_advance(w, &t, 0.5, &y) : LG_ENOMEM;
    y += jump;
    const double moved = y, exact = y / (1 + 0.5 * y);   /* through (0.5, y), at t = 1 */
    ref_restart(w);
    rr_armed = 1;
    if (st == LG_OK) st = ref_advance(w, &t, 1.0, &y);
    ref_free(w);
    gsl_test(st != LG_OK || rr_first != moved, "reference restarted after a move of %g: "
             "first evaluation at the moved state (%.17g, moved %.17g)", jump, rr_first, moved);
    gsl_test(!(fabs(y - exact) < 1e-10), "reference restarted after a move of %g: error "
             "%.3g at t = 1 (below 1e-10)", jump, fabs(y - exact));
  }
}

int main(void)
{
  test_one_step();
  test_gsl_rk4();
  test_gsl_fixed_step_driver();
  test_orders();
  test_reference();
  test_reference_bounds();
  test_reference_restart();
  exit(gsl_test_summary());
}
