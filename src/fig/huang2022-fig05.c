/* huang2022-fig05.c: the energy of DH, RATTLie and generalized-alpha over
   50 s (a) and over 7.5-10 s (b) (the paper's Fig. 5). */
#include <math.h>
#include <stdio.h>
#include "fig/lib/hgdrv.h"

/* One row: max |E - E(0)| over the run, then over each 5 s window. */
static void energy_windows(const hg_rec *r)
{
  double w[10] = {0}, m = 0;
  for (long k = 0; k < r->n; k++) {
    double d = fabs(r->E[k] - r->E[0]);
    int i = (int)floor((double)k * r->h / 5 - 1e-9);
    i = i < 0 ? 0 : i > 9 ? 9 : i;
    m = fmax(m, d);
    w[i] = fmax(w[i], d);
  }
  printf("%.6g", m);
  for (int i = 0; i < 10; i++) printf(" %.6g", w[i]);
  printf("\n");
}

int main(void)
{
  static const char *const sch[3] = {"dh", "rattlie", "galpha"};
  enum { EVERY = 20 };
  const double h = 1e-3, T = 50;
  hg_rec r[3];
  for (int s = 0; s < 3; s++) hg_record(&r[s], "doublependulum", sch[s], h, T);
  const long n = r[0].n;
  printf("# huang2022 Fig. 5: energy E(t) - E(0) (J) of DH, RATTLie and generalized-alpha\n");
  printf("# doublependulum, h = 1e-3 s; E(0) = %.17g J (rods at rest in the plane x3 = 0)\n",
         r[0].E[0]);
  printf("# index 0: t dh rattlie galpha, 0-50 s: E - E(0) at the step of largest |E - E(0)|"
         " among the %d steps ending at t\n", EVERY);
  for (long k = 0; k < n; k += EVERY) {
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 3; s++) {
      double m = 0;
      for (long j = k >= EVERY ? k - EVERY + 1 : 0; j <= k; j++)
        if (fabs(r[s].E[j] - r[s].E[0]) >= fabs(m)) m = r[s].E[j] - r[s].E[0];
      printf(" %.6g", m);
    }
    printf("\n");
  }
  printf("\n\n# index 1: t dh rattlie galpha, 7.5-10 s, every step\n");
  for (long k = lround(7.5 / h); k <= lround(10 / h); k++) {
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 3; s++) printf(" %.6g", r[s].E[k] - r[s].E[0]);
    printf("\n");
  }
  printf("\n\n# index 2: for dh rattlie galpha dl in turn: max |E - E(0)| over 0-50 s, then"
         " over 0-5, 5-10, ..., 45-50 s (every step)\n");
  hg_rec dl;
  hg_record(&dl, "doublependulum", "dl", h, T);
  for (int s = 0; s < 3; s++) energy_windows(&r[s]);
  energy_windows(&dl);
  hg_rec_free(&dl);
  for (int s = 0; s < 3; s++) hg_rec_free(&r[s]);
  printf("\n\n# index 3: as index 2 with g = 9.81 m/s^2 (the paper states no g)\n");
  hg_set_gravity(9.81);
  static const char *const all[4] = {"dh", "rattlie", "galpha", "dl"};
  for (int s = 0; s < 4; s++) {
    hg_record(&dl, "doublependulum", all[s], h, T);
    energy_windows(&dl);
    hg_rec_free(&dl);
  }
  hg_set_gravity(0);
  /* The ensemble: the same four runs from starts perturbed far below round-off
     of anything the paper states (rod 1 turning at w about X), whose maxima over
     50 s, beyond the horizon of the motion (about 35 s), are equally valid. */
  static const double spin[4] = {1e-12, -1e-12, 1e-10, -1e-10};
  for (int k = 0; k < 4; k++) {
    printf("\n\n# index %d: as index 2, rod 1 started turning at %g rad/s about X\n", 4 + k,
           spin[k]);
    hg_set_spin(spin[k]);
    for (int s = 0; s < 4; s++) {
      hg_record(&dl, "doublependulum", all[s], h, T);
      energy_windows(&dl);
      hg_rec_free(&dl);
    }
  }
  hg_set_spin(0);
  return 0;
}
