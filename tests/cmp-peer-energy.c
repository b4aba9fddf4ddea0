/* cmp-peer-energy.c: D(100 s)/D(50 s), D(T) the largest energy error up to T,
   for DH, RATTLie and MuJoCo's RK4 and Euler over the 1e5 steps of
   cmp-peer-energy. */
#include <math.h>
#include <stdio.h>
#include "lib/lgvichk.h"

enum { DH = 1, RATTLIE, RKMK4, EULER, IMPLICIT, MJRK4 };

static double upto(const blk *b, int j, double T)
{
  double d = 0;
  for (int i = 0; i < b->nrow && at(b, i, 0) <= T + 1e-9; i++) {
    if (!isfinite(at(b, i, j))) return NAN;
    d = fmax(d, at(b, i, j));
  }
  return d;
}

static double ratio(const blk *b, int j)
{
  double T = at(b, b->nrow - 1, 0);
  return upto(b, j, T) / upto(b, j, T / 2);
}

int main(void)
{
  blk b[1];
  if (read_blocks("data/cmp-peer-energy.dat", b, 1) != 1) return 1;
  claim("cmp-peer-energy-a", ratio(&b[0], DH));
  claim("cmp-peer-energy-b", ratio(&b[0], RATTLIE));
  claim("cmp-peer-energy-c", ratio(&b[0], MJRK4));
  claim("cmp-peer-energy-d", ratio(&b[0], EULER));
  return 0;
}
