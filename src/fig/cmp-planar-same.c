/* cmp-planar-same: differences between forms that are one map. */
#include "fig/pend2dfig.h"
#include "fig/pend2dlist.h"

static const char *const pairs[][2] = {
  {"angle", "angle_inc"}, {"angle", "liealg"}, {"liealg", "liealg_inc"},
  {"reduced", "reduced_inc"}, {"reduced", "fform"}, {"reduced", "complete"},
  {"complete", "complete_inc"}, {"angle", "reduced"}
};
enum { NPAIRS = 8, BLOCK = 5 };

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set a[NPAIRS], b[NPAIRS];
  for (int k = 0; k < NPAIRS; k++) {
    a[k] = fig_run(pairs[k][0], &p, &o, 0.01, 50);
    b[k] = fig_run(pairs[k][1], &p, &o, 0.01, 50);
  }
  fig_header("cmp-planar-same", "largest |theta_a - theta_b| per block of 5 steps, h = 0.01", &p);
  printf("# set pairs\n# columns: t");
  for (int k = 0; k < NPAIRS; k++) printf(" %s-%s", pairs[k][0], pairs[k][1]);
  printf("\n");
  for (long i = 0; i + BLOCK < a[0].nrow; i += BLOCK) {
    printf("%.10g", a[0].v[4 * (i + BLOCK)]);
    for (int k = 0; k < NPAIRS; k++) {
      double m = 0;
      for (long j = i + 1; j <= i + BLOCK; j++)
        m = fmax(m, fabs(a[k].v[4 * j + 1] - b[k].v[4 * j + 1]));
      printf(" %.6g", m);
    }
    printf("\n");
  }
  return 0;
}
