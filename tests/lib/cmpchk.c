/* cmpchk.c: reader of the work-precision data files and the measurements on them. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cmpchk.h"

int cmpchk_read(cmpchk_wp *d, const char *path)
{
  char line[1024], a[64], b[64];
  FILE *f = fopen(path, "r");
  memset(d, 0, sizeof *d);
  if (!f) { perror(path); return 1; }
  while (fgets(line, sizeof line, f)) {
    cmpchk_block *B = d->nb ? &d->b[d->nb - 1] : NULL;
    double v[6], r, dist;
    long n;
    if (sscanf(line, "# reference_error %lf", &r) == 1) d->ref_err = r;
    else if (strncmp(line, "# block scheme ", 15) == 0 && d->nb < CMPCHK_MAXB) {
      B = &d->b[d->nb++];
      char lab[64];
      if (sscanf(line, "# block scheme %*s model %*s order %d label %63s", &B->order, lab) != 2)
        return 1;
      size_t k = 0;                /* the label without TeX's escapes: the claim ids' name */
      for (const char *c = lab; *c; c++)
        if (*c != '\\') B->name[k++] = *c;
      B->name[k] = '\0';
    } else if (line[0] == '#' || line[0] == '\n') continue;
    else if (isalpha((unsigned char)line[0]) && d->ns < CMPCHK_MAXR
             && sscanf(line, "%63s %63s %ld %lf %lf", a, b, &n, &dist, &r) == 5) {
      strcpy(d->dup[d->ns], a);
      strcpy(d->rep[d->ns], b);
      d->ratio[d->ns++] = r;
    } else if (B && B->n < CMPCHK_MAXR && sscanf(line, "%lf %lf %lf %lf %lf %lf", &v[0], &v[1],
                                                  &v[2], &v[3], &v[4], &v[5]) == 6) {
      B->steps[B->n] = v[0];
      B->iters[B->n] = v[2];
      B->cost[B->n] = v[4];
      B->err[B->n++] = v[5];
    }
  }
  fclose(f);
  return d->nb == 0;
}

const cmpchk_block *cmpchk_find(const cmpchk_wp *d, const char *name)
{
  for (int i = 0; i < d->nb; i++)
    if (strcmp(d->b[i].name, name) == 0) return &d->b[i];
  return NULL;
}

double cmpchk_slope(const cmpchk_wp *d, const cmpchk_block *b)
{
  double lo = fmax(100 * d->ref_err, 1e-10), hi = 1e-3;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  if (!b) return NAN;
  for (int i = 0; i < b->n; i++) {
    if (!(b->err[i] >= lo && b->err[i] <= hi)) continue;
    double x = log(b->cost[i]), y = log(b->err[i]);
    sx += x; sy += y; sxx += x * x; sxy += x * y;
    n++;
  }
  return n < 3 ? NAN : (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

double cmpchk_equal_cost(const cmpchk_block *a, const cmpchk_block *b)
{
  double best = INFINITY;
  if (!a || !b) return NAN;
  for (int i = 0; i < b->n; i++)
    for (int j = 0; j + 1 < a->n; j++) {
      double c0 = a->cost[j], c1 = a->cost[j + 1], c = b->cost[i];
      if (!(c >= fmin(c0, c1) && c <= fmax(c0, c1)) || !(a->err[j] > 0 && a->err[j + 1] > 0))
        continue;
      double w = log(c / c0) / log(c1 / c0);
      double ea = exp((1 - w) * log(a->err[j]) + w * log(a->err[j + 1]));
      if (b->err[i] > 0) best = fmin(best, b->err[i] / ea);
      break;
    }
  return isinf(best) ? NAN : best;
}

double cmpchk_same(const cmpchk_wp *d)
{
  double m = 0;
  for (int i = 0; i < d->ns; i++) {
    if (isnan(d->ratio[i])) return NAN;
    m = fmax(m, d->ratio[i]);
  }
  return m;
}

void cmpchk_claim(const char *id, double v)
{
  printf("%s\t%.6g\n", id, v);
}

int cmpchk_figure(const char *fig, const char *path, const char *fast, const char *rival)
{
  cmpchk_wp d;
  char id[128];
  if (cmpchk_read(&d, path) != 0) return 1;
  for (int i = 0; i < d.nb; i++) {
    snprintf(id, sizeof id, "cmp-work-precision-%s-slope-%s", fig, d.b[i].name);
    cmpchk_claim(id, cmpchk_slope(&d, &d.b[i]));
  }
  if (d.ns > 0) {
    snprintf(id, sizeof id, "cmp-work-precision-%s-same", fig);
    cmpchk_claim(id, cmpchk_same(&d));
  }
  if (rival) {
    snprintf(id, sizeof id, "cmp-work-precision-%s-%s-%s", fig, fast, rival);
    cmpchk_claim(id, cmpchk_equal_cost(cmpchk_find(&d, fast), cmpchk_find(&d, rival)));
  }
  return 0;
}
