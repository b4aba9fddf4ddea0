/* Unit tests of the library's force callback: against the model file's
   torque and spring, with and without its Jacobian, and the central
   differences against the analytic Jacobian. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "api/lgrepro.h"
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

static const char *const body =
    "model cb\ngravity 9.81 0 0 -1\n"
    "body a\nmass 1.5\ninertia %s\nposition 0.1 -0.2 -0.6\ncardan 0.1 0.2 0.3\n"
    "angvel 2 -1 3\nvelocity 0.3 0.1 -0.2\n%s";
static const double T0[3] = {0.1, 0.2, -0.3}, G[3] = {0.2, -0.1, 0.3},
                    P[3] = {0.05, 0.1, -0.15}, K = 40, C = 0.6, L0 = 0.5;

/* the torque T0, body frame */
static void torque(void *ctx, double t, int nb, const lgr_body *q, double *f)
{
  (void)ctx; (void)t; (void)nb; (void)q;
  for (int r = 0; r < 3; r++) f[r] += T0[r];
}

/* the spring-damper from G (space) to P (body), Eq. (mb-spring): the body
   is end b and takes -F at P */
static void spring(void *ctx, double t, int nb, const lgr_body *q, double *f)
{
  (void)ctx; (void)t; (void)nb;
  double y[3], w[3], yd[3], d[3], e[3], u[3], F[3], Rt[3], tq[3];
  so3_mv(y, q[0].R, P);
  so3_cross(w, q[0].W, P);
  so3_mv(yd, q[0].R, w);
  for (int r = 0; r < 3; r++) {
    d[r] = q[0].x[r] + y[r] - G[r];
    e[r] = q[0].v[r] + yd[r];
  }
  const double l = so3_norm(d);
  for (int r = 0; r < 3; r++) u[r] = d[r] / l;
  const double ld = so3_dot(u, e);
  for (int r = 0; r < 3; r++) F[r] = -(K * d[r] - K * L0 * u[r] + C * ld * u[r]);
  so3_mtv(Rt, q[0].R, F);
  so3_cross(tq, P, Rt);
  for (int r = 0; r < 3; r++) {
    f[r] += tq[r];
    f[3 + r] += F[r];
  }
}

/* its Jacobian: the package's, of the model with the spring statement
   (ctx: its parameters) */
static void spring_jac(void *ctx, double t, int nb, const lgr_body *q, double *Kq, double *Kv)
{
  (void)t; (void)nb;
  lg_body b;
  memcpy(b.R, q[0].R, sizeof b.R);
  memcpy(b.x, q[0].x, sizeof b.x);
  memcpy(b.W, q[0].W, sizeof b.W);
  memcpy(b.v, q[0].v, sizeof b.v);
  mb_applied_jac(ctx, &b, Kq, Kv);
}

static char *text(char *buf, size_t n, const char *inertia, const char *extra)
{
  snprintf(buf, n, body, inertia, extra);
  return buf;
}

static const char *const spring_line =
    "spring ground 0.2 -0.1 0.3 a 0.05 0.1 -0.15 stiffness 40 damping 0.6 length 0.5\n";

/* the largest difference of the state columns of scheme sch between the
   model of file text a and that of text b with callback fn (and jac, ctx)
   over n steps of h; -1 when a call fails */
