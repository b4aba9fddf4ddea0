/* sun2022-fig20.c: claims of Fig. 20 (Eq. 78, h = 0.1, angular velocity). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig20.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig20-a", p3d_amp(&d.s[2], 2, 4) / p3d_amp(&d.s[1], 2, 4));
  p3d_claim("sun2022-fig20-b", d.s[5].v[0][1]);
  p3d_data_free(&d);
  return 0;
}
