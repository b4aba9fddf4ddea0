/* sun2022-fig21.c: claims of Fig. 21 (Eq. 78, h = 0.1, reduced attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig21.dat") || d.nsets < 11) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    p3d_claim_r(r, "sun2022-fig21-a",
                fabs(p3d_amp(&d.s[q->last], 14, 16) / p3d_amp(&d.s[q->first], 14, 16) - 1.0));
    p3d_claim_r(r, "sun2022-fig21-b", d.s[q->summary].v[0][4]);
  }
  p3d_data_free(&d);
  return 0;
}
