/* cmp-lgvi-horizon.c: horizon of pointwise comparisons. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
static double horizon(const blk *b)
{
  for (int i = 0; i < b->nrow; i++) if (at(b, i, 1) > 1e-2) return at(b, i, 0);
  return at(b, b->nrow - 1, 0);
}
int main(void)
{
  blk b[4];
  if (read_blocks("data/cmp-lgvi-horizon.dat", b, 4) != 4) return 2;
  claim("cmp-lgvi-horizon-a", horizon(&b[0]));
  claim("cmp-lgvi-horizon-b", horizon(&b[2]));
  claim("cmp-lgvi-horizon-c", horizon(&b[3]));
  return 0;
}
