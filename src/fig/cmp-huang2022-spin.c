/* cmp-huang2022-spin.c: the four schemes on the double pendulum with an
   asymmetric, spinning rod 2 (doublependulum-spin), where the gyroscopic and
   tangent-operator terms act: error against the reference over 0-5 s, and
   the velocity constraint, energy and orthogonality over 50 s. */
#include <math.h>
#include <stdio.h>
#include "fig/lib/hgdrv.h"

int main(void)
{
  static const char *const sch[4] = {"dh", "rattlie", "galpha", "dl"};
  enum { EVERY = 20, EVERY0 = 5 };
  const double h = 1e-3, T = 50;
  hg_rec ref, r[4];
  hg_record(&ref, "doublependulum-spin", "ref", h, T);
  for (int s = 0; s < 4; s++) hg_record(&r[s], "doublependulum-spin", sch[s], h, T);
  const long n = ref.n, n5 = lround(5 / h) + 1;
  double lo = INFINITY, hi = -INFINITY;
  for (long k = 0; k < n; k++) { lo = fmin(lo, ref.x2[3 * k]); hi = fmax(hi, ref.x2[3 * k]); }
  const double range = hi - lo;
  printf("# cmp-huang2022-spin: doublependulum-spin, h = 1e-3 s, Newton to round-off\n");
  printf("# index 0: t, then for dh rattlie galpha dl the largest component of |x2 - x2_ref|"
         " / range(x2_1 of the reference over 50 s), largest over the %d steps ending at t\n",
             EVERY0);
  double e1[4] = {0}, hor[4] = {NAN, NAN, NAN, NAN};
  for (long k = 0; k < n5; k += EVERY0) {
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 4; s++) {
      double m = 0;
      for (long j = k >= EVERY0 ? k - EVERY0 + 1 : 0; j <= k; j++) {
        double d = 0;
        for (int c = 0; c < 3; c++) d = fmax(d,
                                             fabs(r[s].x2[3 * j + c] -
                                                  ref.x2[3 * j + c]) / range);
        m = fmax(m, d);
        if ((double)j * h <= 1 + 1e-9) e1[s] = fmax(e1[s], d);
        if (isnan(hor[s]) && d > 0.01) hor[s] = (double)j * h;   /* one line width */
      }
      printf(" %.6g", m);
    }
    printf("\n");
  }
  printf("\n\n# index 1: t, then for dh rattlie galpha dl: largest |d/dt Phi_k| over both joints"
         " (m/s), then |E - E(0)| (J), largest over the %d steps ending at t\n", EVERY);
  for (long k = 0; k < n; k += EVERY) {
    long j0 = k >= EVERY ? k - EVERY + 1 : 0;
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 4; s++) printf(" %.6g", hg_max(r[s].dphi, j0, k + 1, 1));
    for (int s = 0; s < 4; s++) {
      double m = 0;
      for (long j = j0; j <= k; j++) m = fmax(m, fabs(r[s].E[j] - r[s].E[0]));
      printf(" %.6g", m);
    }
    printf("\n");
  }
  printf("\n\n# index 2: range; for dh rattlie galpha dl: max error 0-1 s, first t above 1%% (a line width)"
         " of the range, max |d/dt Phi| over 50 s, max |E - E(0)| over 50 s; then the largest"
         " ||I - R R^T||_F and |Phi| of all runs\n");
  double orth = 0, phi = 0;
  printf("%.9g", range);
  for (int s = 0; s < 4; s++) {
    double dE = 0;
    for (long k = 0; k < n; k++) dE = fmax(dE, fabs(r[s].E[k] - r[s].E[0]));
    orth = fmax(orth, fmax(hg_max(r[s].orth1, 0, n, 1), hg_max(r[s].orth2, 0, n, 1)));
    phi = fmax(phi, hg_max(r[s].phi, 0, n, 1));
    printf(" %.6g %.6g %.6g %.6g", e1[s], hor[s], hg_max(r[s].dphi, 0, n, 1), dE);
  }
  printf(" %.6g %.6g\n", orth, phi);
  hg_rec_free(&ref);
  for (int s = 0; s < 4; s++) hg_rec_free(&r[s]);
  return 0;
}
