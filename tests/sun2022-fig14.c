/* Check of sun2022-fig14: the two complete Lie group forms at h = 0.05. */
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
  READ_SETS("data/sun2022-fig14.dat");
  const pend2d_set *a = FIND("complete"), *b = FIND("complete_inc");
  printf("sun2022-fig14-a\t%.6g\n", pend2d_maxdiff(a, b, PEND2D_THETA, 0, 45));
  printf("sun2022-fig14-b\t%.6g\n", pend2d_maxdiff(a, b, PEND2D_THETA, 45, 50));
  printf("sun2022-fig14-c\t%.6g\n", pend2d_maxdiff(FIND("complete_tol1e-3"),
                                                     FIND("complete_inc_warm_tol1e-3"),
                                                     PEND2D_THETA, 45, 50));
  return 0;
}
