/* newton.c: Newton iteration over gsl_multiroot_fdfsolver. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multiroots.h>
#include "core/lg.h"
#include "num/newton.h"

struct newton_ws {
  size_t n;
  gsl_multiroot_fdfsolver *s;
  gsl_multiroot_function_fdf F;   /* F.params points back to this workspace */
  gsl_vector *x0;                 /* initial guess handed to GSL */
  double *x, *f, *J;              /* plain buffers: n, n, n*n */
  newton_fdf_fn fdf;              /* the caller's callback ... */
  void *params;                   /* ... and its parameters */
};
typedef struct {
  size_t n;
  double *a;            /* n x n copy of J, overwritten by its LU factors */
  int jac_current;      /* 1 when J was evaluated at the current x */
  newton_lin_fn lin;    /* the caller's linear solve, or NULL: elimination */
  void *lin_ctx;
} newton_direct_state;

/* x += dx; mark the Jacobian stale; evaluate F at the new x */
static int newton_direct_update(newton_direct_state *st, gsl_multiroot_function_fdf *fdf,
                                gsl_vector *x, gsl_vector *f, const gsl_vector *dx)
{
  for (size_t i = 0; i < st->n; i++)
    gsl_vector_set(x, i, gsl_vector_get(x, i) + gsl_vector_get(dx, i));
  st->jac_current = 0;
  return GSL_MULTIROOT_FN_EVAL_F(fdf, x, f);
}

static int newton_direct_alloc(void *vstate, size_t n)
{
  newton_direct_state *st = vstate;
  st->n = n;
  st->lin = NULL;       /* GSL does not clear the state it allocates */
  st->lin_ctx = NULL;
  st->a = malloc(n * n * sizeof(double));
  return st->a ? GSL_SUCCESS : GSL_ENOMEM;
}

static int newton_direct_set(void *vstate, gsl_multiroot_function_fdf *fdf,
                             gsl_vector *x, gsl_vector *f, gsl_matrix *J,
                             gsl_vector *dx)
{
  newton_direct_state *st = vstate;
  gsl_vector_set_zero(dx);
  st->jac_current = 1;
  return GSL_MULTIROOT_FN_EVAL_F_DF(fdf, x, f, J);
}

/* Solve J dx = -f by elimination with partial pivoting; x += dx; re-evaluate. */
static int newton_direct_iterate(void *vstate, gsl_multiroot_function_fdf *fdf,
                                 gsl_vector *x, gsl_vector *f, gsl_matrix *J,
                                 gsl_vector *dx)
{
  newton_direct_state *st = vstate;
  size_t n = st->n;
  double *a = st->a, *d = dx->data;
  size_t ds = dx->stride;
  if (!st->jac_current) {
    int status = GSL_MULTIROOT_FN_EVAL_DF(fdf, x, J);
    if (status != GSL_SUCCESS) return status;
  }
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < n; j++) a[i * n + j] = gsl_matrix_get(J, i, j);
    d[i * ds] = -gsl_vector_get(f, i);
  }
  if (st->lin) {                        /* dx->stride is 1: GSL allocated it */
    if (st->lin(st->lin_ctx, n, a, d) != 0) return GSL_ESING;
    return newton_direct_update(st, fdf, x, f, dx);
  }
  for (size_t k = 0; k < n; k++) {
    size_t p = k;
    double big = fabs(a[k * n + k]);
    for (size_t i = k + 1; i < n; i++)
      if (fabs(a[i * n + k]) > big) { big = fabs(a[i * n + k]); p = i; }
    if (!(big > 0)) return GSL_ESING;
    if (p != k) {
      for (size_t j = 0; j < n; j++) {
        double t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t;
      }
      double t = d[k * ds]; d[k * ds] = d[p * ds]; d[p * ds] = t;
    }
    for (size_t i = k + 1; i < n; i++) {
      double l = a[i * n + k] / a[k * n + k];
      for (size_t j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
      d[i * ds] -= l * d[k * ds];
    }
  }
  for (size_t k = n; k-- > 0;) {
    double sum = d[k * ds];
    for (size_t j = k + 1; j < n; j++) sum -= a[k * n + j] * d[j * ds];
    d[k * ds] = sum / a[k * n + k];
  }
  return newton_direct_update(st, fdf, x, f, dx);
}

static void newton_direct_free(void *vstate)
{
  newton_direct_state *st = vstate;
  free(st->a);
}

static const gsl_multiroot_fdfsolver_type newton_direct_type = {
  "direct", sizeof(newton_direct_state), newton_direct_alloc,
  newton_direct_set, newton_direct_iterate, newton_direct_free
};
static const gsl_multiroot_fdfsolver_type *const newton_fdfsolver_direct =
  &newton_direct_type;
static void newton_copy_in(newton_ws *w, const gsl_vector *x)
{
  for (size_t i = 0; i < w->n; i++) w->x[i] = gsl_vector_get(x, i);
}

static int newton_gsl_fdf(const gsl_vector *x, void *p, gsl_vector *f,
                          gsl_matrix *J)
{
  newton_ws *w = p;
  size_t n = w->n;
  newton_copy_in(w, x);
  if (w->fdf(w->x, w->params, w->f, J ? w->J : NULL) != 0) return GSL_EBADFUNC;
  if (f)
    for (size_t i = 0; i < n; i++) gsl_vector_set(f, i, w->f[i]);
  if (J)
    for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < n; j++) gsl_matrix_set(J, i, j, w->J[i * n + j]);
  return GSL_SUCCESS;
}

static int newton_gsl_f(const gsl_vector *x, void *p, gsl_vector *f)
{
  return newton_gsl_fdf(x, p, f, NULL);
}

