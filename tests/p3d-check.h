/* p3d-check.h: shared code of the sun2022 3D pendulum claim checks. */
#ifndef P3D_CHECK_H
#define P3D_CHECK_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P3D_NC 31
#define P3D_MAXSETS 16

typedef struct { long n, cap; double (*v)[P3D_NC]; } p3d_set;
typedef struct { int nsets; p3d_set s[P3D_MAXSETS]; } p3d_data;

/* read a data file: '#' lines skipped, two blank lines start a new data set */
static inline int p3d_read(p3d_data *d, const char *path)
{
  FILE *f = fopen(path, "r");
  char line[4096];
  int blanks = 0;
  memset(d, 0, sizeof *d);
  if (!f) { fprintf(stderr, "cannot open %s\n", path); return 1; }
  while (fgets(line, sizeof line, f)) {
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '#') continue;
    if (*p == '\n' || *p == '\0') { blanks++; continue; }
    if (d->nsets == 0 || (blanks >= 2 && d->s[d->nsets - 1].n > 0)) {
      if (d->nsets == P3D_MAXSETS) break;
      d->nsets++;
    }
    blanks = 0;
    p3d_set *s = &d->s[d->nsets - 1];
    if (s->n == s->cap) {
      long cap = s->cap ? 2 * s->cap : 256;
      void *q = realloc(s->v, (size_t)cap * sizeof *s->v);
      if (!q) { fclose(f); return 1; }
      s->v = q; s->cap = cap;
    }
    for (int c = 0; c < P3D_NC; c++) {
      char *e;
      s->v[s->n][c] = strtod(p, &e);
      if (e == p) { s->v[s->n][c] = NAN; } else p = e;
    }
    s->n++;
  }
  fclose(f);
  return 0;
}

static inline void p3d_data_free(p3d_data *d)
{
  for (int i = 0; i < d->nsets; i++) free(d->s[i].v);
}

/* largest half range over columns c1..c2 (1-based, as in gnuplot) */
static inline double p3d_amp(const p3d_set *s, int c1, int c2)
{
  double a = 0.0;
  for (int c = c1 - 1; c <= c2 - 1; c++) {
    double lo = INFINITY, hi = -INFINITY;
    for (long i = 0; i < s->n; i++) { lo = fmin(lo, s->v[i][c]); hi = fmax(hi, s->v[i][c]); }
    if (s->n) a = fmax(a, 0.5 * (hi - lo));
  }
  return a;
}

/* largest |a - b| over columns c1..c2 at the times (column 1) the two sets share */
static inline double p3d_maxdiff(const p3d_set *a, const p3d_set *b, int c1, int c2)
{
  double m = 0.0;
  long j = 0;
  for (long i = 0; i < a->n; i++) {
    while (j < b->n && b->v[j][0] < a->v[i][0] - 1e-7) j++;
    if (j == b->n) break;
    if (fabs(b->v[j][0] - a->v[i][0]) > 1e-7) continue;
    for (int c = c1 - 1; c <= c2 - 1; c++) m = fmax(m, fabs(a->v[i][c] - b->v[j][c]));
  }
  return m;
}

static inline void p3d_claim(const char *id, double v)
{
  printf("%s\t%.6g\n", id, v);
}

/* the same with a note that explains the number */
static inline void p3d_claim_note(const char *id, double v, const char *note)
{
  printf("%s\t%.6g\tnote\t%s\n", id, v, note);
}

/* the same claim measured under an open assumption (the sensitivity pass) */
static inline void p3d_claim_under(const char *assumption, const char *id, double v)
{
  printf("%s\t%.6g\t%s\n", id, v, assumption);
}

/* Data sets of a published figure under one reading: the chapter's (g = 9.8) or
   g = 9.81; first 5 s, last 5 s, summary, second step, whole run. */
typedef struct { int first, last, summary, second, whole; } p3d_reading;
static const p3d_reading p3d_readings[2] = {{1, 2, 5, 4, 0}, {6, 7, 8, 9, 10}};

/* print claim id measured under reading r (0: the chapter's, 1: g = 9.81) */
static inline void p3d_claim_r(int r, const char *id, double v)
{
  if (r) p3d_claim_under("g=9.81", id, v); else p3d_claim(id, v);
}

/* "Loses conservation", the one reading: the larger change over the run of
   the two first integrals the Lie group forms keep, each on its own scale:
   the energy over m g |rho| (column 1 of the summary row of step h) and the
   vertical angular momentum over J max|omega| (column 2 over the largest
   |omega| of the whole run at the first step; J = I in the published case). */
static inline double p3d_lost_at(const p3d_data *d, const p3d_reading *q, double h,
                                  double lscale)
{
  const p3d_set *sm = &d->s[q->summary];
  for (long i = 0; i < sm->n; i++)
    if (fabs(sm->v[i][0] - h) < 1e-12) return fmax(sm->v[i][1], sm->v[i][2] / lscale);
  return NAN;
}
static inline double p3d_lost(const p3d_data *d, const p3d_reading *q, double h)
{
  const p3d_set *w = &d->s[q->whole];
  double wmax = 0.0;
  for (long i = 0; i < w->n; i++)
    for (int c = 1; c <= 3; c++) wmax = fmax(wmax, fabs(w->v[i][c]));
  return p3d_lost_at(d, q, h, wmax);   /* J = I in the published case */
}

/* The other scale of L_d, from the parameters alone: sqrt(J m g |rho|), J the
   largest principal moment, the angular momentum of a swing at the pendulum's
   natural frequency.  The published case has L_d = 0 and the paper gives no
   scale; J max|omega| (the trajectory's) and this one are both reasonable, so
   this one is the open assumption Lscale=params.  Read from the parameter line
   of the data file's header; NAN if it is missing. */
static inline double p3d_lscale_params(const char *path)
{
  FILE *f = fopen(path, "r");
  char line[1024];
  double m = NAN, g = NAN, J[3] = {NAN, NAN, NAN}, r[3] = {NAN, NAN, NAN};
  if (!f) return NAN;
  while (fgets(line, sizeof line, f) && line[0] == '#') {
    const char *pj = strstr(line, "J = diag("), *pr = strstr(line, "rho = [");
    if (sscanf(line, "# m = %lf kg, g = %lf", &m, &g) == 2 && pj && pr) {
      sscanf(pj, "J = diag(%lf,%lf,%lf)", &J[0], &J[1], &J[2]);
      sscanf(pr, "rho = [%lf,%lf,%lf]", &r[0], &r[1], &r[2]);
      break;
    }
  }
  fclose(f);
  return sqrt(fmax(J[0], fmax(J[1], J[2])) * m * g * sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]));
}
#endif
