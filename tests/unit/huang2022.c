/* Unit tests of scheme/huang2022: the coefficient d of T^{-1} at small
   angles, the identities behind G, every Jacobian against central
   differences, residuals at the solution, conservation laws, and the heavy
   top's RATTLie against the multibody RATTLie on the same body. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "model/multibody.h"
#include "scheme/huang2022.h"

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;
static double urand(void)                     /* uniform in (-1, 1) */
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return 2.0 * ((double)(rng_state >> 11) / 9007199254740992.0) - 1.0;
}

static void unit_axis(double n[3])
{
  for (;;) {
    n[0] = urand(); n[1] = urand(); n[2] = urand();
    double r = so3_norm(n);
    if (r > 0.2 && r < 1) { for (int i = 0; i < 3; i++) n[i] /= r; return; }
  }
}

/* d against the coefficient of so3_dexpinv (read off an entry of its
   hat^2 term, exact to an ulp), and T^{-1} T = I, from 1e-8 to 3 rad */
static void test_coefficients(void)
{
  double ed = 0, einv = 0, edd = 0;
  for (int k = 0; k <= 85; k++) {
    double t = 1e-8 * pow(10, k / 10.0), c[6], Ti[9], T[9], P[9];
    if (t > 3) break;
    double w[3] = {t / sqrt(2.0), t / sqrt(2.0), 0};
    hg_coef(c, t);
    so3_dexpinv(Ti, w);
    double beta = 2 * Ti[1] / (t * t);         /* Ti[1] = beta w0 w1 - w2/2, w2 = 0 */
    ed = fmax(ed, fabs(c[4] - beta) / beta);
    double n[3];
    unit_axis(n);
    double v[3] = {t * n[0], t * n[1], t * n[2]};
    so3_dexp(T, v);
    for (int i = 0; i < 9; i++) Ti[i] = 0;
    double S[9], S2[9];                        /* I + hat/2 + d hat^2 with our d */
    so3_hat(S, v);
    so3_mul(S2, S, S);
    for (int i = 0; i < 9; i++) Ti[i] = 0.5 * S[i] + c[4] * S2[i] + (i % 4 == 0);
    so3_mul(P, Ti, T);
    for (int i = 0; i < 9; i++) einv = fmax(einv, fabs(P[i] - (i % 4 == 0)));
    if (t > 0.3 && t < 2.9) {                  /* d'/t by central differences */
      double cp[6], cm[6], e = 1e-4;
      hg_coef(cp, t + e);
      hg_coef(cm, t - e);
      edd = fmax(edd, fabs((cp[4] - cm[4]) / (2 * e) / t - c[5]) / c[5]);
    }
  }
  gsl_test(!(ed <= 4 * DBL_EPSILON),
           "d(t) = coefficient of so3_dexpinv, 1e-8 <= t <= 3 (%.2g relative)", ed);
  gsl_test(!(einv <= 4 * DBL_EPSILON), "T^{-1} T = I with our d, 1e-8 <= t <= 3 (%.2g)", einv);
  gsl_test(!(edd <= 1e-7), "d'(t)/t by central differences, 0.3 <= t <= 3 (%.2g relative)", edd);
  double c0[6], cs[6], cl[6];
  hg_coef(c0, 0);
  gsl_test_rel(c0[4], 1.0 / 12, 1e-16, "d(0) = 1/12");
  gsl_test_rel(c0[5], 1.0 / 360, 1e-16, "d'(t)/t -> 1/360");
  /* where the number of series terms changes, and the closed form takes over */
  const double sw[4] = {1e-2, 0.1, 0.5, 2};
  double js = 0, jd = 0;
  for (int k = 0; k < 4; k++) {
    hg_coef(cs, nextafter(sw[k], 0));
    hg_coef(cl, sw[k]);
    js = fmax(js, fabs(cs[4] - cl[4]) / cl[4]);
    jd = fmax(jd, fabs(cs[5] - cl[5]) / cl[5]);
  }
  gsl_test(!(js <= 2 * DBL_EPSILON),
           "d continuous where its evaluation switches (%.2g relative)", js);
  gsl_test(!(jd <= 1e-13), "d'/t continuous where its evaluation switches (%.2g relative)", jd);
}

/* G against its definitions: DH (F J_d - J_d F^T)^vee from matrices, RL
   T^{-T}(-th) J th from so3_dexpinv; and -G(-th) = F^T G(th) for both */
