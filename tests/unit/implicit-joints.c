/* generalized-alpha and the implicit midpoint rule with every kind of
   joint: the Newton Jacobian of generalized-alpha against central
   differences, closed forms, and the constraints each scheme keeps. */
#include <float.h>
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
#include "scheme/huang2022.h"

/* the schemes under test */
static const char *const schemes[] = {"galpha", "imid-index2"};
#define NSCHEME 2

static lg_model *parse(const char *text) { return mbt_parse(text, "implicit-joints.mb"); }

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind, spinning;
   with loads, also a spring-damper from the ground to b and a torque on a */
static lg_model *two_bodies_loads(const char *kind, int loads)
{
  char t[2000];
  mbt_two_bodies(t, sizeof t, kind,
                 loads ? "assemble\nspring ground 0.1 0.2 0.3 b 0.1 0 0 stiffness 40 damping 0.7 "
                         "length 0.5\ntorque a 0.1 -0.2 0.3\n"
                       : "assemble\n");
  return parse(t);
}
static lg_model *two_bodies(const char *kind)
{
  return two_bodies_loads(kind, 0);
}

/* the parameters of m, checked (assembled when the file asks) */
static mb_par *params(const lg_model *m)
{
  mb_par *p = calloc(1, m->par_size);
  char msg[300];
  if (!p) return NULL;
  lg_params_default(m, p);
  if (m->check(p, 0, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "check: %s\n", msg);
    free(p);
    return NULL;
  }
  return p;
}

typedef struct { lg_body *q; int nb; double phi, dphi, orth; const mb_par *p; } last_ctx;
static int keep_last(void *ctx, const lg_state *s)
{
  last_ctx *c = ctx;
  memcpy(c->q, s->body, (size_t)c->nb * sizeof *c->q);
  if (c->p) {
    c->phi = fmax(c->phi, mb_phi_err(c->p, s->body));
    c->dphi = fmax(c->dphi, mb_dphi_err(c->p, s->body));
    c->orth = fmax(c->orth, mb_orth_err(c->p, s->body));
  }
  return 0;
}

/* a run of scheme name from 0 to T with step h: the last state in c->q,
   the largest residuals of every step in c; the status of lg_run */
static int run(const lg_model *m, const char *name, double h, double T, double tol,
               last_ctx *c, char *why, size_t n)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  mb_par *p = params(m);
  if (!S || !p) { free(p); snprintf(why, n, "no scheme or bad model"); return LG_EINVAL; }
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = tol;
  c->nb = p->topo->nb;
  c->p = p;
  c->phi = c->dphi = c->orth = 0;
  lg_failure f;
  memset(&f, 0, sizeof f);
  const long steps = lround(T / h);
  int st = lg_run(S, p, &opt, h, steps, 1, keep_last, c, &f);
  snprintf(why, n, "%s", f.why);
  c->p = NULL;
  free(p);
  return st;
}

/* ---------------------------------------------------------------- Jacobian */
static int grab(void *ctx, const lg_state *s)
{
  memcpy(ctx, s->body, (size_t)s->nbody * sizeof *s->body);
  return 0;
}

/* where joint k's group starts after the bodies (3 k when every joint is
   spherical: no groups with copies) */
static int goff(const hg_ga *g, int k)
{
  return g->goff ? g->goff[k] : 3 * k;
}

/* the largest |J v_c - (r(z + eps v_c) - r(z - eps v_c)) / (2 eps)| / max(1, |J|)
   over the unknowns c of the bodies and the multipliers, v_c the unit
   vector of c plus those of its copies */
static double ga_jac_error(hg_ga *g, const double *z)
{
  newton_fdf_fn fdf = g->applied ? hg_ga_fdf_applied : hg_ga_fdf;
  const int n = g->n, m0 = 6 * g->nb;
  const mb_topo *t = g->p->topo;
  double *J = calloc((size_t)n * (size_t)n, sizeof *J), *r0 = malloc((size_t)n * sizeof *r0);
  double *rp = malloc((size_t)n * sizeof *rp), *rm = malloc((size_t)n * sizeof *rm);
  double *v = malloc((size_t)n * sizeof *v), *zz = malloc((size_t)n * sizeof *zz);
  double err = NAN;
  if (!J || !r0 || !rp || !rm || !v || !zz || fdf(z, g, r0, J) != 0) goto done;
  err = 0;
  for (int c = 0; c < n; c++) {
    int copy = 0;                         /* is c itself a copy? then skip it */
    for (int k = 0; k < t->nj; k++) {
      const int G = m0 + goff(g, k) + mb_jnrows(t, k);
      if (c >= G && c < m0 + goff(g, k + 1)) copy = 1;
    }
    if (copy) continue;
    memset(v, 0, (size_t)n * sizeof *v);
    v[c] = 1;
    for (int k = 0; k < t->nj && c < m0; k++) {
      const int G = m0 + goff(g, k) + mb_jnrows(t, k);
      for (int cc = 0; cc < mb_joint_ncopy(t, k); cc++)
        if (mb_joint_copy(t, k, cc) == c) v[G + cc] = 1;
    }
    const double eps = 6e-6 * fmax(1.0, fabs(z[c]));
    for (int i = 0; i < n; i++) zz[i] = z[i] + eps * v[i];
    fdf(zz, g, rp, NULL);
    for (int i = 0; i < n; i++) zz[i] = z[i] - eps * v[i];
    fdf(zz, g, rm, NULL);
    for (int i = 0; i < n; i++) {
      double a = 0;
      for (int j = 0; j < n; j++) a += J[(size_t)i * (size_t)n + (size_t)j] * v[j];
      const double e = fabs(a - (rp[i] - rm[i]) / (2 * eps)) / fmax(1.0, fabs(a));
      if (!(e <= err)) err = e;
    }
  }
done:
  free(J); free(r0); free(rp); free(rm); free(v); free(zz);
  return err;
}

