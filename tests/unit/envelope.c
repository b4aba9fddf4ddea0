/* Unit tests of num/envelope: a banded factorisation and solve, a rank
   decision with least-norm solutions against the SVD, a gain of rank and a
   non-finite matrix (chapter envelope). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "num/envelope.h"

static unsigned long rng = 12345;
static double urand(void)      /* uniform in (-1, 1), the same every run */
{
  rng = rng * 6364136223846793005UL + 1442695040888963407UL;
  return (double)(rng >> 11) / 4503599627370496.0 - 1;
}

/* an envelope of n rows, each from column i - band (0: the full one) */
static void layout(env_fac *e, int n, int band)
{
  memset(e, 0, sizeof *e);
  e->n = n;
  e->perm = malloc((size_t)n * sizeof *e->perm);
  e->first = malloc((size_t)n * sizeof *e->first);
  e->rowp = malloc((size_t)n * sizeof *e->rowp);
  e->y = malloc((size_t)n * sizeof *e->y);
  e->cf = malloc((size_t)n * sizeof *e->cf);
  size_t off = 0;
  for (int i = 0; i < n; i++) {
    e->perm[i] = i;
    e->first[i] = band && i > band ? i - band : 0;
    e->rowp[i] = off - (size_t)e->first[i];
    off += (size_t)(i - e->first[i] + 1);
    if (i - e->first[i] + 1 > e->wmax) e->wmax = i - e->first[i] + 1;
  }
  e->nenv = off;
  e->A = calloc(off, sizeof *e->A);
  e->bad = -1;
  e->ndep = -1;
  e->treeord = 1;              /* decide in the given order */
  e->rclose = n;
}
/* the lower triangle of the dense M (n x n) into the envelope */
static void fill(env_fac *e, const double *M)
{
  for (int i = 0; i < e->n; i++)
    for (int j = e->first[i]; j <= i; j++) e->A[e->rowp[i] + (size_t)j] = M[i * e->n + j];
}

static void test_banded(void)
{
  enum { N = 40, W = 3 };
  double L[N * N] = {0}, M[N * N] = {0}, x[N], b[N];
  for (int i = 0; i < N; i++)
    for (int j = i - W < 0 ? 0 : i - W; j <= i; j++) L[i * N + j] = j == i ? 2 + urand() : urand();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) M[i * N + j] += L[i * N + k] * L[j * N + k];
  for (int i = 0; i < N; i++) x[i] = urand();
  for (int i = 0; i < N; i++) {
    b[i] = 0;
    for (int j = 0; j < N; j++) b[i] += M[i * N + j] * x[j];
  }
  env_fac e;
  layout(&e, N, W);
  fill(&e, M);
  int st = env_factor(&e, 64 * 2.220446049250313e-16);
  env_solve(&e, b);
  double err = 0, nrm = 0;
  for (int i = 0; i < N; i++) { err = fmax(err, fabs(b[i] - x[i])); nrm = fmax(nrm, fabs(x[i])); }
  printf("  banded, n = %d: |x - A^-1 A x| / |x| = %.3g\n", N, err / nrm);
  gsl_test(st != LG_OK || !(err <= 1e-12 * nrm), "banded: factor and solve (%.3g)", err / nrm);
  env_free(&e);
}

/* A^+ b of the dense n x n M by the SVD, and the ratio of its extreme
   non-zero singular values */
static double pinv(const double *M, const double *b, double *x, int n)
{
  gsl_matrix *A = gsl_matrix_alloc((size_t)n, (size_t)n), *V = gsl_matrix_alloc((size_t)n, (size_t)n);
  gsl_vector *S = gsl_vector_alloc((size_t)n), *wk = gsl_vector_alloc((size_t)n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) gsl_matrix_set(A, (size_t)i, (size_t)j, M[i * n + j]);
  gsl_linalg_SV_decomp(A, V, S, wk);
  const double s0 = gsl_vector_get(S, 0);
  double smin = s0;
  for (int i = 0; i < n; i++) x[i] = 0;
  for (int k = 0; k < n; k++) {
    const double sk = gsl_vector_get(S, (size_t)k);
    if (!(sk > 1e-10 * s0)) continue;
    smin = fmin(smin, sk);
    double u = 0;
    for (int r = 0; r < n; r++) u += gsl_matrix_get(A, (size_t)r, (size_t)k) * b[r];
    for (int r = 0; r < n; r++) x[r] += gsl_matrix_get(V, (size_t)r, (size_t)k) * u / sk;
  }
  gsl_matrix_free(A); gsl_matrix_free(V); gsl_vector_free(S); gsl_vector_free(wk);
  return s0 / smin;
}

