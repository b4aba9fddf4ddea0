/* huang2022-fig07.c: velocity-constraint violation at joint A of DH,
   generalized-alpha and DL (index 1: dh rattlie galpha dl dl-one-sided ...). */
#include "lib/lgvichk.h"
int main(void)
{
  blk b[2];
  if (read_blocks("data/huang2022-fig07.dat", b, 2) != 2) return 2;
  claim("huang2022-fig07-a", at(&b[1], 0, 0));
  claim("huang2022-fig07-b", at(&b[1], 0, 2));
  claim("huang2022-fig07-c", at(&b[1], 0, 3));
  return 0;
}
