/* huang2022-fig06.c: largest orthogonality error of the three methods. */
#include "lib/lgvichk.h"
int main(void)
{
  blk b[2];
  if (read_blocks("data/huang2022-fig06.dat", b, 2) != 2) return 2;
  claim("huang2022-fig06-a", at(&b[1], 0, 3));
  return 0;
}
