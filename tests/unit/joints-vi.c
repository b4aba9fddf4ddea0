/* Unit tests of DH, RATTLie and DL on every kind of joint: the stage-1
   Jacobian against central differences, its rows against the spherical
   joints' own code, and runs against closed forms (a revolute pendulum, a
   prismatic slide, a welded pair), with the joints held after every step. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/multibody.h"
#include "lib/mbtest.h"
#include "model/pend2d.h"
#include "scheme/huang2022.h"

static const char *const vi[3] = {"dh", "rattlie", "dl"};

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double urand(void)                     /* uniform in (-1, 1) */
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return 2.0 * ((double)(rng_state >> 11) / 9007199254740992.0) - 1.0;
}

static lg_model *parse(const char *text) { return mbt_parse(text, "joints-vi.mb"); }

static mb_par *par_of(const lg_model *m)
{
  mb_par *p = calloc(1, m->par_size);
  if (p) lg_params_default(m, p);
  return p;
}

/* A run of scheme name from t = 0 to T with step h and the given Newton
   solver: the last state in q, the largest joint residual |phi_k| and
   |(B V)_k| over every step in phi and dphi; the status of lg_run, the
   scheme's words in why. */
typedef struct { const mb_par *p; lg_body *q; double phi, dphi; } watch;
static int watch_step(void *ctx, const lg_state *s)
{
  watch *w = ctx;
  memcpy(w->q, s->body, (size_t)w->p->topo->nb * sizeof *w->q);
  w->phi = fmax(w->phi, mb_phi_err(w->p, s->body));
  w->dphi = fmax(w->dphi, mb_dphi_err(w->p, s->body));
  return 0;
}
static int run(const lg_model *m, const char *name, double h, double T, int solver, lg_body *q,
               double *phi, double *dphi, char *why, size_t n)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  mb_par *p = par_of(m);
  snprintf(why, n, "(no failure)");
  if (!S || !p) { free(p); return LG_ENOMEM; }
  char msg[300];
  int st = m->check(p, 0, msg, sizeof msg);
  if (st != LG_OK) {
    snprintf(why, n, "%s", msg);
    free(p);
    return st;
  }
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_solver = solver;
  watch w = {p, q, 0, 0};
  lg_failure f;
  memset(&f, 0, sizeof f);
  const long steps = lround(T / h);
  st = lg_run(S, p, &opt, h, steps, 1, watch_step, &w, &f);
  if (st != LG_OK) snprintf(why, n, "(status %d: %s)", st, f.why);
  if (phi) *phi = w.phi;
  if (dphi) *dphi = w.dphi;
  free(p);
  return st;
}

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind, every
   point off the mass centres, the axes oblique, both bodies asymmetric and
   spinning; the positions put the points together at t = 0 */
static lg_model *two_bodies(const char *kind)
{
  char t[2000];
  mbt_two_bodies(t, sizeof t, kind, "");
  return parse(t);
}

/* Stage 1 of DH and RATTLie for every kind, at h = 1e-2 and 5e-2, at a
   point z near the solution (theta_i = h W_i to within 10 %, Lambda
   moving the bodies by about a centimetre), against central differences
   (newton_jacobian_error, relative to max(1, |entry|)); the bar 1e-7, as
   in the unit test of the spherical code, is a thousand times the
   differencing error and far below any wrong term.  The spherical kind
   goes through the rows (hg_s1_alloc_rows), the others choose them. */
static void test_jacobians(void)
{
  static const char *const kinds[] = {"spherical", "revolute", "weld", "prismatic",
                                      "cylindrical", "universal"};
  for (int k = 0; k < 6; k++) {
    lg_model *m = two_bodies(kinds[k]);
    mb_par *p = m ? par_of(m) : NULL;
    gsl_test(p == NULL, "joints-vi: two bodies with %s joints parse", kinds[k]);
    if (!p) { mb_model_free(m); continue; }
    lg_body q[2];
    mb_initial(p, q);
    for (int hi = 0; hi < 2; hi++) {
      const double h = hi ? 5e-2 : 1e-2;
      for (int form = 0; form < 2; form++) {
        hg_s1 *s = k == 0 ? hg_s1_alloc_rows(p, form) : hg_s1_alloc(p, form);
        if (!s) { gsl_test(1, "joints-vi: %s: stage 1 allocated", kinds[k]); continue; }
        hg_s1_set(s, q, q, h);
        double z[6 + 12];
        for (int j = 0; j < s->n; j++)
          z[j] = j < 6 ? h * q[j / 3].W[j % 3] * (1 + 0.1 * urand()) : 1e-2 * urand();
        double e = newton_jacobian_error(hg_s1_fdf, s, z, (size_t)s->n, 0);
        gsl_test(!(e <= 1e-7) || !s->general, "joints-vi: %s joints, h = %g, %s stage 1 by the "
                 "rows: Jacobian against central differences %.2g (<= 1e-7)", kinds[k], h,
                 form ? "RATTLie" : "DH", e);
        hg_s1_free(s);
      }
    }
    free(p);
    mb_model_free(m);
  }
}

