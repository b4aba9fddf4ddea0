/* Check of sun2022-fig12. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig12.dat");
  printf("sun2022-fig12-a\t%.6g\n", pend2d_lag(FIND("reduced_h005"), FIND("exact"), 50));
  printf("sun2022-fig12-b\t%.6g\n", fabs(pend2d_lag(FIND("reduced_h001"), FIND("exact"), 50)));
  return 0;
}
