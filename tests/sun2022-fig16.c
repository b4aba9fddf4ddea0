/* Check of sun2022-fig16. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig16.dat");
  printf("sun2022-fig16-a\t%.6g\n", pend2d_maxdiff(FIND("liealg"), FIND("liealg_inc"), PEND2D_THETA, 0, 50));
  return 0;
}
