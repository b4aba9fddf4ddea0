/* Check of cmp-planar-gravity: largest relative change between g = 9.8 and 9.81. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/cmp-planar-gravity.dat");
  const pend2d_set *a = FIND("g9.8"), *b = FIND("g9.81");
  double m = 0;
  if (a->nrow != b->nrow) return 1;
  for (long i = 0; i < a->nrow; i++) m = fmax(m, fabs(b->v[2 * i + 1] / a->v[2 * i + 1] - 1.0));
  printf("cmp-planar-gravity-a\t%.6g\n", m);
  return 0;
}
