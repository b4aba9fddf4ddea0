/* Check of sun2022-fig11. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig11.dat");
  printf("sun2022-fig11-a\t%.6g\n", pend2d_maxdiff(FIND("reduced"), FIND("exact"), PEND2D_THETA, 45, 50));
  printf("sun2022-fig11-b\t%.6g\n", pend2d_maxdiff(FIND("angle"), FIND("exact"), PEND2D_THETA, 45, 50));
  return 0;
}
