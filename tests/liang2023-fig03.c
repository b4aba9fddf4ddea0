/* liang2023-fig03.c: claims of Fig. 3, measured on the RKMK4 run (scheme
   0 of index 3 of the data file), and the drift rule's two controls, the
   same growth ratios of RKMK4 with the projection (scheme 1) and of the
   implicit midpoint rule (scheme 2), whose residuals are bounded.  A growth
   ratio compares the run with its first half, which must hold the first
   deployment (under 1 s): the drift rows are decided at spans of 2 s and
   more. */
#include <math.h>
#include <stdio.h>
#include "lib/liang23chk.h"

int main(void)
{
  double r[64][LC_MAXCOL], span[3][16], a[16], b[3][16], c[3][16], g[3][16];
  int n = lc_read("data/liang2023-fig03.dat", 3, r, 64), k[3] = {0, 0, 0};
  if (n < 1) return 1;
  for (int j = 0; j < n; j++) {
    const int m = (int)r[j][0];
    if (m < 0 || m > 2 || k[m] == 16) continue;
    if (m == 0) a[k[m]] = r[j][3];
    if (m > 0 && r[j][1] < 2) continue;             /* the controls: spans of 2 s and more */
    span[m][k[m]] = r[j][1];
    b[m][k[m]] = r[j][4];
    c[m][k[m]] = r[j][5];
    g[m][k[m]] = fmax(r[j][4], r[j][5]);
    k[m]++;
  }
  if (k[0] < 1 || k[1] < 1 || k[2] < 1) return 1;
  lc_report("liang2023-fig03-a", span[0], a, k[0], 10);
  /* the growth ratios at spans of 2 s and more: drop the 1 s span */
  int j0 = 0;
  while (j0 < k[0] && span[0][j0] < 2) j0++;
  lc_report("liang2023-fig03-b", span[0] + j0, b[0] + j0, k[0] - j0, 10);
  lc_report("liang2023-fig03-c", span[0] + j0, c[0] + j0, k[0] - j0, 10);
  /* the paper does not say which form made its Fig. 3: the same claims on
     the stabilised form as we reconstruct it (scheme 1, at 10 s) */
  for (int j = 0; j < k[1]; j++)
    if (span[1][j] == 10) {
      printf("liang2023-fig03-b\t%.6g\tform=eq24\n", b[1][j]);
      printf("liang2023-fig03-c\t%.6g\tform=eq24\n", c[1][j]);
    }
  lc_report("liang2023-fig03-d", span[1], g[1], k[1], 10);
  lc_report("liang2023-fig03-e", span[2], g[2], k[2], 10);
  return 0;
}
