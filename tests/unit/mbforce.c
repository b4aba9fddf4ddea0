/* Unit tests of the applied forces of model/multibody: springs, dampers,
   constant forces and torques; their Jacobian and potential against central
   differences, and every multibody scheme on three closed-form motions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "num/newton.h"
#include "scheme/liang2023.h"
#include "scheme/huang2022.h"

static mb_par *par_of(const lg_model *m)
{
  mb_par *p = calloc(1, m->par_size);
  if (p) lg_params_default(m, p);
  return p;
}

static lg_model *parse(const char *text)
{
  char msg[300];
  lg_model *m = mb_model_parse(text, "test.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

/* two asymmetric spinning bodies, three springs (one of zero length), all
   points off the mass centres, a force and a torque */
static const char *const two_bodies =
    "model two\ngravity 9.81 0 0 -1\n"
    "body a\nmass 1.7\ninertia 0.9 1.3 1.1\nposition 0.4 -0.3 0.2\ncardan 0.3 -0.7 1.1\n"
    "angvel 1.9 -2.3 0.7\nvelocity 0.3 0.5 -0.8\n"
    "body b\nmass 2.3\ninertia 0.6 0.8 1.2\nposition -0.5 0.6 -0.4\ncardan -1.2 0.4 2.3\n"
    "angvel -0.8 3.1 -1.7\nvelocity -0.6 0.2 0.4\n"
    "spring ground 0.3 -0.2 0.5 a 0.2 0.1 -0.3 stiffness 40 damping 1.5 length 0.7\n"
    "spring a -0.1 0.25 0.15 b 0.3 -0.2 0.1 damping 0.6 length 0.4 stiffness 25\n"
    "spring b 0.1 0.2 -0.3 ground 0.2 0.1 -0.1 stiffness 10 damping 0 length 0\n"
    "force a 1 -2 3\ntorque b 0.5 -0.4 0.3\n";

/* f of mb_applied alone */
static void applied(const mb_par *p, const lg_body *q, double *f)
{
  memset(f, 0, 6 * (size_t)p->topo->nb * sizeof *f);
  mb_applied(p, q, f);
}

/* the state moved along coordinate c of body j: rotation R exp(eps e_c)
   (c < 3) or x + eps e_c (c >= 3); with vel, W or v instead */
static void nudge(lg_body *q, int j, int c, double eps, int vel)
{
  if (vel) {
    if (c < 3) q[j].W[c] += eps;
    else q[j].v[c - 3] += eps;
    return;
  }
  if (c < 3) {
    double w[3] = {0, 0, 0}, E[9];
    w[c] = eps;
    so3_exp(E, w);
    so3_mul(q[j].R, q[j].R, E);
  } else q[j].x[c - 3] += eps;
}

/* Kq and Kv of mb_applied_jac against central differences of mb_applied
   with step 1e-5: truncation ~ 1e-10 and round-off ~ 1e-11 of the largest
   entry, so the largest difference must stay below 1e-7 of it */
static void test_jacobian(void)
{
  lg_model *m = parse(two_bodies);
  gsl_test(m == NULL, "two spinning bodies with springs parse");
  if (!m) return;
  mb_par *p = par_of(m);
  const int nb = p->topo->nb, n = 6 * nb;
  lg_body q[2], qq[2];
  double Kq[144], Kv[144], fp[12], fm[12];
  mb_initial(p, q);
  mb_applied_jac(p, q, Kq, Kv);
  for (int vel = 0; vel < 2; vel++) {
    const double *K = vel ? Kv : Kq;
    double big = 0, err = 0;
    for (int j = 0; j < nb; j++)
      for (int c = 0; c < 6; c++) {
        const double eps = 1e-5;
        memcpy(qq, q, sizeof qq);
        nudge(qq, j, c, eps, vel);
        applied(p, qq, fp);
        memcpy(qq, q, sizeof qq);
        nudge(qq, j, c, -eps, vel);
        applied(p, qq, fm);
        for (int r = 0; r < n; r++) {
          const double fd = (fp[r] - fm[r]) / (2 * eps), a = K[r * n + 6 * j + c];
          big = fmax(big, fabs(a));
          err = fmax(err, fabs(fd - a));
        }
      }
    gsl_test(!(err <= 1e-7 * big), "applied-force Jacobian %s: largest difference %.3g of "
             "entries up to %.3g against central differences (tolerance 1e-7 relative)",
             vel ? "Kv (velocities)" : "Kq (configuration)", err, big);
  }
  free(p);
  mb_model_free(m);
}

