/* lgvichk.c: data-file reader and measurements shared by the claim checks of the LGVI chapter. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lgvichk.h"

/* Read the whitespace-separated numeric blocks of a data file; blank lines
   end a block, '#' lines are comments.  Returns the number of blocks. */
int read_blocks(const char *path, blk *b, int maxb)
{
  FILE *fp = fopen(path, "r");
  char line[4096];
  int nb = 0, cap = 0;
  if (!fp) { fprintf(stderr, "cannot open %s\n", path); exit(2); }
  memset(b, 0, (size_t)maxb * sizeof *b);
  while (fgets(line, sizeof line, fp)) {
    double v[64];
    int nc = 0, off = 0, used;
    if (line[0] == '#') continue;
    while (nc < 64 && sscanf(line + off, "%lf%n", &v[nc], &used) == 1) { off += used; nc++; }
    if (nc == 0) {
      if (nb < maxb && b[nb].nrow > 0) { nb++; cap = 0; }
      continue;
    }
    if (nb >= maxb) break;
    if (b[nb].nrow == cap) {
      cap = 2 * cap + 256;
      b[nb].x = realloc(b[nb].x, (size_t)cap * (size_t)nc * sizeof(double));
      if (!b[nb].x) exit(2);
    }
    b[nb].ncol = nc;
    memcpy(b[nb].x + (size_t)b[nb].nrow * (size_t)nc, v, (size_t)nc * sizeof(double));
    b[nb].nrow++;
  }
  if (nb < maxb && b[nb].nrow > 0) nb++;
  fclose(fp);
  return nb;
}

double at(const blk *b, int i, int j) { return b->x[(size_t)i * (size_t)b->ncol + (size_t)j]; }

/* max over rows with t <= T of |x_j(t) - x_j(0)| */
double drift(const blk *b, int j, double T)
{
  double d = 0;
  for (int i = 0; i < b->nrow && at(b, i, 0) <= T + 1e-9; i++) d = fmax(d,
      fabs(at(b, i, j) - at(b, 0, j)));
  return d;
}

/* D(T)/D(T/2): about 2 for a linear drift, about 1 for a bounded oscillation */
double drift_ratio(const blk *b, int j, double T) { return drift(b, j, T) / drift(b, j, T / 2); }

double colmax(const blk *b, int j, int absval)
{
  double m = -INFINITY;
  for (int i = 0; i < b->nrow; i++) m = fmax(m, absval ? fabs(at(b, i, j)) : at(b, i, j));
  return m;
}

static int cmp_abs(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double colmedian(const blk *b, int j)
{
  int n = b->nrow - 1;
  if (n < 1) return NAN;
  double *w = malloc((size_t)n * sizeof *w);
  if (!w) return NAN;
  for (int i = 0; i < n; i++) w[i] = fabs(at(b, i + 1, j));
  qsort(w, (size_t)n, sizeof *w, cmp_abs);
  double m = n % 2 ? w[n / 2] : 0.5 * (w[n / 2 - 1] + w[n / 2]);
  free(w);
  return m;
}

/* max over rows and columns j0..j1 of |a - b| (same times) */
double maxdiff(const blk *a, const blk *b, int j0, int j1)
{
  double d = 0;
  for (int i = 0; i < a->nrow && i < b->nrow; i++)
    for (int j = j0; j <= j1; j++) d = fmax(d, fabs(at(a, i, j) - at(b, i, j)));
  return d;
}

void claim(const char *id, double v) { printf("%s\t%.6g\n", id, v); }
void claim_amb(const char *id, double v, const char *note)
{
  printf("%s\t%.6g\tambiguous\t%s\n", id, v, note);
}
void claim_note(const char *id, double v, const char *note)
{
  printf("%s\t%.6g\tnote\t%s\n", id, v, note);
}
void claim_under(const char *assumption, const char *id, double v)
{
  printf("%s\t%.6g\t%s\n", id, v, assumption);
}
void claim_horizon(const char *id, double tsep, double hz, const char *what)
{
  char note[400];
  if (!(tsep >= hz)) {
    snprintf(note, sizeof note, "%s part at %.4g s, inside the horizon of the chaotic "
             "motion (%.4g s, where a solution started a tiny distance away leaves the "
             "reference by a line width): the rule decides there", what, tsep, hz);
    claim_note(id, tsep, note);
    return;
  }
  snprintf(note, sizeof note, "decided inside the horizon: %s agree to a line width for %.3g s, "
           "up to the horizon of the chaotic motion (%.3g s, where a solution started a "
           "tiny distance away leaves the reference by a line width); beyond it no reference "
           "decides", what, tsep, hz);
  claim_amb(id, tsep, note);
}
double first_above(const blk *b, int j, double level)
{
  for (int i = 0; i < b->nrow; i++)
    if (at(b, i, j) > level) return at(b, i, 0);
  return b->nrow ? at(b, b->nrow - 1, 0) : NAN;
}
