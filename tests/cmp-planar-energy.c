/* Check of cmp-planar-energy: conserved, bounded, or lost. */
#include <math.h>
#include <string.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

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
  if (pend2dchk_count() != 12) return 1;
  printf("cmp-planar-energy-l\t%.6g\n",
         blockmax(FIND("reduced_tol1e-14"), 0, pend2dchk_set(11)->nrow));
  for (int k = 0; k < 11; k++) {
    const pend2d_set *s = pend2dchk_set(k);
    const char *n = s->name;
    double m;
    if (strcmp(n, "rk4") == 0) m = 1.0 - s->v[(s->nrow - 1) * s->ncol + 2];
    else if (strncmp(n, "reduced", 7) == 0 || strcmp(n, "fform") == 0
             || strncmp(n, "complete", 8) == 0)
      m = blockmax(s, 0, s->nrow);
    else m = blockmax(s, 0, s->nrow) / blockmax(s, 0, s->nrow / 2);   /* D(T)/D(T/2) */
    printf("cmp-planar-energy-%c\t%.6g\n", 'a' + k, m);
  }
  return 0;
}
