/* Verification of the joints other than spherical against closed forms: a
   revolute pendulum, a prismatic slide down an incline, a welded pair. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "lib/mbtest.h"
#include "model/pend2d.h"

static lg_model *parse(const char *text) { return mbt_parse(text, "jointmotion.mb"); }

/* the last state of a run of scheme name from t = 0 to T with step h, in q
   (nb bodies); the status of lg_run, the scheme's words in why */
typedef struct { lg_body *q; int nb; } last_ctx;
static int keep_last(void *ctx, const lg_state *s)
{
  last_ctx *c = ctx;
  memcpy(c->q, s->body, (size_t)c->nb * sizeof *c->q);
  return 0;
}
static int run(const lg_model *m, const char *name, double h, double T, lg_body *q,
               char *why, size_t n)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  mb_par *p = calloc(1, m->par_size);
  if (!S || !p) { free(p); return LG_ENOMEM; }
  lg_params_default(m, p);
  char msg[300];
  int st = m->check(p, 0, msg, sizeof msg);
  if (st != LG_OK) {
    snprintf(why, n, "%s", msg);
    free(p);
    return st;
  }
  lg_opts opt;
  lg_opts_default(&opt);
  last_ctx c = {q, p->topo->nb};
  lg_failure f;
  memset(&f, 0, sizeof f);
  const long steps = lround(T / h);
  st = lg_run(S, p, &opt, h, steps, steps, keep_last, &c, &f);
  snprintf(why, n, "%s", f.why);
  free(p);
  return st;
}

/* the hinged rod: mass 1.3, J = diag(0.11, 0.115, 0.01), the hinge l =
   0.5 above the mass centre on the rod's axis, axis u = (0.6, 0.8, 0) */
static const double rod_m = 1.3, rod_l = 0.5, rod_g = 9.81, th0 = 1.2, om0 = 0.7;
static const double rod_J[3] = {0.11, 0.115, 0.01}, rod_u[3] = {0.6, 0.8, 0};

static lg_model *hinged_rod(void)
{
  double R[9], w[3], x[3], v[3], P[3] = {0, 0, rod_l}, y[3], W[3];
  for (int r = 0; r < 3; r++) { w[r] = th0 * rod_u[r]; W[r] = om0 * rod_u[r]; }
  so3_exp(R, w);                          /* R0 = exp(theta0 hat u), W0 = omega0 u */
  so3_mv(y, R, P);
  for (int r = 0; r < 3; r++) x[r] = -y[r];  /* the hinge at the origin */
  so3_cross(y, W, P);
  so3_mv(v, R, y);
  for (int r = 0; r < 3; r++) v[r] = -v[r];  /* d/dt of -R P */
  char t[1500];
  snprintf(t, sizeof t,
           "model hinged-rod\ngravity %.17g 0 0 -1\n"
           "body rod\nmass %.17g\ninertia %.17g %.17g %.17g\nposition %.17g %.17g %.17g\n"
           "rotation %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n"
           "angvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n"
           "joint revolute ground 0 0 0 rod 0 0 %.17g axis 0.6 0.8 0\n",
           rod_g, rod_m, rod_J[0], rod_J[1], rod_J[2], x[0], x[1], x[2], R[0], R[1], R[2], R[3],
           R[4], R[5], R[6], R[7], R[8], W[0], W[1], W[2], v[0], v[1], v[2], rod_l);
  return parse(t);
}

/* |theta(q) - theta exact| at time T, theta(q) = u . log R */
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

static void test_revolute_pendulum(void)
{
  lg_model *m = hinged_rod();
  gsl_test(m == NULL, "jointmotion: the hinged rod parses");
  if (!m) return;
  lg_body q;
  char why[300];
  /* the reference over 10 s: its error against the elliptic solution */
  int st = run(m, "ref", 0.01, 10, &q, why, sizeof why);
  double e = st == LG_OK ? rod_error(&q, 10) : NAN;
  gsl_test(!(e < 1e-12), "jointmotion: revolute pendulum, ref, 10 s: |theta - exact| = %.2g "
           "rad (< 1e-12) %s", e, why);
  /* RKMK4, without and with the projection: order 4 from h = 0.02, 0.01 over 2 s */
  static const char *const rk[] = {"rkmk4", "rkmk4-proj"};
  for (int i = 0; i < 2; i++) {
    double err[2];
    for (int k = 0; k < 2; k++) {
      st = run(m, rk[i], 0.02 / (1 + k), 2, &q, why, sizeof why);
      err[k] = st == LG_OK ? rod_error(&q, 2) : NAN;
    }
    const double p = log2(err[0] / err[1]);
    gsl_test(!(p > 3.6 && p < 4.4), "jointmotion: revolute pendulum, %s: errors %.2g, %.2g at "
             "h = 0.02, 0.01: order %.2f (in [3.6, 4.4])", rk[i], err[0], err[1], p);
  }
  mb_model_free(m);
}

