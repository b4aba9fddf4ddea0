/* rk.c: classical RK3 and RK4 as GSL step types, a fixed-step driver, and
   the rk8pd reference solver. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include "core/lg.h"
#include "num/rk.h"

typedef struct {
  double *k1, *k2, *k3, *k4, *tmp;
} rk_stages;

static void *rk_stages_alloc(size_t dim)
{
  rk_stages *s = malloc(sizeof *s);
  double *buf = malloc(5 * dim * sizeof(double));
  if (!s || !buf) {
    free(s);
    free(buf);
    return NULL;
  }
  s->k1 = buf;
  s->k2 = buf + dim;
  s->k3 = buf + 2 * dim;
  s->k4 = buf + 3 * dim;
  s->tmp = buf + 4 * dim;
  return s;
}

static void rk_stages_free(void *state)
{
  rk_stages *s = state;
  if (!s) return;
  free(s->k1);
  free(s);
}

static int rk_stages_reset(void *state, size_t dim)
{
  (void)state;
  (void)dim;
  return GSL_SUCCESS;
}

static int rk_set_driver(void *state, const gsl_odeiv2_driver *d)
{
  (void)state;
  (void)d;
  return GSL_SUCCESS;
}

static unsigned int rk_order4(void *state) { (void)state; return 4; }
static unsigned int rk_order3(void *state) { (void)state; return 3; }
#if defined(__GNUC__)
#define RK_EXPAND __attribute__((always_inline))
#else
#define RK_EXPAND
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define RK_UNROLL _Pragma("GCC unroll 9")
#else
#define RK_UNROLL
#endif
/* z = y + a k, two elements per iteration */
static inline RK_EXPAND void rk_axpy(double *restrict z, const double *restrict y, double a,
                    const double *restrict k, size_t n)
{
  size_t i = 0;
  RK_UNROLL for (; i + 1 < n; i += 2) {
    z[i] = y[i] + a * k[i];
    z[i + 1] = y[i + 1] + a * k[i + 1];
  }
  if (i < n) z[i] = y[i] + a * k[i];
}

/* y += h/6 (k1 + 2 (k2 + k3) + k4), e = 0, two elements per iteration */
static inline RK_EXPAND void rk4_combine(double *restrict y, double *restrict e, double h,
                                         const rk_stages *s, size_t n)
{
  const double *restrict k1 = s->k1, *restrict k2 = s->k2, *restrict k3 = s->k3,
               *restrict k4 = s->k4;
  size_t i = 0;
  RK_UNROLL for (; i + 1 < n; i += 2) {
    y[i] += h / 6.0 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
    y[i + 1] += h / 6.0 * (k1[i + 1] + 2.0 * (k2[i + 1] + k3[i + 1]) + k4[i + 1]);
    e[i] = e[i + 1] = 0.0;
  }
  if (i < n) {
    y[i] += h / 6.0 * (k1[i] + 2.0 * (k2[i] + k3[i]) + k4[i]);
    e[i] = 0.0;
  }
}

static inline RK_EXPAND int rk4_apply_n(void *state, size_t dim, double t, double h,
                                        double y[], double yerr[], const double dydt_in[],
                                        double dydt_out[], const gsl_odeiv2_system *sys)
{
  rk_stages *s = state;
  int st;
  if (dydt_in) memcpy(s->k1, dydt_in, dim * sizeof(double));
  else if ((st = GSL_ODEIV_FN_EVAL(sys, t, y, s->k1)) != GSL_SUCCESS) return st;
  rk_axpy(s->tmp, y, 0.5 * h, s->k1, dim);
  if ((st = GSL_ODEIV_FN_EVAL(sys, t + 0.5 * h, s->tmp, s->k2)) != GSL_SUCCESS) return st;
  rk_axpy(s->tmp, y, 0.5 * h, s->k2, dim);
  if ((st = GSL_ODEIV_FN_EVAL(sys, t + 0.5 * h, s->tmp, s->k3)) != GSL_SUCCESS) return st;
  rk_axpy(s->tmp, y, h, s->k3, dim);
  if ((st = GSL_ODEIV_FN_EVAL(sys, t + h, s->tmp, s->k4)) != GSL_SUCCESS) return st;
  rk4_combine(y, yerr, h, s, dim);
  if (dydt_out) return GSL_ODEIV_FN_EVAL(sys, t + h, y, dydt_out);
  return GSL_SUCCESS;
}

