/* newton.c: Newton iteration over gsl_multiroot_fdfsolver. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_multiroots.h>
#include "core/lg.h"
#include "num/newton.h"

static void newton_sparse_free(void *v);
struct newton_ws {
  size_t n;
  gsl_multiroot_fdfsolver *s;
  gsl_multiroot_function_fdf F;   /* F.params points back to this workspace */
  gsl_vector *x0;                 /* initial guess handed to GSL */
  double *x, *f, *J;              /* plain buffers: n, n, n*n */
  int direct;                     /* 1 when s is of the type "direct" below */
  int fast;                       /* 1: newton_solve drives that type itself */
  newton_fdf_fn fdf;              /* the caller's callback ... */
  void *params;                   /* ... and its parameters */
  void *own;                      /* a linear solver's workspace, freed with this one */
  void (*own_free)(void *);       /* by this function */
  struct newton_sparse *sp;       /* newton_alloc_sparse: the structure, no GSL solver */
  newton_jfdf_fn jfdf;            /* newton_solve_sparse's callback ... */
  void *jparams;                  /* ... and its parameters */
  int eager;                      /* newton_set_eager: J with F also under a tolerance */
  int floor;                      /* newton_set_floor: the tolerance is a floor */
  const double *rowfl;            /* newton_set_row_floor: the rows' own floors, or NULL */
  double best[2];                 /* then the least residual so far, its iteration */
};
enum { NEWTON_FAST_MAX = 6 };     /* newton_solve drives the direct type itself up to here */
static double newton_maxnorm(const gsl_vector *f)
{
  double r = 0;
  for (size_t i = 0; i < f->size; i++) {
    double a = fabs(f->data[i * f->stride]);
    if (a != a) return a;     /* a NaN is never taken for convergence */
    r = a > r ? a : r;
  }
  return r;
}
/* the error left after the last iteration is at the round-off of the
   iterate: its correction dx, or the estimate theta/(1-theta) |dx| from the
   contraction theta = |dx| / |dx_prev| of quadratic convergence */
static int newton_small_step(double dx, double xn, double *dxprev)
{
  double floor = 4 * DBL_EPSILON * (xn > 1 ? xn : 1.0);
  double theta = *dxprev > 0 ? dx / *dxprev : 1;
  *dxprev = dx;
  return dx <= floor || (theta < 0.5 && theta / (1 - theta) * dx <= floor);
}

static int newton_at_roundoff(const gsl_vector *x, const gsl_vector *dx, double *dxprev)
{
  return newton_small_step(newton_maxnorm(dx), newton_maxnorm(x), dxprev);
}

/* with newton_set_floor: 0, or the bound its residual must meet where the
   iteration has stalled.  Frozen: the correction dx at the round-off of the
   iterate (at: the test above) and either below the round-off of |x| = xn
   or with a residual r no lower than the last, rprev (bound NEWTON_STALL
   tol).  Going round in the noise of its own linear solves: three
   iterations in a row without a residual below 7/8 of the least one before
   (the same bound).  w->best holds that least residual and its iteration
   (from the first iteration, k = 1, on). */
static double newton_stall_bound(newton_ws *w, int at, double dx, double xn, double r,
                                 double rprev, int k, double tol)
{
  double *best = w->best;
  if (k == 1) best[0] = HUGE_VAL;
  if (r < 0.875 * best[0]) {
    best[0] = r;
    best[1] = k;
  }
  if (at && (dx <= 4 * DBL_EPSILON * (xn > 1 ? xn : 1.0) || r >= rprev))
    return NEWTON_STALL * tol;
  if (k - best[1] >= 3) return NEWTON_STALL * tol;
  return 0;
}
typedef struct {
  size_t n;
  double *a;            /* n x n copy of J, overwritten by its LU factors */
  double *b;            /* n: -F, overwritten by the correction */
  int jac_current;      /* 1 when J was evaluated at the current x */
  newton_lin_fn lin;    /* the caller's linear solve, or NULL: elimination */
  void *lin_ctx;
  int eager;            /* 1: evaluate J with F when another iteration follows */
  int at_roundoff;      /* the last correction was at the round-off of x */
  double dxprev;        /* max-norm of the previous correction, 0 before one */
} newton_direct_state;

static int newton_direct_alloc(void *vstate, size_t n)
{
  newton_direct_state *st = vstate;
  st->n = n;
  st->lin = NULL;       /* GSL does not clear the state it allocates */
  st->lin_ctx = NULL;
  st->a = malloc(n * n * sizeof(double));
  st->b = malloc(n * sizeof(double));
  if (st->a && st->b) return GSL_SUCCESS;
  free(st->a);
  free(st->b);
  return GSL_ENOMEM;
}

static int newton_direct_set(void *vstate, gsl_multiroot_function_fdf *fdf,
                             gsl_vector *x, gsl_vector *f, gsl_matrix *J,
                             gsl_vector *dx)
{
  newton_direct_state *st = vstate;
  for (size_t i = 0; i < st->n; i++) dx->data[i * dx->stride] = 0;
  st->jac_current = 1;
  st->at_roundoff = 0;
  st->dxprev = 0;
  return GSL_MULTIROOT_FN_EVAL_F_DF(fdf, x, f, J);
}

/* Copy J into a and -f into b, solve a z = b by elimination with partial
   pivoting (z overwrites b), then x += z and dx = z; *dxn and *xn receive
   the max-norms of dx and of the new x, NaN if either holds a NaN.
   Called with a constant n for small n,
   and always expanded there (GCC and clang are told so; another compiler
   may treat it as an ordinary function, with the same results). */
#if defined(__GNUC__)
#define NEWTON_EXPAND __attribute__((always_inline))
#else
#define NEWTON_EXPAND
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define NEWTON_UNROLL _Pragma("GCC unroll 6")   /* GCC -O2 keeps short loops rolled */
#else
#define NEWTON_UNROLL
#endif
static inline NEWTON_EXPAND int newton_apply(const double *b, gsl_vector *x, gsl_vector *dx,
                                             double *dxn, double *xn, size_t n)
{
  double dm = 0, xm = 0, all = 0;   /* a NaN shows in the sum all */
  NEWTON_UNROLL for (size_t i = 0; i < n; i++) {
    double xi = x->data[i * x->stride] + b[i], d = fabs(b[i]), xa = fabs(xi);
    dx->data[i * dx->stride] = b[i];
    x->data[i * x->stride] = xi;
    dm = d > dm ? d : dm;
    xm = xa > xm ? xa : xm;
    all += d + xa;
  }
  *dxn = all == all ? dm : all;
  *xn = all == all ? xm : all;
  return GSL_SUCCESS;
}

static inline NEWTON_EXPAND int newton_eliminate(double *restrict a, double *restrict b,
                                   const gsl_matrix *J, const gsl_vector *f,
                                   gsl_vector *x, gsl_vector *dx, double *dxn, double *xn,
                                   size_t n)
{
  const double *restrict Jd = J->data, *restrict fd = f->data;
  NEWTON_UNROLL for (size_t i = 0; i < n; i++) {
    NEWTON_UNROLL for (size_t j = 0; j < n; j++) a[i * n + j] = Jd[i * J->tda + j];
    b[i] = -fd[i * f->stride];
  }
  NEWTON_UNROLL for (size_t k = 0; k < n; k++) {
    size_t p = k;
    double big = fabs(a[k * n + k]);
    NEWTON_UNROLL for (size_t i = k + 1; i < n; i++)
      if (fabs(a[i * n + k]) > big) { big = fabs(a[i * n + k]); p = i; }
    if (!(big > 0)) return GSL_ESING;
    if (p != k) {
      NEWTON_UNROLL for (size_t j = k; j < n; j++) {
        double t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t;
      }
      double t = b[k]; b[k] = b[p]; b[p] = t;
    }
    NEWTON_UNROLL for (size_t i = k + 1; i < n; i++) {
      double l = a[i * n + k] / a[k * n + k];
      NEWTON_UNROLL for (size_t j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
      b[i] -= l * b[k];
    }
  }
  NEWTON_UNROLL for (size_t k = n; k-- > 0;) {
    double sum = b[k];
    NEWTON_UNROLL for (size_t j = k + 1; j < n; j++) sum -= a[k * n + j] * b[j];
    b[k] = sum / a[k * n + k];
  }
  return newton_apply(b, x, dx, dxn, xn, n);
}

/* the same with the caller's linear solve in place of the elimination */
static int newton_direct_custom(newton_direct_state *st, const gsl_matrix *J,
                                const gsl_vector *f, gsl_vector *x, gsl_vector *dx,
                                double *dxn, double *xn)
{
  const size_t n = st->n;
  double *a = st->a, *b = st->b;
  for (size_t i = 0; i < n; i++) {
    memcpy(a + i * n, J->data + i * J->tda, n * sizeof *a);
    b[i] = -f->data[i * f->stride];
  }
  if (st->lin(st->lin_ctx, n, a, b) != 0) return GSL_ESING;
  return newton_apply(b, x, dx, dxn, xn, n);
}

static int newton_direct_linear(newton_direct_state *st, const gsl_matrix *J,
                                const gsl_vector *f, gsl_vector *x, gsl_vector *dx,
                                double *dxn, double *xn)
{
  double *a = st->a, *b = st->b;
  if (st->lin) return newton_direct_custom(st, J, f, x, dx, dxn, xn);
  switch (st->n) {
  case 1: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 1);
  case 2: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 2);
  case 3: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 3);
  case 4: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 4);
  case 5: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 5);
  case 6: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, 6);
  default: return newton_eliminate(a, b, J, f, x, dx, dxn, xn, st->n);
  }
}