/* a block (mass 2) on a prismatic joint along an incline of angle a */
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
  gsl_test(m == NULL, "jointmotion: the block on an incline parses");
  if (!m) return;
  static const char *const sch[] = {"ref", "rkmk4", "rkmk4-proj"};
  for (int i = 0; i < 3; i++) {
    lg_body q;
    char why[300];
    int st = run(m, sch[i], 0.01, T, &q, why, sizeof why);
    const double s = q.x[0] * cos(a) - q.x[2] * sin(a), s0 = g * sin(a) * T * T / 2;
    const double off = fabs(q.x[1]) + fabs(q.x[0] * sin(a) + q.x[2] * cos(a));
    gsl_test(st != LG_OK || !(fabs(s - s0) < 1e-10) || !(off < 1e-10),
             "jointmotion: prismatic incline, %s: s(2 s) - g sin(a) T^2/2 = %.2g m, off the "
             "axis %.2g m (both < 1e-10) %s", sch[i], s - s0, off, why);
  }
  mb_model_free(m);
}

/* bodies A (mass 1.5 at -0.4) and B (mass 1 at +0.6) on the combined first
   axis, frames aligned, welded at the origin; against one body */
static void test_weld(void)
{
  char t[2500], t1[1000];
  mbt_welded(t, sizeof t, t1, sizeof t1);
  lg_model *m2 = parse(t), *m1 = parse(t1);
  gsl_test(!m2 || !m1, "jointmotion: the welded pair and the one body parse");
  if (m2 && m1) {
    lg_body q2[2], q1;
    char why[300], why1[300];
    int st = run(m2, "ref", 0.01, 2, q2, why, sizeof why);
    int st1 = run(m1, "ref", 0.01, 2, &q1, why1, sizeof why1);
    double e = 0;
    for (int i = 0; i < 2; i++)
      for (int r = 0; r < 9; r++) e = fmax(e, fabs(q2[i].R[r] - q1.R[r]));
    gsl_test(st != LG_OK || st1 != LG_OK || !(e < 1e-9), "jointmotion: weld against one body, "
             "ref, 2 s: largest |R - R_one| = %.2g (< 1e-9) %s%s", e, why, why1);
  }
  mb_model_free(m2);
  mb_model_free(m1);
}

/* the hinged rod written in a body frame turned by S = exp(hat s): its
   full tensor S J S^T, R S^T, S W, the hinge with the rod as side a, its
   point S P and its axis S u in that frame; the same motion */
static void test_revolute_tensor(void)
{
  const double sv[3] = {0.4, -0.9, 0.3};
  double S[9], R[9], Ru[9], w[3], W[3], Wu[3], x[3], v[3], y[3], P[3] = {0, 0, rod_l}, Pu[3],
      uu[3];
  so3_exp(S, sv);
  for (int r = 0; r < 3; r++) { w[r] = th0 * rod_u[r]; W[r] = om0 * rod_u[r]; }
  so3_exp(R, w);
  so3_mv(y, R, P);
  for (int r = 0; r < 3; r++) x[r] = -y[r];
  so3_cross(y, W, P);
  so3_mv(v, R, y);
  for (int r = 0; r < 3; r++) v[r] = -v[r];
  so3_mul_nt(Ru, R, S);                    /* the user's frame */
  so3_mv(Wu, S, W);
  so3_mv(Pu, S, P);
  so3_mv(uu, S, rod_u);
  double T[9] = {0}, ST[9], Ju[9];
  for (int r = 0; r < 3; r++) T[4 * r] = rod_J[r];
  so3_mul(ST, S, T);
  so3_mul_nt(Ju, ST, S);                   /* S diag(J) S^T */
  char t[2000];
  snprintf(t, sizeof t,
           "model hinged-rod-tensor\ngravity %.17g 0 0 -1\n"
           "body rod\nmass %.17g\ninertia %.17g %.17g %.17g %.17g %.17g %.17g\n"
           "position %.17g %.17g %.17g\n"
           "rotation %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n"
           "angvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n"
           "joint revolute rod %.17g %.17g %.17g ground 0 0 0 axis %.17g %.17g %.17g\n",
           rod_g, rod_m, Ju[0], Ju[4], Ju[8], Ju[1], Ju[2], Ju[5], x[0], x[1], x[2], Ru[0], Ru[1],
           Ru[2], Ru[3], Ru[4], Ru[5], Ru[6], Ru[7], Ru[8], Wu[0], Wu[1], Wu[2], v[0], v[1], v[2],
           Pu[0], Pu[1], Pu[2], uu[0], uu[1], uu[2]);
  lg_model *m = parse(t);
  gsl_test(m == NULL, "jointmotion: the hinged rod with a full tensor parses");
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  char msg[300] = "";
  int st = m->check(p, 0, msg, sizeof msg);
  const lg_scheme_type *Sref = lg_scheme_find("multibody", "ref");
  lg_opts opt;
  lg_opts_default(&opt);
  lg_body q;
  last_ctx c = {&q, 1};
  if (st == LG_OK) st = lg_run(Sref, p, &opt, 0.01, 200, 200, keep_last, &c, NULL);
  /* the run's state is in the principal frame that the Jacobi rotations
     chose (its axes in any order and sign): turned back to the user's
     frame, then by S to the rod's own, its angle about u */
  const double *Q = mb_axes(p, 0);
  lg_body qu;
  mb_user_body(p, 0, &q, &qu);
  so3_mul(q.R, qu.R, S);
  double e = st == LG_OK ? rod_error(&q, 2) : NAN;
  gsl_test(!(e < 1e-12) || !Q, "jointmotion: revolute pendulum, full tensor in a turned frame, "
           "ref, 2 s: |theta - exact| = %.2g rad (< 1e-12) %s", e, msg);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_revolute_pendulum();
  test_revolute_tensor();
  test_prismatic_incline();
  test_weld();
  exit(gsl_test_summary());
}
