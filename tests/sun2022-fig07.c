/* Check of sun2022-fig07: amplitude and phase of RK4 against Eq. 43 at 50 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig07.dat");
  static const char *const readings[] = {"", "h=0.05", "g=9.81"};
  for (int r = 0; r < 3; r++) {
    pend2dchk_use(readings[r]);
    const pend2d_set *a = FIND("rk4"), *b = FIND("angle");
    double ea = a->v[(a->nrow - 1) * a->ncol + PEND2D_ENERGY];
    double eb = b->v[(b->nrow - 1) * b->ncol + PEND2D_ENERGY];
    CLAIM("sun2022-fig07-a", fabs(sqrt(ea / eb) - 1.0));
    CLAIM("sun2022-fig07-b", fabs(pend2d_lag(a, b, 50)));
  }
  return 0;
}
