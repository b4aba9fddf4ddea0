/* cmp-peer-scaling.c: the growth of MuJoCo's RK4 and of RKMK4 with the
   number of rods, and their ratio at the largest chain. */
#include <math.h>
#include <stdio.h>
#include "lib/lgvichk.h"

enum { EULER = 1, MJRK4, RKMK4, DH, RATTLIE };

int main(void)
{
  blk b[2];
  if (read_blocks("data/cmp-peer-scaling.dat", b, 2) != 2 || b[1].nrow != 1) return 1;
  int last = b[0].nrow - 1;
  claim("cmp-peer-scaling-a", at(&b[1], 0, MJRK4 - 1));
  claim("cmp-peer-scaling-b", at(&b[0], last, MJRK4) / at(&b[0], last, RKMK4));
  claim("cmp-peer-scaling-c", at(&b[1], 0, RKMK4 - 1));
  return 0;
}