/* Solve J dx = -f; x += dx; re-evaluate F, and J if another iteration follows. */
static int newton_direct_iterate(void *vstate, gsl_multiroot_function_fdf *fdf,
                                 gsl_vector *x, gsl_vector *f, gsl_matrix *J,
                                 gsl_vector *dx)
{
  newton_direct_state *st = vstate;
  double dxn, xn;
  int status;
  if (!st->jac_current) {
    status = GSL_MULTIROOT_FN_EVAL_DF(fdf, x, J);
    if (status != GSL_SUCCESS) return status;
  }
  status = newton_direct_linear(st, J, f, x, dx, &dxn, &xn);
  if (status != GSL_SUCCESS) return status;
  st->at_roundoff = newton_small_step(dxn, xn, &st->dxprev);
  st->jac_current = st->eager && !st->at_roundoff;
  if (st->jac_current) return GSL_MULTIROOT_FN_EVAL_F_DF(fdf, x, f, J);
  return GSL_MULTIROOT_FN_EVAL_F(fdf, x, f);
}

static void newton_direct_free(void *vstate)
{
  newton_direct_state *st = vstate;
  free(st->a);
  free(st->b);
}

static const gsl_multiroot_fdfsolver_type newton_direct_type = {
  "direct", sizeof(newton_direct_state), newton_direct_alloc,
  newton_direct_set, newton_direct_iterate, newton_direct_free
};
static const gsl_multiroot_fdfsolver_type *const newton_fdfsolver_direct =
  &newton_direct_type;
static int newton_gsl_fdf(const gsl_vector *x, void *p, gsl_vector *f,
                          gsl_matrix *J)
{
  newton_ws *w = p;
  size_t n = w->n;
  const double *xp = x->data;
  double *fp = f && f->stride == 1 ? f->data : w->f;
  double *Jp = J && J->tda == n ? J->data : w->J;
  if (x->stride != 1) {
    for (size_t i = 0; i < n; i++) w->x[i] = x->data[i * x->stride];
    xp = w->x;
  }
  if (w->fdf(xp, w->params, fp, J ? Jp : NULL) != 0) return GSL_EBADFUNC;
  if (f && fp == w->f)
    for (size_t i = 0; i < n; i++) f->data[i * f->stride] = w->f[i];
  if (J && Jp == w->J)
    for (size_t i = 0; i < n; i++)
      for (size_t j = 0; j < n; j++) J->data[i * J->tda + j] = w->J[i * n + j];
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
/* the multiply-adds of an envelope factorisation in the order ord (pos its
   inverse); fr is scratch of n + 1 */
static double newton_envelope_cost(int n, const int *ptr, const int *adj, const int *rows,
                                   const int *ord, const int *pos, long *fr)
{
  double cost = 0;
  fr[0] = 0;
  for (int i = 0; i < n; i++) fr[i + 1] = fr[i] + rows[ord[i]];
  for (int i = 0; i < n; i++) {
    int j = i;
    for (int a = ptr[ord[i]]; a < ptr[ord[i] + 1]; a++)
      if (pos[adj[a]] < j) j = pos[adj[a]];
    const double w = (double)(fr[i + 1] - fr[j]);
    cost += (double)rows[ord[i]] * 0.5 * w * w;
  }
  return cost;
}

/* breadth first from s over every component (roots s, s + 1, ...), each
   vertex's new neighbours by increasing degree; ord the visit order, p
   scratch */
static void newton_bfs(int n, const int *ptr, const int *adj, int s, int *ord, int *p)
{
  int m = 0, head = 0;
  for (int k = 0; k < n; k++) p[k] = -1;
  for (int root = s; m < n; root = (root + 1) % n) {      /* every component */
    if (p[root] >= 0) continue;
    p[root] = m; ord[m++] = root;
    while (head < m) {
      int v = ord[head++], m0 = m;
      for (int a = ptr[v]; a < ptr[v + 1]; a++)
        if (p[adj[a]] < 0) { p[adj[a]] = m; ord[m++] = adj[a]; }
      for (int a = m0 + 1; a < m; a++)        /* by degree, then number: insertion */
        for (int b = a; b > m0; b--) {
          int u = ord[b], t = ord[b - 1], du = ptr[u + 1] - ptr[u], dt = ptr[t + 1] - ptr[t];
          if (!(du < dt || (du == dt && u < t))) break;
          ord[b] = t; ord[b - 1] = u;
        }
    }
  }
}

/* the breadth-first levels of s's component: returns the last level's
   number, *c a vertex of least degree on it; ord and dist scratch */
static int newton_levels(const int *ptr, const int *adj, int n, int s, int *ord, int *dist, int *c)
{
  int head = 0, m = 0, far = 0, dmin = 0;
  for (int k = 0; k < n; k++) dist[k] = -1;
  ord[m++] = s;
  dist[s] = 0;
  while (head < m) {
    int v = ord[head++];
    if (dist[v] > far) far = dist[v];
    for (int a = ptr[v]; a < ptr[v + 1]; a++)
      if (dist[adj[a]] < 0) { dist[adj[a]] = dist[v] + 1; ord[m++] = adj[a]; }
  }
  *c = s;
  for (int i = 0; i < m; i++) {
    int v = ord[i], dg = ptr[v + 1] - ptr[v];
    if (dist[v] == far && (*c == s || dg < dmin)) { dmin = dg; *c = v; }
  }
  return far;
}

int newton_envelope_order(int n, const int *ptr, const int *adj, const int *rows, int *pos)
{
  if (n <= 0) return 0;
  int *ord = malloc((size_t)n * sizeof *ord), *best = malloc((size_t)n * sizeof *best),
      *p = malloc((size_t)n * sizeof *p);
  long *fr = malloc(((size_t)n + 1) * sizeof *fr);
  if (!ord || !best || !p || !fr) { free(ord); free(best); free(p); free(fr); return -1; }
  for (int k = 0; k < n; k++) best[k] = p[k] = k;
  double bcost = newton_envelope_cost(n, ptr, adj, rows, best, p, fr);
  int s0 = 0, s1 = n;                             /* the starts to try */
  if (n > 64) {                                   /* one pseudo-peripheral start */
    int s = 0, c, c2, lev = newton_levels(ptr, adj, n, s, ord, p, &c);
    for (int it = 0; it < 8; it++) {
      int l2 = newton_levels(ptr, adj, n, c, ord, p, &c2);
      if (l2 <= lev) break;
      s = c; c = c2; lev = l2;
    }
    s0 = s;
    s1 = s + 1;
  }
  for (int s = s0; s < s1; s++) {
    newton_bfs(n, ptr, adj, s, ord, p);
    for (int i = 0; i < n / 2; i++) { int t = ord[i]; ord[i] = ord[n - 1 - i]; ord[n - 1 - i] = t; }
    for (int i = 0; i < n; i++) p[ord[i]] = i;
    double c = newton_envelope_cost(n, ptr, adj, rows, ord, p, fr);
    if (c < bcost) {
      bcost = c;
      memcpy(best, ord, (size_t)n * sizeof *best);
    }
  }
  for (int i = 0; i < n; i++) pos[best[i]] = i;
  free(ord); free(best); free(p); free(fr);
  return 0;
}
struct newton_bslu {
  int n;
  size_t *xo;            /* the first row of each vertex, in the vertices' order */
  int *rows, *ord, *pos; /* rows of each vertex; vertex at each place; place */
  int *sptr, *s;         /* structure of row i of U: places s[sptr[i]] .. ascending */
  size_t *doff, *uoff, *loff; /* diagonal block of place i; U and L blocks of entry t */
  size_t nval;
  double *v;
};

void newton_bslu_free(newton_bslu *f)
{
  if (!f) return;
  free(f->xo); free(f->rows); free(f->ord); free(f->pos); free(f->sptr); free(f->s);
  free(f->doff); free(f->uoff); free(f->loff); free(f->v);
  free(f);
}

static int newton_cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

newton_bslu *newton_bslu_alloc(int n, const int *ptr, const int *adj, const int *rows,
                               const int *pos)
{
  newton_bslu *f = calloc(1, sizeof *f);
  int *mark = NULL, *head = NULL, *next = NULL, *tmp = NULL;
  if (!f) return NULL;
  size_t nn = (size_t)(n > 0 ? n : 1);
  f->n = n;
  f->rows = malloc(nn * sizeof *f->rows);
  f->ord = malloc(nn * sizeof *f->ord);
  f->pos = malloc(nn * sizeof *f->pos);
  f->sptr = calloc(nn + 1, sizeof *f->sptr);
  f->doff = malloc(nn * sizeof *f->doff);
  f->xo = malloc(nn * sizeof *f->xo);
  mark = malloc(nn * sizeof *mark);
  head = malloc(nn * sizeof *head);   /* children in the elimination tree */
  next = malloc(nn * sizeof *next);
  tmp = malloc(nn * sizeof *tmp);
  if (!f->rows || !f->ord || !f->pos || !f->sptr || !f->doff || !f->xo || !mark || !head || !next
      || !tmp)
    goto fail;
  for (int k = 0, o = 0; k < n; k++) {
    f->pos[k] = pos[k]; f->ord[pos[k]] = k; f->rows[k] = rows[k];
    f->xo[k] = (size_t)o; o += rows[k];
  }
  size_t cap = (size_t)(ptr[n] > 0 ? ptr[n] : 1) + nn, used = 0;
  f->s = malloc(cap * sizeof *f->s);
  if (!f->s) goto fail;
  for (int i = 0; i < n; i++) { mark[i] = -1; head[i] = -1; }
  for (int i = 0; i < n; i++) {                /* symbolic: row i of U */
    int m = 0;
    const int k = f->ord[i];
    mark[i] = i;
    for (int a = ptr[k]; a < ptr[k + 1]; a++) {
      int j = pos[adj[a]];
      if (j > i && mark[j] != i) { mark[j] = i; tmp[m++] = j; }
    }
    for (int c = head[i]; c >= 0; c = next[c])
      for (int t = f->sptr[c]; t < f->sptr[c + 1]; t++) {
        int j = f->s[t];
        if (j > i && mark[j] != i) { mark[j] = i; tmp[m++] = j; }
      }
    qsort(tmp, (size_t)m, sizeof *tmp, newton_cmp_int);
    if (used + (size_t)m > cap) {
      cap = 2 * (used + (size_t)m);
      int *ns = realloc(f->s, cap * sizeof *ns);
      if (!ns) goto fail;
      f->s = ns;
    }
    memcpy(f->s + used, tmp, (size_t)m * sizeof *tmp);
    used += (size_t)m;
    f->sptr[i + 1] = (int)used;
    if (m > 0) { next[i] = head[tmp[0]]; head[tmp[0]] = i; }  /* parent: the first */
  }
  f->uoff = malloc((used + 1) * sizeof *f->uoff);
  f->loff = malloc((used + 1) * sizeof *f->loff);
  if (!f->uoff || !f->loff) goto fail;
  size_t off = 0;
  for (int i = 0; i < n; i++) {
    const size_t ri = (size_t)rows[f->ord[i]];
    f->doff[i] = off;
    off += ri * ri;
    for (int t = f->sptr[i]; t < f->sptr[i + 1]; t++) {
      const size_t rj = (size_t)rows[f->ord[f->s[t]]];
      f->uoff[t] = off; off += ri * rj;
      f->loff[t] = off; off += ri * rj;
    }
  }
  f->nval = off;
  f->v = calloc(off + 1, sizeof *f->v);
  if (!f->v) goto fail;
  free(mark); free(head); free(next); free(tmp);
  return f;
fail:
  free(mark); free(head); free(next); free(tmp);
  newton_bslu_free(f);
  return NULL;
}

double newton_bslu_cost(const newton_bslu *f)
{
  double c = 0;
  for (int i = 0; i < f->n; i++) {
    const double ri = f->rows[f->ord[i]];
    double w = 0;
    for (int t = f->sptr[i]; t < f->sptr[i + 1]; t++) w += f->rows[f->ord[f->s[t]]];
    c += ri * ri * ri / 3 + ri * ri * w + ri * w * w;
  }
  return c;
}

void newton_bslu_zero(newton_bslu *f)
{
  memset(f->v, 0, f->nval * sizeof *f->v);
}

/* entry t of the structure of row i holding place j; -1 */
static int newton_bslu_find(const newton_bslu *f, int i, int j)
{
  int lo = f->sptr[i], hi = f->sptr[i + 1] - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (f->s[mid] == j) return mid;
    if (f->s[mid] < j) lo = mid + 1; else hi = mid - 1;
  }
  return -1;
}