/* The rows on spherical joints against the spherical joints' own code, on
   both double pendulums at h = 1e-2, at the same point z: residuals and
   Jacobians the same to a few units of round-off (the same products,
   summed in another order) of the terms they sum: positions of about a
   metre in the rows of phi, entries of order one in the Jacobian */
static void test_rows_spherical(void)
{
  static const char *const models[] = {"doublependulum", "doublependulum-spin"};
  for (int mi = 0; mi < 2; mi++) {
    const lg_model *m = lg_model_find(models[mi]);
    mb_par *p = m ? par_of(m) : NULL;
    gsl_test(p == NULL, "joints-vi: model %s", models[mi]);
    if (!p) continue;
    lg_body q[2];
    mb_initial(p, q);
    const double h = 1e-2;
    for (int form = 0; form < 2; form++) {
      hg_s1 *s0 = hg_s1_alloc(p, form), *s1 = hg_s1_alloc_rows(p, form);
      double z[12], r0[12], r1[12], J0[144], J1[144], er = 0, eJ = 0, br = 0, bJ = 0;
      if (!s0 || !s1 || s0->general || s0->n != 12) {
        gsl_test(1, "joints-vi: %s: both stage-1 codes allocated", models[mi]);
        hg_s1_free(s0); hg_s1_free(s1);
        continue;
      }
      hg_s1_set(s0, q, q, h);
      hg_s1_set(s1, q, q, h);
      for (int j = 0; j < 12; j++) z[j] = j < 6 ? h * q[j / 3].W[j % 3] + 0.01 * urand()
                                                : 1e-3 * urand();
      hg_s1_fdf(z, s0, r0, J0);
      hg_s1_fdf(z, s1, r1, J1);
      for (int j = 0; j < 12; j++) {
        er = fmax(er, fabs(r1[j] - r0[j]));
        br = fmax(br, fabs(r0[j]));
      }
      for (int j = 0; j < 144; j++) {
        eJ = fmax(eJ, fabs(J1[j] - J0[j]));
        bJ = fmax(bJ, fabs(J0[j]));
      }
      gsl_test(!(er <= 8 * DBL_EPSILON * fmax(1, br)) || !(eJ <= 8 * DBL_EPSILON * fmax(1, bJ)),
               "joints-vi: %s, %s: the rows against the spherical code: residual %.2g of %.2g, "
               "Jacobian %.2g of %.2g (both <= 8 eps of the largest, or of 1)", models[mi],
               form ? "RATTLie" : "DH", er, br, eJ, bJ);
      hg_s1_free(s0);
      hg_s1_free(s1);
    }
    free(p);
  }
}
/* the hinged rod of the multibody chapter's tests: mass 1.3, J = diag(0.11,
   0.115, 0.01), the hinge l = 0.5 above the mass centre on the rod's axis,
   axis u = (0.6, 0.8, 0) horizontal, from theta0 = 1.2 rad at omega0 = 0.7 rad/s */
static const double rod_m = 1.3, rod_l = 0.5, rod_g = 9.81, th0 = 1.2, om0 = 0.7;
static const double rod_J[3] = {0.11, 0.115, 0.01}, rod_u[3] = {0.6, 0.8, 0};

static lg_model *hinged_rod(const char *extra)
{
  double R[9], w[3], x[3], v[3], P[3] = {0, 0, rod_l}, y[3], W[3];
  for (int r = 0; r < 3; r++) { w[r] = th0 * rod_u[r]; W[r] = om0 * rod_u[r]; }
  so3_exp(R, w);
  so3_mv(y, R, P);
  for (int r = 0; r < 3; r++) x[r] = -y[r];  /* the hinge at the origin */
  so3_cross(y, W, P);
  so3_mv(v, R, y);
  for (int r = 0; r < 3; r++) v[r] = -v[r];
  char t[1500];
  snprintf(t, sizeof t,
           "model hinged-rod\ngravity %.17g 0 0 -1\n"
           "body rod\nmass %.17g\ninertia %.17g %.17g %.17g\nposition %.17g %.17g %.17g\n"
           "rotation %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n"
           "angvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n"
           "joint revolute ground 0 0 0 rod 0 0 %.17g axis 0.6 0.8 0\n%s",
           rod_g, rod_m, rod_J[0], rod_J[1], rod_J[2], x[0], x[1], x[2], R[0], R[1], R[2], R[3],
           R[4], R[5], R[6], R[7], R[8], W[0], W[1], W[2], v[0], v[1], v[2], rod_l, extra);
  return parse(t);
}

