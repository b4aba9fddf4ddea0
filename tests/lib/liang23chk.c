/* liang23chk.c: see liang23chk.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "liang23chk.h"

int lc_read(const char *path, int idx, double (*row)[LC_MAXCOL], int maxrow)
{
  FILE *f = fopen(path, "r");
  char line[8192];
  int index = 0, blanks = 0, n = 0;
  if (!f) return -1;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (line[0] == '\n') { if (++blanks == 2) { index++; blanks = 0; } continue; }
    blanks = 0;
    if (index != idx || n == maxrow) continue;
    char *s = line, *end;
    int c = 0;
    for (; c < LC_MAXCOL; c++, s = end) {
      row[n][c] = strtod(s, &end);
      if (end == s) break;
    }
    for (; c < LC_MAXCOL; c++) row[n][c] = NAN;
    n++;
  }
  fclose(f);
  return n;
}

/* 1 if measured value m satisfies the rule of claim id, -1 if id is unknown */
static int lc_holds(const char *id, double m)
{
  FILE *f = fopen("papers/liang2023/claims.tsv", "r");
  char line[4096];
  int res = -1;
  if (!f) return -1;
  while (res < 0 && fgets(line, sizeof line, f)) {
    char *fld[9], *s = line;
    int k = 0;
    for (; k < 9 && s; k++) {
      fld[k] = s;
      s = strchr(s, '\t');
      if (s) *s++ = '\0';
    }
    if (k < 8 || strcmp(fld[0], id) != 0) continue;
    double p = atof(fld[5]), tol = atof(fld[7]);
    if (isnan(m)) res = 0;
    else if (strcmp(fld[6], "le") == 0) res = m <= p + tol;
    else if (strcmp(fld[6], "ge") == 0) res = m >= p - tol;
    else if (strcmp(fld[6], "abs") == 0) res = fabs(m - p) <= tol;
    else if (strcmp(fld[6], "rel") == 0) res = fabs(m - p) <= tol * fabs(p);
  }
  fclose(f);
  return res;
}

void lc_report(const char *id, const double *span, const double *val, int n, double fixed)
{
  double v = NAN;
  int yes = 0, no = 0;
  char note[1024];
  size_t k = (size_t)snprintf(note, sizeof note, "the verdict depends on the run length, which the "
                              "paper does not give (ours: %g s, the benchmark span):", fixed);
  for (int j = 0; j < n; j++) {
    int h = lc_holds(id, val[j]);
    if (h < 0) { fprintf(stderr, "%s: not in papers/liang2023/claims.tsv\n", id); exit(1); }
    if (h) yes++; else no++;
    if (span[j] == fixed) v = val[j];
    if (k < sizeof note)
      k += (size_t)snprintf(note + k, sizeof note - k, "%s %g s: %.3g (%s)", j ? ";" : "", span[j],
                            val[j], h ? "holds" : "fails");
  }
  if (yes && no) printf("%s\t%.6g\tambiguous\t%s\n", id, v, note);
  else printf("%s\t%.6g\n", id, v);
}
