/* bai2015-fig05.c: momentum-conservation errors (bai2015 Fig. 5). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[6];
  if (read_blocks("data/bai2015-fig05.dat", b, 6) != 6) return 2;
  claim("bai2015-fig05-a", colmax(&b[0], 1, 1));
  claim("bai2015-fig05-b", colmedian(&b[1], 1));   /* a typical size: the level */
  /* the maximum, the statistic before the second pass: stat=max */
  claim_under("stat=max", "bai2015-fig05-b", colmax(&b[1], 1, 1));
  claim("bai2015-fig05-c", colmax(&b[4], 1, 1));
  return 0;
}