static void test_G(void)
{
  const double J[3] = {1.3, 0.4, 1.1};
  double e1 = 0, e2 = 0, e3 = 0;
  for (int k = 0; k < 40; k++) {
    double n[3], th[3], mth[3], G[3], Gm[3], F[9], Jd[9] = {0}, A[9], B[9], FG[3], Ti[9], Jt[3];
    unit_axis(n);
    double t = k < 20 ? 1e-6 * pow(10, k / 4.0) : 0.1 * (k - 19);
    for (int i = 0; i < 3; i++) { th[i] = t * n[i]; mth[i] = -th[i]; Jt[i] = J[i] * th[i]; }
    for (int i = 0; i < 3; i++) Jd[4 * i] = 0.5 * (J[0] + J[1] + J[2]) - J[i];
    so3_exp(F, th);
    so3_mul(A, F, Jd);
    so3_mul_nt(B, Jd, F);
    for (int i = 0; i < 9; i++) A[i] -= B[i];
    double v[3];
    so3_vee(v, A);
    hg_G(HG_FORM_DH, J, th, G, NULL);
    for (int i = 0; i < 3; i++) e1 = fmax(e1, fabs(G[i] - v[i]) / (t * 1.3));
    hg_G(HG_FORM_DH, J, mth, Gm, NULL);
    so3_mtv(FG, F, G);
    for (int i = 0; i < 3; i++) e3 = fmax(e3, fabs(-Gm[i] - FG[i]) / (t * 1.3));
    so3_dexpinv(Ti, mth);
    so3_mtv(v, Ti, Jt);
    hg_G(HG_FORM_RL, J, th, G, NULL);
    for (int i = 0; i < 3; i++) e2 = fmax(e2, fabs(G[i] - v[i]) / (t * 1.3));
    hg_G(HG_FORM_RL, J, mth, Gm, NULL);
    so3_mtv(FG, F, G);
    for (int i = 0; i < 3; i++) e3 = fmax(e3, fabs(-Gm[i] - FG[i]) / (t * 1.3));
  }
  gsl_test(!(e1 <= 1e-14), "DH: G = (F J_d - J_d F^T)^vee (%.2g relative)", e1);
  gsl_test(!(e2 <= 1e-14), "RL: G = T^{-T}(-th) J th (%.2g relative)", e2);
  gsl_test(!(e3 <= 1e-14), "-G(-th) = F^T G(th), both forms (%.2g relative)", e3);
}

typedef struct { int form; const double *J; } gpar;
static int g_fdf(const double *x, void *par, double *f, double *A)
{
  const gpar *g = par;
  hg_G(g->form, g->J, x, f, A);
  return 0;
}

/* bar for every Jacobian check: central differences with step 6e-6 leave
   about 1e-10; a wrong term shows at its own size, 1e-3 or more */
#define JAC_TOL 1e-7

static void test_G_jacobians(void)
{
  const double J[3] = {1.3, 0.4, 1.1};
  for (int form = 0; form < 2; form++) {
    double e = 0;
    for (int k = 0; k < 24; k++) {
      double n[3], th[3], t = k < 12 ? 1e-4 * pow(10, k / 4.0) : 0.25 * (k - 11);
      unit_axis(n);
      for (int i = 0; i < 3; i++) th[i] = t * n[i];
      gpar g = {form, J};
      e = fmax(e, newton_jacobian_error(g_fdf, &g, th, 3, 0));
    }
    gsl_test(!(e <= JAC_TOL), "%s: dG/dtheta by central differences, |theta| 1e-4..3 (%.2g)",
             form ? "RL" : "DH", e);
  }
}

/* a state from the middle of a run, and its velocities */
static int grab(void *ctx, const lg_state *s)
{
  memcpy(ctx, s->body, (size_t)s->nbody * sizeof *s->body);
  return 0;
}

static mb_par *model_par(const char *name)
{
  const lg_model *m = lg_model_find(name);
  if (!m) return NULL;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  return p;
}

static void state_at(const mb_par *p, double T, lg_body *q)
{
  lg_opts opt;
  lg_opts_default(&opt);
  lg_run(lg_scheme_find("multibody", "ref"), p, &opt, 1e-3, lround(T / 1e-3), 1000000, grab, q,
         NULL);
}

