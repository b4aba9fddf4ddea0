/* Unit tests of the reaction forces of model/multibody: the pivot force
   of a planar pendulum, bodies at rest, the columns against B^T lambda and
   Newton's third law. */
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

static lg_model *parse(const char *text) { return mbt_parse(text, "reactions.mb"); }

/* the parameters of m, checked, or NULL */
static mb_par *params(const lg_model *m)
{
  char msg[300];
  mb_par *p = m ? calloc(1, m->par_size) : NULL;
  if (!p) return NULL;
  lg_params_default(m, p);
  if (m->check(p, 0, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "check: %s\n", msg);
    free(p);
    return NULL;
  }
  return p;
}

/* the largest |a - b| of n numbers */
static double maxdiff(const double *a, const double *b, int n)
{
  double e = 0;
  for (int i = 0; i < n; i++) e = fmax(e, fabs(a[i] - b[i]));
  return e;
}

/* the rod of tests/unit/jointmotion.c: mass 1.3, J = diag(0.11, 0.115,
   0.01), hinged l = 0.5 above its mass centre, axis u = (0.6, 0.8, 0) */
static const double rod_m = 1.3, rod_l = 0.5, rod_g = 9.81;
static const double rod_J[3] = {0.11, 0.115, 0.01}, rod_u[3] = {0.6, 0.8, 0};

static lg_model *hinged_rod(double th0, double om0)
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

/* Eqs. (mb-pivot) and (mb-pivot-torque): the hinge's force on the rod and
   torque about the hinge at angle th, rate om */
static void pivot_exact(double th, double om, double F[3], double M[3])
{
  double Ju[3], uJu = 0;
  for (int r = 0; r < 3; r++) { Ju[r] = rod_J[r] * rod_u[r]; uJu += rod_u[r] * Ju[r]; }
  const double Ip = uJu + rod_m * rod_l * rod_l;
  const double acc = -rod_m * rod_g * rod_l * sin(th) / Ip;
  double R[9], w[3] = {th * rod_u[0], th * rod_u[1], th * rod_u[2]}, er[3], et[3], x[3];
  so3_exp(R, w);
  for (int r = 0; r < 3; r++) er[r] = -R[3 * r + 2];      /* -R e3 */
  so3_cross(et, rod_u, er);
  for (int r = 0; r < 3; r++) {
    x[r] = rod_l * er[r];
    F[r] = rod_m * (-rod_l * om * om * er[r] + rod_l * acc * et[r]);
  }
  F[2] += rod_m * rod_g;                  /* - m g gamma, gamma = -e3 */
  double uJ[3], b[3], xF[3];
  so3_cross(uJ, rod_u, Ju);
  for (int r = 0; r < 3; r++) b[r] = Ju[r] * acc + om * om * uJ[r];
  so3_mv(M, R, b);
  so3_cross(xF, x, F);
  for (int r = 0; r < 3; r++) M[r] += xF[r];
}

typedef struct {
  const mb_par *p;
  mb_work *w;
  double dV[6], lam[5], out[6];
  double errF, errM, big;
  int rows;
} pivot_ctx;

static int pivot_row(void *ctx, const lg_state *s)
{
  pivot_ctx *c = ctx;
  const double uJu = rod_u[0] * rod_u[0] * rod_J[0] + rod_u[1] * rod_u[1] * rod_J[1];
  pend2d_params pp = {rod_m, uJu + rod_m * rod_l * rod_l, rod_l, rod_g, 1.2, 0.7};
  double th, om, F[3], M[3];
  if (pend2d_exact(&pp, s->t, &th, &om) != LG_OK) return 1;
  if (mb_reactions(c->p, s->body, c->w, c->dV, c->lam, c->out) != LG_OK) return 1;
  pivot_exact(th, om, F, M);
  c->errF = fmax(c->errF, maxdiff(c->out, F, 3));
  c->errM = fmax(c->errM, maxdiff(c->out + 3, M, 3));
  c->big = fmax(c->big, so3_norm(F));
  c->rows++;
  return 0;
}

static void test_pivot(void)
{
  lg_model *m = hinged_rod(1.2, 0.7);
  mb_par *p = params(m);
  gsl_test(p == NULL, "reactions: the hinged rod parses");
  if (!p) { mb_model_free(m); return; }
  gsl_test_int(mb_reaction_ncol(p->topo), 6, "reactions: a revolute joint writes 6 columns");
  char cols[100];
  mb_reaction_columns(p->topo, cols, sizeof cols);
  gsl_test_str(cols, "F1_1,F1_2,F1_3,M1_1,M1_2,M1_3", "reactions: the columns of a hinge");
  lg_opts opt;
  lg_opts_default(&opt);
  pivot_ctx c = {p, mb_work_alloc(p->topo), {0}, {0}, {0}, 0, 0, 0, 0};
  lg_failure f;
  memset(&f, 0, sizeof f);
  int st = c.w ? lg_run(lg_scheme_find("multibody", "ref"), p, &opt, 0.01, 1000, 10, pivot_row,
                        &c, &f) : LG_ENOMEM;
  gsl_test(st != LG_OK || c.rows != 101, "reactions: reference run of the hinged rod (%d rows)",
           c.rows);
  gsl_test(!(c.errF < 1e-9), "reactions: hinge force against Eq. (mb-pivot) over 10 s: %.2g N "
           "(< 1e-9; |F| up to %.3g N)", c.errF, c.big);
  gsl_test(!(c.errM < 1e-9), "reactions: hinge torque against Eq. (mb-pivot-torque) over 10 s: "
           "%.2g N m (< 1e-9)", c.errM);
  mb_work_free(c.w);
  free(p);
  mb_model_free(m);
}

