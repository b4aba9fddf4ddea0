/* cmp-pendulum3d-long.c: invariants of Eq. (70) over 1e6 steps. */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/cmp-pendulum3d-long.dat") || d.nsets < 4) return 1;
  const p3d_set *s = &d.s[3];
  if (s->n < 1 || s->v[0][4] < 1e6) return 1;
  p3d_claim("cmp-pendulum3d-long-a", s->v[0][1]);
  p3d_claim("cmp-pendulum3d-long-b", s->v[0][2]);
  p3d_claim("cmp-pendulum3d-long-c", s->v[0][3]);
  p3d_data_free(&d);
  return 0;
}
