/* Check of cmp-planar-order: least-squares slope of log error against log h. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/cmp-planar-order.dat");
  if (pend2dchk_count() != 11) return 1;
  for (int k = 0; k < pend2dchk_count(); k++) {
    const pend2d_set *s = pend2dchk_set(k);
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = (double)s->nrow;
    for (long i = 0; i < s->nrow; i++) {
      double x = log(s->v[2 * i]), y = log(s->v[2 * i + 1]);
      sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    printf("cmp-planar-order-%c\t%.6g\n", 'a' + k, (n * sxy - sx * sy) / (n * sxx - sx * sx));
  }
  return 0;
}