/* the reactions of a model at its initial state, into out */
static int reactions_at_start(const lg_model *m, double *out, mb_par **pp)
{
  mb_par *p = params(m);
  *pp = p;
  if (!p) return LG_EINVAL;
  const int nb = p->topo->nb, nc = p->topo->nc;
  lg_body *q = calloc((size_t)nb, sizeof *q);
  double *dV = calloc(6 * (size_t)nb, sizeof *dV), *lam = calloc((size_t)nc, sizeof *lam);
  mb_work *w = mb_work_alloc(p->topo);
  int st = LG_ENOMEM;
  if (q && dV && lam && w) {
    mb_initial(p, q);
    st = mb_reactions(p, q, w, dV, lam, out);
  }
  mb_work_free(w);
  free(q);
  free(dV);
  free(lam);
  return st;
}

static void test_rest(void)
{
  const double m1 = 2.7, g = 9.81, mg = m1 * g;
  double out[6], F[3] = {0, 0, mg}, M[3] = {0, 0, 0};
  mb_par *p = NULL;
  /* a body hanging from a spherical joint 0.4 above its mass centre */
  lg_model *m = parse("model hang\ngravity 9.81 0 0 -1\nbody b\nmass 2.7\ninertia 0.2 0.3 0.4\n"
                      "position 0 0 -0.4\njoint ground 0 0 0 b 0 0 0.4\n");
  int st = m ? reactions_at_start(m, out, &p) : LG_EINVAL;
  gsl_test(st != LG_OK || !(maxdiff(out, F, 3) < 1e-14 * mg), "reactions: a body hanging at "
           "rest from a spherical joint carries its weight: |F - m g e3| = %.2g N (< 1e-14 m g)",
           maxdiff(out, F, 3));
  free(p);
  p = NULL;
  mb_model_free(m);
  /* the hinged rod hanging straight down at rest */
  m = hinged_rod(0, 0);
  st = m ? reactions_at_start(m, out, &p) : LG_EINVAL;
  F[2] = rod_m * g;
  gsl_test(st != LG_OK || !(maxdiff(out, F, 3) < 1e-14 * rod_m * g)
           || !(maxdiff(out + 3, M, 3) < 1e-14 * rod_m * g * rod_l),
           "reactions: the hinged rod at rest: |F - m g e3| = %.2g N, |M| = %.2g N m (< 1e-14 "
           "of m g, m g l)", maxdiff(out, F, 3), maxdiff(out + 3, M, 3));
  free(p);
  p = NULL;
  mb_model_free(m);
  /* a turned body welded to the ground at y = (0.1, -0.2, 0.3), its mass
     centre at x = (0.6, 0.2, -0.1): M = (y - x) x m g gamma */
  const double x[3] = {0.6, 0.2, -0.1}, y[3] = {0.1, -0.2, 0.3}, ca[3] = {0.4, -0.9, 1.3};
  double R[9], Pb[3], yx[3], mgg[3] = {0, 0, -mg};
  so3_cardan(R, ca);
  for (int r = 0; r < 3; r++) yx[r] = y[r] - x[r];
  so3_mtv(Pb, R, yx);                     /* the weld point in b's frame */
  char t[800];
  snprintf(t, sizeof t, "model weld\ngravity 9.81 0 0 -1\nbody b\nmass 2.7\ninertia 0.2 0.3 "
           "0.4\nposition 0.6 0.2 -0.1\ncardan 0.4 -0.9 1.3\n"
           "joint weld ground 0.1 -0.2 0.3 b %.17g %.17g %.17g\n", Pb[0], Pb[1], Pb[2]);
  m = parse(t);
  st = m ? reactions_at_start(m, out, &p) : LG_EINVAL;
  F[2] = mg;
  so3_cross(M, yx, mgg);
  const double L = so3_norm(yx);
  gsl_test(st != LG_OK || !(maxdiff(out, F, 3) < 1e-14 * mg)
           || !(maxdiff(out + 3, M, 3) < 1e-14 * mg * L),
           "reactions: a body welded to the ground at rest: |F - m g e3| = %.2g N, |M - (y - x) "
           "x m g gamma| = %.2g N m (< 1e-14 of m g, m g |y - x|)", maxdiff(out, F, 3),
           maxdiff(out + 3, M, 3));
  free(p);
  mb_model_free(m);
}

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind, as in
   tests/unit/joints.c */
