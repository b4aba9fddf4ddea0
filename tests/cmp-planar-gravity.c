/* Check of cmp-planar-gravity: largest relative change between g = 9.8 and 9.81. */
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
  READ_SETS("data/cmp-planar-gravity.dat");
  const pend2d_set *a = FIND("g9.8"), *b = FIND("g9.81");
  double m = 0;
  if (a->nrow != b->nrow) return 1;
  for (long i = 0; i < a->nrow; i++) m = fmax(m, fabs(b->v[2 * i + 1] / a->v[2 * i + 1] - 1.0));
  printf("cmp-planar-gravity-a\t%.6g\n", m);
  return 0;
}
