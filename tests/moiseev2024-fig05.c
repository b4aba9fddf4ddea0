/* moiseev2024-fig05.c: angular velocities of RK4 and the LGVI (moiseev2024 Fig. 5). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  double tsep = 30;
  if (read_blocks("data/moiseev2024-fig05.dat", b, 3) != 3) return 2;
  claim("moiseev2024-fig05-a", maxdiff(&b[0], &b[1], 1, 3));
  for (int i = 0; i < b[0].nrow && i < b[1].nrow; i++) {
    double d = 0;
    for (int j = 1; j <= 3; j++) d = fmax(d, fabs(at(&b[0], i, j) - at(&b[1], i, j)));
    if (d > 0.16) { tsep = at(&b[0], i, 0); break; }   /* 1 % of the 16 rad/s axis */
  }
  claim("moiseev2024-fig05-b", tsep);
  return 0;
}
