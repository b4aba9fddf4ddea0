/* liang2023-fig03.c: claims of Fig. 3, measured on the RKMK4 run (scheme
   0 of index 3 of the data file). */
#include <stdio.h>
#include "lib/liang23chk.h"

int main(void)
{
  double r[64][LC_MAXCOL], span[16], a[16], b[16], c[16];
  int n = lc_read("data/liang2023-fig03.dat", 3, r, 64), k = 0;
  if (n < 1) return 1;
  for (int j = 0; j < n && k < 16; j++)
    if (r[j][0] == 0) { span[k] = r[j][1]; a[k] = r[j][3]; b[k] = r[j][4]; c[k] = r[j][5]; k++; }
  if (k < 1) return 1;
  lc_report("liang2023-fig03-a", span, a, k, 10);
  lc_report("liang2023-fig03-b", span, b, k, 10);
  lc_report("liang2023-fig03-c", span, c, k, 10);
  return 0;
}