static int rk4_apply(void *state, size_t dim, double t, double h, double y[],
                     double yerr[], const double dydt_in[], double dydt_out[],
                     const gsl_odeiv2_system *sys)
{
  if (dim == 12) return rk4_apply_n(state, 12, t, h, y, yerr, dydt_in, dydt_out, sys);
  if (dim == 18) return rk4_apply_n(state, 18, t, h, y, yerr, dydt_in, dydt_out, sys);
  return rk4_apply_n(state, dim, t, h, y, yerr, dydt_in, dydt_out, sys);
}
static int rk3_apply(void *state, size_t dim, double t, double h, double y[],
                     double yerr[], const double dydt_in[], double dydt_out[],
                     const gsl_odeiv2_system *sys)
{
  rk_stages *s = state;
  int st;
  if (dydt_in) memcpy(s->k1, dydt_in, dim * sizeof(double));
  else if ((st = GSL_ODEIV_FN_EVAL(sys, t, y, s->k1)) != GSL_SUCCESS) return st;
  for (size_t i = 0; i < dim; i++) s->tmp[i] = y[i] + 0.5 * h * s->k1[i];
  if ((st = GSL_ODEIV_FN_EVAL(sys, t + 0.5 * h, s->tmp, s->k2)) != GSL_SUCCESS) return st;
  for (size_t i = 0; i < dim; i++) s->tmp[i] = y[i] + h * (2.0 * s->k2[i] - s->k1[i]);
  if ((st = GSL_ODEIV_FN_EVAL(sys, t + h, s->tmp, s->k3)) != GSL_SUCCESS) return st;
  for (size_t i = 0; i < dim; i++) {
    y[i] += h / 6.0 * (s->k1[i] + 4.0 * s->k2[i] + s->k3[i]);
    yerr[i] = 0.0;
  }
  if (dydt_out) return GSL_ODEIV_FN_EVAL(sys, t + h, y, dydt_out);
  return GSL_SUCCESS;
}
static const gsl_odeiv2_step_type rk_classical4_type = {
  "classical-rk4", 1, 1, rk_stages_alloc, rk4_apply, rk_set_driver,
  rk_stages_reset, rk_order4, rk_stages_free
};
static const gsl_odeiv2_step_type rk_classical3_type = {
  "classical-rk3", 1, 1, rk_stages_alloc, rk3_apply, rk_set_driver,
  rk_stages_reset, rk_order3, rk_stages_free
};
const gsl_odeiv2_step_type *rk_classical4 = &rk_classical4_type;
const gsl_odeiv2_step_type *rk_classical3 = &rk_classical3_type;
struct rk_fixed {
  gsl_odeiv2_step *step;
  gsl_odeiv2_system sys;
  double *yerr;
};

rk_fixed *rk_fixed_alloc(const gsl_odeiv2_step_type *T, size_t dim,
                         rk_rhs_fn f, void *params)
{
  rk_fixed *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->step = gsl_odeiv2_step_alloc(T, dim);
  w->yerr = malloc(dim * sizeof(double));
  if (!w->step || !w->yerr) {
    rk_fixed_free(w);
    return NULL;
  }
  w->sys.function = f;
  w->sys.jacobian = NULL;
  w->sys.dimension = dim;
  w->sys.params = params;
  return w;
}

int rk_fixed_step(rk_fixed *w, double t, double h, double *y)
{
  int st = gsl_odeiv2_step_apply(w->step, t, h, y, w->yerr, NULL, NULL, &w->sys);
  return st == GSL_SUCCESS ? LG_OK : LG_ESOLVER;
}

void rk_fixed_free(rk_fixed *w)
{
  if (!w) return;
  if (w->step) gsl_odeiv2_step_free(w->step);
  free(w->yerr);
  free(w);
}
struct ref_solver {
  gsl_odeiv2_system sys;
  gsl_odeiv2_driver *d;
  rk_rhs_fn f;          /* the caller's right-hand side */
  void *params;
  long nev;             /* evaluations in the current call, up to the last tick */
  long left;            /* evaluations to the next tick (a multiple of REF_WATCH_EVALS) */
  double t;             /* the time reached */
  char why[200];        /* the last failure in words */
};

