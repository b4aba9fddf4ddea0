/* Check of cmp-planar-ref. */
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
  READ_SETS("data/cmp-planar-ref.dat");
  const pend2d_set *s = FIND("diff");
  double m = 0;
  for (long i = 0; i < s->nrow; i++) m = fmax(m, s->v[2 * i + 1]);
  printf("cmp-planar-ref-a\t%.6g\n", m);
  return 0;
}
