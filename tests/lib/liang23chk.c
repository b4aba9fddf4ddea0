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

void lc_report(const char *id, const double *span, const double *val, int n, double fixed)
{
  double v = NAN;
  for (int j = 0; j < n; j++)
    if (span[j] == fixed) v = val[j];
  printf("%s\t%.6g\n", id, v);
  for (int j = 0; j < n; j++)
    if (span[j] != fixed) printf("%s\t%.6g\tspan=%g\n", id, val[j], span[j]);
}