static double compare(const char *sch, const char *a, const char *b, lgr_force_fn fn,
                      lgr_force_jac_fn jac, void *ctx, int n, double h)
{
  char msg[300];
  lgr_model *ma = lgr_model_parse(a, "a.mb", msg, sizeof msg);
  lgr_model *mb = lgr_model_parse(b, "b.mb", msg, sizeof msg);
  lgr_sim *sa = ma ? lgr_alloc(ma, sch, msg, sizeof msg) : NULL;
  lgr_sim *sb = mb ? lgr_alloc(mb, sch, msg, sizeof msg) : NULL;
  double err = -1;
  if (sa && sb && lgr_set_force(sb, fn, jac, ctx, msg, sizeof msg) == LGR_OK &&
      lgr_init(sa, h, msg, sizeof msg) == LGR_OK && lgr_init(sb, h, msg, sizeof msg) == LGR_OK) {
    err = 0;
    for (int k = 0; k < n && err >= 0; k++) {
      if (lgr_step(sa) != LGR_OK || lgr_step(sb) != LGR_OK) err = -1;
      lgr_body x, y;
      lgr_get_body(sa, 0, &x);
      lgr_get_body(sb, 0, &y);
      for (int r = 0; r < 9 && err >= 0; r++) err = fmax(err, fabs(x.R[r] - y.R[r]));
      for (int r = 0; r < 3 && err >= 0; r++)
        err = fmax(err, fmax(fmax(fabs(x.x[r] - y.x[r]), fabs(x.W[r] - y.W[r])),
                             fabs(x.v[r] - y.v[r])));
    }
  } else fprintf(stderr, "compare %s: %s\n", sch, msg);
  lgr_free(sa);
  lgr_free(sb);
  lgr_model_free(ma);
  lgr_model_free(mb);
  return err;
}

static const char *const schemes[7] = {"ref", "rkmk4", "rkmk4-proj", "galpha", "imid-index2",
                                       "dh", "rattlie"};

static void test_torque(void)
{
  char a[1000], b[1000];
  /* the same body by a full tensor in a turned frame */
  const char *const inertia[2] = {"0.13 0.28 0.17",
                                  "0.18713776102277771 0.23403170738311582 0.15883053159410657 "
                                  "-0.06473087069786522 -0.010223495993385158 "
                                  "-0.017208567473760473"};
  for (int v = 0; v < 2; v++)
    for (int s = 0; s < 7; s++) {
      text(a, sizeof a, inertia[v], "torque a 0.1 0.2 -0.3\n");
      text(b, sizeof b, inertia[v], "");
      const double e = compare(schemes[s], a, b, torque, NULL, NULL, 1000, 1e-3);
      gsl_test(!(e >= 0 && e <= 1e-12), "%s: a constant torque by callback equals the torque "
               "statement%s: %.3g (tolerance 1e-12)", schemes[s],
               v ? " (full tensor)" : "", e);
    }
}

static void test_spring(void)
{
  char a[1000], b[1000], msg[300];
  text(a, sizeof a, "0.13 0.28 0.17", spring_line);
  text(b, sizeof b, "0.13 0.28 0.17", "");
  lg_model *ms = mb_model_parse(a, "s.mb", msg, sizeof msg);
  mb_par *ps = ms ? calloc(1, ms->par_size) : NULL;
  if (!ps) {
    gsl_test(1, "the spring model parses");
    mb_model_free(ms);
    return;
  }
  lg_params_default(ms, ps);
  for (int j = 0; j < 2; j++)
    for (int s = 0; s < 7; s++) {
      const double e = compare(schemes[s], a, b, spring, j ? NULL : spring_jac, ps, 1000, 1e-3);
      gsl_test(!(e >= 0 && e <= 1e-12), "%s: a spring-damper by callback (%s) equals the "
               "spring statement: %.3g (tolerance 1e-12)", schemes[s],
               j ? "central differences" : "its Jacobian", e);
    }
  free(ps);
  mb_model_free(ms);
}

/* the callback at the model level, on lg_body */
static void spring_lg(void *ctx, double t, int nb, const lg_body *q, double *f)
{
  lgr_body b;
  memcpy(b.R, q[0].R, sizeof b.R);
  memcpy(b.x, q[0].x, sizeof b.x);
  memcpy(b.W, q[0].W, sizeof b.W);
  memcpy(b.v, q[0].v, sizeof b.v);
  spring(ctx, t, nb, &b, f);
}