/* |theta(q) - theta exact| at time T, theta(q) = u . log R, against the
   Jacobi elliptic solution of the compound pendulum */
static double rod_error(const lg_body *q, double T)
{
  const double uJu = rod_u[0] * rod_u[0] * rod_J[0] + rod_u[1] * rod_u[1] * rod_J[1]
                     + rod_u[2] * rod_u[2] * rod_J[2];
  pend2d_params pp = {rod_m, uJu + rod_m * rod_l * rod_l, rod_l, rod_g, th0, om0};
  double th, om, w[3];
  if (pend2d_exact(&pp, T, &th, &om) != LG_OK) return NAN;
  so3_log(w, q->R);
  return fabs(so3_dot(w, rod_u) - th);
}

/* The rod with each scheme at h = 0.02 and 0.01 over 2 s: the observed
   order log2(e(0.02)/e(0.01)) within [1.8, 2.2] of the schemes' 2, and
   the joint held after every step to 1e-14 (its five rows are solved to
   the Newton floor, 4 eps times their size one); DH and RATTLie also hold
   B V = 0 to 1e-14 m/s (stage 2 is a projection onto it) */
static void test_revolute_pendulum(void)
{
  lg_model *m = hinged_rod("");
  gsl_test(m == NULL, "joints-vi: the hinged rod parses");
  if (!m) return;
  for (int s = 0; s < 3; s++) {
    double err[2], phi = 0, dphi = 0;
    char why[300] = "";
    int st = LG_OK;
    for (int k = 0; k < 2 && st == LG_OK; k++) {
      lg_body q;
      double ph, dph;
      st = run(m, vi[s], 0.02 / (1 + k), 2, LG_NEWTON_DIRECT, &q, &ph, &dph, why, sizeof why);
      err[k] = st == LG_OK ? rod_error(&q, 2) : NAN;
      phi = fmax(phi, ph);
      dphi = fmax(dphi, dph);
    }
    const double p = log2(err[0] / err[1]);
    gsl_test(st != LG_OK || !(p >= 1.8 && p <= 2.2), "joints-vi: revolute pendulum, %s: errors "
             "%.2g, %.2g rad at h = 0.02, 0.01 over 2 s: order %.2f (in [1.8, 2.2]) %s", vi[s],
             err[0], err[1], p, why);
    gsl_test(st != LG_OK || !(phi < 1e-14) || (s < 2 && !(dphi < 1e-14)),
             "joints-vi: revolute pendulum, %s: after every step |phi| = %.2g (< 1e-14), "
             "|B V| = %.2g m/s (%s)", vi[s], phi, dphi, s < 2 ? "< 1e-14" : "DL: not held");
  }
  mb_model_free(m);
}

/* A block (mass 2) on a prismatic joint along an incline of angle a = 0.5
   rad, its point at its mass centre: s(t) = g sin(a) t^2 / 2.  Each scheme
   at h = 0.01 over 2 s must give s(2) to 1e-12 m (200 steps of round-off
   on numbers of 10 m would be 2e-13 at worst), the block off the axis by
   less than 1e-14 m and its rotation unchanged to 1e-14 (200 rotation
   increments at the Newton floor): exact to round-off (see the text) */
