/* sun2022-fig24.c: claims of Fig. 24 (Eq. 83, h = 0.1, attitude of the y axis). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig24.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig24-a", p3d_amp(&d.s[2], 8, 10) / p3d_amp(&d.s[1], 8, 10));
  p3d_claim("sun2022-fig24-b", d.s[5].v[0][3]);
  p3d_data_free(&d);
  return 0;
}
