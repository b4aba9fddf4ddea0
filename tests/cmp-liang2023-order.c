/* cmp-liang2023-order.c: package checks of the liang2023 schemes (index 2
   of the data file is one summary row). */
#include <math.h>
#include <stdio.h>
#include "lib/liang23chk.h"

/* the observed order farther from theory of the pair (pos, vel) */
static double worst(double a, double b, double p)
{
  return fabs(a - p) > fabs(b - p) ? a : b;
}

int main(void)
{
  double r[1][LC_MAXCOL];
  if (lc_read("data/cmp-liang2023-order.dat", 2, r, 1) != 1) return 1;
  const double *v = r[0];
  printf("cmp-liang2023-order-a\t%.6g\n", worst(v[0], v[1], 4));
  printf("cmp-liang2023-order-b\t%.6g\n", worst(v[2], v[3], 4));
  printf("cmp-liang2023-order-c\t%.6g\n", worst(v[4], v[5], 2));
  printf("cmp-liang2023-order-d\t%.6g\n", fmax(v[6], v[7]));
  printf("cmp-liang2023-order-e\t%.6g\n", v[11]);
  printf("cmp-liang2023-order-f\t%.6g\n", v[12]);
  printf("cmp-liang2023-order-g\t%.6g\n", v[8]);
  return 0;
}
