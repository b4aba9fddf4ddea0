/* Check of sun2022-fig09. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig09.dat");
  static const char *const readings[] = {"", "h=0.05", "g=9.81"};
  for (int r = 0; r < 3; r++) {
    pend2dchk_use(readings[r]);
    CLAIM("sun2022-fig09-a",
          pend2d_maxdiff(FIND("reduced"), FIND("reduced_inc"), PEND2D_THETA, 0, 50));
  }
  return 0;
}