/* the potential: with the dampers set to zero and the torque removed, the
   generalised force equals minus the derivative of mb_applied_potential
   along each coordinate (central differences, 1e-7 of the largest force) */
static void test_potential(void)
{
  lg_model *m = parse(two_bodies);
  if (!m) return;
  mb_par *p = par_of(m);
  for (int k = 0; k < p->topo->ld->ns; k++) ((double *)mb_spring_par(p, k))[MB_SC] = 0;
  memset((double *)mb_load_par(p, p->topo->ld->nf), 0, 3 * sizeof(double));
  lg_body q[2], qq[2];
  double f[12], big = 0, err = 0;
  mb_initial(p, q);
  applied(p, q, f);
  for (int j = 0; j < 2; j++)
    for (int c = 0; c < 6; c++) {
      const double eps = 1e-5;
      memcpy(qq, q, sizeof qq);
      nudge(qq, j, c, eps, 0);
      double Up = mb_applied_potential(p, qq);
      memcpy(qq, q, sizeof qq);
      nudge(qq, j, c, -eps, 0);
      double Um = mb_applied_potential(p, qq);
      big = fmax(big, fabs(f[6 * j + c]));
      err = fmax(err, fabs(f[6 * j + c] + (Up - Um) / (2 * eps)));
    }
  gsl_test(!(err <= 1e-7 * big), "springs and force: f = -dU to %.3g of %.3g (tolerance 1e-7 "
           "relative)", err, big);
  free(p);
  mb_model_free(m);
}
static const char *const oscillator =
    "model osc\ngravity 9.81 0 0 -1\n"
    "body m\nmass 2\ninertia 0.1 0.2 0.15\nposition 0 0 -1.3\n"
    "spring ground 0 0 0 m 0 0 0 stiffness 50 damping 0.8 length 1\n";
static const char *const pushed =
    "model pushed\ngravity 0 0 0 1\n"
    "body b\nmass 1.5\ninertia 0.4 0.7 0.9\nposition 0.1 -0.2 0.3\ncardan 0.4 0.2 -0.3\n"
    "angvel 1 2 3\nvelocity 0.5 -0.25 1\nforce b 0.3 -0.6 0.9\n";
static const char *const twisted =
    "model twisted\ngravity 9.81 0 0 1\n"
    "body b\nmass 1.5\ninertia 0.5 0.5 0.5\nposition 0 0 0\ncardan 0.4 0.2 -0.3\n"
    "angvel 0.3 -0.2 0.5\ntorque b 0.1 0.2 -0.3\n";

typedef struct {
  int kind;          /* 0 oscillator, 1 force, 2 torque */
  double err;        /* largest error against the closed form */
  double ework;      /* largest |E + W_damper - E(0)| */
  double E0, W, tprev, vprev;
  const mb_par *p;
} track;

/* the oscillator's s(t) and ds/dt */
static void osc_exact(double t, double *s, double *sd)
{
  const double m = 2, K = 50, C = 0.8, w0 = sqrt(K / m), z = C / (2 * sqrt(K * m));
  const double wd = w0 * sqrt(1 - z * z), s0 = 1.3 - (1 + m * 9.81 / K), a = z * w0 * s0 / wd;
  const double e = exp(-z * w0 * t), c = cos(wd * t), si = sin(wd * t);
  *s = e * (s0 * c + a * si);
  *sd = -z * w0 * *s + e * (-s0 * wd * si + a * wd * c);
}

