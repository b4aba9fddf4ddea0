/* cmp-planar-gravity: the verdict quantities at g = 9.8 and g = 9.81. */
#include "fig/pend2dfig.h"

int main(void)
{
  static const double gs[] = { 9.8, 9.81 };
  lg_opts o;
  lg_opts_default(&o);
  for (int k = 0; k < 2; k++) {
    pend2d_params p = fig_params(gs[k]);
    pend2d_set rk4 = fig_run("rk4", &p, &o, 0.01, 50), ang = fig_run("angle", &p, &o, 0.01, 50);
    pend2d_set red = fig_run("reduced", &p, &o, 0.01, 50),
        ex = fig_run("exact", &p, &o, 0.01, 50);
    pend2d_set red5 = fig_run("reduced", &p, &o, 0.05, 50),
        ex5 = fig_run("exact", &p, &o, 0.05, 50);
    pend2d_set com = fig_run("complete", &p, &o, 0.01, 50),
        com5 = fig_run("complete", &p, &o, 0.05, 50);
    pend2d_set ff = fig_run("fform", &p, &o, 0.01, 50), lie = fig_run("liealg", &p, &o, 0.01, 50);
    double q[] = {
      fabs(pend2d_lag(&rk4, &ang, 50)),                        /* fig07-b */
      pend2d_maxdiff(&red, &ex, PEND2D_THETA, 45, 50),         /* fig11-a */
      pend2d_maxdiff(&ang, &ex, PEND2D_THETA, 45, 50),         /* fig11-b */
      pend2d_lag(&red5, &ex5, 50),                             /* fig12-a */
      fabs(pend2d_lag(&red, &ex, 50)),                         /* fig12-b */
      pend2d_maxdiff(&ff, &ex, PEND2D_THETA, 0, 50),           /* fig13-a */
      pend2d_maxdiff(&com, &ex, PEND2D_THETA, 0, 50),          /* fig15-a */
      pend2d_maxdiff(&lie, &ex, PEND2D_THETA, 0, 50),          /* fig17-a */
      fabs(pend2d_lag(&com5, &ex5, 50) / pend2d_lag(&com, &ex, 50))   /* steps-d */
    };
    if (k == 0) fig_header("cmp-planar-gravity", "verdict quantities at g = 9.8 and 9.81", &p);
    printf("%s# set g%g\n# columns: index value (fig07-b 11-a 11-b 12-a 12-b 13-a 15-a 17-a "
           "steps-d)\n",
           k ? "\n\n" : "", gs[k]);
    for (int i = 0; i < 9; i++) printf("%d %.9e\n", i, q[i]);
  }
  return 0;
}
