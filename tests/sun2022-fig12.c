/* Check of sun2022-fig12. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig12.dat");
  static const char *const readings[] = {"", "g=9.81"};
  for (int r = 0; r < 2; r++) {
    pend2dchk_use(readings[r]);
    CLAIM("sun2022-fig12-a", pend2d_lag(FIND("reduced_h005"), FIND("exact"), 50));
    CLAIM("sun2022-fig12-b", fabs(pend2d_lag(FIND("reduced_h001"), FIND("exact"), 50)));
  }
  return 0;
}
