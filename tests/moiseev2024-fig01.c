/* moiseev2024-fig01.c: RK4 energy drift on a planar pendulum (moiseev2024 Fig. 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[1];
  if (read_blocks("data/moiseev2024-fig01.dat", b, 1) != 1) return 2;
  claim("moiseev2024-fig01-a", drift_ratio(&b[0], 3, 200));
  return 0;
}
