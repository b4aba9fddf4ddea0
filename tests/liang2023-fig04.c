/* liang2023-fig04.c: the claim of Fig. 4 (index 1 of the data file). */
#include <stdio.h>
#include "lib/liang23chk.h"

int main(void)
{
  double r[16][LC_MAXCOL], span[16], a[16];
  int n = lc_read("data/liang2023-fig04.dat", 1, r, 16);
  if (n < 1) return 1;
  for (int j = 0; j < n; j++) { span[j] = r[j][0]; a[j] = r[j][1]; }
  lc_report("liang2023-fig04-a", span, a, n, 10);
  return 0;
}
