/* Check of sun2022-fig08. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig08.dat");
  printf("sun2022-fig08-a\t%.6g\n", pend2d_maxdiff(FIND("angle"), FIND("angle_inc"), PEND2D_THETA, 45, 50));
  return 0;
}
