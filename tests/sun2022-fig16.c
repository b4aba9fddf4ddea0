/* Check of sun2022-fig16. */
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
  READ_SETS("data/sun2022-fig16.dat");
  printf("sun2022-fig16-a\t%.6g\n", pend2d_maxdiff(FIND("liealg"), FIND("liealg_inc"), PEND2D_THETA, 0, 50));
  return 0;
}
