/* Check of cmp-planar-energy: conserved, bounded, or lost. */
#include <math.h>
#include <string.h>
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

/* Largest block error over blocks [i0, i1). */
static double blockmax(const pend2d_set *s, long i0, long i1)
{
  double m = 0;
  for (long i = i0; i < i1 && i < s->nrow; i++) m = fmax(m, s->v[i * s->ncol + 1]);
  return m;
}

int main(void)
{
  READ_SETS("data/cmp-planar-energy.dat");
  if (nsets != 12) return 1;
  printf("cmp-planar-energy-l\t%.6g\n", blockmax(FIND("reduced_tol1e-14"), 0, sets[11].nrow));
  for (int k = 0; k < 11; k++) {
    const pend2d_set *s = &sets[k];
    const char *n = s->name;
    long n10 = s->nrow / 10;
    double m;
    if (strcmp(n, "rk4") == 0) m = 1.0 - s->v[(s->nrow - 1) * s->ncol + 2];
    else if (strncmp(n, "reduced", 7) == 0 || strcmp(n, "fform") == 0 || strncmp(n, "complete", 8) == 0)
      m = blockmax(s, 0, s->nrow);
    else m = blockmax(s, s->nrow - n10, s->nrow) / blockmax(s, 0, n10);
    printf("cmp-planar-energy-%c\t%.6g\n", 'a' + k, m);
  }
  return 0;
}