static void test_prismatic_incline(void)
{
  const double a = 0.5, g = 9.81, T = 2;
  char t[800];
  snprintf(t, sizeof t,
           "model incline\ngravity %.17g 0 0 -1\n"
           "body block\nmass 2\ninertia 0.2 0.3 0.4\nposition 0 0 0\ncardan 0.1 0.2 0.3\n"
           "joint prismatic ground 0 0 0 block 0 0 0 axis %.17g 0 %.17g\n",
           g, cos(a), -sin(a));
  lg_model *m = parse(t);
  gsl_test(m == NULL, "joints-vi: the block on an incline parses");
  if (!m) return;
  double R0[9];
  {
    const double c[3] = {0.1, 0.2, 0.3};
    so3_cardan(R0, c);
  }
  for (int i = 0; i < 3; i++) {
    lg_body q;
    char why[300];
    double phi, dphi;
    int st = run(m, vi[i], 0.01, T, LG_NEWTON_DIRECT, &q, &phi, &dphi, why, sizeof why);
    const double s = q.x[0] * cos(a) - q.x[2] * sin(a), s0 = g * sin(a) * T * T / 2;
    const double off = fabs(q.x[1]) + fabs(q.x[0] * sin(a) + q.x[2] * cos(a));
    double dR = 0;
    for (int r = 0; r < 9; r++) dR = fmax(dR, fabs(q.R[r] - R0[r]));
    gsl_test(st != LG_OK || !(fabs(s - s0) < 1e-12) || !(off < 1e-14) || !(dR < 1e-14),
             "joints-vi: prismatic incline, %s: s(2 s) - g sin(a) T^2/2 = %.2g m (< 1e-12), off "
             "the axis %.2g m (< 1e-14), |R - R0| = %.2g (< 1e-14) %s", vi[i], s - s0, off, dR,
             why);
  }
  mb_model_free(m);
}

/* Bodies A (mass 1.5 at -0.4) and B (mass 1 at +0.6) on the combined first
   axis, frames aligned, welded at the combined mass centre, spinning;
   against one body of the combined mass and inertia.  DH and DL must
   agree with the one body to 1e-12 (rotations) and 1e-12 m (mass centre)
   after 2 s at h = 0.01: exactly, to round-off (see the text); RATTLie's
   difference must fall by four when h halves (0.02, 0.01: order in
   [1.8, 2.2]).  The joint is held after every step to 1e-13: the pair
   falls 20 m in 2 s, and its rows are differences of positions of that
   size, solved to the Newton floor 4 eps x 20 m = 2e-14 per row. */
static void weld_models(lg_model **m2, lg_model **m1)
{
  char t[2500], t1[1000];
  mbt_welded(t, sizeof t, t1, sizeof t1);
  *m2 = parse(t);
  *m1 = parse(t1);
}

/* the largest difference of the pair from the one body: rotations, and
   the pair's mass centre (weights 1.5 and 1) against the body's */
static double weld_diff(const lg_body *q2, const lg_body *q1, double *dx)
{
  double e = 0;
  *dx = 0;
  for (int i = 0; i < 2; i++)
    for (int r = 0; r < 9; r++) e = fmax(e, fabs(q2[i].R[r] - q1->R[r]));
  for (int r = 0; r < 3; r++)
    *dx = fmax(*dx, fabs((1.5 * q2[0].x[r] + q2[1].x[r]) / 2.5 - q1->x[r]));
  return e;
}

static void test_weld(void)
{
  lg_model *m2, *m1;
  weld_models(&m2, &m1);
  gsl_test(!m2 || !m1, "joints-vi: the welded pair and the one body parse");
  for (int s = 0; s < 3 && m2 && m1; s++) {
    double e[2], dx[2], phi = 0;
    char why[300] = "", why1[300] = "";
    int st = LG_OK;
    for (int k = 0; k < 2 && st == LG_OK; k++) {
      const double h = s == 1 ? 0.02 / (1 + k) : 0.01;
      lg_body q2[2], q1;
      double ph;
      st = run(m2, vi[s], h, 2, LG_NEWTON_DIRECT, q2, &ph, NULL, why, sizeof why);
      if (st == LG_OK) st = run(m1, vi[s], h, 2, LG_NEWTON_DIRECT, &q1, NULL, NULL, why1,
                                sizeof why1);
      e[k] = st == LG_OK ? weld_diff(q2, &q1, &dx[k]) : NAN;
      phi = fmax(phi, ph);
    }
    if (s != 1)
      gsl_test(st != LG_OK || !(e[0] < 1e-12) || !(dx[0] < 1e-12) || !(phi < 1e-13),
               "joints-vi: weld against one body, %s, 2 s: |R - R_one| = %.2g, mass centre "
               "%.2g m (both < 1e-12), |phi| after every step %.2g (< 1e-13) %s%s", vi[s], e[0],
               dx[0], phi, why, why1);
    else {
      const double p = log2(e[0] / e[1]);
      gsl_test(st != LG_OK || !(p >= 1.8 && p <= 2.2) || !(phi < 1e-13),
               "joints-vi: weld against one body, rattlie, 2 s: |R - R_one| = %.2g, %.2g at h = "
               "0.02, 0.01: order %.2f (in [1.8, 2.2]), |phi| after every step %.2g (< 1e-13) "
               "%s%s", e[0], e[1], p, phi, why, why1);
    }
  }
  mb_model_free(m2);
  mb_model_free(m1);
}
/* A hanging chain of seven rods joined by one joint of every kind, from the
   ground: revolute, universal, spherical, cylindrical, weld, prismatic,
   revolute, the rods turned by different rotations and starting at rest.
   Its stage 1 has 21 + 32 = 53 unknowns, so the default solver takes the
   structured store (sparse blocks, joint groups of 3 to 6 rows) and
   DIRECT_GSL the dense Jacobian of hg_s1_fdf.  Over 0.5 s at h = 0.01 both
   must give the same states to 1e-10 (the two eliminations differ by
   round-off, which 50 steps of a chaotic chain amplify by far less than a
   thousand), and hold the joints after every step to 1e-13 (the rows of
   sizes up to 4 m solved to the Newton floor). */
