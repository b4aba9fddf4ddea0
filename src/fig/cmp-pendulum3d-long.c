/* cmp-pendulum3d-long.c: 1e6 steps of h = 0.1 on the sun2022 3D pendulum. */
#include "fig/p3d-driver.h"

int main(void)
{
  const char *sch[3] = {"p3d-f", "p3d-cardan", "rk4"};
  const double h = 0.1;
  const long N = 1000000;
  ht_params p;
  p3d_run r[3];
  p3d_sun_params(&p);
  printf("# 1e6 steps of h = %g s, sun2022 3D pendulum (g = 9.8, gdir = [0,0,1])\n", h);
  printf("# index 0..2 (p3d-f p3d-cardan rk4): t (E-E0)/(m g |rho|) Ld-Ld0 orth_err\n");
  for (int i = 0; i < 3; i++) {
    memset(&r[i], 0, sizeof r[i]);
    r[i].keep = 1;
    r[i].samp_every = 1000;
    p3d_go(&r[i], sch[i], &p, h, (double)N * h);
    printf("# %s\n", sch[i]);
    for (long k = 0; k < r[i].nsamp; k++) {
      const double *v = r[i].samp[k];
      printf("%g %.6g %.6g %.6g\n", v[0], (v[7] - r[i].E0) / r[i].escale, v[8] - r[i].L0, v[9]);
    }
    if (r[i].nsamp == 0) printf("0 nan nan nan\n");
    printf("\n\n");
  }
  printf("# index 3, summary: scheme maxE maxLd max_orth steps_done mean_iters\n");
  for (int i = 0; i < 3; i++) {
    printf("%d %.6g %.6g %.6g %ld %.4f\n", i, r[i].maxE, r[i].maxL, r[i].maxO, r[i].steps,
           r[i].steps ? (double)r[i].iters / (double)r[i].steps : 0.0);
    free(r[i].samp);
  }
  return 0;
}
