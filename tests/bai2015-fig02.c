/* bai2015-fig02.c: peaks and agreement of the angular velocities (bai2015 Fig. 2). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[7];
  const char *ids[3] = {"bai2015-fig02-a", "bai2015-fig02-b", "bai2015-fig02-c"};
  const double pub[3] = {3.14, 4.92, 4.92};
  double acc = 0, dflip = 0, dfree = 0, dswing = 0, dtr = 0;
  if (read_blocks("data/bai2015-fig02.dat", b, 7) != 7) return 2;
  for (int i = 0; i < 3; i++) {
    double lo = INFINITY, hi = -INFINITY;
    claim(ids[i], colmax(&b[0], 1 + i, 1));
    for (int r = 0; r < b[0].nrow; r++) { lo = fmin(lo, at(&b[0], r, 1 + i)); hi = fmax(hi,
        at(&b[0], r, 1 + i)); }
    dswing = fmax(dswing, fabs(0.5 * (hi - lo) - pub[i]));
    dflip = fmax(dflip, fabs(colmax(&b[4], 1 + i, 1) - pub[i]));
    dfree = fmax(dfree, fabs(colmax(&b[5], 1 + i, 1) - pub[i]));
    dtr = fmax(dtr, fabs(colmax(&b[6], 1 + i, 1) - pub[i]));
  }
  claim("bai2015-fig02-d", fmax(maxdiff(&b[0], &b[1], 1, 3), maxdiff(&b[0], &b[2], 1, 3)));
  for (int s = 0; s < 3; s++) acc = fmax(acc, maxdiff(&b[s], &b[3], 1, 3));
  claim("bai2015-fig02-e", acc);
  claim("bai2015-fig02-f", dflip);
  claim("bai2015-fig02-g", dfree);
  claim("bai2015-fig02-h", dswing);
  claim("bai2015-fig02-i", dtr);
  return 0;
}