static int keep(void *ctx, const lg_state *s)
{
  track *k = ctx;
  const lg_body *b = &s->body[0];
  const double t = s->t;
  if (k->kind == 0) {
    double se, sd;
    osc_exact(t, &se, &sd);
    k->err = fmax(k->err, fabs(-b->x[2] - (1 + 2 * 9.81 / 50) - se));
    const double E = mb_energy(k->p, s->body);
    if (t == 0) { k->E0 = E; k->W = 0; }
    else {                                   /* Simpson, 16 panels */
      const int np = 16;
      const double hh = (t - k->tprev) / np;
      double sum = 0;
      for (int i = 0; i <= np; i++) {
        double x, v;
        osc_exact(k->tprev + i * hh, &x, &v);
        sum += (i == 0 || i == np ? 1 : i % 2 ? 4 : 2) * 0.8 * v * v;
      }
      k->W += sum * hh / 3;
    }
    k->ework = fmax(k->ework, fabs(E + k->W - k->E0));
    k->tprev = t;
  } else if (k->kind == 1) {
    const double x0[3] = {0.1, -0.2, 0.3}, v0[3] = {0.5, -0.25, 1}, F[3] = {0.3, -0.6, 0.9};
    for (int r = 0; r < 3; r++)
      k->err = fmax(k->err, fabs(b->x[r] - (x0[r] + v0[r] * t + F[r] * t * t / (2 * 1.5))));
  } else {
    const double W0[3] = {0.3, -0.2, 0.5}, T[3] = {0.1, 0.2, -0.3};
    for (int r = 0; r < 3; r++) k->err = fmax(k->err, fabs(b->W[r] - (W0[r] + T[r] * t / 0.5)));
  }
  return 0;
}

/* run scheme sch on model text for T seconds at step h: LG_OK and the
   errors in *k, or the status of a refusal with its words in why */
static int run(const lg_scheme_type *sch, const char *text, int kind, double h, double T,
               track *k, char *why, size_t n)
{
  lg_model *m = parse(text);
  if (!m) return LG_EINVAL;
  mb_par *p = par_of(m);
  lg_opts opt;
  lg_opts_default(&opt);
  memset(k, 0, sizeof *k);
  k->kind = kind;
  k->p = p;
  lg_failure fail;
  memset(&fail, 0, sizeof fail);
  int st = lg_run(sch, p, &opt, h, lround(T / h), 1, keep, k, &fail);
  snprintf(why, n, "%s", fail.why);
  free(p);
  mb_model_free(m);
  return st;
}

