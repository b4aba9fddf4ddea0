/* Unit tests of the joint loads (joint-spring, joint-force): the Jacobian
   and the potential against central differences on every kind of joint
   coordinate, the coordinate against mb_coord_eval, a torsional spring, a
   damped slider and a motor against their closed forms, every scheme. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "model/multibody-coord.h"

static mb_par *model(const char *text, lg_model **mp)
{
  char msg[300];
  lg_model *m = mb_model_parse(text, "jointload.mb", msg, sizeof msg);
  if (!m) {
    fprintf(stderr, "rejected: %s\n", msg);
    return NULL;
  }
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  if (m->check(p, 1, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "check: %s\n", msg);
    free(p);
    mb_model_free(m);
    return NULL;
  }
  *mp = m;
  return p;
}

typedef struct {
  const mb_par *p;
  mb_coord *c;
  lg_body q[2];       /* the last state */
  double t, E0, dE, qerr, coord;   /* largest |E - E0|, |q - exact|, |q - mb_coord_eval| */
  double (*exact)(double t);
  int k;              /* the spring index of the load whose q is compared */
} track;

static track tracker(const mb_par *p, mb_coord *c, double (*exact)(double), int k)
{
  track w;
  memset(&w, 0, sizeof w);
  w.p = p;
  w.c = c;
  w.exact = exact;
  w.k = k;
  return w;
}

static int keep(void *ctx, const lg_state *s)
{
  track *w = ctx;
  const int nb = w->p->topo->nb;
  memcpy(w->q, s->body, (size_t)nb * sizeof *w->q);
  w->t = s->t;
  const double E = mb_energy(w->p, s->body);
  if (s->t == 0) w->E0 = E;
  w->dE = fmax(w->dE, fabs(E - w->E0));
  double qv, qd, G[12], out[4];
  mb_jload_eval(w->p, s->body, w->k, &qv, &qd, G, NULL);
  if (w->exact) w->qerr = fmax(w->qerr, fabs(qv - w->exact(s->t)));
  if (w->c) {
    mb_coord_eval(w->c, w->p, s->body, s->t, out);
    const int *jl = w->p->topo->ld->jl + 3 * (w->k - w->p->topo->ld->np);
    w->coord = fmax(w->coord, fmax(fabs(qv - out[jl[1]]),
                                   fabs(qd - out[jl[1] + mb_coord_count(w->p->topo, jl[0])])));
  }
  return 0;
}

/* run scheme name on p for n steps of h: the status */
static int run(const char *name, const mb_par *p, double h, long n, track *w)
{
  lg_opts opt;
  lg_opts_default(&opt);
  lg_failure fail;
  memset(&fail, 0, sizeof fail);
  const lg_scheme_type *s = lg_scheme_find("multibody", name);
  if (!s) return LG_EINVAL;
  int st = lg_run(s, p, &opt, h, n, 1, keep, w, &fail);
  if (st != LG_OK) fprintf(stderr, "%s: %s\n", name, fail.why);
  return st;
}
static void nudge(lg_body *q, int j, int c, double eps, int vel)
{
  if (vel) {
    if (c < 3) q[j].W[c] += eps;
    else q[j].v[c - 3] += eps;
  } else if (c < 3) {
    double w[3] = {0, 0, 0}, E[9];
    w[c] = eps;
    so3_exp(E, w);
    so3_mul(q[j].R, q[j].R, E);
  } else q[j].x[c - 3] += eps;
}

static void load_force(const mb_par *p, const lg_body *q, int k, double *f)
{
  memset(f, 0, 12 * sizeof *f);
  mb_jload_add(p, q, k, f);
}

