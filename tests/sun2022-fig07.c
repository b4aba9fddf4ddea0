/* Check of sun2022-fig07: amplitude and phase of RK4 against Eq. 43 at 50 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig07.dat");
  const pend2d_set *a = FIND("rk4"), *b = FIND("angle");
  double ea = a->v[(a->nrow - 1) * a->ncol + PEND2D_ENERGY];
  double eb = b->v[(b->nrow - 1) * b->ncol + PEND2D_ENERGY];
  printf("sun2022-fig07-a\t%.6g\n", fabs(sqrt(ea / eb) - 1.0));
  printf("sun2022-fig07-b\t%.6g\n", fabs(pend2d_lag(a, b, 50)));
  return 0;
}
