/* huang2022-fig07.c: velocity-constraint violation at joint A over 50 s:
   DH, RATTLie (velocity constraint imposed), generalized-alpha and DL (not
   imposed; DL with its averaged and with its one-sided velocity) (Fig. 7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "fig/lib/hgdrv.h"

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[1..n-1] (every step after the start, where all are 0). */
static double median_after_start(const double *v, long n)
{
  double *w = malloc((size_t)(n - 1) * sizeof *w);
  if (!w) { fprintf(stderr, "huang2022-fig07: out of memory\n"); exit(1); }
  for (long i = 1; i < n; i++) w[i - 1] = v[i];
  qsort(w, (size_t)(n - 1), sizeof *w, cmp_double);
  double m = (n - 1) % 2 ? w[(n - 1) / 2] : 0.5 * (w[(n - 1) / 2 - 1] + w[(n - 1) / 2]);
  free(w);
  return m;
}

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
  printf("\n\n# index 2: the level of each curve, the median over every step of 0-50 s:"
         " dh rattlie galpha dl dl(one-sided)\n");
  for (int s = 0; s < 4; s++) printf("%.6g ", median_after_start(r[s].dphiA, n));
  printf("%.6g\n", median_after_start(r[3].dphiA1, n));
  for (int s = 0; s < 4; s++) hg_rec_free(&r[s]);
  /* The levels are statistics over 50 s, beyond the horizon of the motion:
     the ensemble of perturbed starts of Fig. 5 (rod 1 turning at w about X),
     for the two schemes whose level is a claim. */
  static const double spin[4] = {1e-12, -1e-12, 1e-10, -1e-10};
  for (int k = 0; k < 4; k++) {
    printf("\n\n# index %d: as index 2 for galpha dl dl(one-sided), rod 1 started turning at"
           " %g rad/s about X\n", 3 + k, spin[k]);
    hg_set_spin(spin[k]);
    hg_rec g, d;
    hg_record(&g, "doublependulum", "galpha", h, T);
    hg_record(&d, "doublependulum", "dl", h, T);
    printf("%.6g %.6g %.6g\n", median_after_start(g.dphiA, n), median_after_start(d.dphiA, n),
           median_after_start(d.dphiA1, n));
    hg_rec_free(&g);
    hg_rec_free(&d);
  }
  hg_set_spin(0);
  return 0;
}