/* block (places i, j), row-major with rows of place j's width */
static double *newton_bslu_at(newton_bslu *f, int i, int j)
{
  if (i == j) return f->v + f->doff[i];
  int t = i < j ? newton_bslu_find(f, i, j) : newton_bslu_find(f, j, i);
  if (t < 0) return NULL;
  return f->v + (i < j ? f->uoff[t] : f->loff[t]);
}

double *newton_bslu_block(newton_bslu *f, int k, int l)
{
  return newton_bslu_at(f, f->pos[k], f->pos[l]);
}

/* A -= L U for blocks rj x ri and ri x rk; expanded where the sizes are
   constants (three-row joints), so that the compiler unrolls it */
static inline NEWTON_EXPAND void newton_bslu_update(double *A, const double *L, const double *U,
                                                    int rj, int ri, int rk)
{
  NEWTON_UNROLL for (int r = 0; r < rj; r++)
    NEWTON_UNROLL for (int p = 0; p < ri; p++) {
      const double l = L[r * ri + p];
      NEWTON_UNROLL for (int c = 0; c < rk; c++) A[r * rk + c] -= l * U[p * rk + c];
    }
}

int newton_bslu_factor(newton_bslu *f, int spd)
{
  for (int i = 0; i < f->n; i++) {
    const int ri = f->rows[f->ord[i]];
    double *D = f->v + f->doff[i];
    for (int p = 0; p < ri; p++) {             /* D = L U, unit lower L */
      const double d = D[p * ri + p];
      if (!(spd ? d > 0 : fabs(d) > 0) || !isfinite(d)) return f->ord[i];
      for (int q = p + 1; q < ri; q++) {
        const double l = D[q * ri + p] /= d;
        for (int c = p + 1; c < ri; c++) D[q * ri + c] -= l * D[p * ri + c];
      }
    }
    for (int t = f->sptr[i]; t < f->sptr[i + 1]; t++) {
      const int rj = f->rows[f->ord[f->s[t]]];
      double *U = f->v + f->uoff[t], *L = f->v + f->loff[t];
      for (int c = 0; c < rj; c++)               /* U_ij <- L_ii^{-1} U_ij */
        for (int p = 0; p < ri; p++)
          for (int q = p + 1; q < ri; q++) U[q * rj + c] -= D[q * ri + p] * U[p * rj + c];
      for (int r = 0; r < rj; r++)               /* L_ji <- L_ji U_ii^{-1} */
        for (int p = 0; p < ri; p++) {
          double x = L[r * ri + p];
          for (int q = 0; q < p; q++) x -= L[r * ri + q] * D[q * ri + p];
          L[r * ri + p] = x / D[p * ri + p];
        }
    }
    for (int t1 = f->sptr[i]; t1 < f->sptr[i + 1]; t1++) {   /* A_jk -= L_ji U_ik */
      const int j = f->s[t1], rj = f->rows[f->ord[j]];
      const double *L = f->v + f->loff[t1];
      for (int t2 = f->sptr[i]; t2 < f->sptr[i + 1]; t2++) {
        const int k = f->s[t2], rk = f->rows[f->ord[k]];
        const double *U = f->v + f->uoff[t2];
        double *A = newton_bslu_at(f, j, k);
        if (rj == 3 && ri == 3 && rk == 3) newton_bslu_update(A, L, U, 3, 3, 3);
        else newton_bslu_update(A, L, U, rj, ri, rk);
      }
    }
  }
  return -1;
}

