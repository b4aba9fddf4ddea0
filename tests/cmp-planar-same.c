/* Check of cmp-planar-same: largest difference of each pair over 50 s. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/cmp-planar-same.dat");
  const pend2d_set *s = FIND("pairs");
  for (int k = 0; k < 8; k++) {
    double m = 0;
    for (long i = 0; i < s->nrow; i++) m = fmax(m, s->v[i * s->ncol + 1 + k]);
    printf("cmp-planar-same-%c\t%.6g\n", 'a' + k, m);
  }
  return 0;
}
