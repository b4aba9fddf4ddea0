/* sun2022-fig23.c: claims of Fig. 23 (Eq. 83, h = 0.1, attitude of the x axis). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig23.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig23-a", p3d_amp(&d.s[2], 5, 7) / p3d_amp(&d.s[1], 5, 7));
  p3d_data_free(&d);
  return 0;
}
