/* huang2022-fig05.c: energy errors of DH, RATTLie and generalized-alpha
   (index 2: one row per scheme, the maximum over 50 s, then per 10-s window). */
#include <math.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  if (read_blocks("data/huang2022-fig05.dat", b, 3) != 3 || b[2].nrow != 3) return 2;
  double dh = at(&b[2], 0, 0), rl = at(&b[2], 1, 0), ga = at(&b[2], 2, 0);
  claim("huang2022-fig05-a", ga / fmax(dh, rl));
  claim("huang2022-fig05-b", dh / rl);
  claim("huang2022-fig05-c", at(&b[2], 0, 5) / at(&b[2], 0, 1));
  return 0;
}