static void test_schemes(void)
{
  static const char *const name[3] = {"spring", "force", "torque"};
  static const char *const text[3] = {oscillator, pushed, twisted};
  int nsch = 0;
  for (size_t i = 0; i < lg_nschemes(); i++) {
    const lg_scheme_type *s = lg_scheme_at(i);
    if (strcmp(s->family, "multibody") != 0) continue;
    nsch++;
    const int ref = strcmp(s->name, "ref") == 0;
    const int rk = strcmp(s->name, "rkmk4") == 0 || strcmp(s->name, "rkmk4-proj") == 0;
    /* the second-order schemes; dl takes the force and the torque and
       refuses the damper (a force that depends on the velocities) */
    const int mid = strcmp(s->name, "imid-index2") == 0 || strcmp(s->name, "galpha") == 0 ||
                    strcmp(s->name, "dh") == 0 || strcmp(s->name, "rattlie") == 0 ||
                    strcmp(s->name, "dl") == 0;
    const int nodamper = strcmp(s->name, "dl") == 0;
    gsl_test(!(ref || rk || mid), "scheme %s: the test knows what it must do", s->name);
    track k;
    char why[256], who[64];
    snprintf(who, sizeof who, "scheme %s ", s->name);
    for (int c = 0; c < 3; c++) {
      const int st = run(s, text[c], c, 0.01, c == 0 ? 5.0 : 3.0, &k, why, sizeof why);
      if (nodamper && c == 0) {
        gsl_test(!(st == LG_EINVAL && strstr(why, who) && strstr(why, name[c])),
                 "%s refuses a damped %s, naming itself and the statement: '%s'", s->name,
                 name[c], why);
        continue;
      }
      gsl_test(st != LG_OK, "%s runs the %s model (status %d: %s)", s->name, name[c], st, why);
      if (c == 0 && ref) {
        gsl_test(!(k.err <= 1e-12), "ref: damped oscillator within %.3g m of the closed form "
                 "(tolerance 1e-12)", k.err);
        gsl_test(!(k.ework <= 1e-11), "ref: energy plus damper work constant to %.3g J "
                 "(tolerance 1e-11)", k.ework);
      } else if (c == 0) {
        track k2;
        int st2 = run(s, text[c], c, 0.02, 5.0, &k2, why, sizeof why);
        const double order = log2(k2.err / k.err), p = mid ? 2 : 4;
        gsl_test(!(st2 == LG_OK && fabs(order - p) < 0.3),
                 "%s: damped oscillator errors %.3g (h = 0.02) and %.3g (h = 0.01): order %.3f "
                 "(%g to %g)", s->name, k2.err, k.err, order, p - 0.3, p + 0.3);
      } else
        gsl_test(!(k.err <= 1e-12), "%s: constant %s: %.3g from the closed form "
                 "(tolerance 1e-12)", s->name, name[c], k.err);
    }
  }
  gsl_test(nsch != 8, "eight multibody schemes checked (found %d)", nsch);
}

/* without a damper the energy column is conserved: by the reference to its
   tolerance, and by the implicit midpoint rule to round-off (20,000 steps of
   0.01 s), since the motion is linear and the energy a quadratic invariant,
   which the midpoint rule keeps exactly; 1e-11 relative for both */
static void test_undamped(void)
{
  static char text[600];
  snprintf(text, sizeof text, "%s", oscillator);
  char *d = strstr(text, "damping 0.8");
  memcpy(d, "damping 0  ", 11);
  lg_model *m = parse(text);
  if (!m) return;
  mb_par *p = par_of(m);
  lg_opts opt;
  lg_opts_default(&opt);
  static const char *const name[2] = {"ref", "imid-index2"};
  for (int k = 0; k < 2; k++) {
    const lg_scheme_type *S = lg_scheme_find("multibody", name[k]);
    double E0 = NAN, dE = 0;
    void *ws = S ? S->alloc(p, &opt) : NULL;
    lg_state st;
    memset(&st, 0, sizeof st);
    int n = 0;
    if (ws && S->init(ws, p, 0.01, &st) == LG_OK) {
      E0 = mb_energy(p, st.body);
      for (; n < 20000 && S->step(ws, &st) == LG_OK; n++)
        dE = fmax(dE, fabs(mb_energy(p, st.body) - E0));
    }
    if (ws) S->free(ws);
    gsl_test(!(n == 20000 && isfinite(E0) && dE <= 1e-11 * fabs(E0)), "%s, C = 0: energy %.6g "
             "conserved to %.3g over 200 s (tolerance 1e-11 relative)", name[k], E0, dE);
  }
  free(p);
  mb_model_free(m);
}

/* a body hanging from the ground by a spherical joint and a second one
   hanging from it, springs from the ground to b and from a to b off the
   mass centres, a force and a torque; velocities that keep the joints */
