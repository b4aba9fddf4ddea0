/* Check of cmp-planar-order: least-squares slope of log error against log h. */
#include <math.h>
#include "model/pend2d.h"

#include <stdio.h>
#include <stdlib.h>
static pend2d_set sets[32];
static int nsets;

static inline const pend2d_set *find_set(const char *name)
{
  const pend2d_set *s = pend2d_dat_find(sets, nsets, name);
  if (!s) {
    fprintf(stderr, "set %s missing\n", name);
    exit(1);
  }
  return s;
}
#define READ_SETS(path)                                                   \
  do {                                                                    \
    if (pend2d_dat_read(path, sets, 32, &nsets) != LG_OK) {               \
      fprintf(stderr, "cannot read %s\n", path);                          \
      return 1;                                                           \
    }                                                                     \
  } while (0)
#define FIND(name) find_set(name)

int main(void)
{
  READ_SETS("data/cmp-planar-order.dat");
  if (nsets != 11) return 1;
  for (int k = 0; k < nsets; k++) {
    const pend2d_set *s = &sets[k];
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = (double)s->nrow;
    for (long i = 0; i < s->nrow; i++) {
      double x = log(s->v[2 * i]), y = log(s->v[2 * i + 1]);
      sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    printf("cmp-planar-order-%c\t%.6g\n", 'a' + k, (n * sxy - sx * sy) / (n * sxx - sx * sx));
  }
  return 0;
}
