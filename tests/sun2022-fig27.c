/* sun2022-fig27.c: claims of Fig. 27 (Eq. 87, h = 0.01 and 0.005, attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig27.dat") || d.nsets < 6) return 1;
  double wmax = 0.0;
  for (long i = 0; i < d.s[0].n; i++)
    for (int c = 1; c <= 3; c++) wmax = fmax(wmax, fabs(d.s[0].v[i][c]));
  p3d_claim("sun2022-fig27-a", fabs(p3d_amp(&d.s[2], 14, 16) / p3d_amp(&d.s[1], 14, 16) - 1.0));
  p3d_claim("sun2022-fig27-b", d.s[5].v[1][1]);
  p3d_claim("sun2022-fig27-c", d.s[5].v[0][2] / wmax);   /* J = I */
  p3d_data_free(&d);
  return 0;
}
