/* moiseev2024-fig08.c: vertical angular momentum (moiseev2024 Fig. 8). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
static const char *const moiseev_start[4] = {"dW0=1e-12", "dW0=-1e-12", "dW0=1e-10",
                                             "dW0=-1e-10"};
int main(void)
{
  blk b[23];
  if (read_blocks("data/moiseev2024-fig08.dat", b, 23) != 23) return 2;
  for (int k = 0; k < 4; k++) {
    claim_under(moiseev_start[k], "moiseev2024-fig08-a", drift_ratio(&b[8 + 2 * k], 2, 30));
    claim_under(moiseev_start[k], "moiseev2024-fig08-c", drift_ratio(&b[16 + 2 * k], 2, 30));
  }
  claim_under("g=9.81", "moiseev2024-fig08-a", drift_ratio(&b[6], 2, 30));
  claim_under("g=9.81", "moiseev2024-fig08-b", colmax(&b[5], 2, 1));
  claim_under("gdir=-e3", "moiseev2024-fig08-a", drift_ratio(&b[4], 2, 30));
  claim("moiseev2024-fig08-a", drift_ratio(&b[1], 2, 30));
  claim("moiseev2024-fig08-b", colmax(&b[0], 2, 1));
  claim("moiseev2024-fig08-c", drift_ratio(&b[4], 2, 30));
  return 0;
}
