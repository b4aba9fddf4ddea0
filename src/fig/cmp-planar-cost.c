/* cmp-planar-cost: Newton iterations per step of every implicit planar scheme. */
#include "fig/pend2dfig.h"
#include "fig/pend2dlist.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  fig_header("cmp-planar-cost", "Newton iterations per step over 50 s", &p);
  printf("# set iters\n# columns: index iters_h0.01 iters_h0.05 equation name\n");
  for (int k = 0; k + 1 < FIG_NSCHEMES; k++) {
    pend2d_set a = fig_run(fig_schemes[k], &p, &o, 0.01, 50);
    pend2d_set b = fig_run(fig_schemes[k], &p, &o, 0.05, 50);
    printf("%d %.6f %.6f %s %s\n", k, a.iters / (double)a.steps, b.iters / (double)b.steps,
           fig_labels[k], fig_schemes[k]);
  }
  return 0;
}