static _Thread_local ref_watch_fn ref_watch;
static _Thread_local void *ref_watch_ctx;

void ref_set_watch(ref_watch_fn fn, void *ctx)
{
  ref_watch = fn;
  ref_watch_ctx = ctx;
}

/* every REF_WATCH_EVALS evaluations: count them, report the progress,
   and evaluate */
static int ref_tick(ref_solver *w, double t, const double *y, double *dydt)
    __attribute__((noinline, cold));
static int ref_tick(ref_solver *w, double t, const double *y, double *dydt)
{
  w->nev += REF_WATCH_EVALS;
  w->left = REF_WATCH_EVALS;
  if (ref_watch) ref_watch(ref_watch_ctx, w->t, w->d->h);
  return w->f(t, y, dydt, w->params);
}

static int ref_count(double t, const double *y, double *dydt, void *params)
{
  ref_solver *w = params;
  if (__builtin_expect(--w->left == 0, 0)) return ref_tick(w, t, y, dydt);
  return w->f(t, y, dydt, w->params);
}

/* evaluations in the current call */
static long ref_evals(const ref_solver *w) { return w->nev + REF_WATCH_EVALS - w->left; }

ref_solver *ref_alloc(size_t dim, rk_rhs_fn f, void *params, double tol)
{
  ref_solver *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->f = f;
  w->params = params;
  w->sys.function = ref_count;
  w->sys.jacobian = NULL;
  w->sys.dimension = dim;
  w->sys.params = w;
  w->d = gsl_odeiv2_driver_alloc_y_new(&w->sys, gsl_odeiv2_step_rk8pd, 1e-3,
                                       tol, tol);
  if (!w->d) {
    free(w);
    return NULL;
  }
  return w;
}

int ref_advance(ref_solver *w, double *t, double t1, double *y)
{
  gsl_odeiv2_driver *d = w->d;
  gsl_error_handler_t *old;
  int st = GSL_SUCCESS;
  const double t0 = *t, floor = REF_HMIN_REL * fabs(t1);
  if (t1 < *t) return LG_EINVAL;
  w->why[0] = '\0';
  if (t1 == *t) return LG_OK;
  w->nev = 0;
  w->left = REF_WATCH_EVALS;
  w->t = *t;
  old = gsl_set_error_handler_off();
  while (*t < t1) {
    st = gsl_odeiv2_evolve_apply(d->e, d->c, d->s, d->sys, t, t1, &d->h, y);
    w->t = *t;
    if (st != GSL_SUCCESS) break;
    if (*t < t1 && d->h < floor) {
      snprintf(w->why, sizeof w->why, "the reference's adaptive step fell to %.3g at "
               "t = %.15g, below its floor %.3g (1e-12 of the time %.15g; a stiff or "
               "singular motion)", d->h, *t, floor, t1);
      st = LG_EWORK;
      break;
    }
    if (*t < t1 && ref_evals(w) >= REF_MAX_EVALS) {
      snprintf(w->why, sizeof w->why, "the reference used its %ld evaluations for the "
               "interval from t = %.15g to %.15g and reached t = %.15g with a step of %.3g",
               REF_MAX_EVALS, t0, t1, *t, d->h);
      st = LG_EWORK;
      break;
    }
  }
  gsl_set_error_handler(old);
  if (st == GSL_SUCCESS) return LG_OK;
  if (st == LG_EWORK) return LG_EWORK;
  snprintf(w->why, sizeof w->why, "the reference's step failed at t = %.15g with a step "
           "of %.3g (GSL status %d: %s)", *t, d->h, st, gsl_strerror(st));
  return LG_ESOLVER;
}

const char *ref_why(const ref_solver *w) { return w->why; }

void ref_restart(ref_solver *w) { gsl_odeiv2_evolve_reset(w->d->e); }

void ref_where(const ref_solver *w, double *t, double *h)
{
  *t = w->t;
  *h = w->d->h;
}

void ref_free(ref_solver *w)
{
  if (!w) return;
  gsl_odeiv2_driver_free(w->d);
  free(w);
}
