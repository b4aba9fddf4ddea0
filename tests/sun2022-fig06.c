/* Check of sun2022-fig06: RK4 and Eq. 43 in the first 5 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig06.dat");
  printf("sun2022-fig06-a\t%.6g\n", pend2d_maxdiff(FIND("rk4"), FIND("angle"), PEND2D_THETA, 0, 5));
  return 0;
}
