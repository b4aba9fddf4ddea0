/* sun2022-fig09: Eqs. 50 and 53 at h = 0.01, 50 s */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set s0 = fig_run("reduced", &p, &o, 0.01, 50);
  pend2d_set s1 = fig_run("reduced_inc", &p, &o, 0.01, 50);
  fig_header("sun2022-fig09", "Eqs. 50 and 53 at h = 0.01, 50 s", &p);
  fig_print("reduced", &s0, 0, 50, 2);
  fig_print("reduced_inc", &s1, 0, 50, 2);
  fig_print_alts("reduced", 1, 0.01, 50, 0, 50, 2);
  fig_print_alts("reduced_inc", 1, 0.01, 50, 0, 50, 2);
  return 0;
}
