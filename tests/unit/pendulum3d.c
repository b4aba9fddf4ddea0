/* pendulum3d.c: unit tests of the sun2022 3D pendulum schemes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "scheme/sun2022-pendulum3d.h"

static void p3d_test_body(ht_params *p)
{
  const double a[3] = {0.3, -0.5, 1.1}, gd[3] = {0.3, -0.4, 0.0};
  memset(p, 0, sizeof *p);
  p->m = 1.3; p->g = 9.8;
  p->gdir[0] = gd[0]; p->gdir[1] = gd[1];
  p->gdir[2] = sqrt(1.0 - gd[0] * gd[0] - gd[1] * gd[1]);
  p->J[0] = 0.13; p->J[1] = 0.28; p->J[2] = 0.17;
  p->rho[0] = 0.1; p->rho[1] = -0.2; p->rho[2] = 0.3;
  so3_cardan(p->R0, a);
  p->W0[0] = 1.1; p->W0[1] = -0.7; p->W0[2] = 2.3;
}

static int p3d_keep_last(void *ctx, const lg_state *s)
{
  *(lg_state *)ctx = *s;
  return 0;
}
static int p3d_exact_step(const ht_params *p, const lg_opts *opt, double h,
                          lg_state *out)
{
  const lg_scheme_type *ref = lg_scheme_find("heavytop", "ref");
  if (!ref) return LG_EINVAL;
  return lg_run(ref, p, opt, h, 1, 1, p3d_keep_last, out, NULL);
}

int main(void)
{
  ht_params p;
  lg_opts opt;
  lg_opts_default(&opt);
  p3d_test_body(&p);
  for (size_t i = 0; p3d_schemes[i]; i++) {
    const p3d_form *f = p3d_form_find(p3d_schemes[i]->name);
    gsl_test(f == NULL, "p3d: scheme %s has a form", p3d_schemes[i]->name);
    gsl_test(lg_scheme_find("heavytop", p3d_schemes[i]->name) != p3d_schemes[i],
             "p3d: scheme %s is in the table", p3d_schemes[i]->name);
  }
  for (size_t i = 0; p3d_schemes[i]; i++) {
    const p3d_form *f = p3d_form_find(p3d_schemes[i]->name);
    p3d_step st;
    p3d_point q;
    double x[12], R1[9], W1[3], w[3] = {0.05, 0.02, -0.04};
    if (!f) continue;
    p3d_step_init(&st, &p, 0.05, p.R0, p.W0);
    so3_exp(R1, w);
    so3_mul(R1, p.R0, R1);
    for (int k = 0; k < 3; k++) W1[k] = p.W0[k] * 1.03 + 0.01 * k;
    p3d_point_set(&q, p.gdir, R1, W1);
    f->unknowns(x, &st, &q);
    double e = newton_jacobian_error(f->fdf, &st, x, f->n, 1e-6);
    gsl_test_abs(e, 0.0, 1e-7, "p3d: Jacobian of %s against central differences",
                 f->name);
  }
  for (size_t i = 0; p3d_schemes[i]; i++) {
    const p3d_form *f = p3d_form_find(p3d_schemes[i]->name);
    double r[2], hs[2] = {0.02, 0.01};
    if (!f) continue;
    for (int k = 0; k < 2; k++) {
      lg_state s1;
      p3d_step st;
      p3d_point q;
      double x[12], fv[12];
      r[k] = NAN;
      if (p3d_exact_step(&p, &opt, hs[k], &s1) != LG_OK) continue;
      p3d_step_init(&st, &p, hs[k], p.R0, p.W0);
      p3d_point_set(&q, p.gdir, s1.R, s1.W);
      f->unknowns(x, &st, &q);
      f->fdf(x, &st, fv, NULL);
      r[k] = 0.0;
      for (size_t j = 0; j < f->n; j++) if (fabs(fv[j]) > r[k]) r[k] = fabs(fv[j]);
    }
    gsl_test_abs(log2(r[0] / r[1]), 3.0, 0.3,
                 "p3d: residual of %s at the exact solution is O(h^3)", f->name);
  }
  {
    const char *names[4] = {"p3d-f", "p3d-ra", "p3d-ra-inc", "p3d-clg"};
    lg_state last[4];
    for (int k = 0; k < 4; k++) {
      const lg_scheme_type *t = lg_scheme_find("heavytop", names[k]);
      int st = t ? lg_run(t, &p, &opt, 0.01, 100, 100, p3d_keep_last, &last[k], NULL)
                 : LG_EINVAL;
      gsl_test(st != LG_OK, "p3d: %s runs 100 steps", names[k]);
    }
    for (int k = 1; k < 4; k++) {
      double G0[3], Gk[3], e = 0.0;
      p3d_gamma(G0, p.gdir, last[0].R);
      p3d_gamma(Gk, p.gdir, last[k].R);
      for (int j = 0; j < 3; j++) {
        e = fmax(e, fabs(last[k].W[j] - last[0].W[j]));
        e = fmax(e, fabs(Gk[j] - G0[j]));
      }
      gsl_test_abs(e, 0.0, 1e-9, "p3d: %s and %s are the same map", names[k], names[0]);
    }
  }
  {
    lg_state s1;
    const lg_scheme_type *t = lg_scheme_find("heavytop", "p3d-clg");
    double E0 = p3d_energy(&p, p.R0, p.W0), L0 = p3d_lvert(&p, p.R0, p.W0);
    int st = lg_run(t, &p, &opt, 0.05, 1000, 1000, p3d_keep_last, &s1, NULL);
    gsl_test(st != LG_OK, "p3d: p3d-clg runs 1000 steps");
    double G[3];
    p3d_gamma(G, p.gdir, s1.R);
    gsl_test_rel(p3d_energy(&p, s1.R, s1.W), E0, 1e-9, "p3d: p3d-clg keeps the energy");
    gsl_test_rel(p3d_lvert(&p, s1.R, s1.W), L0, 1e-9, "p3d: p3d-clg keeps L_d");
    gsl_test_abs(so3_norm(G), 1.0, 1e-10, "p3d: p3d-clg keeps |Gamma|");
    gsl_test_abs(so3_orth_err(s1.R), 0.0, 1e-10, "p3d: p3d-clg keeps R orthogonal");
  }
  {
    const double th[3] = {0.4, -0.7, 1.2}, rate[3] = {0.9, -1.3, 0.6}, eps = 1e-6;
    double Rp[9], Rm[9], X[9], Y[9], Z[9], T[9], wxyz[3], wzyx[3];
    double e1[3] = {1, 0, 0}, e2[3] = {0, 1, 0}, e3[3] = {0, 0, 1};
    double ours[3], printed[3], a[3], b[3];
    for (int order = 0; order < 2; order++) {
      double Rc[9], dR[9], S[9], tp[3], tm[3];
      for (int i = 0; i < 3; i++) { tp[i] = th[i] + eps * rate[i]; tm[i] = th[i] - eps * rate[i]; }
      for (int k = 0; k < 2; k++) {
        const double *t = k ? tm : tp;
        so3_rotx(X, t[0]); so3_roty(Y, t[1]); so3_rotz(Z, t[2]);
        if (order == 0) { so3_mul(T, X, Y); so3_mul(k ? Rm : Rp, T, Z); }
        else { so3_mul(T, Z, Y); so3_mul(k ? Rm : Rp, T, X); }
      }
      so3_rotx(X, th[0]); so3_roty(Y, th[1]); so3_rotz(Z, th[2]);
      if (order == 0) { so3_mul(T, X, Y); so3_mul(Rc, T, Z); }
      else { so3_mul(T, Z, Y); so3_mul(Rc, T, X); }
      for (int i = 0; i < 9; i++) dR[i] = (Rp[i] - Rm[i]) / (2 * eps);
      so3_mul_tn(S, Rc, dR);
      so3_vee(order == 0 ? wxyz : wzyx, S);
    }
    /* ours: B(th) rate = Rz^T Ry^T e1 rate_x + Rz^T e2 rate_y + e3 rate_z */
    so3_rotx(X, th[0]); so3_roty(Y, th[1]); so3_rotz(Z, th[2]);
    so3_mtv(a, Y, e1); so3_mtv(a, Z, a);
    so3_mtv(b, Z, e2);
    for (int i = 0; i < 3; i++) ours[i] = a[i] * rate[0] + b[i] * rate[1] + e3[i] * rate[2];
    /* printed Eq. (87): e1 rate_x + Rx^T e2 rate_y + Rx^T Ry^T e3 rate_z */
    so3_mtv(a, X, e2);
    so3_mtv(b, Y, e3); so3_mtv(b, X, b);
    for (int i = 0; i < 3; i++) printed[i] = e1[i] * rate[0] + a[i] * rate[1] + b[i] * rate[2];
    double d_ours = 0.0, d_printed = 0.0, d_zyx = 0.0;
    for (int i = 0; i < 3; i++) {
      d_ours = fmax(d_ours, fabs(ours[i] - wxyz[i]));
      d_printed = fmax(d_printed, fabs(printed[i] - wxyz[i]));
      d_zyx = fmax(d_zyx, fabs(printed[i] - wzyx[i]));
    }
    gsl_test_abs(d_ours, 0.0, 1e-8, "p3d: B(theta) is the body angular velocity of Rx Ry Rz");
    gsl_test(!(d_printed > 0.1), "p3d: the printed Eq. (87) is not that of Rx Ry Rz (%g)",
             d_printed);
    gsl_test_abs(d_zyx, 0.0, 1e-8, "p3d: the printed Eq. (87) is that of Rz Ry Rx");
  }
  exit(gsl_test_summary());
}
