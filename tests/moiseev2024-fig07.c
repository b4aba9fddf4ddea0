/* moiseev2024-fig07.c: total energy (moiseev2024 Fig. 7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[7];
  if (read_blocks("data/moiseev2024-fig07.dat", b, 7) != 7) return 2;
  claim_under("g=9.81", "moiseev2024-fig07-a", drift_ratio(&b[6], 2, 30));
  claim_under("g=9.81", "moiseev2024-fig07-b", drift_ratio(&b[5], 2, 30));
  claim_under("g=9.81", "moiseev2024-fig07-c", colmax(&b[5], 2, 1) / colmax(&b[6], 2, 1));
  claim_under("gdir=-e3", "moiseev2024-fig07-a", drift_ratio(&b[4], 2, 30));
  claim_under("gdir=-e3", "moiseev2024-fig07-b", drift_ratio(&b[3], 2, 30));
  claim_under("gdir=-e3", "moiseev2024-fig07-c", colmax(&b[3], 2, 1) / colmax(&b[4], 2, 1));
  claim("moiseev2024-fig07-a", drift_ratio(&b[1], 2, 30));
  claim("moiseev2024-fig07-b", drift_ratio(&b[0], 2, 30));
  claim("moiseev2024-fig07-c", colmax(&b[0], 2, 1) / colmax(&b[1], 2, 1));
  claim("moiseev2024-fig07-d", drift_ratio(&b[4], 2, 30));
  claim("moiseev2024-fig07-e", drift_ratio(&b[3], 2, 30));
  return 0;
}
