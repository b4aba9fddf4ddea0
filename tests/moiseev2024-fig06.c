/* moiseev2024-fig06.c: orthogonality errors (moiseev2024 Fig. 6). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
static const char *const moiseev_start[4] = {"dW0=1e-12", "dW0=-1e-12", "dW0=1e-10",
                                             "dW0=-1e-10"};
int main(void)
{
  blk b[13];
  if (read_blocks("data/moiseev2024-fig06.dat", b, 13) != 13) return 2;
  claim("moiseev2024-fig06-a", drift_ratio(&b[1], 1, 30));
  claim("moiseev2024-fig06-b", colmax(&b[0], 1, 1));
  claim_under("g=9.81", "moiseev2024-fig06-a", drift_ratio(&b[4], 1, 30));
  claim_under("g=9.81", "moiseev2024-fig06-b", colmax(&b[3], 1, 1));
  for (int k = 0; k < 4; k++)
    claim_under(moiseev_start[k], "moiseev2024-fig06-a", drift_ratio(&b[6 + 2 * k], 1, 30));
  return 0;
}
