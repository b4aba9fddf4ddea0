/* sun2022-fig12: Eq. 50 at h = 0.05 and h = 0.01 and the exact solution, 50 s */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set s0 = fig_run("reduced", &p, &o, 0.05, 50);
  pend2d_set s1 = fig_run("reduced", &p, &o, 0.01, 50);
  pend2d_set s2 = fig_run("exact", &p, &o, 0.01, 50);
  fig_header("sun2022-fig12", "Eq. 50 at h = 0.05 and h = 0.01 and the exact solution, 50 s", &p);
  fig_print("reduced_h005", &s0, 0, 50, 1);
  fig_print("reduced_h001", &s1, 0, 50, 1);
  fig_print("exact", &s2, 0, 50, 1);
  pend2d_params p81 = fig_params(9.81);
  pend2d_set r81 = fig_run("reduced", &p81, &o, 0.05, 50),
      q81 = fig_run("reduced", &p81, &o, 0.01, 50);
  pend2d_set e81 = fig_run("exact", &p81, &o, 0.01, 50);
  fig_print("reduced_h005@g=9.81", &r81, 0, 50, 1);
  fig_print("reduced_h001@g=9.81", &q81, 0, 50, 1);
  fig_print("exact@g=9.81", &e81, 0, 50, 1);
  return 0;
}
