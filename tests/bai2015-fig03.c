/* bai2015-fig03.c: the third row of R stays within [-1, 1] (bai2015 Fig. 3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[4];
  double m = 0;
  if (read_blocks("data/bai2015-fig03.dat", b, 4) != 4) return 2;
  for (int s = 0; s < 3; s++)
    for (int j = 1; j <= 3; j++) m = fmax(m, colmax(&b[s], j, 1));
  claim("bai2015-fig03-a", m);
  return 0;
}
