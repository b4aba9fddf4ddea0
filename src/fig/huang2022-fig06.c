/* huang2022-fig06.c: orthogonality error ||I - R R^T||_F of both rods,
   DH, RATTLie and generalized-alpha over 50 s (the paper's Fig. 6). */
#include <math.h>
#include <stdio.h>
#include "fig/lib/hgdrv.h"

int main(void)
{
  static const char *const sch[3] = {"dh", "rattlie", "galpha"};
  enum { EVERY = 20 };
  const double h = 1e-3, T = 50;
  hg_rec r[3];
  for (int s = 0; s < 3; s++) hg_record(&r[s], "doublependulum", sch[s], h, T);
  const long n = r[0].n;
  printf("# huang2022 Fig. 6: ||I - R R^T||_F of rod 1 and rod 2, doublependulum, h = 1e-3 s\n");
  printf("# index 0: t, then rod1 rod2 for dh, rattlie, galpha; largest over the %d steps "
         "ending at t\n", EVERY);
  for (long k = 0; k < n; k += EVERY) {
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 3; s++) {
      long j0 = k >= EVERY ? k - EVERY + 1 : 0;
      printf(" %.6g %.6g", hg_max(r[s].orth1, j0, k + 1, 1), hg_max(r[s].orth2, j0, k + 1, 1));
    }
    printf("\n");
  }
  printf("\n\n# index 1: largest over 0-50 s, every step: dh rattlie galpha (both rods), then "
         "all three\n");
  double all = 0, m[3];
  for (int s = 0; s < 3; s++) {
    m[s] = fmax(hg_max(r[s].orth1, 0, n, 1), hg_max(r[s].orth2, 0, n, 1));
    all = fmax(all, m[s]);
  }
  printf("%.6g %.6g %.6g %.6g\n", m[0], m[1], m[2], all);
  for (int s = 0; s < 3; s++) hg_rec_free(&r[s]);
  return 0;
}
