/* sun2022-fig16: Eqs. 63 and 64 at h = 0.01, 50 s */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set s0 = fig_run("liealg", &p, &o, 0.01, 50);
  pend2d_set s1 = fig_run("liealg_inc", &p, &o, 0.01, 50);
  fig_header("sun2022-fig16", "Eqs. 63 and 64 at h = 0.01, 50 s", &p);
  fig_print("liealg", &s0, 0, 50, 2);
  fig_print("liealg_inc", &s1, 0, 50, 2);
  fig_print_alts("liealg", 0, 0.01, 50, 0, 50, 2);
  fig_print_alts("liealg_inc", 0, 0.01, 50, 0, 50, 2);
  return 0;
}
