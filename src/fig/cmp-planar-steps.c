/* cmp-planar-steps: lag, amplitude loss and energy error at 50 s against h. */
#include "fig/pend2dfig.h"

int main(void)
{
  static const char *const names[] = { "angle", "reduced", "fform", "complete",
                                       "liealg", "cayley", "rk4" };
  static const double hs[] = { 0.01, 0.02, 0.05 };
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  fig_header("cmp-planar-steps", "lag (s), amplitude loss, max |E-E0|/E0 at 50 s", &p);
  for (int k = 0; k < 7; k++) {
    printf("%s# set %s\n# columns: h lag ampl_loss energy_maxrel\n", k ? "\n\n" : "", names[k]);
    for (int j = 0; j < 3; j++) {
      pend2d_set s = fig_run(names[k], &p, &o, hs[j], 50),
          e = fig_run("exact", &p, &o, hs[j], 50);
      printf("%g %.6e %.6e %.6e\n", hs[j], pend2d_lag(&s, &e, 50), pend2d_ampl_loss(&s),
             pend2d_energy_maxrel(&s, 0, 50));
    }
  }
  pend2d_params p81 = fig_params(9.81);     /* the sensitivity pass: g = 9.81 */
  for (int k = 0; k < 7; k++) {
    printf("\n\n# set %s@g=9.81\n# columns: h lag ampl_loss energy_maxrel\n", names[k]);
    for (int j = 0; j < 3; j++) {
      pend2d_set s = fig_run(names[k], &p81, &o, hs[j], 50),
          e = fig_run("exact", &p81, &o, hs[j], 50);
      printf("%g %.6e %.6e %.6e\n", hs[j], pend2d_lag(&s, &e, 50), pend2d_ampl_loss(&s),
             pend2d_energy_maxrel(&s, 0, 50));
    }
  }
  return 0;
}