static lg_model *chain_every_kind(void)
{
  static const char *const joint[7] = {
      "revolute", "universal", "spherical", "cylindrical", "weld", "prismatic", "revolute"};
  static const char *const axes[7] = {
      " axis 1 0 0", " axis 0 1 0 axis 1 0 0", "", " axis 0.6 0 0.8", "", " axis 0 0 1",
      " axis 0.6 0.8 0"};
  const double half = 0.3;
  char t[6000];
  size_t len = (size_t)snprintf(t, sizeof t, "model chain-every-kind\ngravity 9.81 0 0 -1\n");
  double y[3] = {0, 0, 0};                        /* the joint point above body i */
  for (int i = 0; i < 7; i++) {
    const double c[3] = {0.3 * sin(1.0 + i), 0.4 * cos(2.0 * i), 0.2 * i};
    double R[9], P[3] = {0, 0, half}, u[3], x[3];
    so3_cardan(R, c);
    so3_mv(u, R, P);
    for (int r = 0; r < 3; r++) x[r] = y[r] - u[r];
    len += (size_t)snprintf(t + len, sizeof t - len,
                            "body r%d\nmass %.17g\ninertia 0.03 0.031 0.002\n"
                            "position %.17g %.17g %.17g\ncardan %.17g %.17g %.17g\n",
                            i + 1, 1.0 + 0.1 * i, x[0], x[1], x[2], c[0], c[1], c[2]);
    if (i == 0)
      len += (size_t)snprintf(t + len, sizeof t - len, "joint %s ground 0 0 0 r1 0 0 %.17g%s\n",
                              joint[i], half, axes[i]);
    else
      len += (size_t)snprintf(t + len, sizeof t - len, "joint %s r%d 0 0 %.17g r%d 0 0 %.17g%s\n",
                              joint[i], i, -half, i + 1, half, axes[i]);
    for (int r = 0; r < 3; r++) y[r] = x[r] - u[r];  /* the point below */
  }
  return len < sizeof t ? parse(t) : NULL;
}

static void test_chain(void)
{
  lg_model *m = chain_every_kind();
  gsl_test(m == NULL, "joints-vi: the chain of every kind parses");
  if (!m) return;
  for (int s = 0; s < 3; s++) {
    lg_body qs[7], qd[7];
    double phi, phid, dphi;
    char why[300], whyd[300];
    int st = run(m, vi[s], 0.01, 0.5, LG_NEWTON_DIRECT, qs, &phi, &dphi, why, sizeof why);
    int std = run(m, vi[s], 0.01, 0.5, LG_NEWTON_DIRECT_GSL, qd, &phid, NULL, whyd, sizeof whyd);
    double e = 0, move = 0;
    for (int i = 0; i < 7 && st == LG_OK && std == LG_OK; i++)
      for (int r = 0; r < 3; r++) {
        e = fmax(e, fabs(qs[i].x[r] - qd[i].x[r]));
        e = fmax(e, fabs(qs[i].W[r] - qd[i].W[r]));
        move = fmax(move, fabs(qs[i].v[r]));
      }
    gsl_test(st != LG_OK || std != LG_OK || !(e < 1e-10) || !(move > 0.1),
             "joints-vi: chain of every kind, %s, 0.5 s: structured against dense Newton %.2g "
             "(< 1e-10; speeds up to %.2g m/s) %s%s", vi[s], e, move, why, whyd);
    gsl_test(st != LG_OK || !(fmax(phi, phid) < 1e-13) || (s < 2 && !(dphi < 1e-13)),
             "joints-vi: chain of every kind, %s: after every step |phi| = %.2g (< 1e-13), "
             "|B V| = %.2g m/s (%s)", vi[s], fmax(phi, phid), dphi,
             s < 2 ? "< 1e-13" : "DL: not held");
  }
  mb_model_free(m);
}
/* A block (mass 2) on a prismatic rail at angle a = 0.5 rad below the
   horizontal, under gravity, pulled up the rail by a spring-damper from
   the rail's origin (K = 50 N/m, C = 3 N s/m, L0 = 1 m), from s0 = 1.4 m at
   rest: m s'' = -K (s - L0) - C s' + m g sin a, whose solution is
   s_eq + exp(-gamma t) (A cos(w t) + B sin(w t)), s_eq = L0 + m g sin(a)/K,
   gamma = C/(2m), w^2 = K/m - gamma^2, A = s0 - s_eq, B = gamma A / w.
   DH and RATTLie at h = 0.02 and 0.01 over 2 s: the observed order within
   [1.8, 2.2] of their 2, the rail held after every step to 1e-14 (the
   rows of size one metre at the Newton floor) and its velocity rows to
   1e-13 m/s (the end system solved to 16 eps of velocities of 3 m/s);
   DL refuses the damper, naming the spring. */
