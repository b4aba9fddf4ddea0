/* huang2022-fig07.c: the velocity-constraint violation at joint A: DH's largest
   over 0-50 s (index 1), a bound on round-off; the level (median over every step,
   index 2: dh rattlie galpha dl dl-one-sided) of generalized-alpha and DL; DL also
   with its one-sided velocity, an open reading. */
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  if (read_blocks("data/huang2022-fig07.dat", b, 3) != 3) return 2;
  claim("huang2022-fig07-a", at(&b[1], 0, 0));
  claim("huang2022-fig07-b", at(&b[2], 0, 2));
  claim("huang2022-fig07-c", at(&b[2], 0, 3));
  claim_under("dlvel=onesided", "huang2022-fig07-c", at(&b[2], 0, 4));
  return 0;
}
