/* cmp-pendulum3d-order.c: observed order of the five 3D pendulum schemes. */
#include "fig/p3d-driver.h"

static int p3d_keep_state(void *ctx, const lg_state *s)
{
  *(lg_state *)ctx = *s;
  return 0;
}

int main(void)
{
  const char *sch[5] = {"p3d-f", "p3d-ra", "p3d-ra-inc", "p3d-clg", "p3d-cardan"};
  const double hs[4] = {0.02, 0.01, 0.005, 0.0025}, T = 1.0;
  ht_params p;
  lg_opts opt;
  lg_state ref, s;
  double Gr[3], G[3];
  memset(&p, 0, sizeof p);
  p.m = 1.0; p.g = 9.8; p.gdir[2] = 1.0;
  p.J[0] = 0.13; p.J[1] = 0.28; p.J[2] = 0.17; p.rho[2] = 0.3;
  so3_identity(p.R0);
  p.W0[0] = p.W0[1] = p.W0[2] = 4.14;
  lg_opts_default(&opt);
  printf("# observed order: asymmetric body (as cmp-pendulum3d-asym), T = %g s\n", T);
  printf("# scheme(0 p3d-f 1 p3d-ra 2 p3d-ra-inc 3 p3d-clg 4 p3d-cardan) h "
         "max(|W - W_ref|, |Gamma - Gamma_ref|) at T\n");
  if (lg_run(lg_scheme_find("heavytop", "ref"), &p, &opt, 0.01, lround(T / 0.01), 1000000,
             p3d_keep_state, &ref, NULL) != LG_OK) return 1;
  p3d_gamma(Gr, p.gdir, ref.R);
  for (int i = 0; i < 5; i++) {
    for (int k = 0; k < 4; k++) {
      double e = 0.0;
      int st = lg_run(lg_scheme_find("heavytop", sch[i]), &p, &opt, hs[k], lround(T / hs[k]),
                      1000000, p3d_keep_state, &s, NULL);
      p3d_gamma(G, p.gdir, s.R);
      for (int c = 0; c < 3; c++)
        e = fmax(e, fmax(fabs(s.W[c] - ref.W[c]), fabs(G[c] - Gr[c])));
      printf("%d %g %.6g\n", i, hs[k], st == LG_OK ? e : NAN);
    }
  }
  return 0;
}