void newton_bslu_solve(const newton_bslu *f, double *x)
{
  const int n = f->n;
  const size_t *xo = f->xo;
  for (int i = 0; i < n; i++) {                  /* L y = x */
    const int ri = f->rows[f->ord[i]];
    const double *D = f->v + f->doff[i];
    double *xi = x + xo[f->ord[i]];
    for (int q = 0; q < ri; q++)
      for (int p = 0; p < q; p++) xi[q] -= D[q * ri + p] * xi[p];
    for (int t = f->sptr[i]; t < f->sptr[i + 1]; t++) {
      const int rj = f->rows[f->ord[f->s[t]]];
      const double *L = f->v + f->loff[t];
      double *xj = x + xo[f->ord[f->s[t]]];
      for (int r = 0; r < rj; r++)
        for (int p = 0; p < ri; p++) xj[r] -= L[r * ri + p] * xi[p];
    }
  }
  for (int i = n - 1; i >= 0; i--) {             /* U x = y */
    const int ri = f->rows[f->ord[i]];
    const double *D = f->v + f->doff[i];
    double *xi = x + xo[f->ord[i]];
    for (int t = f->sptr[i]; t < f->sptr[i + 1]; t++) {
      const int rj = f->rows[f->ord[f->s[t]]];
      const double *U = f->v + f->uoff[t], *xj = x + xo[f->ord[f->s[t]]];
      for (int p = 0; p < ri; p++)
        for (int c = 0; c < rj; c++) xi[p] -= U[p * rj + c] * xj[c];
    }
    for (int p = ri - 1; p >= 0; p--) {
      for (int c = p + 1; c < ri; c++) xi[p] -= D[p * ri + c] * xi[c];
      xi[p] /= D[p * ri + p];
    }
  }
}
typedef struct {
  size_t nblk, bs, nc;
  double *Y, *S;         /* (nblk bs) x nc and nc x nc */
  int *bcol, *nbcol;     /* nblk x nc and nblk: the columns of C block i touches */
  gsl_permutation *perm; /* nc */
} newton_bordered;

static void newton_bordered_free(void *v)
{
  newton_bordered *b = v;
  if (!b) return;
  free(b->Y); free(b->S); free(b->bcol); free(b->nbcol);
  if (b->perm) gsl_permutation_free(b->perm);
  free(b);
}

/* solve a x = y for the bs x bs block a (destroyed) and m right-hand sides,
   y bs x m row-major; partial pivoting; 1 if a pivot vanishes */
static int newton_block_solve(double *a, double *y, size_t bs, size_t m)
{
  for (size_t k = 0; k < bs; k++) {
    size_t p = k;
    for (size_t i = k + 1; i < bs; i++)
      if (fabs(a[bs * i + k]) > fabs(a[bs * p + k])) p = i;
    if (!(fabs(a[bs * p + k]) > 0)) return 1;
    if (p != k) {
      for (size_t j = 0; j < bs; j++) {
        double t = a[bs * k + j]; a[bs * k + j] = a[bs * p + j]; a[bs * p + j] = t;
      }
      for (size_t j = 0; j < m; j++) {
        double t = y[m * k + j]; y[m * k + j] = y[m * p + j]; y[m * p + j] = t;
      }
    }
    for (size_t i = k + 1; i < bs; i++) {
      double l = a[bs * i + k] / a[bs * k + k];
      if (l == 0) continue;
      for (size_t j = k + 1; j < bs; j++) a[bs * i + j] -= l * a[bs * k + j];
      for (size_t j = 0; j < m; j++) y[m * i + j] -= l * y[m * k + j];
    }
  }
  for (size_t k = bs; k-- > 0;)
    for (size_t j = 0; j < m; j++) {
      double v = y[m * k + j];
      for (size_t c = k + 1; c < bs; c++) v -= a[bs * k + c] * y[m * c + j];
      y[m * k + j] = v / a[bs * k + k];
    }
  return 0;
}

