/* sun2022-fig26.c: claims of Fig. 26 (Eq. 87, h = 0.01 and 0.005, angular velocity). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig26.dat") || d.nsets < 11) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    double a1 = p3d_amp(&d.s[q->last], 2, 4), a2 = p3d_amp(&d.s[q->second], 2, 4);
    p3d_claim_r(r, "sun2022-fig26-a", p3d_lost(&d, q, 0.01));
    if (!r)
      p3d_claim_under("Lscale=params", "sun2022-fig26-a",
                      p3d_lost_at(&d, q, 0.01, p3d_lscale_params("data/sun2022-fig26.dat")));
    p3d_claim_r(r, "sun2022-fig26-b", fabs(a1 - a2) / a2);
    /* what the figure shows: the amplitude of the angular velocity */
    p3d_claim_r(r, "sun2022-fig26-c", fabs(a1 / p3d_amp(&d.s[q->first], 2, 4) - 1.0));
  }
  p3d_data_free(&d);
  return 0;
}
