/* sun2022-fig25.c: claims of Fig. 25 (Eq. 83, h = 0.1, attitude of the z axis). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d, r;
  if (p3d_read(&d, "data/sun2022-fig25.dat") || d.nsets < 11) return 1;
  if (p3d_read(&r, "data/sun2022-fig20.dat") || r.nsets < 6) return 1;
  for (int k = 0; k < 2; k++) {
    const p3d_reading *q = &p3d_readings[k];
    p3d_claim_r(k, "sun2022-fig25-a",
                fabs(p3d_amp(&d.s[q->last], 11, 13) / p3d_amp(&d.s[q->first], 11, 13) - 1.0));
  }
  p3d_claim("sun2022-fig25-b", p3d_maxdiff(&d.s[0], &r.s[0], 14, 16));
  p3d_data_free(&d);
  p3d_data_free(&r);
  return 0;
}
