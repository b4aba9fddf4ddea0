/* moiseev2024-fig02.c: a Cartesian variational integrator leaves the circle
   (moiseev2024 Fig. 2). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  if (read_blocks("data/moiseev2024-fig02.dat", b, 3) != 3) return 2;
  claim("moiseev2024-fig02-a", colmax(&b[0], 3, 1));
  claim_under("k=1e4", "moiseev2024-fig02-a", colmax(&b[2], 3, 1));
  claim("moiseev2024-fig02-b", drift_ratio(&b[0], 4, 20));
  return 0;
}
