/* sun2022-fig18.c: claims of Fig. 18 (Eq. 70, h = 0.05, angular velocity). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig18.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig18-a", p3d_amp(&d.s[2], 2, 4) / p3d_amp(&d.s[1], 2, 4));
  p3d_claim("sun2022-fig18-b", d.s[5].v[0][1]);
  p3d_data_free(&d);
  return 0;
}