static void test_differences(void)
{
  char a[1000], b[1000], msg[300];
  text(a, sizeof a, "0.13 0.28 0.17", spring_line);
  text(b, sizeof b, "0.13 0.28 0.17", "");
  lg_model *ma = mb_model_parse(a, "a.mb", msg, sizeof msg);
  lg_model *mb = mb_model_parse(b, "b.mb", msg, sizeof msg);
  mb_par *pa = ma ? calloc(1, ma->par_size) : NULL, *pb = mb ? calloc(1, mb->par_size) : NULL;
  if (!pa || !pb) {
    gsl_test(1, "the two models parse");
  } else {
    lg_params_default(ma, pa);
    lg_params_default(mb, pb);
    mb_topo t = *pb->topo;
    mb_loads L = *t.ld;
    L.ufn = spring_lg;
    t.ld = &L;
    pb->topo = &t;
    lg_body q;
    mb_initial(pa, &q);
    double Ka[72], Kb[72], big = 0, err = 0;
    mb_applied_jac(pa, &q, Ka, Ka + 36);
    mb_applied_jac(pb, &q, Kb, Kb + 36);
    for (int r = 0; r < 72; r++) {
      big = fmax(big, fabs(Ka[r]));
      err = fmax(err, fabs(Ka[r] - Kb[r]));
    }
    gsl_test(!(err <= 1e-7 * big), "central differences of the callback: Kq and Kv within "
             "%.3g of the spring's, entries up to %.3g (tolerance 1e-7 relative)", err, big);
  }
  free(pa);
  free(pb);
  mb_model_free(ma);
  mb_model_free(mb);
}

static void test_refusals(void)
{
  char b[1000], msg[300] = "";
  text(b, sizeof b, "0.13 0.28 0.17", "");
  lgr_model *m = lgr_model_parse(b, "b.mb", msg, sizeof msg);
  lgr_sim *s = m ? lgr_alloc(m, "dl", msg, sizeof msg) : NULL;
  int st = s ? lgr_set_force(s, torque, NULL, NULL, msg, sizeof msg) : -1;
  int si = st == LGR_OK ? lgr_init(s, 1e-3, msg, sizeof msg) : -1;
  gsl_test(!(st == LGR_OK && si == LGR_EINVAL && strstr(msg, "scheme dl does not take forces "
                                                        "that depend on the velocities (the "
                                                        "force callback")),
           "dl refuses a force callback at lgr_init: '%s'", msg);
  lgr_free(s);
  lgr_model_free(m);
  const lgr_model *p = lgr_model_find("pendulum3d", msg, sizeof msg);
  s = p ? lgr_alloc(p, "rk4", msg, sizeof msg) : NULL;
  st = s ? lgr_set_force(s, torque, NULL, NULL, msg, sizeof msg) : -1;
  gsl_test(!(st == LGR_EINVAL && strstr(msg, "takes no force callback")),
           "a model of another family refuses lgr_set_force: '%s'", msg);
  lgr_free(s);
}

/* lgr_energy of a model with a damped spring: its column is energy_nc */
static void test_energy(void)
{
  char a[1000], msg[300] = "";
  text(a, sizeof a, "0.13 0.28 0.17", spring_line);
  lgr_model *m = lgr_model_parse(a, "s.mb", msg, sizeof msg);
  lgr_sim *s = m ? lgr_alloc(m, "ref", msg, sizeof msg) : NULL;
  int st = s ? lgr_init(s, 1e-3, msg, sizeof msg) : -1;
  for (int k = 0; k < 10 && st == LGR_OK; k++) st = lgr_step(s);
  const double e = s ? lgr_energy(s) : NAN, enc = s ? lgr_value(s, "energy_nc") : NAN;
  gsl_test(!(st == LGR_OK && isfinite(e) && e == enc),
           "lgr_energy of a model with a damped spring is its energy_nc column: %.17g and %.17g ('%s')",
           e, enc, msg);
  lgr_free(s);
  lgr_model_free(m);
}

/* the option reactions: a body hanging at rest from a spherical joint,
   with the callback's constant vertical force G at its mass centre, stays
   at rest and hangs on the joint with F1 = m g e3 - G (round-off); without the option, on a model
   of another family and for a torque of a spherical joint: NaN or refused */
