/* sun2022-fig06: classical RK4 and Eq. 43, first 5 s. */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set rk4 = fig_run("rk4", &p, &o, 0.01, 5), mid = fig_run("angle", &p, &o, 0.01, 5);
  fig_header("sun2022-fig06", "classical RK4 and Eq. 43 at h = 0.01, first 5 s", &p);
  fig_print("rk4", &rk4, 0, 5, 1);
  fig_print("angle", &mid, 0, 5, 1);
  fig_print_alts("rk4", 1, 0.01, 5, 0, 5, 1);
  fig_print_alts("angle", 1, 0.01, 5, 0, 5, 1);
  return 0;
}
