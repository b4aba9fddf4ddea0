/* sun2022-fig21.c: claims of Fig. 21 (Eq. 78, h = 0.1, reduced attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig21.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig21-a", p3d_amp(&d.s[2], 14, 16) / p3d_amp(&d.s[1], 14, 16));
  p3d_claim("sun2022-fig21-b", d.s[5].v[0][4]);
  p3d_data_free(&d);
  return 0;
}