static int newton_gsl_df(const gsl_vector *x, void *p, gsl_matrix *J)
{
  return newton_gsl_fdf(x, p, NULL, J);
}
newton_ws *newton_alloc(size_t n, int solver)
{
  const gsl_multiroot_fdfsolver_type *T;
  newton_ws *w;
  if (n == 0) return NULL;
  if (solver == LG_NEWTON_PLAIN) T = gsl_multiroot_fdfsolver_newton;
  else if (solver == LG_NEWTON_HYBRIDSJ) T = gsl_multiroot_fdfsolver_hybridsj;
  else if (solver == LG_NEWTON_DIRECT) T = newton_fdfsolver_direct;
  else return NULL;
  w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->n = n;
  w->s = gsl_multiroot_fdfsolver_alloc(T, n);
  w->x0 = gsl_vector_alloc(n);
  w->x = malloc(n * sizeof(double));
  w->f = malloc(n * sizeof(double));
  w->J = malloc(n * n * sizeof(double));
  if (!w->s || !w->x0 || !w->x || !w->f || !w->J) {
    newton_free(w);
    return NULL;
  }
  w->F.f = newton_gsl_f;
  w->F.df = newton_gsl_df;
  w->F.fdf = newton_gsl_fdf;
  w->F.n = n;
  w->F.params = w;
  return w;
}

newton_ws *newton_alloc_lin(size_t n, newton_lin_fn lin, void *ctx)
{
  newton_ws *w = newton_alloc(n, LG_NEWTON_DIRECT);
  if (w && lin) {
    newton_direct_state *st = w->s->state;
    st->lin = lin;
    st->lin_ctx = ctx;
  }
  return w;
}

void newton_free(newton_ws *w)
{
  if (!w) return;
  if (w->s) gsl_multiroot_fdfsolver_free(w->s);
  if (w->x0) gsl_vector_free(w->x0);
  free(w->x);
  free(w->f);
  free(w->J);
  free(w);
}
static double newton_maxnorm(const gsl_vector *f)
{
  double r = 0;
  for (size_t i = 0; i < f->size; i++) {
    double a = fabs(gsl_vector_get(f, i));
    if (isnan(a)) return a;  /* a NaN is never taken for convergence */
    if (a > r) r = a;
  }
  return r;
}
/* the error left after the last iteration is at the round-off of the
   iterate: its correction dx, or the estimate theta/(1-theta) |dx| from the
   contraction theta = |dx| / |dx_prev| of quadratic convergence */
static int newton_at_roundoff(const gsl_multiroot_fdfsolver *s, double *dxprev)
{
  double dx = newton_maxnorm(s->dx), floor = 4 * DBL_EPSILON * fmax(1.0, newton_maxnorm(s->x));
  double theta = *dxprev > 0 ? dx / *dxprev : 1;
  *dxprev = dx;
  return dx <= floor || (theta < 0.5 && theta / (1 - theta) * dx <= floor);
}

int newton_solve(newton_ws *w, newton_fdf_fn fdf, void *params, double *x,
                 double tol, int maxiter, int *iters, double *resid)
{
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  int status, k = 0, done = 0;
  double r = HUGE_VAL, rprev = HUGE_VAL, dxprev = 0;
  w->fdf = fdf;
  w->params = params;
  for (size_t i = 0; i < w->n; i++) gsl_vector_set(w->x0, i, x[i]);
  status = gsl_multiroot_fdfsolver_set(w->s, &w->F, w->x0);
  if (status == GSL_SUCCESS) {
    r = newton_maxnorm(w->s->f);
    done = tol > 0 ? r < tol : r == 0;
    while (!done && k < maxiter) {
      status = gsl_multiroot_fdfsolver_iterate(w->s);
      k++;
      r = newton_maxnorm(w->s->f);
      if (status != GSL_SUCCESS) break;
      if (tol > 0) done = r < tol;
      else done = r == 0 || newton_at_roundoff(w->s, &dxprev) || (r >= rprev && r < 1e-9);
      rprev = r;
    }
    for (size_t i = 0; i < w->n; i++) x[i] = gsl_vector_get(w->s->x, i);
  }
  gsl_set_error_handler(old);
  if (iters) *iters = k;
  if (resid) *resid = r;
  return (status == GSL_SUCCESS && done && r < (tol > 0 ? tol : 1e-6)) ? LG_OK : LG_ENEWTON;
}
double newton_jacobian_error(newton_fdf_fn fdf, void *params, const double *x,
                             size_t n, double eps)
{
  double *xp = malloc(n * sizeof(double)), *fp = malloc(n * sizeof(double));
  double *fm = malloc(n * sizeof(double)), *J = malloc(n * n * sizeof(double));
  double err = NAN;
  if (!xp || !fp || !fm || !J) goto done;
  if (eps <= 0) eps = 6e-6;
  memcpy(xp, x, n * sizeof(double));
  if (fdf(x, params, fp, J) != 0) goto done;
  err = 0;
  for (size_t j = 0; j < n && !isnan(err); j++) {   /* a NaN entry ends the scan */
    double eta = eps * fmax(1.0, fabs(x[j]));
    xp[j] = x[j] + eta;
    if (fdf(xp, params, fp, NULL) != 0) { err = NAN; break; }
    xp[j] = x[j] - eta;
    if (fdf(xp, params, fm, NULL) != 0) { err = NAN; break; }
    xp[j] = x[j];
    for (size_t i = 0; i < n; i++) {
      double d = (fp[i] - fm[i]) / (2 * eta);
      double e = fabs(J[i * n + j] - d) / fmax(1.0, fabs(J[i * n + j]));
      if (isnan(e) || e > err) err = e;
    }
  }
done:
  free(xp); free(fp); free(fm); free(J);
  return err;
}
