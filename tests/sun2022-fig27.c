/* sun2022-fig27.c: claims of Fig. 27 (Eq. 87, h = 0.01 and 0.005, attitude). */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig27.dat") || d.nsets < 11) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    const p3d_set *w = &d.s[q->whole];
    double wmax = 0.0;
    for (long i = 0; i < w->n; i++)
      for (int c = 1; c <= 3; c++) wmax = fmax(wmax, fabs(w->v[i][c]));
    p3d_claim_r(r, "sun2022-fig27-a",
                fabs(p3d_amp(&d.s[q->last], 14, 16) / p3d_amp(&d.s[q->first], 14, 16) - 1.0));
    p3d_claim_r(r, "sun2022-fig27-b", d.s[q->summary].v[1][1]);
    p3d_claim_r(r, "sun2022-fig27-c", d.s[q->summary].v[0][2] / wmax);   /* J = I */
  }
  p3d_data_free(&d);
  return 0;
}