static const double Gv[3] = {0, 0, 3.7};  /* vertical: through the joint point */
static void force_G(void *ctx, double t, int nb, const lgr_body *q, double *f)
{
  (void)ctx; (void)t; (void)nb; (void)q;
  for (int r = 0; r < 3; r++) f[3 + r] += Gv[r];
}

static void test_reactions(void)
{
  char msg[300] = "";
  lgr_model *m = lgr_model_parse("model hang\ngravity 9.81 0 0 -1\nbody b\nmass 2.7\ninertia "
                                 "0.2 0.3 0.4\nposition 0 0 -0.4\njoint ground 0 0 0 b 0 0 0.4\n",
                                 "hang.mb", msg, sizeof msg);
  lgr_sim *s = m ? lgr_alloc(m, "ref", msg, sizeof msg) : NULL;
  int st = s ? lgr_set_force(s, force_G, NULL, NULL, msg, sizeof msg) : -1;
  if (st == LGR_OK) st = lgr_init(s, 1e-3, msg, sizeof msg);
  const double off = s ? lgr_value(s, "F1_3") : 0;
  if (st == LGR_OK) st = lgr_set_option(s, "reactions", "1", msg, sizeof msg);
  double F[3], e = 0;
  const double w = 2.7 * 9.81, want[3] = {-Gv[0], -Gv[1], w - Gv[2]};
  for (int r = 0; r < 3; r++) {
    char c[16];
    snprintf(c, sizeof c, "F1_%d", r + 1);
    F[r] = s ? lgr_value(s, c) : NAN;
    e = fmax(e, fabs(F[r] - want[r]));
  }
  gsl_test(!(st == LGR_OK && isnan(off) && e < 1e-14 * w), "option reactions: a body at rest "
           "under its weight and the callback's vertical force G: |F1 - (m g e3 - G)| = %.2g N (< 1e-14 "
           "m g), NaN without the option ('%s')", e, msg);
  gsl_test(!(s && isnan(lgr_value(s, "M1_1")) && isnan(lgr_value(s, "F2_1"))
             && isnan(lgr_value(s, "F01_1")) && isnan(lgr_value(s, "F1_1x"))),
           "option reactions: a spherical joint has no torque column; no joint 2; F01_1 and "
           "F1_1x are not columns");
  lgr_free(s);
  lgr_model_free(m);
  const lgr_model *p = lgr_model_find("pendulum3d", msg, sizeof msg);
  s = p ? lgr_alloc(p, "rk4", msg, sizeof msg) : NULL;
  st = s ? lgr_set_option(s, "reactions", "1", msg, sizeof msg) : -1;
  gsl_test(!(st == LGR_EINVAL && strstr(msg, "option reactions: model pendulum3d (family ")
             && strstr(msg, ") has no joints")),
           "a model of another family refuses the option reactions: '%s'", msg);
  lgr_free(s);
}

/* the reaction columns of one step are solved for once: a swinging hinge,
   whose force callback counts its calls, read in two orders on two
   simulations at every step, bit for bit the same; reading the six columns
   calls the forces once (one solve), reading them again not at all; after a
   new lgr_init the columns are those of the new start */
static void force_count(void *ctx, double t, int nb, const lgr_body *q, double *f)
{
  (void)t; (void)nb; (void)q; (void)f;
  ++*(long *)ctx;
}