static const double osc_m = 2, osc_a = 0.5, osc_g = 9.81, osc_K = 50, osc_C = 3, osc_L0 = 1,
                    osc_s0 = 1.4;

static double osc_exact(double t)
{
  const double seq = osc_L0 + osc_m * osc_g * sin(osc_a) / osc_K, ga = osc_C / (2 * osc_m);
  const double w = sqrt(osc_K / osc_m - ga * ga), A = osc_s0 - seq, B = ga * A / w;
  return seq + exp(-ga * t) * (A * cos(w * t) + B * sin(w * t));
}

static lg_model *damped_rail(void)
{
  const double u[3] = {cos(osc_a), 0, -sin(osc_a)};
  char t[1000];
  snprintf(t, sizeof t,
           "model damped-rail\ngravity %.17g 0 0 -1\n"
           "body block\nmass %.17g\ninertia 0.2 0.3 0.4\nposition %.17g 0 %.17g\n"
           "cardan 0.1 0.2 0.3\n"
           "joint prismatic ground 0 0 0 block 0 0 0 axis %.17g 0 %.17g\n"
           "spring ground 0 0 0 block 0 0 0 stiffness %.17g damping %.17g length %.17g\n",
           osc_g, osc_m, osc_s0 * u[0], osc_s0 * u[2], u[0], u[2], osc_K, osc_C, osc_L0);
  return parse(t);
}

static void test_damped_oscillator(void)
{
  lg_model *m = damped_rail();
  gsl_test(m == NULL, "joints-vi: the damped block on a rail parses");
  if (!m) return;
  for (int s = 0; s < 2; s++) {
    double err[2], phi = 0, dphi = 0;
    char why[300] = "";
    int st = LG_OK;
    for (int k = 0; k < 2 && st == LG_OK; k++) {
      lg_body q;
      double ph, dph;
      st = run(m, vi[s], 0.02 / (1 + k), 2, LG_NEWTON_DIRECT, &q, &ph, &dph, why, sizeof why);
      err[k] = st == LG_OK ? fabs(q.x[0] * cos(osc_a) - q.x[2] * sin(osc_a) - osc_exact(2))
                           : NAN;
      phi = fmax(phi, ph);
      dphi = fmax(dphi, dph);
    }
    const double p = log2(err[0] / err[1]);
    gsl_test(st != LG_OK || !(p >= 1.8 && p <= 2.2), "joints-vi: damped oscillator on a rail, "
             "%s: errors %.2g, %.2g m at h = 0.02, 0.01 over 2 s: order %.2f (in [1.8, 2.2]) %s",
             vi[s], err[0], err[1], p, why);
    gsl_test(st != LG_OK || !(phi < 1e-14) || !(dphi < 1e-13), "joints-vi: damped oscillator "
             "on a rail, %s: after every step |phi| = %.2g (< 1e-14), |B V| = %.2g m/s "
             "(< 1e-13)", vi[s], phi, dphi);
  }
  lg_body q;
  char why[300];
  int st = run(m, "dl", 0.01, 0.01, LG_NEWTON_DIRECT, &q, NULL, NULL, why, sizeof why);
  gsl_test(st == LG_OK || !strstr(why, "scheme dl does not take forces that depend on the "
                                  "velocities (spring 1, damping 3"),
           "joints-vi: dl refuses the damper, naming the spring: %s", why);
  mb_model_free(m);
}