static void test_multibody_jacobians(void)
{
  const char *models[] = {"doublependulum", "doublependulum-spin"};
  for (int mi = 0; mi < 2; mi++) {
    mb_par *p = model_par(models[mi]);
    gsl_test(p == NULL, "model %s", models[mi]);
    if (!p) continue;
    const int nb = p->topo->nb;
    lg_body q[2], vin[2];
    state_at(p, 0.7, q);
    memcpy(vin, q, sizeof q);
    for (int h10 = 0; h10 < 2; h10++) {
      const double h = h10 ? 1e-2 : 1e-3;
      for (int form = 0; form < 2; form++) {
        hg_s1 *s = hg_s1_alloc(p, form);
        hg_s1_set(s, q, vin, h);
        double z[12];
        for (int j = 0; j < s->n; j++) z[j] = j < 3 * nb ? h * q[j / 3].W[j % 3] * (1 +
            0.1 * urand()) : 1e-4 * urand();
        double e = newton_jacobian_error(hg_s1_fdf, s, z, (size_t)s->n, 0);
        gsl_test(!(e <= JAC_TOL), "%s, h = %g, %s stage 1: Jacobian (%.2g)", models[mi], h,
                 form ? "RATTLie" : "DH", e);
        hg_s1_free(s);
      }
      hg_ga *g = hg_ga_alloc(p);
      hg_ga_set_at_rest(g, q, h);
      double z[18];
      for (int j = 0; j < g->n; j++) z[j] = 1e-4 * urand();
      double e = newton_jacobian_error(hg_ga_fdf, g, z, (size_t)g->n, 0);
      gsl_test(!(e <= JAC_TOL), "%s, h = %g, generalized-alpha: Jacobian (%.2g)", models[mi], h,
               e);
      hg_ga_free(g);
    }
    free(p);
  }
}

static void test_heavytop_jacobians(void)
{
  const lg_model *m = lg_model_find("pendulum3d-moiseev");
  ht_params p;
  lg_params_default(m, &p);
  double R[9], a[3] = {0.3, -0.2, 0.5};
  so3_exp(R, a);
  for (int kind = 0; kind < 2; kind++) {
    hg_ht e = {0};
    e.p = &p;
    e.kind = kind;
    memcpy(e.R0, R, sizeof R);
    double am, af, gam, beta, h = 0.01;
    hg_ga_coef(0.9, &am, &af, &gam, &beta);
    e.cq = h * h * beta * (1 - af) / (1 - am);
    e.cvq = gam / (h * beta);
    for (int i = 0; i < 3; i++) { e.c[i] = h * p.W0[i]; e.V0[i] = p.W0[i]; }
    double z[3] = {0.041, 0.043, 0.039};
    if (kind == HG_HT_GA) for (int i = 0; i < 3; i++) z[i] *= 1e-2;
    double err = newton_jacobian_error(hg_ht_fdf, &e, z, 3, 0);
    gsl_test(!(err <= JAC_TOL), "heavy top %s: Jacobian (%.2g)",
             kind ? "generalized-alpha" : "RATTLie", err);
  }
}

/* one step of each scheme from the paper's and the spinning state: the
   residual at the solution is at the round-off floor, the joints and (DH,
   RATTLie) the velocity constraint hold to round-off */
typedef struct { lg_state s; } last_state;
static void test_steps(void)
{
  const char *models[] = {"doublependulum", "doublependulum-spin"};
  const char *schemes[] = {"dh", "rattlie", "dl", "galpha"};
  for (int mi = 0; mi < 2; mi++)
    for (int si = 0; si < 4; si++) {
      mb_par *p = model_par(models[mi]);
      const lg_scheme_type *S = lg_scheme_find("multibody", schemes[si]);
      lg_opts opt;
      lg_opts_default(&opt);
      opt.newton_tol = 0;
      void *ws = S->alloc(p, &opt);
      lg_state s = {0};
      double res = 0, phi = 0, dphi = 0;
      int st = S->init(ws, p, 1e-3, &s);
      for (int k = 0; k < 500 && st == LG_OK; k++) {
        st = S->step(ws, &s);
        res = fmax(res, s.newton_resid);
        phi = fmax(phi, mb_phi_err(p, s.body));
        dphi = fmax(dphi, mb_dphi_err(p, s.body));
      }
      gsl_test(st != LG_OK, "%s %s: 500 steps", models[mi], schemes[si]);
      gsl_test(!(res <= 4 * DBL_EPSILON * 4), "%s %s: residual at the solution <= 4 eps L (%.2g)",
               models[mi], schemes[si], res);
      gsl_test(!(phi <= 4 * DBL_EPSILON * 4), "%s %s: joints held to round-off (%.2g m)",
               models[mi], schemes[si], phi);
      if (si < 2)
        gsl_test(!(dphi <= 1e-14), "%s %s: velocity constraint to round-off (%.2g m/s)",
                 models[mi], schemes[si], dphi);
      S->free(ws);
      free(p);
    }
}