/* J dx = r by the Schur complement of the block-diagonal A; r <- dx */
static int newton_bordered_solve(void *ctx, size_t n, double *J, double *r)
{
  enum { MAXB = 8, MAXM = 63 };
  newton_bordered *w = ctx;
  const size_t bs = w->bs, nu = w->nblk * bs, nc = w->nc;
  double *Y = w->Y, *S = w->S;
  if (n != nu + nc) return 1;
  memset(Y, 0, nu * nc * sizeof *Y);
  /* per block: Y_i = A_i^{-1} C_i on the columns C_i touches, y_i = A_i^{-1} r1_i into r */
  for (size_t i = 0; i < w->nblk; i++) {
    const size_t r0 = i * bs;
    int *bc = w->bcol + i * nc;
    size_t nbc = 0, c0 = 0, m = 0;
    for (size_t c = 0; c < nc; c++) {
      int nz = 0;
      for (size_t q = 0; q < bs && !nz; q++) nz = J[(r0 + q) * n + nu + c] != 0;
      if (nz) bc[nbc++] = (int)c;
    }
    w->nbcol[i] = (int)nbc;
    double y[MAXB * (MAXM + 1)];
    do {       /* at most MAXM columns at a time, and the right-hand side r1_i */
      double a[MAXB * MAXB];
      size_t first = c0;
      m = nbc - c0 < MAXM ? nbc - c0 : MAXM;
      c0 += m;
      for (size_t q = 0; q < bs; q++) {
        for (size_t c = 0; c < bs; c++) a[bs * q + c] = J[(r0 + q) * n + r0 + c];
        for (size_t j = 0; j < m; j++) y[(m + 1) * q + j] = J[(r0 + q) * n + nu + (size_t)bc[first + j]];
        y[(m + 1) * q + m] = r[r0 + q];
      }
      if (newton_block_solve(a, y, bs, m + 1)) return 1;
      for (size_t q = 0; q < bs; q++)
        for (size_t j = 0; j < m; j++) Y[(r0 + q) * nc + (size_t)bc[first + j]] = y[(m + 1) * q + j];
    } while (c0 < nbc);
    for (size_t q = 0; q < bs; q++) r[r0 + q] = y[(m + 1) * q + m];
  }
  if (nc == 0) return 0;
  /* S = D Y - E and the right-hand side D y - r2, over the non-zeros of D
     and of Y (row j of Y lives in the columns of block j / bs) */
  for (size_t k = 0; k < nc; k++) {
    const double *Jk = J + (nu + k) * n;
    double *Sk = S + k * nc, v = -r[nu + k];
    for (size_t c = 0; c < nc; c++) Sk[c] = -Jk[nu + c];
    for (size_t j = 0; j < nu; j++) {
      if (Jk[j] == 0) continue;
      const double *Yj = Y + j * nc;
      const int *bc = w->bcol + (j / bs) * nc;
      for (int c = 0; c < w->nbcol[j / bs]; c++) Sk[bc[c]] += Jk[j] * Yj[bc[c]];
      v += Jk[j] * r[j];
    }
    r[nu + k] = v;
  }
  gsl_matrix_view Sv = gsl_matrix_view_array(S, nc, nc);
  gsl_vector_view dv = gsl_vector_view_array(r + nu, nc);
  int sg;
  if (gsl_linalg_LU_decomp(&Sv.matrix, w->perm, &sg) != GSL_SUCCESS) return 1;
  for (size_t k = 0; k < nc; k++)
    if (!(fabs(S[k * nc + k]) > 0)) return 1;
  if (gsl_linalg_LU_svx(&Sv.matrix, w->perm, &dv.vector) != GSL_SUCCESS) return 1;
  for (size_t j = 0; j < nu; j++) {      /* du = y - Y dnu */
    const double *Yj = Y + j * nc;
    const int *bc = w->bcol + (j / bs) * nc;
    double v = r[j];
    for (int c = 0; c < w->nbcol[j / bs]; c++) v -= Yj[bc[c]] * r[nu + (size_t)bc[c]];
    r[j] = v;
  }
  return 0;
}
newton_ws *newton_alloc(size_t n, int solver)
{
  const gsl_multiroot_fdfsolver_type *T;
  newton_ws *w;
  if (n == 0) return NULL;
  if (solver == LG_NEWTON_PLAIN) T = gsl_multiroot_fdfsolver_newton;
  else if (solver == LG_NEWTON_HYBRIDSJ) T = gsl_multiroot_fdfsolver_hybridsj;
  else if (solver == LG_NEWTON_DIRECT || solver == LG_NEWTON_DIRECT_GSL)
    T = newton_fdfsolver_direct;
  else return NULL;
  w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->n = n;
  w->direct = T == newton_fdfsolver_direct;
  w->fast = solver == LG_NEWTON_DIRECT && n <= NEWTON_FAST_MAX;
  w->s = gsl_multiroot_fdfsolver_alloc(T, n);
  w->x0 = gsl_vector_alloc(n);
  w->x = malloc(n * sizeof(double));
  w->f = malloc(n * sizeof(double));
  w->J = calloc(n * n, sizeof(double));
  if (!w->s || !w->x0 || !w->x || !w->f || !w->J) {
    newton_free(w);
    return NULL;
  }
  gsl_matrix_set_zero(w->s->J);   /* a callback may write only its non-zeros */
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

void newton_set_eager(newton_ws *w, int eager) { w->eager = eager != 0; }

void newton_set_floor(newton_ws *w, int on) { w->floor = on != 0; }

void newton_set_row_floor(newton_ws *w, const double *fl) { w->rowfl = fl; }

void newton_free(newton_ws *w)
{
  if (!w) return;
  if (w->s) gsl_multiroot_fdfsolver_free(w->s);
  if (w->sp) newton_sparse_free(w->sp);
  if (w->x0) gsl_vector_free(w->x0);
  free(w->x);
  free(w->f);
  free(w->J);
  if (w->own) w->own_free(w->own);
  free(w);
}
enum { NEWTON_BORDERED_MIN = 32 };   /* smaller systems: the dense elimination */
static newton_bordered *newton_bordered_alloc(size_t n, size_t nblk, size_t bs)
{
  newton_bordered *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->nblk = nblk;
  b->bs = bs;
  b->nc = n - nblk * bs;
  b->Y = malloc((nblk * bs * b->nc + 1) * sizeof *b->Y);
  b->S = malloc((b->nc * b->nc + 1) * sizeof *b->S);
  b->bcol = malloc((nblk * b->nc + 1) * sizeof *b->bcol);
  b->nbcol = malloc((nblk + 1) * sizeof *b->nbcol);
  b->perm = gsl_permutation_alloc(b->nc ? b->nc : 1);
  if (!(b->Y && b->S && b->bcol && b->nbcol && b->perm)) { newton_bordered_free(b); return NULL; }
  return b;
}

newton_ws *newton_alloc_bordered(size_t n, size_t nblk, size_t bs)
{
  if (bs < 1 || bs > 8 || nblk * bs > n) return NULL;
  if (n < NEWTON_BORDERED_MIN) return newton_alloc(n, LG_NEWTON_DIRECT);
  newton_bordered *b = newton_bordered_alloc(n, nblk, bs);
  newton_ws *w = b ? newton_alloc_lin(n, newton_bordered_solve, b) : NULL;
  if (!w) { newton_bordered_free(b); return NULL; }
  w->own = b;
  w->own_free = newton_bordered_free;
  return w;
}

/* the Schur-complement correction at any n, for the tests */
int newton_bordered_correction(size_t n, size_t nblk, size_t bs, double *J, double *r)
{
  if (bs < 1 || bs > 8 || nblk * bs > n) return 1;
  newton_bordered *b = newton_bordered_alloc(n, nblk, bs);
  if (!b) return 1;
  int st = newton_bordered_solve(b, n, J, r);
  newton_bordered_free(b);
  return st;
}
struct newton_sparse {
  size_t n, nblk, bs, nc, ngrp;
  double *sink;          /* newton_without_groups: the block for writes outside */
  size_t sinkld;
  int *goff;             /* ngrp + 1: first border unknown of each group */
  int *colgrp;           /* nc: the group of each border unknown */
  int *bgp, *bg;         /* per block: its groups */
  int *bptr, *bcol;      /* per block: its border columns (its groups' in turn) */
  int *gbp, *gb;         /* per group: its blocks */
  int *gptr, *gadj;      /* per group: the groups coupled to it */
  size_t *brow, *grow;   /* store: first entry of block i's rows, of group k's rows */
  int *bld, *gld;        /* their lengths (bs + border columns; bs blocks + pattern) */
  size_t *dpos;          /* per block column j of block i: where D(bcol_j, block i) starts */
  size_t nstore;
  double *v;             /* the store of J */
  newton_bslu *S;        /* the Schur complement, by blocks of groups */
  double *Y, *y, *g;     /* A_i^{-1} C_i by blocks; scratch; nc */
  double *f, *b;         /* n: a second F, the correction */
};

static void newton_sparse_free(void *v)
{
  struct newton_sparse *b = v;
  if (!b) return;
  free(b->goff); free(b->colgrp); free(b->bgp); free(b->bg); free(b->bptr); free(b->bcol);
  free(b->gbp); free(b->gb); free(b->gptr); free(b->gadj); free(b->brow); free(b->grow);
  free(b->bld); free(b->gld); free(b->dpos); free(b->v);
  newton_bslu_free(b->S);
  free(b->Y); free(b->y); free(b->g); free(b->f); free(b->b);
  free(b->sink);
  free(b);
}

/* the place of group k among block i's groups, as a column offset; -1 */
static long newton_sparse_bcoff(const struct newton_sparse *w, int i, int k)
{
  long off = 0;
  for (int a = w->bgp[i]; a < w->bgp[i + 1]; a++) {
    if (w->bg[a] == k) return off;
    off += w->goff[w->bg[a] + 1] - w->goff[w->bg[a]];
  }
  return -1;
}

/* the column offset of group l in the row of group k past its blocks; -1 */
static long newton_sparse_gcoff(const struct newton_sparse *w, int k, int l)
{
  long off = w->goff[k + 1] - w->goff[k];
  if (l == k) return 0;
  for (int a = w->gptr[k]; a < w->gptr[k + 1]; a++) {
    if (w->gadj[a] == l) return off;
    off += w->goff[w->gadj[a] + 1] - w->goff[w->gadj[a]];
  }
  return -1;
}

/* an entry outside the structure: NULL, or the scratch block of a store
   of newton_without_groups */
static double *newton_sparse_out(const struct newton_sparse *w, size_t *ld)
{
  if (w->sink) *ld = w->sinkld;
  return w->sink;
}

double *newton_jac_at_store(const newton_jac *J, size_t r, size_t c, size_t *ld)
{
  const struct newton_sparse *w = J->sp;
  const size_t nu = w->nblk * w->bs, bs = w->bs;
  if (r >= w->n || c >= w->n) return NULL;
  if (r < nu) {
    const int i = (int)(r / bs);
    double *row = w->v + w->brow[i] + (r - (size_t)i * bs) * (size_t)w->bld[i];
    *ld = (size_t)w->bld[i];
    if (c < nu) return c / bs == (size_t)i ? row + (c - (size_t)i * bs) : newton_sparse_out(w, ld);
    const int k = w->colgrp[c - nu];
    long off = newton_sparse_bcoff(w, i, k);
    return off < 0 ? newton_sparse_out(w, ld) : row + bs + (size_t)off + (c - nu - (size_t)w->goff[k]);
  }
  const int k = w->colgrp[r - nu];
  double *row = w->v + w->grow[k] + (r - nu - (size_t)w->goff[k]) * (size_t)w->gld[k];
  const size_t nbk = (size_t)(w->gbp[k + 1] - w->gbp[k]);
  *ld = (size_t)w->gld[k];
  if (c < nu) {
    const int i = (int)(c / bs);
    for (size_t a = 0; a < nbk; a++)
      if (w->gb[w->gbp[k] + (int)a] == i) return row + a * bs + (c - (size_t)i * bs);
    return newton_sparse_out(w, ld);
  }
  const int l = w->colgrp[c - nu];
  long off = newton_sparse_gcoff(w, k, l);
  return off < 0 ? newton_sparse_out(w, ld) : row + nbk * bs + (size_t)off + (c - nu - (size_t)w->goff[l]);
}

/* a row of the store is contiguous (its blocks' columns, its own group's,
   the coupled groups'): cleared at once, and its own diagonal set */
void newton_jac_unit_row(const newton_jac *J, size_t r)
{
  if (J->J) {
    memset(J->J + r * J->n, 0, J->n * sizeof *J->J);
    J->J[r * J->n + r] = 1;
    return;
  }
  const struct newton_sparse *w = J->sp;
  const size_t nu = w->nblk * w->bs;
  if (r < nu || r >= w->n) return;
  const int k = w->colgrp[r - nu];
  const size_t a = r - nu - (size_t)w->goff[k], nbk = (size_t)(w->gbp[k + 1] - w->gbp[k]);
  double *row = w->v + w->grow[k] + a * (size_t)w->gld[k];
  memset(row, 0, (size_t)w->gld[k] * sizeof *row);
  row[nbk * w->bs + a] = 1;
}

/* J dx = r from the store, r <- dx; 1 if a pivot vanishes */
static int newton_sparse_solve(struct newton_sparse *w, double *r)
{
  const size_t bs = w->bs, nu = w->nblk * bs, nc = w->nc;
  /* per block: Y_i = A_i^{-1} C_i on its border columns, y_i = A_i^{-1} r1_i */
  for (size_t i = 0; i < w->nblk; i++) {
    const size_t r0 = i * bs, m = (size_t)(w->bptr[i + 1] - w->bptr[i]), ld = (size_t)w->bld[i];
    const double *Ji = w->v + w->brow[i];
    double a[64], *y = w->y;
    for (size_t q = 0; q < bs; q++) {
      for (size_t c = 0; c < bs; c++) a[bs * q + c] = Ji[q * ld + c];
      for (size_t j = 0; j < m; j++) y[(m + 1) * q + j] = Ji[q * ld + bs + j];
      y[(m + 1) * q + m] = r[r0 + q];
    }
    if (newton_block_solve(a, y, bs, m + 1)) return 1;
    double *Yi = w->Y + (size_t)w->bptr[i] * bs;
    for (size_t q = 0; q < bs; q++) {
      for (size_t j = 0; j < m; j++) Yi[m * q + j] = y[(m + 1) * q + j];
      r[r0 + q] = y[(m + 1) * q + m];
    }
  }
  if (nc == 0) return 0;
  /* S = D Y - E by blocks of groups, and g = D y - r2 */
  newton_bslu_zero(w->S);
  for (size_t k = 0; k < w->ngrp; k++) {
    const int rk = w->goff[k + 1] - w->goff[k];
    const size_t nbk = (size_t)(w->gbp[k + 1] - w->gbp[k]), ld = (size_t)w->gld[k];
    const double *Ek = w->v + w->grow[k] + nbk * bs;
    size_t o = 0;
    for (int a = w->gptr[k] - 1; a < w->gptr[k + 1]; a++) {   /* itself, then its neighbours */
      const int l = a < w->gptr[k] ? (int)k : w->gadj[a], rl = w->goff[l + 1] - w->goff[l];
      double *B = newton_bslu_block(w->S, (int)k, l);
      for (int q = 0; q < rk; q++)
        for (int c = 0; c < rl; c++) B[q * rl + c] = -Ek[(size_t)q * ld + o + (size_t)c];
      o += (size_t)rl;
    }
    for (int c = w->goff[k]; c < w->goff[k + 1]; c++) w->g[c] = -r[nu + (size_t)c];
  }
  for (size_t i = 0; i < w->nblk; i++) {
    const size_t r0 = i * bs, m = (size_t)(w->bptr[i + 1] - w->bptr[i]);
    const double *Yi = w->Y + (size_t)w->bptr[i] * bs;
    for (int a1 = w->bgp[i], o1 = 0; a1 < w->bgp[i + 1]; a1++) {   /* the rows of D at block i */
      const int k = w->bg[a1], rk = w->goff[k + 1] - w->goff[k];
      for (int q = 0; q < rk; q++) {
        const double *Dk = w->v + w->dpos[(size_t)w->bptr[i] + (size_t)(o1 + q)];
        double v = 0;
        for (size_t p = 0; p < bs; p++) v += Dk[p] * r[r0 + p];
        w->g[w->goff[k] + q] += v;
      }
      for (int a2 = w->bgp[i], o2 = 0; a2 < w->bgp[i + 1]; a2++) {
        const int l = w->bg[a2], rl = w->goff[l + 1] - w->goff[l];
        double *B = newton_bslu_block(w->S, k, l);
        for (int q = 0; q < rk; q++) {
          const double *Dk = w->v + w->dpos[(size_t)w->bptr[i] + (size_t)(o1 + q)];
          for (int c = 0; c < rl; c++) {
            double sum = 0;
            for (size_t p = 0; p < bs; p++) sum += Dk[p] * Yi[m * p + (size_t)(o2 + c)];
            B[q * rl + c] += sum;
          }
        }
        o2 += rl;
      }
      o1 += rk;
    }
  }
  if (newton_bslu_factor(w->S, 0) >= 0) return 1;
  newton_bslu_solve(w->S, w->g);
  for (size_t c = 0; c < nc; c++) r[nu + c] = w->g[c];
  for (size_t i = 0; i < w->nblk; i++) {                /* du = y - Y dnu */
    const size_t r0 = i * bs, m = (size_t)(w->bptr[i + 1] - w->bptr[i]);
    const int *bc = w->bcol + w->bptr[i];
    const double *Yi = w->Y + (size_t)w->bptr[i] * bs;
    for (size_t q = 0; q < bs; q++) {
      double v = r[r0 + q];
      for (size_t j = 0; j < m; j++) v -= Yi[m * q + j] * r[nu + (size_t)bc[j]];
      r[r0 + q] = v;
    }
  }
  return 0;
}

/* CSR lists: for each of n owners, its items, from the pairs (own[e], item[e]) */
static int newton_csr(size_t n, size_t ne, const int *own, const int *item, int **ptr, int **list)
{
  int *p = calloc(n + 2, sizeof *p), *l = malloc((ne + 1) * sizeof *l);
  if (!p || !l) { free(p); free(l); return -1; }
  for (size_t e = 0; e < ne; e++) p[own[e] + 2]++;
  for (size_t i = 0; i < n; i++) p[i + 2] += p[i + 1];
  for (size_t e = 0; e < ne; e++) l[p[own[e] + 1]++] = item[e];
  *ptr = p;
  *list = l;
  return 0;
}

/* the structure: lists, the store, the pattern of S, the order and envelope */
static struct newton_sparse *newton_sparse_alloc(size_t n, size_t nblk, size_t bs, size_t ngrp,
                                                 const int *grows, size_t ninc,
                                                 const int *iblk, const int *igrp)
{
  struct newton_sparse *b = calloc(1, sizeof *b);
  int *tmp = NULL, *gpos = NULL;
  if (!b) return NULL;
  b->n = n; b->nblk = nblk; b->bs = bs; b->ngrp = ngrp;
  b->goff = malloc((ngrp + 1) * sizeof *b->goff);
  if (!b->goff) goto fail;
  b->goff[0] = 0;
  for (size_t k = 0; k < ngrp; k++) b->goff[k + 1] = b->goff[k] + grows[k];
  b->nc = (size_t)b->goff[ngrp];
  const size_t nc = b->nc;
  if (nblk * bs + nc != n) goto fail;
  for (size_t e = 0; e < ninc; e++)
    if (iblk[e] < 0 || (size_t)iblk[e] >= nblk || igrp[e] < 0 || (size_t)igrp[e] >= ngrp) goto fail;
  b->colgrp = malloc((nc + 1) * sizeof *b->colgrp);
  if (!b->colgrp || newton_csr(nblk, ninc, iblk, igrp, &b->bgp, &b->bg) != 0
      || newton_csr(ngrp, ninc, igrp, iblk, &b->gbp, &b->gb) != 0) goto fail;
  for (size_t k = 0; k < ngrp; k++)
    for (int c = b->goff[k]; c < b->goff[k + 1]; c++) b->colgrp[c] = (int)k;
  /* border columns of each block */
  b->bptr = calloc(nblk + 1, sizeof *b->bptr);
  if (!b->bptr) goto fail;
  for (size_t i = 0; i < nblk; i++) {
    int m = 0;
    for (int a = b->bgp[i]; a < b->bgp[i + 1]; a++) m += grows[b->bg[a]];
    b->bptr[i + 1] = b->bptr[i] + m;
  }
  b->bcol = malloc(((size_t)b->bptr[nblk] + 1) * sizeof *b->bcol);
  b->dpos = malloc(((size_t)b->bptr[nblk] + 1) * sizeof *b->dpos);
  if (!b->bcol || !b->dpos) goto fail;
  size_t mmax = 0;
  for (size_t i = 0; i < nblk; i++) {
    int t = b->bptr[i];
    for (int a = b->bgp[i]; a < b->bgp[i + 1]; a++)
      for (int c = b->goff[b->bg[a]]; c < b->goff[b->bg[a] + 1]; c++) b->bcol[t++] = c;
    if ((size_t)(b->bptr[i + 1] - b->bptr[i]) > mmax) mmax = (size_t)(b->bptr[i + 1] - b->bptr[i]);
  }
  /* the groups' graph: coupled through one block */
  size_t nadj = 0;
  for (size_t k = 0; k < ngrp; k++)
    for (int a = b->gbp[k]; a < b->gbp[k + 1]; a++)
      nadj += (size_t)(b->bgp[b->gb[a] + 1] - b->bgp[b->gb[a]]);
  b->gptr = calloc(ngrp + 1, sizeof *b->gptr);
  b->gadj = malloc((nadj + 1) * sizeof *b->gadj);
  tmp = malloc((nadj + ngrp + 1) * sizeof *tmp);
  if (!b->gptr || !b->gadj || !tmp) goto fail;
  for (size_t k = 0; k < ngrp; k++) {
    int m = 0;
    for (int a = b->gbp[k]; a < b->gbp[k + 1]; a++)
      for (int c = b->bgp[b->gb[a]]; c < b->bgp[b->gb[a] + 1]; c++) {
        int l = b->bg[c], u = m;
        if ((size_t)l == k) continue;
        while (u > 0 && tmp[u - 1] > l) u--;      /* insertion, each group once */
        if (u > 0 && tmp[u - 1] == l) continue;
        memmove(tmp + u + 1, tmp + u, (size_t)(m - u) * sizeof *tmp);
        tmp[u] = l;
        m++;
      }
    memcpy(b->gadj + b->gptr[k], tmp, (size_t)m * sizeof *b->gadj);
    b->gptr[k + 1] = b->gptr[k] + m;
  }
  /* the store: block rows, then group rows */
  b->brow = malloc((nblk + 1) * sizeof *b->brow);
  b->grow = malloc((ngrp + 1) * sizeof *b->grow);
  b->bld = malloc((nblk + 1) * sizeof *b->bld);
  b->gld = malloc((ngrp + 1) * sizeof *b->gld);
  if (!b->brow || !b->grow || !b->bld || !b->gld) goto fail;
  size_t off = 0;
  for (size_t i = 0; i < nblk; i++) {
    b->brow[i] = off;
    b->bld[i] = (int)bs + b->bptr[i + 1] - b->bptr[i];
    off += bs * (size_t)b->bld[i];
  }
  for (size_t k = 0; k < ngrp; k++) {
    int w = (int)bs * (b->gbp[k + 1] - b->gbp[k]) + grows[k];
    for (int a = b->gptr[k]; a < b->gptr[k + 1]; a++) w += grows[b->gadj[a]];
    b->grow[k] = off;
    b->gld[k] = w;
    off += (size_t)grows[k] * (size_t)w;
  }
  b->nstore = off;
  b->v = calloc(off + 1, sizeof *b->v);
  if (!b->v) goto fail;
  for (size_t i = 0; i < nblk; i++)              /* where each D block starts */
    for (int j = b->bptr[i]; j < b->bptr[i + 1]; j++) {
      const int c = b->bcol[j], k = b->colgrp[c];
      size_t a = 0;
      while (b->gb[b->gbp[k] + (int)a] != (int)i) a++;
      b->dpos[j] = b->grow[k] + (size_t)(c - b->goff[k]) * (size_t)b->gld[k] + a * bs;
    }
  /* the order of the groups, and the structure of the factors of S */
  gpos = malloc((ngrp + 1) * sizeof *gpos);
  if (!gpos || newton_envelope_order((int)ngrp, b->gptr, b->gadj, grows, gpos) != 0) goto fail;
  b->S = newton_bslu_alloc((int)ngrp, b->gptr, b->gadj, grows, gpos);
  if (!b->S) goto fail;
  b->g = malloc((nc + 1) * sizeof *b->g);
  b->y = malloc((bs * (mmax + 1) + nc + 1) * sizeof *b->y);
  b->Y = malloc(((size_t)b->bptr[nblk] * bs + 1) * sizeof *b->Y);
  b->f = malloc((n + 1) * sizeof *b->f);
  b->b = malloc((n + 1) * sizeof *b->b);
  if (!b->g || !b->y || !b->Y || !b->f || !b->b) goto fail;
  free(tmp); free(gpos);
  return b;
fail:
  free(tmp); free(gpos);
  newton_sparse_free(b);
  return NULL;
}

newton_ws *newton_alloc_sparse(size_t n, size_t nblk, size_t bs, size_t ngrp, const int *grows,
                               size_t ninc, const int *iblk, const int *igrp)
{
  if (bs < 1 || bs > 8 || nblk * bs > n) return NULL;
  if (n < NEWTON_BORDERED_MIN) return newton_alloc(n, LG_NEWTON_DIRECT);
  newton_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->n = n;
  w->sp = newton_sparse_alloc(n, nblk, bs, ngrp, grows, ninc, iblk, igrp);
  if (!w->sp) { free(w); return NULL; }
  return w;
}

newton_ws *newton_without_groups(newton_ws *w, const unsigned char *out, size_t nout)
{
  const struct newton_sparse *sp = w ? w->sp : NULL;
  if (!sp) return w;
  const size_t ng = sp->ngrp, ninc = (size_t)sp->gbp[ng];
  int *grows = malloc((ng + 1) * sizeof *grows);
  int *ib = malloc((ninc + 1) * sizeof *ib), *ig = malloc((ninc + 1) * sizeof *ig);
  newton_ws *v = NULL;
  size_t ne = 0, gmax = sp->bs;
  if (!grows || !ib || !ig) goto done;
  for (size_t k = 0; k < ng; k++) {
    grows[k] = sp->goff[k + 1] - sp->goff[k];
    if ((size_t)grows[k] > gmax) gmax = (size_t)grows[k];
    if (k < nout && out[k]) continue;
    for (int a = sp->gbp[k]; a < sp->gbp[k + 1]; a++) { ib[ne] = sp->gb[a]; ig[ne++] = (int)k; }
  }
  v = newton_alloc_sparse(w->n, sp->nblk, sp->bs, ng, grows, ne, ib, ig);
  if (v && v->sp && (v->sp->sink = calloc(gmax * gmax, sizeof *v->sp->sink)) != NULL) {
    v->sp->sinkld = gmax;
    v->eager = w->eager;
    v->floor = w->floor;
    v->rowfl = w->rowfl;
  } else {
    newton_free(v);
    v = NULL;
  }
done:
  free(grows); free(ib); free(ig);
  return v;
}

/* the dense path: the callback writes J through a dense handle */
static int newton_jfdf_dense(const double *x, void *p, double *f, double *J)
{
  newton_ws *w = p;
  newton_jac h = {J, w->n, NULL};
  return w->jfdf(x, w->jparams, f, J ? &h : NULL);
}

/* evaluate F into f and, if jac, J into the store (cleared first) */
static int newton_sparse_eval(newton_ws *w, const double *x, double *f, int jac)
{
  struct newton_sparse *sp = w->sp;
  newton_jac h = {NULL, w->n, sp};
  if (jac) memset(sp->v, 0, sp->nstore * sizeof *sp->v);
  return w->jfdf(x, w->jparams, f, jac ? &h : NULL);
}

/* with newton_set_row_floor: 1 when the last correction dx was at most
   2^-26 max(1, |x|) = xn and every row is below the tolerance or within
   its own floor */
static int newton_rows_met(const newton_ws *w, const double *f, double tol, double dx,
                           double xn)
{
  if (!w->rowfl || !(dx <= 0x1p-26 * (xn > 1 ? xn : 1.0))) return 0;
  for (size_t i = 0; i < w->n; i++)
    if (!(fabs(f[i]) < tol || fabs(f[i]) <= w->rowfl[i])) return 0;
  return 1;
}

/* without a tolerance: 1 when the last correction dx and the one before
   it, dxp, put the error of quadratic convergence, (dx / dxp)^2 dx, at the
   round-off 4u max(1, |x|), |x| = xn */
static int newton_quadratic_done(double dx, double xn, double dxp)
{
  const double s = xn > 1 ? xn : 1.0, theta = dxp > 0 ? dx / dxp : 1;
  return theta < 0.5 && theta * theta * dx <= 4 * DBL_EPSILON * s;
}

static double newton_amax(const double *f, size_t n)
{
  double r = 0;
  for (size_t i = 0; i < n; i++) {
    double a = fabs(f[i]);
    if (a != a) return a;
    r = a > r ? a : r;
  }
  return r;
}

int newton_solve_sparse(newton_ws *w, newton_jfdf_fn fdf, void *params, double *x,
                        double tol, int maxiter, int *iters, double *resid)
{
  w->jfdf = fdf;
  w->jparams = params;
  if (!w->sp) return newton_solve(w, newton_jfdf_dense, w, x, tol, maxiter, iters, resid);
  /* the iteration of the direct type (above), by the structured store */
  struct newton_sparse *sp = w->sp;
  const size_t n = w->n;
  const int eager = !(tol > 0);
  double *f = sp->f, r = HUGE_VAL, rprev = HUGE_VAL, dxprev = 0;
  int k = 0, done = 0, ok = newton_sparse_eval(w, x, f, 1) == 0, jac = 1, met = 0;
  if (ok) {
    r = newton_amax(f, n);
    done = tol > 0 ? r < tol : r == 0;
    while (!done && k < maxiter) {
      if (!jac && newton_sparse_eval(w, x, sp->b, 1) != 0) { ok = 0; break; }
      for (size_t i = 0; i < n; i++) sp->b[i] = -f[i];
      k++;
      if (newton_sparse_solve(sp, sp->b) != 0) { ok = 0; break; }
      double dm = 0, xm = 0, all = 0;
      for (size_t i = 0; i < n; i++) {
        double xi = x[i] + sp->b[i], d = fabs(sp->b[i]), xa = fabs(xi);
        x[i] = xi;
        dm = d > dm ? d : dm;
        xm = xa > xm ? xa : xm;
        all += d + xa;
      }
      const double dxlast = dxprev;
      const int at = newton_small_step(all == all ? dm : all, all == all ? xm : all, &dxprev);
      const int quad = eager && newton_quadratic_done(all == all ? dm : all, xm, dxlast);
      jac = eager && !at && !quad;
      if (newton_sparse_eval(w, x, f, jac) != 0) { ok = 0; r = newton_amax(f, n); break; }
      r = newton_amax(f, n);
      if (tol > 0) {
        done = r < tol || (met = newton_rows_met(w, f, tol, all == all ? dm : all, xm));
        if (!done && w->floor) {
          const double b = newton_stall_bound(w, at, all == all ? dm : all, xm, r, rprev, k,
                                              tol);
          if (b > 0) {
            done = 1;
            tol = b;
            break;
          }
        }
      } else done = r == 0 || at || quad || (r >= rprev && r < 1e-9);
      rprev = r;
    }
  }
  if (iters) *iters = k;
  if (resid) *resid = r;
  return (ok && done && (met || r < (tol > 0 ? tol : 1e-6))) ? LG_OK : LG_ENEWTON;
}
/* newton_maxnorm of a contiguous array */
static inline NEWTON_EXPAND double newton_maxnorm_n(const double *f, size_t n)
{
  double r = 0;
  NEWTON_UNROLL for (size_t i = 0; i < n; i++) {
    double a = fabs(f[i]);
    if (a != a) return a;
    r = a > r ? a : r;
  }
  return r;
}

static inline NEWTON_EXPAND int newton_solve_fast_n(newton_ws *w, newton_fdf_fn fdf,
                                                   void *params, double *x, double tol,
                                                   int maxiter, int *iters, double *resid,
                                                   const size_t n)
{
  gsl_multiroot_fdfsolver *s = w->s;      /* GSL allocated its arrays contiguous */
  newton_direct_state *st = s->state;
  double *xs = s->x->data, *fs = s->f->data, *Js = s->J->data;
  int status, k = 0, done = 0;
  double r = HUGE_VAL, rprev = HUGE_VAL, dxn, xn;
  st->eager = (tol > 0 ? 0 : 1) | w->eager;
  double *dxs = s->dx->data;
  NEWTON_UNROLL for (size_t i = 0; i < n; i++) { xs[i] = x[i]; dxs[i] = 0; }   /* set */
  st->jac_current = 1;
  st->at_roundoff = 0;
  st->dxprev = 0;
  status = fdf(xs, params, fs, Js) != 0 ? GSL_EBADFUNC : GSL_SUCCESS;
  if (status == GSL_SUCCESS) {
    r = newton_maxnorm_n(fs, n);
    done = tol > 0 ? r < tol : r == 0;
    while (!done && k < maxiter) {
      k++;                                                                /* iterate */
      if (!st->jac_current && fdf(xs, params, w->f, Js) != 0) status = GSL_EBADFUNC;
      if (status == GSL_SUCCESS)
        status = newton_eliminate(st->a, st->b, s->J, s->f, s->x, s->dx, &dxn, &xn, n);
      if (status == GSL_SUCCESS) {
        st->at_roundoff = newton_small_step(dxn, xn, &st->dxprev);
        st->jac_current = st->eager && !st->at_roundoff;
        if (fdf(xs, params, fs, st->jac_current ? Js : NULL) != 0) status = GSL_EBADFUNC;
      }
      r = newton_maxnorm_n(fs, n);                                        /* test */
      if (status != GSL_SUCCESS) break;
      if (tol > 0) {
        done = r < tol;
        if (!done && w->floor) {
          /* the last correction is st->dxprev (newton_small_step keeps it) */
          const double b = newton_stall_bound(w, st->at_roundoff, st->dxprev,
                                              newton_maxnorm_n(xs, n), r, rprev, k, tol);
          if (b > 0) {
            done = 1;
            tol = b;
            break;
          }
        }
      } else done = r == 0 || st->at_roundoff || (r >= rprev && r < 1e-9);
      rprev = r;
    }
    NEWTON_UNROLL for (size_t i = 0; i < n; i++) x[i] = xs[i];
  }
  if (iters) *iters = k;
  if (resid) *resid = r;
  return (status == GSL_SUCCESS && done && r < (tol > 0 ? tol : 1e-6)) ? LG_OK : LG_ENEWTON;
}

/* one copy per size, as for the elimination */
static int newton_solve_fast(newton_ws *w, newton_fdf_fn fdf, void *params, double *x,
                             double tol, int maxiter, int *iters, double *resid)
{
  switch (w->n) {
  case 1: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 1);
  case 2: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 2);
  case 3: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 3);
  case 4: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 4);
  case 5: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 5);
  default: return newton_solve_fast_n(w, fdf, params, x, tol, maxiter, iters, resid, 6);
  }
}
int newton_solve(newton_ws *w, newton_fdf_fn fdf, void *params, double *x,
                 double tol, int maxiter, int *iters, double *resid)
{
  if (!w->s) return LG_ENEWTON;            /* a structured solver: newton_solve_sparse */
  if (w->fast && !((newton_direct_state *)w->s->state)->lin)
    return newton_solve_fast(w, fdf, params, x, tol, maxiter, iters, resid);
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  newton_direct_state *ds = w->direct ? w->s->state : NULL;
  const gsl_vector *xs = w->s->x;
  int status, k = 0, done = 0;
  double r = HUGE_VAL, rprev = HUGE_VAL, dxprev = 0;
  w->fdf = fdf;
  w->params = params;
  for (size_t i = 0; i < w->n; i++) w->x0->data[i] = x[i];
  if (ds) ds->eager = w->eager || !(tol > 0);
  status = gsl_multiroot_fdfsolver_set(w->s, &w->F, w->x0);
  if (status == GSL_SUCCESS) {
    r = newton_maxnorm(w->s->f);
    done = tol > 0 ? r < tol : r == 0;
    while (!done && k < maxiter) {
      status = gsl_multiroot_fdfsolver_iterate(w->s);
      k++;
      r = newton_maxnorm(w->s->f);
      if (status != GSL_SUCCESS) break;
      if (tol > 0) {
        done = r < tol;
        if (!done && w->floor) {                      /* stalled: r < b, or no root */
          const int at = ds ? ds->at_roundoff : newton_at_roundoff(xs, w->s->dx, &dxprev);
          const double b = newton_stall_bound(w, at, newton_maxnorm(w->s->dx),
                                              newton_maxnorm(xs), r, rprev, k, tol);
          if (b > 0) {
            done = 1;
            tol = b;
            break;
          }
        }
      } else
        done = r == 0 || (ds ? ds->at_roundoff : newton_at_roundoff(xs, w->s->dx, &dxprev))
               || (r >= rprev && r < 1e-9);
      rprev = r;
    }
    for (size_t i = 0; i < w->n; i++) x[i] = xs->data[i * xs->stride];
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
  double *fm = malloc(n * sizeof(double)), *J = calloc(n * n, sizeof(double));
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
