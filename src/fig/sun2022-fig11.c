/* sun2022-fig11: Eqs. 50, 43 and the exact solution at h = 0.01, last 5 s of 50 s */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set s0 = fig_run("reduced", &p, &o, 0.01, 50);
  pend2d_set s1 = fig_run("angle", &p, &o, 0.01, 50);
  pend2d_set s2 = fig_run("exact", &p, &o, 0.01, 50);
  fig_header("sun2022-fig11", "Eqs. 50, 43 and the exact solution at h = 0.01, last 5 s of 50 s",
             &p);
  fig_print("reduced", &s0, 45, 50, 1);
  fig_print("angle", &s1, 45, 50, 1);
  fig_print("exact", &s2, 45, 50, 1);
  fig_print_alts("reduced", 1, 0.01, 50, 45, 50, 1);
  fig_print_alts("angle", 1, 0.01, 50, 45, 50, 1);
  fig_print_alts("exact", 1, 0.01, 50, 45, 50, 1);
  return 0;
}