static void test_rank(int weighted)
{
  enum { N = 12, R = 6 };
  double B[N * R], M[N * N], lam[N], b[N], x[N], w[N];
  for (int i = 0; i < N * R; i++) B[i] = urand();
  for (int i = 0; i < N; i++) w[i] = weighted ? 1.0 / (1 + i % 3) : 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      M[i * N + j] = 0;
      for (int k = 0; k < R; k++) M[i * N + j] += B[i * R + k] * B[j * R + k];
    }
  for (int i = 0; i < N; i++) x[i] = urand();
  for (int i = 0; i < N; i++) {     /* a consistent right-hand side */
    b[i] = 0;
    for (int j = 0; j < N; j++) b[i] += M[i * N + j] * x[j];
  }
  env_fac e;
  layout(&e, N, 0);
  if (weighted) {
    e.cwf = malloc(N * sizeof *e.cwf);
    memcpy(e.cwf, w, sizeof w);
  }
  fill(&e, M);
  int st = env_factor_rank(&e, 64 * 2.220446049250313e-16);
  memcpy(lam, b, sizeof b);
  if (st == LG_OK) {
    env_solve(&e, lam);
    st = env_min_norm(&e, lam);
  }
  /* the least W-norm: y = W^{1/2} lam solves (W^{-1/2} A W^{-1/2}) y = W^{-1/2} b
     at least norm */
  double Ms[N * N], bs[N], y[N];
  for (int i = 0; i < N; i++) {
    bs[i] = b[i] / sqrt(w[i]);
    for (int j = 0; j < N; j++) Ms[i * N + j] = M[i * N + j] / sqrt(w[i] * w[j]);
  }
  const double kappa = pinv(Ms, bs, y, N), tol = 100 * kappa * 2.220446049250313e-16;
  double err = 0, nrm = 0;
  for (int i = 0; i < N; i++) {
    const double li = y[i] / sqrt(w[i]);
    err += (lam[i] - li) * (lam[i] - li);
    nrm += li * li;
  }
  const double rel = sqrt(err / nrm);
  printf("  rank %d of %d%s: %d dependent rows, |lambda - least norm| = %.3g (tolerance %.3g)\n",
         R, N, weighted ? ", weighted" : "", e.ndep, rel, tol);
  gsl_test(st != LG_OK || e.ndep != N - R, "rank%s: %d dependent rows (got %d)",
           weighted ? ", weighted" : "", N - R, e.ndep);
  gsl_test(!(rel <= tol), "rank%s: the least-norm solution (%.3g, tolerance %.3g)",
           weighted ? ", weighted" : "", rel, tol);
  if (!weighted) {                  /* the rows become independent: a gain of rank */
    for (int i = 0; i < N; i++) M[i * N + i] += 1;
    fill(&e, M);
    st = env_factor_rank(&e, 64 * 2.220446049250313e-16);
    gsl_test(st != LG_ESINGULAR || !e.gained, "a dropped row that became independent fails "
             "with gained set (status %d, gained %d)", st, e.gained);
    M[5 * N + 5] = NAN;             /* and a matrix that is not finite */
    fill(&e, M);
    e.ndep = -1;
    st = env_factor_rank(&e, 64 * 2.220446049250313e-16);
    gsl_test(st != LG_ENONFINITE, "a NaN fails as not finite (status %d)", st);
  }
  env_free(&e);
}

int main(void)
{
  test_banded();
  test_rank(0);
  test_rank(1);
  exit(gsl_test_summary());
}
