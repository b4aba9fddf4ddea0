/* Check of cmp-planar-ref. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/cmp-planar-ref.dat");
  const pend2d_set *s = FIND("diff");
  double m = 0;
  for (long i = 0; i < s->nrow; i++) m = fmax(m, s->v[2 * i + 1]);
  printf("cmp-planar-ref-a\t%.6g\n", m);
  return 0;
}
