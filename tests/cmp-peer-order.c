/* cmp-peer-order.c: the observed orders on the chains of cmp-peer-order
   (MuJoCo's RK4, RKMK4, Simbody's RKM) and the ratio of MuJoCo's RK4 error
   to RKMK4's at the finest step. */
#include <math.h>
#include <stdio.h>
#include "lib/lgvichk.h"

/* least-squares slope of log(error) against log(h), column j, over the five
   finest steps (h <= 2.5e-3) with error in [1e-10, 1e-3]: the range of
   every order check of the comparative chapter, less the two coarsest
   steps, at which RK4 on the hinge chain is not yet in its asymptotic
   range (local slope 3.5 between them) */
static double slope(const blk *b, int j)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (int i = 0; i < b->nrow; i++) {
    double h = at(b, i, 0), e = at(b, i, j);
    if (!(h <= 2.5e-3 * (1 + 1e-9) && e >= 1e-10 && e <= 1e-3)) continue;   /* NaN: not run */
    sx += log(h), sy += log(e), sxx += log(h) * log(h), sxy += log(h) * log(e), n++;
  }
  return n >= 3 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : NAN;
}

int main(void)
{
  blk b[2];
  if (read_blocks("data/cmp-peer-order.dat", b, 2) != 2) return 1;
  claim("cmp-peer-order-a", slope(&b[0], 3));
  claim("cmp-peer-order-b", slope(&b[1], 3));
  claim("cmp-peer-order-c", slope(&b[0], 4));
  int last = b[0].nrow - 1;
  claim("cmp-peer-order-d", at(&b[0], last, 3) / at(&b[0], last, 4));
  claim("cmp-peer-order-e", slope(&b[0], 6));
  return 0;
}
