/* Check of sun2022-fig06: RK4 and Eq. 43 in the first 5 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
  READ_SETS("data/sun2022-fig06.dat");
  printf("sun2022-fig06-a\t%.6g\n", pend2d_maxdiff(FIND("rk4"), FIND("angle"), PEND2D_THETA, 0, 5));
  return 0;
}
