/* Check of sun2022-fig05: amplitude losses over 50 s, from the energy. */
#include <math.h>
#include <stdio.h>
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
  READ_SETS("data/sun2022-fig05.dat");
  printf("sun2022-fig05-a\t%.6g\n", pend2d_ampl_loss(FIND("rk4")));
  printf("sun2022-fig05-b\t%.6g\n", fabs(pend2d_ampl_loss(FIND("angle"))));
  printf("sun2022-fig05-c\t%.6g\n", pend2d_ampl_loss(FIND("rkf45")));
  printf("sun2022-fig05-d\t%.6g\n", pend2d_ampl_loss(FIND("rk4_doubling")));
  printf("sun2022-fig05-e\t%.6g\n", pend2d_ampl_loss(FIND("rk4_doubling_1e-2")));
  return 0;
}