static void test_ga_jacobian(const char *kind, int loads)
{
  lg_model *m = two_bodies_loads(kind, loads);
  mb_par *p = m ? params(m) : NULL;
  const char *with = loads ? " and a spring" : "";
  gsl_test(p == NULL, "implicit-joints: two bodies with %s joints%s", kind, with);
  if (!p) { mb_model_free(m); return; }
  lg_body q[2];
  lg_opts opt;
  lg_opts_default(&opt);
  lg_run(lg_scheme_find("multibody", "ref"), p, &opt, 1e-3, 50, 1000000, grab, q, NULL);
  for (int hk = 0; hk < 2; hk++) {
    const double h = hk ? 1e-3 : 1e-2;
    hg_ga *g = hg_ga_alloc(p);
    if (!g) { gsl_test(1, "implicit-joints: hg_ga_alloc"); break; }
    hg_ga_set_at_rest(g, q, h);
    double z[64];
    const double mul[6] = {0.7, -1.3, 0.4, 2.1, -0.6, 0.9};
    for (int j = 0; j < 12; j++) z[j] = h * h * (0.3 + 0.1 * j) * (j % 2 ? -1 : 1);
    for (int k = 0; k < p->topo->nj; k++) {
      const int G = 12 + goff(g, k), mk = mb_jnrows(p->topo, k);
      for (int r = 0; r < mk; r++) z[G + r] = h * h * mul[r];
      for (int c = 0; c < mb_joint_ncopy(p->topo, k); c++)
        z[G + mk + c] = z[mb_joint_copy(p->topo, k, c)];
    }
    const double e = ga_jac_error(g, z);
    gsl_test(!(e <= 1e-7), "implicit-joints: %s%s, h = %g: generalized-alpha Newton Jacobian "
             "against central differences: %.2g (<= 1e-7)", kind, with, h, e);
    hg_ga_free(g);
  }
  free(p);
  mb_model_free(m);
}

/* ---------------------------------------------------------------- closed forms */
/* the hinged rod of tests/unit/jointmotion.c */
static const double rod_m = 1.3, rod_l = 0.5, rod_g = 9.81, th0 = 1.2, om0 = 0.7;
static const double rod_J[3] = {0.11, 0.115, 0.01}, rod_u[3] = {0.6, 0.8, 0};