/* Two spinning bodies on a revolute joint, with a spring-damper between
   points off their mass centres and one to the ground, a constant force
   and a constant body torque (the velocities need not satisfy the joint):
   the Jacobian of the end system (hg_end_fdf) against central differences
   at V* and a point mu, at h = 0.01 and 0.05 (bar 1e-7, as for stage 1) */
static lg_model *sprung_pair(void)
{
  char t[2500];
  const double xa[3] = {0.4, -0.3, 0.2}, P2a[3] = {-0.1, 0.25, 0.15}, P2b[3] = {0.3, -0.2, 0.1};
  const double ca[3] = {0.3, -0.7, 1.1}, cb[3] = {-1.2, 0.4, 2.3};
  double Ra[9], Rb[9], y[3], z[3], xb[3];
  so3_cardan(Ra, ca);
  so3_cardan(Rb, cb);
  so3_mv(y, Ra, P2a);
  so3_mv(z, Rb, P2b);
  for (int r = 0; r < 3; r++) xb[r] = xa[r] + y[r] - z[r];
  snprintf(t, sizeof t,
           "model sprung-pair\ngravity 9.81 0 0 -1\n"
           "body a\nmass 1.7\ninertia 0.9 1.3 1.1\nposition %.17g %.17g %.17g\n"
           "cardan 0.3 -0.7 1.1\nangvel 1.9 -2.3 0.7\nvelocity 0.3 0.5 -0.8\n"
           "body b\nmass 2.3\ninertia 0.6 0.8 1.2\nposition %.17g %.17g %.17g\n"
           "cardan -1.2 0.4 2.3\nangvel -0.8 3.1 -1.7\nvelocity -0.6 0.2 0.4\n"
           "joint revolute a %.17g %.17g %.17g b %.17g %.17g %.17g axis 0.3 -0.5 0.8\n"
           "spring a 0.2 0.1 -0.3 b -0.2 0.3 0.1 stiffness 40 damping 2.5 length 0.3\n"
           "spring ground 0 0 1 a 0.1 -0.2 0.3 stiffness 25 damping 1.5 length 0.5\n"
           "force b 0.3 -0.4 1.2\ntorque a 0.2 0.1 -0.3\n",
           xa[0], xa[1], xa[2], xb[0], xb[1], xb[2], P2a[0], P2a[1], P2a[2], P2b[0], P2b[1],
           P2b[2]);
  return parse(t);
}

static void test_end_jacobian(void)
{
  lg_model *m = sprung_pair();
  mb_par *p = m ? par_of(m) : NULL;
  gsl_test(p == NULL, "joints-vi: the sprung pair parses");
  if (!p) { mb_model_free(m); return; }
  lg_body q[2];
  mb_initial(p, q);
  hg_end *e = hg_end_alloc(p);
  for (int hi = 0; hi < 2 && e; hi++) {
    const double h = hi ? 5e-2 : 1e-2;
    hg_end_set(e, q, h, 0.3);
    double u[12 + 5];
    for (int j = 0; j < e->n; j++) u[j] = j < 12 ? e->Vs[j] * (1 + 0.1 * urand()) : 0.05 * urand();
    double err = newton_jacobian_error(hg_end_fdf, e, u, (size_t)e->n, 0);
    gsl_test(!(err <= 1e-7), "joints-vi: sprung pair, h = %g: the end system's Jacobian against "
             "central differences %.2g (<= 1e-7)", h, err);
  }
  gsl_test(e == NULL, "joints-vi: the end system allocated");
  /* the structured form (hg_end_jfdf): its Jacobian, the columns of spring
     1's copies folded onto the velocities they copy, is the dense one (the
     same products, 8 eps of the largest entry), and its residual too */
  newton_ws *nw = NULL;
  hg_end *es = hg_end_alloc_sparse(p, &nw);
  gsl_test(es == NULL || !e || es->n != e->n + 12, "joints-vi: the structured end system "
           "allocated, with 12 copies");
  if (es && e && es->n == e->n + 12) {
    const int n = e->n, ns = es->n;
    double u[12 + 5 + 12], r[29], rs[29], J[17 * 17], Js[29 * 29], big = 0, err = 0;
    hg_end_set(e, q, 1e-2, 0.3);
    hg_end_set(es, q, 1e-2, 0.3);
    for (int j = 0; j < n; j++) u[j] = j < 12 ? e->Vs[j] * (1 + 0.1 * urand()) : 0.05 * urand();
    for (int c = 0; c < 12; c++) u[n + c] = u[c];      /* spring 1 joins a (0) and b (1) */
    hg_end_fdf(u, e, r, J);
    memset(Js, 0, sizeof Js);
    newton_jac hj = {Js, (size_t)ns, NULL};
    hg_end_jfdf(u, es, rs, &hj);
    for (int i = 0; i < n; i++) {
      err = fmax(err, fabs(rs[i] - r[i]));
      for (int j = 0; j < n; j++) {
        double f = Js[i * ns + j] + (j < 12 ? Js[i * ns + n + j] : 0);
        err = fmax(err, fabs(f - J[i * n + j]));
        big = fmax(big, fabs(J[i * n + j]));
      }
    }
    gsl_test(!(err <= 8 * DBL_EPSILON * fmax(1, big)), "joints-vi: sprung pair: the structured "
             "end system against the dense one %.2g (<= 8 eps of %.2g)", err, big);
  }
  newton_free(nw);
  hg_end_free(es);
  hg_end_free(e);
  free(p);
  mb_model_free(m);
}

