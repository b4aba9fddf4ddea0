/* Check of sun2022-fig06: RK4 and Eq. 43 in the first 5 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig06.dat");
  static const char *const readings[] = {"", "h=0.05", "g=9.81"};
  for (int r = 0; r < 3; r++) {
    pend2dchk_use(readings[r]);
    CLAIM("sun2022-fig06-a", pend2d_maxdiff(FIND("rk4"), FIND("angle"), PEND2D_THETA, 0, 5));
  }
  return 0;
}
