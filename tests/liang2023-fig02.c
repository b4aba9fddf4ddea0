/* liang2023-fig02.c: claims of Fig. 2 (index 6 of the data file: per
   span, the completed fraction and the extent ratio). */
#include <stdio.h>
#include "lib/liang23chk.h"

int main(void)
{
  double r[16][LC_MAXCOL], span[16], a[16], b[16];
  int n = lc_read("data/liang2023-fig02.dat", 6, r, 16);
  if (n < 1) return 1;
  for (int j = 0; j < n; j++) { span[j] = r[j][0]; a[j] = r[j][1]; b[j] = r[j][2]; }
  lc_report("liang2023-fig02-a", span, a, n, 10);
  lc_report("liang2023-fig02-b", span, b, n, 10);
  return 0;
}
