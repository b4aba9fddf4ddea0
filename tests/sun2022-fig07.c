/* Check of sun2022-fig07: amplitude and phase of RK4 against Eq. 43 at 50 s. */
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
  READ_SETS("data/sun2022-fig07.dat");
  const pend2d_set *a = FIND("rk4"), *b = FIND("angle");
  double ea = a->v[(a->nrow - 1) * a->ncol + PEND2D_ENERGY];
  double eb = b->v[(b->nrow - 1) * b->ncol + PEND2D_ENERGY];
  printf("sun2022-fig07-a\t%.6g\n", fabs(sqrt(ea / eb) - 1.0));
  printf("sun2022-fig07-b\t%.6g\n", fabs(pend2d_lag(a, b, 50)));
  return 0;
}