/* DH and RATTLie on the heavy top keep the vertical angular momentum to
   round-off (the discrete Lagrangian is invariant under rotations about
   gravity); generalized-alpha does not, but stays close */
static int lvert_track(void *ctx, const lg_state *s)
{
  double *d = ctx;
  const ht_params *p = (const ht_params *)(d + 2);
  double L = ht_lvert(p, s->R, s->W);
  if (s->t == 0) d[0] = L;
  d[1] = fmax(d[1], fabs(L - d[0]));
  return 0;
}

static void test_heavytop(void)
{
  const lg_model *m = lg_model_find("pendulum3d-moiseev");
  for (int k = 0; k < 2; k++) {
    double buf[2 + sizeof(ht_params) / sizeof(double) + 1] = {0};
    ht_params *p = (ht_params *)(buf + 2);
    lg_params_default(m, p);
    lg_opts opt;
    lg_opts_default(&opt);
    const char *name = k ? "galpha" : "rattlie";
    int st = lg_run(lg_scheme_find("heavytop", name), p, &opt, 0.01, 3000, 1, lvert_track, buf,
                    NULL);
    gsl_test(st != LG_OK, "heavytop %s: 30 s", name);
    if (k == 0) gsl_test(!(buf[1] <= 1e-13),
                         "heavytop rattlie: vertical momentum to round-off over 30 s (%.2g)",
        buf[1]);
    else gsl_test(!(buf[1] <= 1e-3),
                  "heavytop galpha: vertical momentum within 1e-3 over 30 s (%.2g)", buf[1]);
  }
}

/* the same body, two formulations: heavytop rattlie (about the pivot) and
   multibody rattlie (mass centre plus joint), at t = 1 s; their difference
   is O(h^2): it falls by 4 when h halves */
static int keep_rw(void *ctx, const lg_state *s)
{
  double *v = ctx;
  memcpy(v, s->nbody ? s->body[0].R : s->R, 9 * sizeof(double));
  memcpy(v + 9, s->nbody ? s->body[0].W : s->W, 3 * sizeof(double));
  return 0;
}

static void test_cross(void)
{
  const lg_model *ms = lg_model_find("spherical-top"), *mp = lg_model_find("pendulum3d-moiseev");
  void *ps = calloc(1, ms->par_size), *pp = calloc(1, mp->par_size);
  lg_params_default(ms, ps);
  lg_params_default(mp, pp);
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = 0;
  double d[3];
  for (int k = 0; k < 3; k++) {
    double h = 4e-3 / (1 << k), a[12], b[12];
    lg_run(lg_scheme_find("multibody", "rattlie"), ps, &opt, h, lround(1 / h), 1000000, keep_rw,
           a, NULL);
    lg_run(lg_scheme_find("heavytop", "rattlie"), pp, &opt, h, lround(1 / h), 1000000, keep_rw,
           b, NULL);
    d[k] = 0;
    for (int c = 0; c < 12; c++) d[k] = fmax(d[k], fabs(a[c] - b[c]));
  }
  double o1 = log2(d[0] / d[1]), o2 = log2(d[1] / d[2]);
  gsl_test(!(d[2] < 1e-3),
           "spherical-top vs pendulum3d-moiseev, RATTLie, h = 1e-3: close (%.2g)", d[2]);
  gsl_test(!(fabs(o1 - 2) < 0.2 && fabs(o2 - 2) < 0.2),
           "... and their difference is O(h^2) (orders %.3f, %.3f)", o1, o2);
  free(ps);
  free(pp);
}

int main(void)
{
  test_coefficients();
  test_G();
  test_G_jacobians();
  test_multibody_jacobians();
  test_heavytop_jacobians();
  test_steps();
  test_heavytop();
  test_cross();
  exit(gsl_test_summary());
}
