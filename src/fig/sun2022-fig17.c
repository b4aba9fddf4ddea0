/* sun2022-fig17: Eq. 63, the Cayley form and the exact solution at h = 0.01, 50 s */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set s0 = fig_run("liealg", &p, &o, 0.01, 50);
  pend2d_set s1 = fig_run("cayley", &p, &o, 0.01, 50);
  pend2d_set s2 = fig_run("exact", &p, &o, 0.01, 50);
  fig_header("sun2022-fig17", "Eq. 63, the Cayley form and the exact solution at h = 0.01, 50 s",
             &p);
  fig_print("liealg", &s0, 0, 50, 2);
  fig_print("cayley", &s1, 0, 50, 2);
  fig_print("exact", &s2, 0, 50, 2);
  fig_print_alts("liealg", 0, 0.01, 50, 0, 50, 2);
  fig_print_alts("exact", 0, 0.01, 50, 0, 50, 2);
  return 0;
}
