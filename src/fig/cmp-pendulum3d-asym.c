/* cmp-pendulum3d-asym.c: the five schemes on an asymmetric spinning body. */
#include "fig/p3d-driver.h"

static void p3d_asym_params(ht_params *p)
{
  memset(p, 0, sizeof *p);
  p->m = 1.0; p->g = 9.8; p->gdir[2] = 1.0;
  p->J[0] = 0.13; p->J[1] = 0.28; p->J[2] = 0.17;
  p->rho[2] = 0.3;
  so3_identity(p->R0);
  p->W0[0] = p->W0[1] = p->W0[2] = 4.14;
}

int main(void)
{
  const char *sch[7] = {"p3d-f", "p3d-ra", "p3d-ra-inc", "p3d-clg", "p3d-cardan", "rk4", "ref"};
  const double h = 0.01, T = 30.0;
  ht_params p;
  p3d_run r[7];
  p3d_asym_params(&p);
  printf("# asymmetric body: m = 1, J = diag(0.13,0.28,0.17), rho = [0,0,0.3], R0 = I, "
         "W0 = [4.14,4.14,4.14], g = 9.8, gdir = [0,0,1], h = %g, %g s\n", h, T);
  printf("# index 0..6 (p3d-f p3d-ra p3d-ra-inc p3d-clg p3d-cardan rk4 ref): "
         "t W1 W2 W3 (E-E0)/(m g |rho|) Ld-Ld0 orth_err\n");
  for (int i = 0; i < 7; i++) {
    memset(&r[i], 0, sizeof r[i]);
    r[i].keep = 1;
    r[i].samp_every = 5;
    p3d_go(&r[i], sch[i], &p, h, T);
    printf("# %s\n", sch[i]);
    for (long k = 0; k < r[i].nsamp; k++) {
      const double *v = r[i].samp[k];
      printf("%g %.10g %.10g %.10g %.6g %.6g %.6g\n", v[0], v[1], v[2], v[3],
             (v[7] - r[i].E0) / r[i].escale, v[8] - r[i].L0, v[9]);
    }
    if (r[i].nsamp == 0) printf("0 nan nan nan nan nan nan\n");   /* keep the index */
    printf("\n\n");
  }
  printf("# index 7, summary: scheme maxE maxLd max_orth mean_iters status "
         "min|cos theta_y| max|W - W(p3d-f)| over 0-5 s\n");
  for (int i = 0; i < 7; i++) {
    double dmax = 0.0;
    for (long k = 0; k < r[i].nsamp && k < r[0].nsamp; k++) {
      if (r[i].samp[k][0] > 5.0 + 1e-9) break;
      for (int c = 1; c <= 3; c++) dmax = fmax(dmax, fabs(r[i].samp[k][c] - r[0].samp[k][c]));
    }
    printf("%d %.6g %.6g %.6g %.4f %d %.6g %.6g\n", i, r[i].maxE, r[i].maxL, r[i].maxO,
           r[i].steps ? (double)r[i].iters / (double)r[i].steps : 0.0,
           r[i].nsamp == r[6].nsamp ? 0 : 1, r[i].min_cos_y, dmax);
  }
  for (int i = 0; i < 7; i++) free(r[i].samp);
  printf("\n\n# index 8: separation of the reference from a 1e-10 perturbation: "
         "t max|dW| max|dGamma|\n");
  {
    ht_params q = p;
    p3d_run a, b;
    const double w[3] = {1e-10, 1e-10, 1e-10};
    double E[9];
    so3_exp(E, w);
    so3_mul(q.R0, p.R0, E);
    for (int i = 0; i < 3; i++) q.W0[i] += 1e-10;
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
    a.keep = b.keep = 1;
    a.samp_every = b.samp_every = 50;
    p3d_go(&a, "ref", &p, h, T);
    p3d_go(&b, "ref", &q, h, T);
    for (long i = 0; i < a.nsamp && i < b.nsamp; i++) {
      double dw = 0.0, dg = 0.0;
      for (int c = 0; c < 3; c++) {
        dw = fmax(dw, fabs(a.samp[i][1+c] - b.samp[i][1+c]));
        dg = fmax(dg, fabs(a.samp[i][4+c] - b.samp[i][4+c]));
      }
      printf("%g %.6g %.6g\n", a.samp[i][0], dw, dg);
    }
    free(a.samp); free(b.samp);
  }
  return 0;
}