static lg_model *hinged_rod(void)
{
  double R[9], w[3], x[3], v[3], P[3] = {0, 0, rod_l}, y[3], W[3];
  for (int r = 0; r < 3; r++) { w[r] = th0 * rod_u[r]; W[r] = om0 * rod_u[r]; }
  so3_exp(R, w);
  so3_mv(y, R, P);
  for (int r = 0; r < 3; r++) x[r] = -y[r];
  so3_cross(y, W, P);
  so3_mv(v, R, y);
  for (int r = 0; r < 3; r++) v[r] = -v[r];
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

static void test_revolute(const char *s)
{
  lg_model *m = hinged_rod();
  if (!m) { gsl_test(1, "implicit-joints: the hinged rod parses"); return; }
  double err[2];
  char why[300] = "";
  for (int k = 0; k < 2; k++) {
    lg_body q;
    last_ctx c = {&q, 1, 0, 0, 0, NULL};
    int st = run(m, s, 0.02 / (1 + k), 2, 0, &c, why, sizeof why);
    err[k] = st == LG_OK ? rod_error(&q, 2) : NAN;
  }
  const double o = log2(err[0] / err[1]);
  gsl_test(!(o > 1.8 && o < 2.2) || !(err[1] < 1e-3), "implicit-joints: revolute pendulum, %s: "
           "errors %.2g, %.2g rad at h = 0.02, 0.01 over 2 s: order %.2f (in [1.8, 2.2]; "
           "error < 1e-3) %s", s, err[0], err[1], o, why);
  mb_model_free(m);
}

static void test_prismatic(const char *s)
{
  const double a = 0.5, g = 9.81, T = 2;
  char t[800];
  snprintf(t, sizeof t,
           "model incline\ngravity %.17g 0 0 -1\n"
           "body block\nmass 2\ninertia 0.2 0.3 0.4\nposition 0 0 0\ncardan 0.1 0.2 0.3\n"
           "joint prismatic ground 0 0 0 block 0 0 0 axis %.17g 0 %.17g\n",
           g, cos(a), -sin(a));
  lg_model *m = parse(t);
  if (!m) { gsl_test(1, "implicit-joints: the incline parses"); return; }
  lg_body q;
  last_ctx c = {&q, 1, 0, 0, 0, NULL};
  char why[300] = "";
  int st = run(m, s, 0.01, T, 0, &c, why, sizeof why);
  const double x = q.x[0] * cos(a) - q.x[2] * sin(a), x0 = g * sin(a) * T * T / 2;
  const double off = fabs(q.x[1]) + fabs(q.x[0] * sin(a) + q.x[2] * cos(a));
  gsl_test(st != LG_OK || !(fabs(x - x0) < 1e-10) || !(off < 1e-10),
           "implicit-joints: prismatic incline, %s: s(2 s) - g sin(a) T^2/2 = %.2g m, off the "
           "axis %.2g m (both < 1e-10) %s", s, x - x0, off, why);
  mb_model_free(m);
}

/* the welded pair of tests/unit/jointmotion.c and the one body */
static void test_weld(const char *s)
{
  char t[2500], t1[1000];
  mbt_welded(t, sizeof t, t1, sizeof t1);
  lg_model *m2 = parse(t), *m1 = parse(t1);
  if (!m2 || !m1) gsl_test(1, "implicit-joints: the welded pair and the one body parse");
  else {
    lg_body q1;
    last_ctx c1 = {&q1, 1, 0, 0, 0, NULL};
    char why[300] = "";
    int st = run(m1, "ref", 0.01, 2, 0, &c1, why, sizeof why);
    double e[2] = {NAN, NAN};
    for (int k = 0; k < 2 && st == LG_OK; k++) {
      lg_body q2[2];
      last_ctx c2 = {q2, 2, 0, 0, 0, NULL};
      if (run(m2, s, 0.02 / (1 + k), 2, 0, &c2, why, sizeof why) != LG_OK) break;
      e[k] = 0;
      for (int i = 0; i < 2; i++)
        for (int r = 0; r < 9; r++) e[k] = fmax(e[k], fabs(q2[i].R[r] - q1.R[r]));
    }
    const double o = log2(e[0] / e[1]);
    gsl_test(!(o > 1.8 && o < 2.2), "implicit-joints: weld against one body, %s, 2 s: largest "
             "|R - R_one| %.2g, %.2g at h = 0.02, 0.01: order %.2f (in [1.8, 2.2]) %s", s, e[0],
             e[1], o, why);
  }
  mb_model_free(m2);
  mb_model_free(m1);
}

/* what each scheme keeps, on every kind of joint */
static void test_kept(const char *s, const char *kind)
{
  lg_model *m = two_bodies(kind);
  if (!m) { gsl_test(1, "implicit-joints: two bodies with %s joints", kind); return; }
  lg_body q[2];
  last_ctx c = {q, 2, 0, 0, 0, NULL};
  char why[300] = "";
  int st = run(m, s, 1e-3, 0.5, 0, &c, why, sizeof why);
  gsl_test(st != LG_OK, "implicit-joints: %s, %s joints: 500 steps %s", s, kind, why);
  if (strcmp(s, "galpha") == 0)
    gsl_test(!(c.phi <= 16 * DBL_EPSILON * 4), "implicit-joints: %s, %s joints: phi at every "
             "step %.2g (<= 16 eps L, L = 4)", s, kind, c.phi);
  else
    gsl_test(!(c.phi < 1e-4) || !(c.dphi < 1e-4), "implicit-joints: %s, %s joints: phi %.2g, "
             "B V %.2g at the steps' ends (< 1e-4, O(h^2))", s, kind, c.phi, c.dphi);
  gsl_test(!(c.orth < 1e-13), "implicit-joints: %s, %s joints: orthogonality %.2g (< 1e-13)", s,
           kind, c.orth);
  printf("# %s %s: phi %.3g, B V %.3g, orth %.3g\n", s, kind, c.phi, c.dphi, c.orth);
  mb_model_free(m);
}

int main(void)
{
  static const char *const kinds[] = {"spherical", "revolute", "weld", "prismatic",
                                      "cylindrical", "universal"};
  for (int k = 0; k < 6; k++) test_ga_jacobian(kinds[k], 0);
  for (int k = 0; k < 6; k++) test_ga_jacobian(kinds[k], 1);
  for (int i = 0; i < NSCHEME; i++) {
    test_revolute(schemes[i]);
    test_prismatic(schemes[i]);
    test_weld(schemes[i]);
    for (int k = 0; k < 6; k++) test_kept(schemes[i], kinds[k]);
  }
  exit(gsl_test_summary());
}