static const char *const chain =
    "model chain\ngravity 9.81 0 0 -1\n"
    "body a\nmass 1.7\ninertia 0.9 1.3 1.1\nposition 0.1 0.2 -0.5\n"
    "angvel 0.7 -0.4 0.3\nvelocity 0.2 0.35 0\n"
    "body b\nmass 2.3\ninertia 0.6 0.8 1.2\nposition 0.3 0.2 -1.2\n"
    "angvel -0.5 0.9 0.6\nvelocity 0.22 0.72 -0.18\n"
    "joint ground 0.1 0.2 0 a 0 0 0.5\njoint a 0 0 -0.5 b -0.2 0 0.2\n"
    "spring ground 0.5 0 -0.3 b 0.1 0.2 -0.1 stiffness 80 damping 2 length 0.6\n"
    "spring a 0.2 -0.1 0.1 b 0.1 0.1 0.3 stiffness 30 damping 0.7 length 0.2\n"
    "force a 1 -2 3\ntorque b 0.5 -0.4 0.3\n";

/* the unknowns of the springs' groups of copies (section
   sec:mb-spring-sparse) after m0 = 6 nb + the joints' groups, spherical
   joints here: src[j] the unknown that j copies, -1 for the others; the
   number of unknowns */
static size_t spring_copies(const mb_par *p, size_t n, int *src)
{
  const mb_topo *t = p->topo;
  size_t G = 6 * (size_t)t->nb + (size_t)t->nc;
  for (size_t j = 0; j < n; j++) src[j] = -1;
  for (int k = 0; k < t->ld->ns; k++) {
    if (!mb_spring_couples(t, k)) continue;
    const mb_joint *s = &t->ld->spring[k];
    for (int c = 0; c < 12 && G + (size_t)c < n; c++)
      src[G + (size_t)c] = 6 * (c < 6 ? s->a : s->b) + c % 6;
    G += 12;
  }
  return G;
}

/* a Jacobian with copies against central differences: for each unknown c
   that is not a copy, along v = e_c + the unit vectors of its copies,
   max |J v - (F(x + eps v) - F(x - eps v)) / (2 eps)| / max(1, |J v|),
   eps = 1e-6 max(1, |x_c|); NaN if a call fails */
static double copy_jac_error(newton_fdf_fn fdf, void *par, const double *x, size_t n,
                             const int *src)
{
  double *J = malloc(n * n * sizeof *J), *r = malloc(4 * n * sizeof *r), err = NAN;
  if (!J || !r || fdf(x, par, r, J) != 0) goto done;
  double *rp = r + n, *rm = rp + n, *xx = rm + n;
  err = 0;
  for (size_t c = 0; c < n; c++) {
    if (src[c] >= 0) continue;
    const double eps = 1e-6 * fmax(1.0, fabs(x[c]));
    for (int sg = 0; sg < 2; sg++) {
      for (size_t j = 0; j < n; j++)
        xx[j] = x[j] + ((j == c || src[j] == (int)c) ? (sg ? -eps : eps) : 0.0);
      if (fdf(xx, par, sg ? rm : rp, NULL) != 0) { err = NAN; goto done; }
    }
    for (size_t i = 0; i < n; i++) {
      double a = 0;
      for (size_t j = 0; j < n; j++)
        if (j == c || src[j] == (int)c) a += J[i * n + j];
      const double e = fabs(a - (rp[i] - rm[i]) / (2 * eps)) / fmax(1.0, fabs(a));
      if (!(e <= err)) err = e;
    }
  }
done:
  free(J); free(r);
  return err;
}

/* the Newton Jacobian of imid-index2 with springs, after 20 steps (so that
   the bodies have turned), at a perturbed guess, against central
   differences: the tolerance of chapter 15's test without springs, 1e-7;
   with the dense solver (the springs' blocks in the bodies' columns) and
   with the structured one (spring a-b's blocks in the columns of its
   group of copies, each unknown perturbed with its copies) */
