/* cmp-pendulum3d-order.c: observed orders of the five schemes. */
#include "p3d-check.h"
int main(void)
{
  p3d_data d;
  const char *ids[5] = {"cmp-pendulum3d-order-a", "cmp-pendulum3d-order-b",
                        "cmp-pendulum3d-order-c", "cmp-pendulum3d-order-d",
                        "cmp-pendulum3d-order-e"};
  if (p3d_read(&d, "data/cmp-pendulum3d-order.dat") || d.nsets < 1) return 1;
  const p3d_set *s = &d.s[0];
  for (int i = 0; i < 5; i++) {
    double e1 = NAN, e2 = NAN;
    for (long k = 0; k < s->n; k++) {
      if ((int)s->v[k][0] != i) continue;
      if (fabs(s->v[k][1] - 0.005) < 1e-12) e1 = s->v[k][2];
      if (fabs(s->v[k][1] - 0.0025) < 1e-12) e2 = s->v[k][2];
    }
    p3d_claim(ids[i], log2(e1 / e2));
  }
  p3d_data_free(&d);
  return 0;
}
