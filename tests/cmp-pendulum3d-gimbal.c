/* cmp-pendulum3d-gimbal.c: the Cardan form near gimbal lock. */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/cmp-pendulum3d-gimbal.dat") || d.nsets < 1) return 1;
  const p3d_set *s = &d.s[0];
  double r = NAN;
  for (long k = 0; k < s->n; k++)
    if (fabs(log10(s->v[k][0]) - log10(0.3e-3)) < 0.01) r = s->v[k][1] / s->v[k][3];
  p3d_claim("cmp-pendulum3d-gimbal-a", r);
  p3d_data_free(&d);
  return 0;
}
