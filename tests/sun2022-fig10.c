/* Check of sun2022-fig10. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig10.dat");
  const pend2d_set *a = FIND("reduced"), *b = FIND("angle"), *e = FIND("exact");
  double m = fmax(pend2d_maxdiff(a, b, PEND2D_THETA, 0, 5), pend2d_maxdiff(a, e, PEND2D_THETA, 0, 5));
  printf("sun2022-fig10-a\t%.6g\n", fmax(m, pend2d_maxdiff(b, e, PEND2D_THETA, 0, 5)));
  return 0;
}
