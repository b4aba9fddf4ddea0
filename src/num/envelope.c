/* envelope.c: the envelope Cholesky factorisation with rank decisions
   (chapter envelope). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "num/envelope.h"

/* sum of a_m b_m over n terms, in four interleaved partial sums: the
   factorisation's inner loop, whose single running sum would wait on each
   addition in turn */
static inline double env_dot(const double *a, const double *b, int n)
{
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int m = 0;
  for (; m + 4 <= n; m += 4) {
    s0 += a[m] * b[m];
    s1 += a[m + 1] * b[m + 1];
    s2 += a[m + 2] * b[m + 2];
    s3 += a[m + 3] * b[m + 3];
  }
  for (; m < n; m++) s0 += a[m] * b[m];
  return (s0 + s1) + (s2 + s3);
}
/* the first-order bound tau_i on the round-off of the pivot of factor row
   i, gamma_w (sqrt(A_ii) + sum_j |c_j| sqrt(A_jj))^2, with L_11^T c = l, l
   the row of L in Ai (the rows before i factored, Ai[i] still A_ii) */
double env_pivot_floor(const env_fac *e, int i, const double *Ai)
{
  const int *first = e->first;
  double *c = e->cf, s = sqrt(fabs(Ai[i]));
  for (int j = 0; j < first[i]; j++) c[j] = 0;
  for (int j = first[i]; j < i; j++) c[j] = Ai[j];
  for (int j = i - 1; j >= 0; j--) {      /* by columns of L^T, as env_solve */
    if (c[j] == 0) continue;
    const double *Aj = e->A + e->rowp[j];
    c[j] *= Aj[j];                        /* zero for a dropped row */
    for (int m = first[j]; m < j; m++) c[m] -= Aj[m] * c[j];
  }
  for (int j = 0; j < i; j++) {
    const double *Aj = e->A + e->rowp[j];
    if (c[j] == 0 || Aj[j] == 0) continue;
    double a = 1 / (Aj[j] * Aj[j]);       /* A_jj = |row j of L|^2 */
    for (int m = first[j]; m < j; m++) a += Aj[m] * Aj[m];
    s += fabs(c[j]) * sqrt(a);
  }
  const double g = (double)(e->wmax + 1) * (0.5 * DBL_EPSILON);
  return g / (1 - g) * s * s;
}
int env_factor(env_fac *e, double tol)
{
  const int nc = e->n;
  const int *first = e->first;
  for (int i = 0; i < nc; i++) {
    double *Ai = e->A + e->rowp[i];
    for (int j = first[i]; j < i; j++) {
      const double *Aj = e->A + e->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - env_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - env_dot(Ai + first[i], Ai + first[i], i - first[i]);
    if (!(d > tol * Ai[i]) && !(d > 0 && d > env_pivot_floor(e, i, Ai))) {
      e->bad = i;
      return isfinite(d) ? LG_ESINGULAR : LG_ENONFINITE;
    }
    Ai[i] = 1 / sqrt(d);
  }
  e->bad = -1;
  return LG_OK;
}
/* row i (factor order) marked as the n-th dependent row */
static int env_dep_add(env_fac *e, int i, int n)
{
  const size_t nc = (size_t)e->n;
  if (!e->isdep && !(e->isdep = calloc(nc + 1, 1))) return -1;
  if (n >= e->capdep) {
    const int cap = 2 * n + 4;
    int *d = realloc(e->dep, (size_t)cap * sizeof *d);
    if (d) e->dep = d;
    double *z = realloc(e->zl, ((size_t)cap * nc + 1) * sizeof *z);
    if (z) e->zl = z;
    if (!d || !z) return -1;
    e->capdep = cap;
  }
  e->isdep[i] = 1;
  e->dep[n] = i;
  return 0;
}

int env_factor_rank(env_fac *e, double tol)
{
  const int nc = e->n, *first = e->first, decide = e->ndep < 0;
  const double cut = decide ? fmax(tol, ENV_RANK_SUSPECT) : tol;
  int n = 0;
  e->gained = 0;
  if (decide) {
    e->weak = -1;
    e->weakr = ENV_RESOLVE;
    e->pmin = 1;
    e->prow = -1;
  }
  for (int i = 0; i < nc; i++) {
    double *Ai = e->A + e->rowp[i];
    if (e->iscopy && e->iscopy[i]) {      /* a copy's row: no pivot (sec:mb-copies) */
      Ai[i] = 0;
      continue;
    }
    for (int j = first[i]; j < i; j++) {
      const double *Aj = e->A + e->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - env_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - env_dot(Ai + first[i], Ai + first[i], i - first[i]);
    /* suspect: near the span of the rows before it; then the floor decides
       (a dropped row is tested for a gain of rank below) */
    const double fl = isfinite(d) && (!(d > cut * Ai[i]) || (decide && i >= e->rclose))
                      && (decide || !e->isdep[i]) ? env_pivot_floor(e, i, Ai) : 0;
    if (decide && fl > 0 && !e->treeord) {  /* decide in the spanning tree's order */
      e->reorder = 1;
      if (e->isdep) memset(e->isdep, 0, (size_t)nc);
      return LG_ESINGULAR;
    }
    if (decide && fl > 0 && d > fl && d <= ENV_RESOLVE * fl && d / fl < e->weakr) {
      e->weak = i;                                    /* independent, barely resolved */
      e->weakr = d / fl;
    }
    if (decide && isfinite(d) && d < e->pmin * Ai[i] && !(fl > 0 && !(d > fl))) {
      e->pmin = d / Ai[i];                            /* the least relative pivot kept */
      e->prow = i;
    }
    if (decide ? fl > 0 && !(d > fl) : e->isdep[i]) {
      if (!decide && d > ENV_RANK_GAIN * Ai[i]
          && d > ENV_GAIN_MARGIN * env_pivot_floor(e, i, Ai)) {   /* no longer dependent */
        e->bad = i;
        e->gained = 1;
        return LG_ESINGULAR;
      }
      if (decide && env_dep_add(e, i, n) != 0) {
        if (e->isdep) memset(e->isdep, 0, (size_t)nc);
        return LG_ENOMEM;
      }
      double *l = e->zl + (size_t)n++ * (size_t)nc;   /* its row of L, for its null vector */
      memset(l, 0, (size_t)nc * sizeof *l);
      for (int j = first[i]; j < i; j++) {
        l[j] = Ai[j];
        Ai[j] = 0;
      }
      Ai[i] = 0;
      continue;
    }
    if (!(d > cut * Ai[i]) && !(d > 0 && d > fl)) {
      e->bad = i;
      if (decide && e->isdep) memset(e->isdep, 0, (size_t)nc);
      return isfinite(d) ? LG_ESINGULAR : LG_ENONFINITE;
    }
    Ai[i] = 1 / sqrt(d);
  }
  if (decide) e->ndep = n;
  e->bad = -1;
  return LG_OK;
}
void env_solve(const env_fac *e, double *xj)
{
  const int nc = e->n, *first = e->first;
  double *x = e->y;                           /* x in the factor's order */
  for (int r = 0; r < nc; r++) x[e->perm[r]] = xj[r];
  for (int i = 0; i < nc; i++) {              /* L y = x */
    const double *Ai = e->A + e->rowp[i];
    double v = x[i];
    for (int m = first[i]; m < i; m++) v -= Ai[m] * x[m];
    x[i] = v * Ai[i];
  }
  for (int i = nc - 1; i >= 0; i--) {         /* L^T x = y, by columns of L^T */
    const double *Ai = e->A + e->rowp[i];
    x[i] *= Ai[i];
    for (int m = first[i]; m < i; m++) x[m] -= Ai[m] * x[i];
  }
  for (int r = 0; r < nc; r++) xj[r] = x[e->perm[r]];
}
/* after a factorisation with dropped rows: their null vectors z = e_i - c,
   L_KK^T c = l, in place of their rows l of L in zl (factor order) */
void env_null_vectors(env_fac *e)
{
  const int nc = e->n;
  for (int k = 0; k < e->ndep; k++) {
    double *z = e->zl + (size_t)k * (size_t)nc;
    const int i = e->dep[k];
    for (int j = i - 1; j >= 0; j--) {     /* by columns of L^T, as env_solve */
      const double *Aj = e->A + e->rowp[j];
      z[j] *= Aj[j];                       /* zero for a dropped row */
      for (int m = e->first[j]; m < j; m++) z[m] -= Aj[m] * z[j];
    }
    for (int j = 0; j < i; j++) z[j] = -z[j];
    z[i] = 1;
  }
}

/* z^T x, or with copies of joints z^T W x, W the weights cwf */
static double env_min_dot(const env_fac *e, const double *z, const double *x)
{
  if (!e->cwf) return env_dot(z, x, e->n);
  double s = 0;
  for (int m = 0; m < e->n; m++) s += z[m] * e->cwf[m] * x[m];
  return s;
}

/* lam (nc numbers, the joints' order), the basic solution of A lam = b,
   becomes the one of least norm, lam - Z (Z^T Z)^{-1} Z^T lam (with copies
   of joints, of least W-norm: Z^T W Z and Z^T W lam); once after each
   factorisation */
int env_min_norm(env_fac *e, double *lam)
{
  const int nc = e->n, r = e->ndep;
  const size_t rr = (size_t)r;
  if (!e->zz && !(e->zz = malloc((rr + 1) * rr * sizeof *e->zz))) return LG_ENOMEM;
  if (!e->zdone) env_null_vectors(e);
  e->zdone = 1;
  double *x = e->y, *G = e->zz, *g = e->zz + rr * rr;
  for (int c = 0; c < nc; c++) x[e->perm[c]] = lam[c];
  for (int a = 0; a < r; a++) {            /* G = Z^T Z (lower), g = Z^T lam */
    const double *za = e->zl + (size_t)a * (size_t)nc;
    g[a] = env_min_dot(e, za, x);
    for (int b = 0; b <= a; b++)
      G[rr * (size_t)a + (size_t)b] = env_min_dot(e, za, e->zl + (size_t)b * (size_t)nc);
  }
  for (int a = 0; a < r; a++) {            /* G = C C^T, in place */
    double *Ga = G + rr * (size_t)a;
    for (int b = 0; b < a; b++) {
      const double *Gb = G + rr * (size_t)b;
      Ga[b] = (Ga[b] - env_dot(Ga, Gb, b)) / Gb[b];
    }
    Ga[a] = sqrt(Ga[a] - env_dot(Ga, Ga, a));
  }
  for (int a = 0; a < r; a++) {            /* C y = g */
    const double *Ga = G + rr * (size_t)a;
    g[a] = (g[a] - env_dot(Ga, g, a)) / Ga[a];
  }
  for (int a = r - 1; a >= 0; a--) {       /* C^T alpha = y */
    g[a] /= G[rr * (size_t)a + (size_t)a];
    for (int b = 0; b < a; b++) g[b] -= G[rr * (size_t)a + (size_t)b] * g[a];
  }
  for (int a = 0; a < r; a++) {            /* x -= Z alpha */
    const double *za = e->zl + (size_t)a * (size_t)nc;
    for (int c = 0; c < nc; c++) x[c] -= za[c] * g[a];
  }
  for (int c = 0; c < nc; c++) lam[c] = x[e->perm[c]];
  return LG_OK;
}
void env_free(env_fac *e)
{
  free(e->perm);
  free(e->first);
  free(e->rowp);
  free(e->A);
  free(e->y);
  free(e->cf);
  free(e->dep);
  free(e->isdep);
  free(e->zl);
  free(e->zz);
  free(e->iscopy);
  free(e->cwf);
}
