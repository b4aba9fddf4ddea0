/* sun2022-fig19.c: claims of Fig. 19 (Eq. 70, h = 0.05, attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig19.dat") || d.nsets < 6) return 1;
  p3d_claim("sun2022-fig19-a", p3d_amp(&d.s[2], 14, 16) / p3d_amp(&d.s[1], 14, 16));
  p3d_claim("sun2022-fig19-b", d.s[5].v[0][3]);
  p3d_data_free(&d);
  return 0;
}
