/* huang2022-fig04.c: agreement of rod 2's body angular velocity about its body X axis with the
   reference,
   over 0-4 s, and how long it lasts (index 2 of the data file is one summary row). */
#include <math.h>
#include <stdio.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3];
  if (read_blocks("data/huang2022-fig04.dat", b, 3) != 3) return 2;
  claim("huang2022-fig04-a", fmax(at(&b[2], 0, 1), fmax(at(&b[2], 0, 2), at(&b[2], 0, 3))));
  double th = fmin(at(&b[2], 0, 7), fmin(at(&b[2], 0, 8), at(&b[2], 0, 9)));
  /* the problem's horizon for this quantity: a solution started 1e-12 rad/s
     away leaves the reference by a line width of Omega_2,1 (summary row of
     cmp-multibody-ref, its column 11) */
  blk r[3];
  if (read_blocks("data/cmp-multibody-ref.dat", r, 3) != 3) return 2;
  claim_horizon("huang2022-fig04-b", th, at(&r[2], 0, 10),
                "the three methods and the reference (rod 2's body angular velocity)");
  return 0;
}
