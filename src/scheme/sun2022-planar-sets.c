/* sun2022-planar-sets.c: runs into sets, reading sets back, and measurements. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scheme/sun2022-planar-sets.h"

int pend2d_set_push(pend2d_set *s, const double *row)
{
  if (s->nrow == s->cap) {
    long cap = s->cap ? 2 * s->cap : 1024;
    double *v = realloc(s->v, (size_t)cap * (size_t)s->ncol * sizeof *v);
    if (!v) return LG_ENOMEM;
    s->v = v;
    s->cap = cap;
  }
  memcpy(s->v + s->nrow * s->ncol, row, (size_t)s->ncol * sizeof *row);
  s->nrow++;
  return LG_OK;
}

void pend2d_set_free(pend2d_set *s)
{
  free(s->v);
  s->v = NULL;
  s->nrow = s->cap = 0;
}
typedef struct { pend2d_set *s; const pend2d_params *p; } run_ctx;

static int run_emit(void *vctx, const lg_state *st)
{
  run_ctx *c = vctx;
  double row[PEND2D_NCOL];
  pend2d_row(c->p, st, row);
  if (st->t > 0) { c->s->steps++; c->s->iters += st->newton_iters; }
  return pend2d_set_push(c->s, row);
}

int pend2d_run_set(pend2d_set *s, const char *scheme, const pend2d_params *p,
                   const lg_opts *opt, double h, long nsteps, long every)
{
  const lg_scheme_type *T = lg_scheme_find("planar", scheme);
  if (!T) return LG_EINVAL;
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", scheme);
  s->ncol = PEND2D_NCOL;
  run_ctx c = { s, p };
  return lg_run(T, p, opt, h, nsteps, every, run_emit, &c, NULL);
}
int pend2d_dat_read(const char *path, pend2d_set *sets, int maxsets, int *nsets)
{
  FILE *f = fopen(path, "r");
  char line[4096];
  int n = -1, st = LG_OK;
  if (!f) return LG_EINVAL;
  while (st == LG_OK && fgets(line, sizeof line, f)) {
    char name[48];
    if (sscanf(line, "# set %47s", name) == 1) {
      if (++n >= maxsets) { st = LG_ENOMEM; break; }
      memset(&sets[n], 0, sizeof sets[n]);
      snprintf(sets[n].name, sizeof sets[n].name, "%s", name);
      continue;
    }
    if (line[0] == '#' || n < 0) continue;
    double row[16];
    int k = 0, off = 0, used;
    while (k < 16 && sscanf(line + off, "%lf%n", &row[k], &used) == 1) { off += used; k++; }
    if (k == 0) continue;
    if (sets[n].ncol == 0) sets[n].ncol = k;
    if (k != sets[n].ncol) { st = LG_EINVAL; break; }
    st = pend2d_set_push(&sets[n], row);
  }
  fclose(f);
  *nsets = n + 1;
  return st;
}

const pend2d_set *pend2d_dat_find(const pend2d_set *sets, int nsets, const char *name)
{
  for (int i = 0; i < nsets; i++)
    if (strcmp(sets[i].name, name) == 0) return &sets[i];
  return NULL;
}
#define COL(s, i, j) ((s)->v[(i) * (s)->ncol + (j)])

double pend2d_maxdiff(const pend2d_set *a, const pend2d_set *b, int col, double t0, double t1)
{
  double m = 0;
  if (!a || !b || a->nrow != b->nrow || a->nrow == 0) return NAN;
  for (long i = 0; i < a->nrow; i++) {
    double t = COL(a, i, 0);
    if (fabs(t - COL(b, i, 0)) > 1e-9) return NAN;
    if (t < t0 - 1e-9 || t > t1 + 1e-9) continue;
    double d = fabs(COL(a, i, col) - COL(b, i, col));
    if (d > m || isnan(d)) m = d;
  }
  return m;
}

double pend2d_maxabs(const pend2d_set *a, int col, double t0, double t1)
{
  double m = 0;
  if (!a || a->nrow == 0) return NAN;
  for (long i = 0; i < a->nrow; i++) {
    double t = COL(a, i, 0);
    if (t >= t0 - 1e-9 && t <= t1 + 1e-9 && fabs(COL(a, i, col)) > m) m = fabs(COL(a, i, col));
  }
  return m;
}

/* Upward zero crossings of theta: times into tc (at most max), count returned. */
static long upcross(const pend2d_set *a, double *tc, long max)
{
  long n = 0;
  for (long i = 0; i + 1 < a->nrow && n < max; i++) {
    double y0 = COL(a, i, 1), y1 = COL(a, i + 1, 1);
    if (y0 < 0 && y1 >= 0) {
      double t0 = COL(a, i, 0), t1 = COL(a, i + 1, 0);
      tc[n++] = t0 + (t1 - t0) * (-y0) / (y1 - y0);
    }
  }
  return n;
}

double pend2d_lag(const pend2d_set *a, const pend2d_set *ref, double tend)
{
  double lag = NAN, *ta, *tr;
  if (!a || !ref || a->nrow == 0 || ref->nrow == 0) return NAN;
  ta = malloc((size_t)a->nrow * sizeof *ta);
  tr = malloc((size_t)ref->nrow * sizeof *tr);
  if (ta && tr) {
    long na = upcross(a, ta, a->nrow), nr = upcross(ref, tr, ref->nrow), j = -1;
    for (long i = 0; i < nr; i++) if (tr[i] <= tend) j = i;
    if (j >= 0 && na > 0) {
      double best = ta[0];
      for (long i = 1; i < na; i++) if (fabs(ta[i] - tr[j]) < fabs(best - tr[j])) best = ta[i];
      lag = best - tr[j];
    }
  }
  free(ta);
  free(tr);
  return lag;
}

double pend2d_ampl_loss(const pend2d_set *a)
{
  if (!a || a->nrow < 2) return NAN;
  return 1.0 - sqrt(COL(a, a->nrow - 1, 3) / COL(a, 0, 3));
}

double pend2d_energy_maxrel(const pend2d_set *a, double t0, double t1)
{
  double m = 0, e0;
  if (!a || a->nrow == 0) return NAN;
  e0 = COL(a, 0, 3);
  for (long i = 0; i < a->nrow; i++) {
    double t = COL(a, i, 0), d = fabs(COL(a, i, 3) - e0) / e0;
    if (t >= t0 - 1e-9 && t <= t1 + 1e-9 && d > m) m = d;
  }
  return m;
}