/* The hinged rod with an undamped spring from its free end to a point of
   the ground off its plane of motion, and a constant force on it: one
   degree of freedom, conservative, which each scheme integrates as a
   variational integrator of L - U.  Over 40 s at h = 0.01 (dozens of
   periods) the energy error stays bounded: its largest value over the
   last 20 s at most 1.2 times that over the first 20 s (the motion is
   periodic, so both windows hold the same largest error; a drift would
   double it); and it is of order 2: the largest values over 40 s at h =
   0.02 and 0.01 in the ratio 2^p with p in [1.8, 2.2]. */
typedef struct { const mb_par *p; double E0, e1, e2, T; int first; } energy_watch;
static int energy_step(void *ctx, const lg_state *s)
{
  energy_watch *w = ctx;
  const double E = mb_energy(w->p, s->body);
  if (w->first) { w->E0 = E; w->first = 0; }
  if (s->t <= 0.5 * w->T) w->e1 = fmax(w->e1, fabs(E - w->E0));
  else w->e2 = fmax(w->e2, fabs(E - w->E0));
  return 0;
}

static void test_spring_energy(void)
{
  lg_model *m = hinged_rod("spring ground 0.3 0.4 -1.2 rod 0 0 -0.5 stiffness 30 damping 0 "
                            "length 0.4\nforce rod 0.5 -0.2 1.5\n");
  mb_par *p = m ? par_of(m) : NULL;
  char msg[300] = "";
  int st0 = p ? m->check(p, 0, msg, sizeof msg) : LG_ENOMEM;
  gsl_test(st0 != LG_OK, "joints-vi: the sprung hinged rod parses and passes its check %s", msg);
  const double T = 40;
  for (int s = 0; s < 3 && st0 == LG_OK; s++) {
    energy_watch w[2];
    int st = LG_OK;
    lg_failure f;
    memset(&f, 0, sizeof f);
    for (int k = 0; k < 2 && st == LG_OK; k++) {
      const double h = 0.02 / (1 + k);
      lg_opts opt;
      lg_opts_default(&opt);
      w[k] = (energy_watch){p, 0, 0, 0, T, 1};
      st = lg_run(lg_scheme_find("multibody", vi[s]), p, &opt, h, lround(T / h), 1, energy_step,
                  &w[k], &f);
    }
    const double e0 = fmax(w[0].e1, w[0].e2), e1 = fmax(w[1].e1, w[1].e2), q = log2(e0 / e1);
    gsl_test(st != LG_OK || !(w[1].e2 <= 1.2 * w[1].e1), "joints-vi: sprung hinged rod, %s, "
             "h = 0.01: largest energy error %.2g J over the first 20 s, %.2g J over the last "
             "(at most 1.2 times) %s", vi[s], w[1].e1, w[1].e2, f.why);
    gsl_test(st != LG_OK || !(q >= 1.8 && q <= 2.2), "joints-vi: sprung hinged rod, %s: "
             "largest energy error %.2g, %.2g J at h = 0.02, 0.01 over 40 s: order %.2f (in "
             "[1.8, 2.2])", vi[s], e0, e1, q);
  }
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_jacobians();
  test_rows_spherical();
  test_revolute_pendulum();
  test_prismatic_incline();
  test_weld();
  test_chain();
  test_damped_oscillator();
  test_end_jacobian();
  test_spring_energy();
  exit(gsl_test_summary());
}
