/* Check of sun2022-fig10. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig10.dat");
  static const char *const readings[] = {"", "h=0.05", "g=9.81"};
  for (int r = 0; r < 3; r++) {
    pend2dchk_use(readings[r]);
    const pend2d_set *a = FIND("reduced"), *b = FIND("angle"), *e = FIND("exact");
    double m = fmax(pend2d_maxdiff(a, b, PEND2D_THETA, 0, 5),
                    pend2d_maxdiff(a, e, PEND2D_THETA, 0, 5));
    CLAIM("sun2022-fig10-a", fmax(m, pend2d_maxdiff(b, e, PEND2D_THETA, 0, 5)));
  }
  return 0;
}
