/* bai2015-fig04.c: agreement of the body-frame velocities (bai2015 Fig. 4). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[5];
  if (read_blocks("data/bai2015-fig04.dat", b, 5) != 5) return 2;
  claim("bai2015-fig04-a", fmax(maxdiff(&b[0], &b[1], 1, 3), maxdiff(&b[0], &b[2], 1, 3)));
  claim("bai2015-fig04-b", maxdiff(&b[0], &b[4], 1, 3));
  return 0;
}
