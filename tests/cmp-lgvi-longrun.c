/* cmp-lgvi-longrun.c: invariants over a million steps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[5];
  if (read_blocks("data/cmp-lgvi-longrun.dat", b, 5) != 5) return 2;
  /* the offset body's LGVI; the pendulum's is row moiseev2024-fig07-b, steps=1e6 */
  claim("cmp-lgvi-longrun-a", drift_ratio(&b[2], 1, 1e4));
  claim("cmp-lgvi-longrun-b", drift_ratio(&b[1], 1, 1e4));
  claim("cmp-lgvi-longrun-c", drift_ratio(&b[3], 1, 1e4));
  claim("cmp-lgvi-longrun-d", fmax(colmax(&b[0], 2, 1), colmax(&b[2], 2, 1)));
  claim("cmp-lgvi-longrun-e", fmax(colmax(&b[0], 3, 1), colmax(&b[2], 3, 1)));
  claim("cmp-lgvi-longrun-f", fabs(at(&b[1], b[1].nrow - 1, 1)) / colmax(&b[0], 1, 1));
  return 0;
}