static lg_model *two_bodies(const char *kind)
{
  char t[2000];
  mbt_two_bodies(t, sizeof t, kind, "");
  return parse(t);
}

/* a joint point in space: x + R P of body i, or P itself for the ground */
static void joint_point(const lg_body *q, int i, const double *P, double y[3])
{
  if (i == MB_GROUND) { memcpy(y, P, 3 * sizeof *y); return; }
  so3_mv(y, q[i].R, P);
  for (int r = 0; r < 3; r++) y[r] += q[i].x[r];
}

static void test_bt_lambda(const char *kind)
{
  lg_model *m = two_bodies(kind);
  /* the parameters unchecked, as in tests/unit/joints.c: the velocities
     miss the joints, which the index-1 solve does not mind */
  mb_par *p = m ? calloc(1, m->par_size) : NULL;
  if (p) lg_params_default(m, p);
  gsl_test(p == NULL, "reactions: two bodies with %s joints", kind);
  if (!p) { mb_model_free(m); return; }
  const int nc = p->topo->nc, n = 12, sliding = strcmp(kind, "prismatic") == 0
                                                  || strcmp(kind, "cylindrical") == 0;
  lg_body q[2];
  double B[12 * 12], lam[12], dV[12];
  mb_work *w = mb_work_alloc(p->topo);
  mb_initial(p, q);
  int st = w ? mb_accel(p, q, w, dV, lam) : LG_ENOMEM;
  mb_jac(p, q, B);
  double scale = 0, e3 = 0, e4f = 0, e4m = 0;
  for (int r = 0; r < nc; r++) scale = fmax(scale, fabs(lam[r]));
  scale *= 1 + 0.5;                       /* the points are within 0.5 of the mass centres */
  for (int k = 0; k < 2 && st == LG_OK; k++) {
    const mb_joint *j = &p->topo->joint[k];
    const int r0 = mb_jrow(p->topo, k), m = mb_jnrows(p->topo, k);
    double F[3], M[3], ya[3], yb[3], gen[2][6] = {{0}};
    mb_joint_reaction(p, q, k, lam, F, M);
    joint_point(q, j->a, mb_joint_par(p, k), ya);
    joint_point(q, j->b, mb_joint_par(p, k) + 3, yb);
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      if (i == MB_GROUND) continue;
      for (int c = 0; c < 6; c++)         /* - B_{k,i}^T lambda_k */
        for (int r = r0; r < r0 + m; r++) gen[s][c] -= B[r * n + 6 * i + c] * lam[r];
      /* (F, M) mapped back: on b (R_b^T (M + (y_b - x_b) x F), F); on a
         (R_a^T (-M - (y - x_a) x F), -F), y = y_a or, sliding, y_b */
      const double sg = s ? 1 : -1, *y = s || sliding ? yb : ya;
      double lever[3], lf[3], tq[3], back[6];
      for (int r = 0; r < 3; r++) lever[r] = y[r] - q[i].x[r];
      so3_cross(lf, lever, F);
      for (int r = 0; r < 3; r++) tq[r] = sg * (M[r] + lf[r]);
      so3_mtv(back, q[i].R, tq);
      for (int r = 0; r < 3; r++) back[3 + r] = sg * F[r];
      const double d = maxdiff(gen[s], back, 6);
      e3 = fmax(e3, d);
      gsl_test(!(d < 1e-12 * scale), "reactions: %s joint %d, side %c: -B^T lambda against "
               "(F, M) mapped back: %.2g (< 1e-12 of %.3g)", kind, k + 1, s ? 'b' : 'a', d,
               scale);
    }
    if (j->a == MB_GROUND) continue;
    /* Newton's third law from -B^T lambda alone: forces and moments about y_b */
    double sumf[3], summ[3] = {0, 0, 0};
    for (int r = 0; r < 3; r++) sumf[r] = gen[0][3 + r] + gen[1][3 + r];
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      double t1[3], arm[3], t2[3];
      so3_mv(t1, q[i].R, gen[s]);
      for (int r = 0; r < 3; r++) arm[r] = q[i].x[r] - yb[r];
      so3_cross(t2, arm, gen[s] + 3);
      for (int r = 0; r < 3; r++) summ[r] += t1[r] + t2[r];
    }
    e4f = so3_norm(sumf);
    e4m = so3_norm(summ);
    gsl_test(!(e4f < 1e-12 * scale) || !(e4m < 1e-12 * scale), "reactions: %s joint %d: "
             "Newton's third law: |f_a + f_b| = %.2g N, moments about y_b %.2g N m (< 1e-12 "
             "of %.3g)", kind, k + 1, e4f, e4m, scale);
  }
  gsl_test(st != LG_OK, "reactions: %s: the index-1 solve (status %d)", kind, st);
  mb_work_free(w);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_pivot();
  test_rest();
  static const char *const kinds[] = {"spherical", "revolute", "weld", "prismatic",
                                      "cylindrical", "universal"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) test_bt_lambda(kinds[i]);
  exit(gsl_test_summary());
}
