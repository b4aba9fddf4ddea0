/* cmp-peer-work.c: instructions per simulated second at equal error on the
   double pendulum and the revolute chain of cmp-peer-work, as ratios. */
#include <math.h>
#include <stdio.h>
#include "lib/lgvichk.h"

enum { EULER, IMPLICIT, MJRK4, RKMK4, DH, RATTLIE };

/* the cost at which integrator s reaches error e: log-log interpolation
   between the two runs whose errors enclose e (NaN if none do) */
static double cost_at(const blk *b, int s, double e)
{
  for (int i = 0; i + 1 < b->nrow; i++) {
    double e0 = at(b, i, 2 + 2 * s), e1 = at(b, i + 1, 2 + 2 * s);
    double c0 = at(b, i, 3 + 2 * s), c1 = at(b, i + 1, 3 + 2 * s);
    if (e0 >= e && e1 <= e && e0 > e1)
      return exp(log(c0) + (log(e) - log(e0)) * (log(c1) - log(c0)) / (log(e1) - log(e0)));
  }
  return NAN;
}

int main(void)
{
  blk b[2];
  if (read_blocks("data/cmp-peer-work.dat", b, 2) != 2) return 1;
  claim("cmp-peer-work-a", cost_at(&b[0], MJRK4, 1e-6) / cost_at(&b[0], RKMK4, 1e-6));
  claim("cmp-peer-work-b", cost_at(&b[1], RKMK4, 1e-7) / cost_at(&b[1], MJRK4, 1e-7));
  claim("cmp-peer-work-c", cost_at(&b[0], DH, 1e-5) / cost_at(&b[0], RKMK4, 1e-5));
  return 0;
}
