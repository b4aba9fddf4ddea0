/* sun2022-fig19.c: claims of Fig. 19 (Eq. 70, h = 0.05, attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig19.dat") || d.nsets < 11) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    p3d_claim_r(r, "sun2022-fig19-a",
                fabs(p3d_amp(&d.s[q->last], 14, 16) / p3d_amp(&d.s[q->first], 14, 16) - 1.0));
    p3d_claim_r(r, "sun2022-fig19-b", d.s[q->summary].v[0][3]);
  }
  p3d_data_free(&d);
  return 0;
}
