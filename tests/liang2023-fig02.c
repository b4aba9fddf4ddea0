/* liang2023-fig02.c: claims of Fig. 2 (index 6 of the data file: per
   span, the completed fraction; index 5: the depth of the lowest bar
   midpoint over time, from which how close the mast comes to full deployment
   within each span). */
#include <math.h>
#include <stdio.h>
#include "lib/liang23chk.h"

enum { MAXT = 20000 };
static double z[MAXT][LC_MAXCOL];

int main(void)
{
  /* the lowest battens of the deployed mast hang three longerons (L2 = 1 m) deep */
  const double deployed = 3.0;
  double r[16][LC_MAXCOL], span[16], a[16], b[16];
  int n = lc_read("data/liang2023-fig02.dat", 6, r, 16);
  int nz = lc_read("data/liang2023-fig02.dat", 5, z, MAXT);
  if (n < 1 || nz < 2) return 1;
  for (int j = 0; j < n; j++) {
    double deepest = 0;
    for (int i = 0; i < nz; i++)
      if (z[i][0] <= r[j][0] + 1e-9) deepest = fmax(deepest, -z[i][1]);
    span[j] = r[j][0];
    a[j] = r[j][1];
    b[j] = deployed - deepest;
  }
  lc_report("liang2023-fig02-a", span, a, n, 10);
  lc_report("liang2023-fig02-b", span, b, n, 10);
  return 0;
}