static void test_reaction_once(void)
{
  static const char *const col[6] = {"F1_1", "F1_2", "F1_3", "M1_1", "M1_2", "M1_3"};
  char msg[300] = "";
  lgr_model *m = lgr_model_parse("model swing\ngravity 9.81 0 0 -1\nbody b\nmass 2\ninertia "
                                 "0.2 0.3 0.4\nposition 0 0 -0.4\nangvel 1 0 0\nvelocity 0 "
                                 "0.4 0\njoint revolute ground 0 0 0 b 0 0 0.4 axis 1 0 0\n",
                                 "swing.mb", msg, sizeof msg);
  lgr_sim *s[2] = {NULL, NULL};
  long calls[2] = {0, 0};
  int st = m ? LGR_OK : -1;
  for (int i = 0; i < 2 && st == LGR_OK; i++) {
    s[i] = lgr_alloc(m, "ref", msg, sizeof msg);
    st = s[i] ? lgr_set_force(s[i], force_count, NULL, &calls[i], msg, sizeof msg) : -1;
    if (st == LGR_OK) st = lgr_set_option(s[i], "reactions", "1", msg, sizeof msg);
    if (st == LGR_OK) st = lgr_init(s[i], 1e-3, msg, sizeof msg);
  }
  double a[6], b[6], first[6] = {0};
  int same = 1, once = 1, steps = 0;
  for (; steps < 20 && st == LGR_OK; steps++) {
    const long c0 = calls[0];
    for (int c = 0; c < 6; c++) a[c] = lgr_value(s[0], col[c]);
    const long c1 = calls[0];
    for (int c = 5; c >= 0; c--) b[c] = lgr_value(s[1], col[c]);
    for (int c = 0; c < 6; c++) a[c] = lgr_value(s[0], col[c]);   /* again: no solve */
    once &= c1 - c0 == 1 && calls[0] == c1;
    same &= memcmp(a, b, sizeof a) == 0 && isfinite(a[0]) && isfinite(a[3]);
    if (steps == 0) memcpy(first, a, sizeof a);
    st = lgr_step(s[0]);
    if (st == LGR_OK) st = lgr_step(s[1]);
  }
  if (st == LGR_OK) st = lgr_init(s[0], 1e-3, msg, sizeof msg);
  for (int c = 0; c < 6; c++) a[c] = s[0] ? lgr_value(s[0], col[c]) : NAN;
  gsl_test(!(st == LGR_OK && steps == 20 && same && once && memcmp(a, first, sizeof a) == 0),
           "option reactions: one force evaluation for the six columns of a step (%d), none "
           "when read again; two orders of reading bit for bit the same (%d); a new lgr_init "
           "gives the start's columns again ('%s')", once, same, msg);
  for (int i = 0; i < 2; i++) lgr_free(s[i]);
  lgr_model_free(m);
}

/* a drive (section sec:mb-drive) through the option reactions: a rod of
   2 kg, centre 0.5 m from a horizontal hinge driven at 1 rad/s, needs the
   torque m g d |cos t| (drive1), which is the reaction's torque along the
   axis (M1_2); drive2 (no joint 2) and drive01 are not columns */
static void test_drive_column(void)
{
  char msg[300] = "";
  lgr_model *m = lgr_model_parse("model driven\ngravity 9.81 0 0 -1\nbody rod\nmass 2\n"
                                 "inertia 0.001 0.16666666666666666 0.16666666666666666\n"
                                 "position 0.5 0 0\nangvel 0 1 0\nvelocity 0 0 -0.5\n"
                                 "joint revolute ground 0 0 0 rod -0.5 0 0 axis 0 1 0\n"
                                 "drive 1 speed 1\n", "driven.mb", msg, sizeof msg);
  lgr_sim *s = m ? lgr_alloc(m, "dh", msg, sizeof msg) : NULL;
  int st = s ? lgr_set_option(s, "reactions", "1", msg, sizeof msg) : -1;
  if (st == LGR_OK) st = lgr_init(s, 0.01, msg, sizeof msg);
  double e = 0, ea = 0;
  for (int k = 0; k <= 100 && st == LGR_OK; k++) {
    const double tau = lgr_value(s, "drive1"), t = lgr_value(s, "t");
    e = fmax(e, fabs(fabs(tau) - 2 * 9.81 * 0.5 * fabs(cos(t))));
    ea = fmax(ea, fabs(lgr_value(s, "M1_2") - tau));
    if (k < 100) st = lgr_step(s);
  }
  gsl_test(!(st == LGR_OK && e < 1e-9 && ea < 1e-12 && isnan(lgr_value(s, "drive2"))
             && isnan(lgr_value(s, "drive01"))),
           "option reactions with a drive: |drive1| = m g d |cos t| to %.2g N m (1e-9), M1_2 = "
           "drive1 to %.2g (1e-12); drive2 and drive01 NaN ('%s')", e, ea, msg);
  lgr_free(s);
  lgr_model_free(m);
}

