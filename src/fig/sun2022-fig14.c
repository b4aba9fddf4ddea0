/* sun2022-fig14: Eqs. 59 and 60 at h = 0.05, 50 s, at two Newton tolerances. */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o, loose;
  lg_opts_default(&o);
  loose = o;
  loose.newton_tol = 1e-4;
  pend2d_set a = fig_run("complete", &p, &o, 0.05, 50), b = fig_run("complete_inc", &p, &o, 0.05, 50);
  pend2d_set la = fig_run("complete", &p, &loose, 0.05, 50);
  pend2d_set lb = fig_run("complete_inc", &p, &loose, 0.05, 50);
  fig_header("sun2022-fig14", "Eqs. 59 and 60 at h = 0.05, 50 s; Newton tolerance 1e-12 and 1e-4", &p);
  fig_print("complete", &a, 0, 50, 1);
  fig_print("complete_inc", &b, 0, 50, 1);
  fig_print("complete_loose", &la, 0, 50, 1);
  fig_print("complete_inc_loose", &lb, 0, 50, 1);
  printf("\n\n# set diff\n# columns: t |theta_59-theta_60| (tol 1e-12) the same (tol 1e-4)\n");
  for (long i = 0; i < a.nrow; i++)
    printf("%.10g %.17g %.17g\n", a.v[4 * i], fabs(a.v[4 * i + 1] - b.v[4 * i + 1]),
           fabs(la.v[4 * i + 1] - lb.v[4 * i + 1]));
  return 0;
}
