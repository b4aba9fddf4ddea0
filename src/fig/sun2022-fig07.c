/* sun2022-fig07: classical RK4 and Eq. 43, last 5 s of 50 s. */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set rk4 = fig_run("rk4", &p, &o, 0.01, 50), mid = fig_run("angle", &p, &o, 0.01, 50);
  fig_header("sun2022-fig07", "classical RK4 and Eq. 43 at h = 0.01, last 5 s of 50 s", &p);
  fig_print("rk4", &rk4, 45, 50, 1);
  fig_print("angle", &mid, 45, 50, 1);
  fig_print_alts("rk4", 1, 0.01, 50, 45, 50, 1);
  fig_print_alts("angle", 1, 0.01, 50, 45, 50, 1);
  return 0;
}