static void test_derivatives(void)
{
  static const struct { const char *kind, *axes; int ncoord; } J[4] = {
      {"revolute", "axis 0.3 0.2 1", 1},
      {"prismatic", "axis 0.3 0.2 1", 1},
      {"cylindrical", "axis -0.2 1 0.4", 2},
      {"universal", "axis 1 0 0.2 axis 0 1 0", 2}};
  for (int i = 0; i < 4; i++) {
    /* positions on the joints (assembly then moves only the velocities,
       so the joints' reference rotations are the initial ones) */
    const double ca[3] = {0.2, -0.1, 0.3}, cb[3] = {-0.3, 0.4, 0.9}, Pa0[3] = {0, 0, 0.5},
                 Pa[3] = {0.1, 0, -0.45}, Pb[3] = {0, 0.1, 0.35};
    double Ra[9], Rb[9], xa[3], xb[3], y[3], z[3];
    so3_cardan(Ra, ca);
    so3_cardan(Rb, cb);
    so3_mv(xa, Ra, Pa0);
    so3_mv(y, Ra, Pa);
    so3_mv(z, Rb, Pb);
    for (int r = 0; r < 3; r++) {
      xa[r] = -xa[r];
      xb[r] = xa[r] + y[r] - z[r];
    }
    char text[2000];
    size_t len = (size_t)snprintf(text, sizeof text,
        "model jl\ngravity 9.81 0 0 -1\nassemble\n"
        "body a\nmass 1.3\ninertia 0.11 0.12 0.03\nposition %.17g %.17g %.17g\n"
        "cardan 0.2 -0.1 0.3\nangvel 0.7 -0.4 1.1\n"
        "body b\nmass 0.9\ninertia 0.05 0.07 0.02\nposition %.17g %.17g %.17g\n"
        "cardan -0.3 0.4 0.9\nangvel -0.6 0.8 2.1\nvelocity 0.1 -0.2 0.3\n"
        "joint ground 0 0 0 a 0 0 0.5\n"
        "joint %s a 0.1 0 -0.45 b 0 0.1 0.35 %s\n", xa[0], xa[1], xa[2], xb[0], xb[1], xb[2],
        J[i].kind, J[i].axes);
    for (int c = 0; c < J[i].ncoord; c++) {
      const char *co = J[i].ncoord == 2 ? (c ? " coordinate 2" : " coordinate 1") : "";
      len += (size_t)snprintf(text + len, sizeof text - len,
                              "joint-spring 2%s stiffness %g damping 0.3 rest 0.2\n"
                              "joint-force 2%s %g\n", co, 7.0 + c, co, 0.4 - c);
    }
    lg_model *m = NULL;
    mb_par *p = len < sizeof text ? model(text, &m) : NULL;
    gsl_test(p == NULL, "%s joint with joint loads: parses and checks", J[i].kind);
    if (!p) continue;
    const int np = p->topo->ld->np, ns = p->topo->ld->ns;
    for (int k = np; k < ns; k++) {
      track w = tracker(p, mb_coord_alloc(p), NULL, k);
      int st = run("ref", p, 0.01, 40, &w);
      gsl_test(st != LG_OK, "%s joint: ref runs 0.4 s", J[i].kind);
      gsl_test(!(w.coord <= 1e-12), "%s joint, load %d: q and dq/dt equal mb_coord_eval's "
               "along the run (largest difference %.3g, tolerance 1e-12)", J[i].kind, k - np + 1,
               w.coord);
      double Kq[144], Kv[144], fp[12], fm[12], big = 0, err[2] = {0, 0}, gerr = 0, gbig = 0;
      lg_body qq[2];
      mb_spring_jac(p, w.q, k, Kq, Kv);
      for (int vel = 0; vel < 2; vel++)
        for (int j = 0; j < 2; j++)
          for (int c = 0; c < 6; c++) {
            const double eps = 1e-6;
            memcpy(qq, w.q, sizeof qq);
            nudge(qq, j, c, eps, vel);
            load_force(p, qq, k, fp);
            memcpy(qq, w.q, sizeof qq);
            nudge(qq, j, c, -eps, vel);
            load_force(p, qq, k, fm);
            for (int r = 0; r < 12; r++) {
              const double fd = (fp[r] - fm[r]) / (2 * eps), a = (vel ? Kv : Kq)[12 * r + 6 * j + c];
              big = fmax(big, fabs(a));
              err[vel] = fmax(err[vel], fabs(fd - a));
            }
          }
      gsl_test(!(err[0] <= 1e-7 * big && err[1] <= 1e-7 * big),
               "%s joint, load %d (%s): Jacobian against central differences, largest "
               "difference %.3g (Kq) and %.3g (Kv) of entries up to %.3g (tolerance 1e-7 relative)",
               J[i].kind, k - np + 1, p->topo->ld->jl[3 * (k - np) + 2] ? "joint force" : "joint spring",
               err[0], err[1], big);
      double *sp = (double *)mb_spring_par(p, k), C = sp[MB_SC], f[12];
      sp[MB_SC] = 0;                            /* the potential's force: no damper */
      load_force(p, w.q, k, f);
      for (int j = 0; j < 2; j++)
        for (int c = 0; c < 6; c++) {
          const double eps = 1e-6;
          memcpy(qq, w.q, sizeof qq);
          nudge(qq, j, c, eps, 0);
          const double up = mb_jload_potential(p, qq, k);
          memcpy(qq, w.q, sizeof qq);
          nudge(qq, j, c, -eps, 0);
          const double dU = (up - mb_jload_potential(p, qq, k)) / (2 * eps);
          gbig = fmax(gbig, fabs(f[6 * j + c]));
          gerr = fmax(gerr, fabs(f[6 * j + c] + dU));
        }
      sp[MB_SC] = C;
      gsl_test(!(gerr <= 1e-7 * gbig), "%s joint, load %d: force = -grad potential (largest "
               "difference %.3g of forces up to %.3g, tolerance 1e-7 relative)", J[i].kind,
               k - np + 1, gerr, gbig);
      mb_coord_free(w.c);
    }
    free(p);
    mb_model_free(m);
  }
}
static const char *const wheel =
    "model wheel\ngravity 0 0 0 -1\nbody w\nmass 2\ninertia 0.3 0.3 0.5\nposition 0 0 0\n"
    "angvel 0 0 1.5\n"
    "joint revolute ground 0 0 0 w 0 0 0 axis 0 0 1\n";
