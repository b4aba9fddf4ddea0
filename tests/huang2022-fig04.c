/* huang2022-fig04.c: agreement of rod 2's body angular velocity about its body X axis with the
   reference,
   over 0-4 s and over 0-50 s (index 2 of the data file is one summary row). */
#include <math.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  if (read_blocks("data/huang2022-fig04.dat", b, 3) != 3) return 2;
  claim("huang2022-fig04-a", fmax(at(&b[2], 0, 1), fmax(at(&b[2], 0, 2), at(&b[2], 0, 3))));
  claim("huang2022-fig04-b", fmax(at(&b[2], 0, 4), fmax(at(&b[2], 0, 5), at(&b[2], 0, 6))));
  return 0;
}
