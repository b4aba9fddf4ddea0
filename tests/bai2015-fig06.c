/* bai2015-fig06.c: orthogonality errors (bai2015 Fig. 6). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[6];
  if (read_blocks("data/bai2015-fig06.dat", b, 6) != 6) return 2;
  claim("bai2015-fig06-a", colmedian(&b[1], 1));   /* a typical size: the level */
  /* the text's 1e-4 matches the LGVI only from the printed R0 (the open
     choice R0=printed, finding bai2015-fig06-c); from its nearest rotation,
     our reading, the level is round-off */
  claim("bai2015-fig06-b", colmedian(&b[0], 1));
  claim_under("R0=printed", "bai2015-fig06-b", colmedian(&b[4], 1));
  claim("bai2015-fig06-c", colmedian(&b[4], 1));   /* a typical size: the level */
  claim("bai2015-fig06-d", maxdiff(&b[0], &b[4], 3, 5));
  return 0;
}