/* the option joint-coordinates: a wheel spinning freely at 7 rad/s about
   its hinge reads q1 = 7 t, unwrapped through pi and whole turns, at every
   step of 0.01 s for 3 s (to 1e-8: the reference's tolerance over 300
   steps, with room), and qd1 = 7; q2 and qd1_1 are not columns; a model
   of spherical joints alone and one of another family refuse the option */
static void test_coordinates(void)
{
  char msg[300] = "";
  lgr_model *m = lgr_model_parse("model wheel\ngravity 9.81 0 0 -1\nbody w\nmass 2\ninertia "
                                 "0.5 0.25 0.25\nposition 0 0 0\nangvel 7 0 0\njoint revolute "
                                 "ground 0 0 0 w 0 0 0 axis 1 0 0\n", "wheel.mb", msg, sizeof msg);
  lgr_sim *s = m ? lgr_alloc(m, "ref", msg, sizeof msg) : NULL;
  int st = s ? lgr_set_option(s, "joint-coordinates", "1", msg, sizeof msg) : -1;
  if (st == LGR_OK) st = lgr_init(s, 0.01, msg, sizeof msg);
  double e = s ? fabs(lgr_value(s, "q1")) : NAN, ed = 0;
  for (int k = 1; k <= 300 && st == LGR_OK; k++) {
    st = lgr_step(s);
    e = fmax(e, fabs(lgr_value(s, "q1") - 7 * lgr_time(s)));
    ed = fmax(ed, fabs(lgr_value(s, "qd1") - 7));
  }
  const double last = s ? lgr_value(s, "q1") : NAN;
  gsl_test(!(st == LGR_OK && e < 1e-8 && ed < 1e-8 && last > 20.9),
           "option joint-coordinates: a wheel at 7 rad/s reads q1 = 7 t (%.2g) and qd1 = 7 "
           "(%.2g) for 3 s, to %.17g rad ('%s')", e, ed, last, msg);
  gsl_test(!(s && isnan(lgr_value(s, "q2")) && isnan(lgr_value(s, "qd1_1"))
             && isnan(lgr_value(s, "q"))),
           "option joint-coordinates: q2, qd1_1 and q are not columns of one hinge");
  lgr_free(s);
  lgr_model_free(m);
  const lgr_model *d = lgr_model_find("doublependulum", msg, sizeof msg);
  s = d ? lgr_alloc(d, "dh", msg, sizeof msg) : NULL;
  st = s ? lgr_set_option(s, "joint-coordinates", "1", msg, sizeof msg) : -1;
  gsl_test(!(st == LGR_EINVAL && strstr(msg, "has no joint with a coordinate")),
           "spherical joints alone refuse the option joint-coordinates: '%s'", msg);
  lgr_free(s);
  const lgr_model *p = lgr_model_find("pendulum3d", msg, sizeof msg);
  s = p ? lgr_alloc(p, "rk4", msg, sizeof msg) : NULL;
  st = s ? lgr_set_option(s, "joint-coordinates", "1", msg, sizeof msg) : -1;
  gsl_test(!(st == LGR_EINVAL && strstr(msg, ") has no joints")),
           "a model of another family refuses the option joint-coordinates: '%s'", msg);
  lgr_free(s);
}

int main(void)
{
  test_torque();
  test_spring();
  test_differences();
  test_refusals();
  test_energy();
  test_reactions();
  test_reaction_once();
  test_drive_column();
  test_coordinates();
  exit(gsl_test_summary());
}
