/* huang2022-fig07.c: velocity-constraint violation at joint A over 50 s:
   DH, RATTLie (velocity constraint imposed), generalized-alpha and DL (not
   imposed; DL with its averaged and with its one-sided velocity) (Fig. 7). */
#include <math.h>
#include <stdio.h>
#include "fig/lib/hgdrv.h"

int main(void)
{
  static const char *const sch[4] = {"dh", "rattlie", "galpha", "dl"};
  enum { EVERY = 20 };
  const double h = 1e-3, T = 50;
  hg_rec r[4];
  for (int s = 0; s < 4; s++) hg_record(&r[s], "doublependulum", sch[s], h, T);
  const long n = r[0].n;
  printf("# huang2022 Fig. 7: |d/dt Phi_A| (m/s) at joint A, doublependulum, h = 1e-3 s\n");
  printf("# index 0: t dh rattlie galpha dl dl(one-sided p-); largest over the %d steps ending "
         "at t\n", EVERY);
  for (long k = 0; k < n; k += EVERY) {
    long j0 = k >= EVERY ? k - EVERY + 1 : 0;
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 4; s++) printf(" %.6g", hg_max(r[s].dphiA, j0, k + 1, 1));
    printf(" %.6g\n", hg_max(r[3].dphiA1, j0, k + 1, 1));
  }
  printf("\n\n# index 1: largest over 0-50 s, every step: dh rattlie galpha dl dl(one-sided),"
         " then the largest |Phi| of any joint over the four schemes (m), then the largest"
         " |d/dt Phi_k| over both joints for dh and rattlie\n");
  double phi = 0;
  for (int s = 0; s < 4; s++) phi = fmax(phi, hg_max(r[s].phi, 0, n, 1));
  for (int s = 0; s < 4; s++) printf("%.6g ", hg_max(r[s].dphiA, 0, n, 1));
  printf("%.6g %.6g %.6g %.6g\n", hg_max(r[3].dphiA1, 0, n, 1), phi, hg_max(r[0].dphi, 0, n, 1),
         hg_max(r[1].dphi, 0, n, 1));
  for (int s = 0; s < 4; s++) hg_rec_free(&r[s]);
  return 0;
}
