/* cmp-pendulum3d-steps.c: step-size sensitivity of the sun2022 3D pendulum schemes. */
#include "fig/p3d-driver.h"

/* run 100 s keeping (t, W, Gamma) at every step from 95 s on */
static inline int p3d_sampled(p3d_run *r, const char *scheme, const ht_params *p, double h)
{
  memset(r, 0, sizeof *r);
  r->keep = 1;
  r->samp_every = 1;
  r->ts0 = 95.0;
  return p3d_go(r, scheme, p, h, 100.0);
}

/* amplitude of omega over the samples: largest half range of a component */
static inline double p3d_samp_amp(const p3d_run *r)
{
  double a = 0.0;
  for (int c = 1; c <= 3; c++) {
    double lo = INFINITY, hi = -INFINITY;
    for (long i = 0; i < r->nsamp; i++) {
      lo = fmin(lo, r->samp[i][c]);
      hi = fmax(hi, r->samp[i][c]);
    }
    if (r->nsamp) a = fmax(a, 0.5 * (hi - lo));
  }
  return a;
}

/* largest |W_a - W_b| at the sample times the two runs share */
static inline double p3d_samp_diff(const p3d_run *a, const p3d_run *b)
{
  double m = 0.0;
  long j = 0;
  for (long i = 0; i < a->nsamp; i++) {
    while (j < b->nsamp && b->samp[j][0] < a->samp[i][0] - 1e-7) j++;
    if (j == b->nsamp) break;
    if (fabs(b->samp[j][0] - a->samp[i][0]) > 1e-7) continue;
    for (int c = 1; c <= 3; c++) m = fmax(m, fabs(a->samp[i][c] - b->samp[j][c]));
  }
  return m;
}

int main(void)
{
  const char *sch[4] = {"p3d-ra", "p3d-clg", "p3d-f", "p3d-cardan"};
  const double hs[4] = {0.1, 0.05, 0.01, 0.005}, gs[2] = {9.8, 9.81};
  printf("# step-size sensitivity, sun2022 3D pendulum (m = 10, J = I, rho = [0,0,0.7], "
         "gdir = [0,0,1]), 100 s\n");
  printf("# index 0: scheme(0 Eq78, 1 Eq83, 2 Eq70, 3 Eq87) h g maxE maxLd A95 "
         "dev_ref dev_h001 env_h001 mean_iters status\n");
  for (int ig = 0; ig < 2; ig++) {
    ht_params p;
    p3d_run ref, r01;
    p3d_sun_params(&p);
    p.g = gs[ig];
    p3d_sampled(&ref, "ref", &p, 0.01);
    double Aref = p3d_samp_amp(&ref);
    for (int is = 0; is < 4; is++) {
      p3d_sampled(&r01, sch[is], &p, 0.01);
      double A01 = p3d_samp_amp(&r01);
      for (int ih = 0; ih < 4; ih++) {
        p3d_run r;
        int st = p3d_sampled(&r, sch[is], &p, hs[ih]);
        double A = p3d_samp_amp(&r);
        printf("%d %g %g %.6g %.6g %.6g %.6g %.6g %.6g %.4f %d\n", is, hs[ih], p.g,
               r.maxE, r.maxL, A, p3d_samp_diff(&r, &ref) / Aref,
               p3d_samp_diff(&r, &r01) / Aref, fabs(A - A01) / A01,
               r.steps ? (double)r.iters / (double)r.steps : 0.0, st);
        free(r.samp);
      }
      free(r01.samp);
    }
    free(ref.samp);
  }
  printf("\n\n# index 1: separation of the reference from a 1e-10 perturbation: "
         "t max|dW| max|dGamma|\n");
  {
    ht_params p, q;
    p3d_run a, b;
    const double w[3] = {1e-10, 1e-10, 1e-10};
    double E[9];
    p3d_sun_params(&p);
    q = p;
    so3_exp(E, w);
    so3_mul(q.R0, p.R0, E);
    for (int i = 0; i < 3; i++) q.W0[i] += 1e-10;
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
    a.keep = b.keep = 1;
    a.samp_every = b.samp_every = 100;
    p3d_go(&a, "ref", &p, 0.01, 100.0);
    p3d_go(&b, "ref", &q, 0.01, 100.0);
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
