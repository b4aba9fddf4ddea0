/* liang2023-fig02.c: the mast deploying under gravity: snapshots of the
   claims run (RKMK4 on the index-1 form, h = 1e-3, 10 s), the lowest bar
   midpoint and the extent over time, and the quantities of the claims of
   Fig. 2 at every span. */
#include <math.h>
#include <stdio.h>
#include "fig/lib/liang23drv.h"

#define LIANG_H 1e-3              /* the paper's step */
/* the span of the benchmark, fixed before any claim was measured */
#define LIANG_T 10.0
static const double spans[] = {1, 2, 3, 5, 10};   /* other plausible spans, for the sensitivity */
#define NSPAN (int)(sizeof spans / sizeof spans[0])
static const double tsnap[] = {0, 0.2, 0.4, 0.55, 0.7};
#define NSNAP 5

int main(void)
{
  ld_run r;
  ld_simulate(&r, "mast", "rkmk4", LIANG_H, LIANG_T, tsnap, NSNAP);
  printf("# liang2023-fig02: model mast, scheme rkmk4 (index 1), h = %g, T = %g\n", LIANG_H,
         LIANG_T);
  for (int s = 0; s < NSNAP; s++) {
    printf("# index %d: t = %g: per bar, its two ends x y z\n", s, tsnap[s]);
    for (int i = 0; i < r.nb; i++) {
      const double *e = r.snap + 6 * (size_t)(s * r.nb + i);
      printf("%.6f %.6f %.6f\n%.6f %.6f %.6f\n\n", e[0], e[1], e[2], e[3], e[4], e[5]);
    }
    printf("\n");
  }
  printf("# index %d: t, lowest bar midpoint z, largest midpoint distance (every 10 steps)\n",
         NSNAP);
  for (long k = 0; k < r.n; k += 10)
    printf("%.4f %.8f %.8f\n", r.v[k][LD_T], r.v[k][LD_ZMIN], r.v[k][LD_EXT]);
  printf("\n\n# index %d: span T, completed fraction, extent(T)/extent(0)  (claims a, b)\n",
         NSNAP + 1);
  for (int j = 0; j < NSPAN; j++) {
    double c[6];
    ld_claims(&r, LIANG_H, spans[j], c);
    printf("%g %.17g %.17g\n", spans[j], c[0], c[1]);
  }
  ld_free(&r);
  return 0;
}
