/* liang2023-fig03.c: claims of Fig. 3, measured on the RKMK4 run (index 0 of
   the data file: the residuals of the two monitored bars, each row the
   largest over ten steps) and, as the open choice form=eq24, on RKMK4 with
   the projection (index 1): the largest velocity and position residuals over
   each span; and the drift rule's two controls, the growth ratios of RKMK4
   with the projection (scheme 1 of index 3) and of the implicit midpoint
   rule (scheme 2), whose residuals are bounded, at spans of 2 s and more
   (their first half must hold the first deployment, under 1 s). */
#include <math.h>
#include <stdio.h>
#include "lib/liang23chk.h"

enum { LC_ROWS = 1100 };
static double ts[2][LC_ROWS][LC_MAXCOL];

/* the largest of columns c1 and c2 (1-based, after t) over t <= T */
static double lc_max_to(double (*row)[LC_MAXCOL], int n, double T, int c1, int c2)
{
  double m = 0.0;
  for (int i = 0; i < n && row[i][0] <= T + 1e-9; i++)
    m = fmax(m, fmax(row[i][c1 - 1], row[i][c2 - 1]));
  return m;
}

int main(void)
{
  double r[64][LC_MAXCOL], span[3][16], a[16], b[16], c[16], g[3][16];
  int n = lc_read("data/liang2023-fig03.dat", 3, r, 64), k[3] = {0, 0, 0};
  int n0 = lc_read("data/liang2023-fig03.dat", 0, ts[0], LC_ROWS);
  int n1 = lc_read("data/liang2023-fig03.dat", 1, ts[1], LC_ROWS);
  if (n < 1 || n0 < 1 || n1 < 1) return 1;
  for (int j = 0; j < n; j++) {
    const int m = (int)r[j][0];
    if (m < 0 || m > 2 || k[m] == 16) continue;
    if (m == 0) {                                   /* the claims, at every span */
      a[k[m]] = r[j][3];
      b[k[m]] = lc_max_to(ts[0], n0, r[j][1], 3, 6);   /* |BV| of L30 and T30 */
      c[k[m]] = lc_max_to(ts[0], n0, r[j][1], 2, 5);   /* |Phi| of L30 and T30 */
    }
    if (m > 0 && r[j][1] < 2) continue;             /* the controls: spans of 2 s and more */
    span[m][k[m]] = r[j][1];
    g[m][k[m]] = fmax(r[j][4], r[j][5]);
    k[m]++;
  }
  if (k[0] < 1 || k[1] < 1 || k[2] < 1) return 1;
  lc_report("liang2023-fig03-a", span[0], a, k[0], 10);
  lc_report("liang2023-fig03-b", span[0], b, k[0], 10);
  lc_report("liang2023-fig03-c", span[0], c, k[0], 10);
  /* the paper does not say which form made its Fig. 3: the same claims on
     the stabilised form as we reconstruct it (index 1, at 10 s) */
  printf("liang2023-fig03-b\t%.6g\tform=eq24\n", lc_max_to(ts[1], n1, 10, 3, 6));
  printf("liang2023-fig03-c\t%.6g\tform=eq24\n", lc_max_to(ts[1], n1, 10, 2, 5));
  /* the abstract's "maintains the constraint equation": the same residual
     against the same bound, the exact complement of -c */
  lc_report("liang2023-fig03-f", span[0], c, k[0], 10);
  printf("liang2023-fig03-f\t%.6g\tform=eq24\n", lc_max_to(ts[1], n1, 10, 2, 5));
  lc_report("liang2023-fig03-d", span[1], g[1], k[1], 10);
  lc_report("liang2023-fig03-e", span[2], g[2], k[2], 10);
  return 0;
}
