/* cmp-planar-order: error at t = 5 s against h for every planar scheme. */
#include "fig/pend2dfig.h"
#include "fig/pend2dlist.h"

int main(void)
{
  static const double hs[] = { 0.04, 0.02, 0.01, 0.005, 0.0025 };
  const double T = 5.0;
  pend2d_params p = fig_params(9.8);
  lg_opts o;
  lg_opts_default(&o);
  double the, ome, wn = pend2d_omega_n(&p);
  if (pend2d_exact(&p, T, &the, &ome) != LG_OK) return 1;
  fig_header("cmp-planar-order", "error at t = 5 s: max(|dtheta|, |domega|/omega_n)", &p);
  for (int k = 0; k < FIG_NSCHEMES; k++) {
    printf("%s# set %s\n# columns: h error\n", k ? "\n\n" : "", fig_schemes[k]);
    for (int j = 0; j < 5; j++) {
      pend2d_set s;
      long n = lround(T / hs[j]);
      if (pend2d_run_set(&s, fig_schemes[k], &p, &o, hs[j], n, n) != LG_OK) return 1;
      const double *r = s.v + (s.nrow - 1) * s.ncol;
      printf("%g %.6e\n", hs[j], fmax(fabs(r[1] - the), fabs(r[2] - ome) / wn));
      pend2d_set_free(&s);
    }
  }
  return 0;
}
