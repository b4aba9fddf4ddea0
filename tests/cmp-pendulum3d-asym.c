/* cmp-pendulum3d-asym.c: claims on the asymmetric spinning body. */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/cmp-pendulum3d-asym.dat") || d.nsets < 9) return 1;
  const p3d_set *s = &d.s[7], *sep = &d.s[8];
  if (s->n < 7) return 1;
  double same = fmax(s->v[1][7], fmax(s->v[2][7], s->v[3][7]));
  double hor = NAN;
  for (long i = 0; i < sep->n; i++)
    if (fmax(sep->v[i][1], sep->v[i][2]) > 1e-3) { hor = sep->v[i][0]; break; }
  if (isnan(hor) && sep->n) hor = sep->v[sep->n - 1][0];
  p3d_claim("cmp-pendulum3d-asym-a", same);
  p3d_claim("cmp-pendulum3d-asym-b", s->v[3][1]);
  p3d_claim("cmp-pendulum3d-asym-c", s->v[3][2]);
  p3d_claim("cmp-pendulum3d-asym-d", s->v[4][1] / s->v[3][1]);
  p3d_claim("cmp-pendulum3d-asym-e", hor);
  p3d_data_free(&d);
  return 0;
}
