/* cmp-planar-ref: rk8pd reference against the exact solution, 50 s. */
#include "fig/pend2dfig.h"

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  pend2d_set r = fig_run("ref", &p, &o, 0.01, 50), e = fig_run("exact", &p, &o, 0.01, 50);
  fig_header("cmp-planar-ref", "largest |theta_ref - theta_exact| per 0.1 s", &p);
  printf("# set diff\n# columns: t maxdtheta\n");
  for (long i = 0; i + 10 < r.nrow; i += 10) {
    double m = 0;
    for (long j = i + 1; j <= i + 10; j++) m = fmax(m, fabs(r.v[4 * j + 1] - e.v[4 * j + 1]));
    printf("%.10g %.6e\n", r.v[4 * (i + 10)], m);
  }
  return 0;
}
