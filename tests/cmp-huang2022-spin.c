/* cmp-huang2022-spin.c: the spinning double pendulum (index 2 of its data
   file) and the velocity constraint on the paper's problem (index 1 of
   huang2022-fig07's). */
#include <math.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[3], f[2];
  if (read_blocks("data/cmp-huang2022-spin.dat", b, 3) != 3) return 2;
  if (read_blocks("data/huang2022-fig07.dat", f, 2) != 2) return 2;
  const blk *s = &b[2];
  /* columns: range, then per scheme (e1, horizon, dphi, dE) for dh rattlie galpha dl */
  claim("cmp-huang2022-spin-a", fmax(at(s, 0, 3), at(s, 0, 7)));
  claim("cmp-huang2022-spin-b", fmax(at(&f[1], 0, 6), at(&f[1], 0, 7)));
  double e = 0;
  for (int k = 0; k < 4; k++) e = fmax(e, at(s, 0, 1 + 4 * k));
  claim("cmp-huang2022-spin-c", e);
  return 0;
}