static double wheel_q(double t) { return 0.75 * sin(2 * t); }
static double slider_q(double t)
{
  const double wn = 5, z = 0.8 / (2 * sqrt(50 * 2)), wd = wn * sqrt(1 - z * z);
  return 0.5 / wd * exp(-z * wn * t) * sin(wd * t);
}
static double motor_q(double t) { return 1.5 * t + 0.2 * t * t / (2 * 0.5); }

static void test_wheel(void)
{
  char text[600];
  snprintf(text, sizeof text, "%sjoint-spring 1 stiffness 2 damping 0 rest 0\n", wheel);
  lg_model *m = NULL;
  mb_par *p = model(text, &m);
  gsl_test(p == NULL, "wheel with a torsional spring: parses");
  if (!p) return;
  track w = tracker(p, NULL, wheel_q, 0);
  gsl_test(run("ref", p, 0.01, 300, &w) != LG_OK, "wheel: ref runs 3 s");
  gsl_test(!(w.qerr <= 1e-9), "torsional spring, ref: q = (w0/wn) sin(wn t) to %.3g "
           "(tolerance 1e-9)", w.qerr);
  track d = tracker(p, NULL, wheel_q, 0);
  gsl_test(run("dh", p, 0.01, 2000, &d) != LG_OK, "wheel: dh runs 20 s");
  gsl_test(!(d.dE <= 1e-3), "torsional spring, dh over 20 s: energy within %.3g J of its "
           "start %.6g J (tolerance 1e-3 J)", d.dE, d.E0);
  free(p);
  mb_model_free(m);
}

static void test_slider(void)
{
  const char *text =
      "model slider\ngravity 0 0 0 -1\nbody s\nmass 2\ninertia 0.1 0.1 0.1\nposition 0 0 0\n"
      "velocity 0.5 0 0\n"
      "joint prismatic ground 0 0 0 s 0 0 0 axis 1 0 0\n"
      "joint-spring 1 stiffness 50 damping 0.8 rest 0\n";
  lg_model *m = NULL;
  mb_par *p = model(text, &m);
  gsl_test(p == NULL, "damped slider: parses");
  if (!p) return;
  track w = tracker(p, NULL, slider_q, 0);
  gsl_test(run("ref", p, 0.01, 300, &w) != LG_OK, "slider: ref runs 3 s");
  gsl_test(!(w.qerr <= 1e-9), "damped slider, ref: the closed form to %.3g (tolerance 1e-9)",
           w.qerr);
  free(p);
  mb_model_free(m);
}

static void test_motor(void)
{
  char text[600];
  snprintf(text, sizeof text, "%sjoint-force 1 0.2\n", wheel);
  lg_model *m = NULL;
  mb_par *p = model(text, &m);
  gsl_test(p == NULL, "wheel with a motor: parses");
  if (!p) return;
  lg_body q[1];
  double dV[6], lam[5];
  mb_work *wk = mb_work_alloc(p->topo);
  mb_initial(p, q);
  int st = wk ? mb_accel(p, q, wk, dV, lam) : LG_ENOMEM;
  gsl_test(st != LG_OK || !(fabs(dV[2] - 0.4) <= 1e-12),
           "motor: angular acceleration %.17g = VALUE/J = 0.4 rad/s^2 (tolerance 1e-12)", dV[2]);
  mb_work_free(wk);
  track w = tracker(p, NULL, motor_q, 0);
  gsl_test(run("ref", p, 0.01, 150, &w) != LG_OK, "motor: ref runs 1.5 s");
  gsl_test(!(w.qerr <= 1e-9), "motor, ref: q = w0 t + F t^2/(2 J) to %.3g (tolerance 1e-9)",
           w.qerr);
  gsl_test(!(w.dE <= 1e-12 * fabs(w.E0) + 1e-12), "motor, ref: energy T - F q constant to %.3g "
           "(tolerance 1e-12 of %.3g)", w.dE, w.E0);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_derivatives();
  test_wheel();
  test_slider();
  test_motor();
  exit(gsl_test_summary());
}
