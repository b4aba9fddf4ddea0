/* liang2023-fig01.c: one unit (bay) of the assumed mast, folded as in the
   model file and fully deployed: the ends of its six bars and of the three
   bars above it, in space. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "model/multibody.h"
#include "fig/lib/liang23drv.h"

int main(void)
{
  const lg_model *m = lg_model_find("mast");
  if (!m) return 1;
  mb_par *p = calloc(1, m->par_size);
  lg_body *q = calloc(18, sizeof *q);
  double e[6 * 18];
  if (!p || !q) return 1;
  lg_params_default(m, p);
  mb_initial(p, q);
  ld_bar_ends(p, q, e);
  printf("# liang2023-fig01: the first unit of the mast as assumed (model mast)\n");
  printf("# index 0: folded (t = 0): per bar, its two ends x y z, bars L10 L11 L12 T10 T11 "
         "T12\n");
  for (int i = 0; i < 6; i++)
    printf("%.6f %.6f %.6f\n%.6f %.6f %.6f\n\n", e[6 * i], e[6 * i + 1], e[6 * i + 2],
           e[6 * i + 3], e[6 * i + 4], e[6 * i + 5]);
  /* deployed: twist 0, bay height L2 = 1, same top triangle */
  const double r = 2 / sqrt(3.0), pi = 3.14159265358979323846;
  printf("\n# index 1: deployed (twist 0, height 1): same bars\n");
  for (int t = 0; t < 2; t++)
    for (int j = 0; j < 3; j++) {
      double a0 = pi / 2 + 2 * pi * j / 3, a1 = t ? pi / 2 + 2 * pi * ((j + 1) % 3) / 3 : a0;
      double z0 = t ? -1 : 0;
      printf("%.6f %.6f %.6f\n%.6f %.6f %.6f\n\n", r * cos(a0), r * sin(a0), z0, r * cos(a1),
             r * sin(a1), -1.0);
    }
  printf("\n# index 2: the fixed top points and the nodes of level 1 (folded), for labels\n");
  for (int k = 0; k < 3; k++) printf("%.6f %.6f %.6f\n", e[6 * k], e[6 * k + 1], e[6 * k + 2]);
  for (int k = 0; k < 3; k++) printf("%.6f %.6f %.6f\n", e[6 * k + 3], e[6 * k + 4],
                                     e[6 * k + 5]);
  free(p);
  free(q);
  return 0;
}
