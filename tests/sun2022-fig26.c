/* sun2022-fig26.c: claims of Fig. 26 (Eq. 87, h = 0.01 and 0.005, angular velocity). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig26.dat") || d.nsets < 11) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    double a1 = p3d_amp(&d.s[q->last], 2, 4), a2 = p3d_amp(&d.s[q->second], 2, 4);
    p3d_claim_r(r, "sun2022-fig26-a", fabs(a1 / p3d_amp(&d.s[q->first], 2, 4) - 1.0));
    p3d_claim_r(r, "sun2022-fig26-b", fabs(a1 - a2) / a2);
  }
  /* "conservation" read as the energy, which Fig. 26 does not plot: its
     largest error over m g |rho| at h = 0.01 (summary, index 5), doubled so
     that the row's line (0.02, a line width of the amplitude's range 2 A)
     stands for a line width of m g |rho| */
  for (long i = 0; i < d.s[5].n; i++)
    if (fabs(d.s[5].v[i][0] - 0.01) < 1e-12)
      p3d_claim_under("reading=energy", "sun2022-fig26-a", 2 * d.s[5].v[i][1]);
  p3d_data_free(&d);
  return 0;
}