static void test_mid_jacobian(void)
{
  lg_model *m = parse(chain);
  gsl_test(m == NULL, "chain with springs parses");
  if (!m) return;
  mb_par *p = par_of(m);
  const lg_scheme_type *S = lg_scheme_find("multibody", "imid-index2");
  for (int sp = 0; sp < 2; sp++) {
    lg_opts opt;
    lg_opts_default(&opt);
    opt.newton_solver = sp ? LG_NEWTON_DIRECT : LG_NEWTON_DIRECT_GSL;
    lg_state st;
    memset(&st, 0, sizeof st);
    void *ws = S ? S->alloc(p, &opt) : NULL;
    int ok = ws && S->init(ws, p, 1e-2, &st) == LG_OK;
    for (int k = 0; ok && k < 20; k++) ok = S->step(ws, &st) == LG_OK;
    gsl_test(!ok, "chain with springs: 20 implicit midpoint steps");
    if (ok) {
      size_t n = liang_mid_dim(ws);
      double *x = malloc(n * sizeof *x);
      int *src = malloc(n * sizeof *src);
      liang_mid_guess(ws, x);
      const size_t nn = spring_copies(p, n, src);
      for (size_t j = 0; j < n; j++) x[j] += 1e-3 * sin(1.0 + 7.0 * (double)j);
      for (size_t j = 0; sp && j < n; j++)
        if (src[j] >= 0) x[j] = x[src[j]];
      double e = sp ? copy_jac_error(liang_mid_fdf, ws, x, n, src)
                    : newton_jacobian_error(liang_mid_fdf, ws, x, n, 1e-6);
      gsl_test(!(e <= 1e-7) || (sp && nn != n), "chain with springs: implicit midpoint "
               "Jacobian = central differences, %s (%.2g, tolerance 1e-7; %zu unknowns)",
               sp ? "structured, with the copies of spring 2" : "dense", e, n);
      free(x);
      free(src);
    }
    if (ws) S->free(ws);
  }
  free(p);
  mb_model_free(m);
}

/* the Newton Jacobian of generalized-alpha with springs, at h = 0.05 (so
   that c_q K / m, about 0.1, is far above the tolerance), against central
   differences: 1e-7, as for the midpoint rule */
static void test_ga_jacobian(void)
{
  lg_model *m = parse(chain);
  if (!m) return;
  mb_par *p = par_of(m);
  lg_body q[2];
  mb_initial(p, q);
  const double h = 0.05;
  double z[18];
  hg_ga *g = hg_ga_alloc(p);
  gsl_test(g == NULL || !g->applied, "generalized-alpha workspace with applied forces");
  if (g && g->applied) {
    hg_ga_set_at_rest(g, q, h);
    for (int j = 0; j < g->n; j++) z[j] = 1e-3 * sin(1.0 + 7.0 * j);
    double e = newton_jacobian_error(hg_ga_fdf_applied, g, z, (size_t)g->n, 1e-6);
    gsl_test(!(e <= 1e-7), "chain with springs: generalized-alpha Jacobian = central "
             "differences (%.2g, tolerance 1e-7)", e);
  }
  hg_ga_free(g);
  /* the same in the structured form: spring a-b's group of copies */
  g = hg_ga_alloc(p);
  newton_ws *nw = g ? hg_ga_springs(g, LG_NEWTON_DIRECT) : NULL;
  gsl_test(nw == NULL || g->n != 30, "generalized-alpha with the springs' groups: %d unknowns "
           "(30)", g ? g->n : 0);
  if (nw && g->n == 30) {
    int src[30];
    hg_ga_set_at_rest(g, q, h);
    spring_copies(p, 30, src);
    double zz[30];
    for (int j = 0; j < 30; j++) zz[j] = src[j] >= 0 ? zz[src[j]] : 1e-3 * sin(1.0 + 7.0 * j);
    double e = copy_jac_error(hg_ga_fdf_applied, g, zz, 30, src);
    gsl_test(!(e <= 1e-7), "chain with springs: generalized-alpha Jacobian, structured, with "
             "the copies of spring 2 = central differences (%.2g, tolerance 1e-7)", e);
  }
  newton_free(nw);
  hg_ga_free(g);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_jacobian();
  test_potential();
  test_mid_jacobian();
  test_ga_jacobian();
  test_schemes();
  test_undamped();
  exit(gsl_test_summary());
}
