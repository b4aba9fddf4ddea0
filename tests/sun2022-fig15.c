/* Check of sun2022-fig15. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig15.dat");
  static const char *const readings[] = {"", "g=9.81"};
  for (int r = 0; r < 2; r++) {
    pend2dchk_use(readings[r]);
    CLAIM("sun2022-fig15-a",
          pend2d_maxdiff(FIND("complete"), FIND("exact"), PEND2D_THETA, 0, 50));
  }
  return 0;
}
