/* sun2022-fig26.c: claims of Fig. 26 (Eq. 87, h = 0.01 and 0.005, angular velocity). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig26.dat") || d.nsets < 6) return 1;
  double a1 = p3d_amp(&d.s[2], 2, 4), a2 = p3d_amp(&d.s[4], 2, 4);
  p3d_claim("sun2022-fig26-a", d.s[5].v[0][1]);
  p3d_claim("sun2022-fig26-b", fabs(a1 - a2) / a2);
  p3d_data_free(&d);
  return 0;
}
