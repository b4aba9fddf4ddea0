/* Unit tests of model/multibody, model/multibody-file and the multibody
   reference scheme. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

/* ---- deterministic "high-entropy" numbers */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static double urand(void) /* uniform in (-1, 1) */
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return 2.0 * ((double)(rng_state >> 11) / 9007199254740992.0) - 1.0;
}

/* A random system as a model file: nb bodies, a random tree of joints
   (each body joined to an earlier body or the ground) plus nloop extra
   joints between random bodies; random masses, inertias (triangle
   inequality kept), poses and joint points.  Initial poses do not satisfy
   the joints: the tests below only differentiate along motions. */
static lg_model *random_system(int nb, int nloop, char *text, size_t n)
{
  size_t k = (size_t)snprintf(text, n, "model random\ngravity %.17g %.17g %.17g %.17g\n", 9.81,
                              0.48, -0.6, 0.64);
  for (int i = 0; i < nb; i++) {
    double a = 1 + urand() * 0.5, b = 1 + urand() * 0.5, c = 0.5 * (a + b) + 0.4 * urand();
    k += (size_t)snprintf(text + k, n - k,
                          "body b%d\nmass %.17g\ninertia %.17g %.17g %.17g\n"
                          "position %.17g %.17g %.17g\ncardan %.17g %.17g %.17g\n",
                          i, 2 + urand(), a, b, c, urand(), urand(), urand(), 3 * urand(),
                          1.5 * urand(), 3 * urand());
  }
  for (int j = 0; j < nb + nloop; j++) {
    int a, b; /* tree joint: body j to the ground or an earlier body */
    if (j < nb) {
      a = j;
      b = j == 0 || urand() > 0.4 ? -1 + (j > 0) * (int)((urand() + 1) * 0.5 * j) : -1;
    } else { /* loop joint: two different bodies */
      if (nb < 2) break;
      a = (int)((urand() + 1) * 0.5 * nb) % nb;
      b = (a + 1 + (int)((urand() + 1) * 0.5 * (nb - 1)) % (nb - 1)) % nb;
    }
    char side[16];
    if (b < 0) snprintf(side, sizeof side, "ground");
    else snprintf(side, sizeof side, "b%d", b);
    k += (size_t)snprintf(text + k, n - k, "joint b%d %.17g %.17g %.17g %s %.17g %.17g %.17g\n",
                          a, urand(), urand(), urand(), side, urand(), urand(), urand());
  }
  char msg[256];
  lg_model *m = mb_model_parse(text, "random", msg, sizeof msg);
  if (!m) fprintf(stderr, "random system rejected: %s\n", msg);
  return m;
}

static void random_velocities(lg_body *q, int nb)
{
  for (int i = 0; i < nb; i++)
    for (int c = 0; c < 3; c++) {
      q[i].W[c] = 2 * urand();
      q[i].v[c] = urand();
    }
}

/* q(t): every body moved for time t at its constant velocity, R exp(t hat W) */
static void move(lg_body *out, const lg_body *q, int nb, double t)
{
  for (int i = 0; i < nb; i++) {
    double w[3] = {t * q[i].W[0], t * q[i].W[1], t * q[i].W[2]}, F[9];
    out[i] = q[i];
    so3_exp(F, w);
    so3_mul(out[i].R, q[i].R, F);
    for (int c = 0; c < 3; c++) out[i].x[c] = q[i].x[c] + t * q[i].v[c];
  }
}

/* Phi' = B V = mb_bv, and d/dt (B V) = (dB/dt) V, by central differences
   along the motion of constant body velocities, on random systems */
static void test_derivatives(void)
{
  static char text[1 << 16];
  for (int trial = 0; trial < 12; trial++) {
    int nb = 1 + trial % 5, nloop = trial % 3;
    lg_model *m = random_system(nb, nloop, text, sizeof text);
    gsl_test(m == NULL, "random system %d parses", trial);
    if (!m) continue;
    mb_par *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    const int nc = p->topo->nc, nv = 6 * nb;
    lg_body *q = calloc((size_t)nb, sizeof *q), *qp = calloc((size_t)nb, sizeof *q),
            *qm = calloc((size_t)nb, sizeof *q);
    double *B = calloc((size_t)(nc * nv), sizeof *B), *V = calloc((size_t)nv, sizeof *V);
    double *c0 = calloc((size_t)nc, sizeof *c0), *c1 = calloc((size_t)nc, sizeof *c1),
           *cp = calloc((size_t)nc, sizeof *cp), *cm = calloc((size_t)nc, sizeof *cm);
    mb_initial(p, q);
    random_velocities(q, nb);
    for (int i = 0; i < nb; i++) {
      memcpy(V + 6 * i, q[i].W, 24);
      memcpy(V + 6 * i + 3, q[i].v, 24);
    }
    mb_jac(p, q, B);
    mb_bv(p, q, c0);
    double e1 = 0, e2 = 0, e3 = 0, scale = 0;
    for (int r = 0; r < nc; r++) { /* B V from the matrix */
      double s = 0;
      for (int c = 0; c < nv; c++) s += B[r * nv + c] * V[c];
      e1 = fmax(e1, fabs(s - c0[r]));
      scale = fmax(scale, fabs(c0[r]));
    }
    const double eps = 1e-5;
    move(qp, q, nb, eps);
    move(qm, q, nb, -eps);
    mb_phi(p, qp, cp);
    mb_phi(p, qm, cm);
    for (int r = 0; r < nc; r++) e2 = fmax(e2, fabs((cp[r] - cm[r]) / (2 * eps) - c0[r]));
    mb_bv(p, qp, cp);
    mb_bv(p, qm, cm);
    mb_bdotv(p, q, c1);
    double s2 = 0;
    for (int r = 0; r < nc; r++) {
      e3 = fmax(e3, fabs((cp[r] - cm[r]) / (2 * eps) - c1[r]));
      s2 = fmax(s2, fabs(c1[r]));
    }
    gsl_test(!(e1 <= 1e-14 * (1 + scale)), "system %d: mb_jac V = mb_bv (%.2g)", trial, e1);
    gsl_test(!(e2 <= 1e-8 * (1 + scale)),
             "system %d: d/dt phi = B V by central differences (%.2g)", trial, e2);
    gsl_test(!(e3 <= 1e-8 * (1 + s2)),
             "system %d: d/dt (B V) = (dB/dt) V by central differences (%.2g)", trial, e3);
    free(q);
    free(qp);
    free(qm);
    free(B);
    free(V);
    free(c0);
    free(c1);
    free(cp);
    free(cm);
    free(p);
    mb_model_free(m);
  }
}

/* the constrained accelerations satisfy both equations; the projection
   lands on the constraints; the energy rate vanishes on the constraints */
static void test_accel_project(void)
{
  static char text[1 << 16];
  for (int trial = 0; trial < 6; trial++) {
    int nb = 2 + trial % 4, nloop = trial % 2;
    lg_model *m = random_system(nb, nloop, text, sizeof text);
    if (!m) {
      gsl_test(1, "random system parses");
      continue;
    }
    mb_par *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    const int nc = p->topo->nc, nv = 6 * nb;
    lg_body *q = calloc((size_t)nb, sizeof *q);
    double *B = calloc((size_t)(nc * nv), sizeof *B), *dV = calloc((size_t)nv, sizeof *dV),
           *f = calloc((size_t)nv, sizeof *f), *lam = calloc((size_t)nc, sizeof *lam),
           *c = calloc((size_t)nc, sizeof *c);
    mb_work *w = mb_work_alloc(p->topo);
    mb_initial(p, q);
    random_velocities(q, nb);
    /* project onto the constraints; a loop may have no nearby solution, so
       accept the test only where the projection converged */
    int st = mb_project(p, q, w);
    double ephi = mb_phi_err(p, q), edphi = mb_dphi_err(p, q);
    if (st == LG_OK && ephi < 1e-12) {
      gsl_test(!(ephi <= 1e-14 * 10), "system %d: projected positions on the joints (%.2g)",
               trial, ephi);
      gsl_test(!(edphi <= 1e-13), "system %d: projected velocities on the joints (%.2g)", trial,
               edphi);
      gsl_test(!(mb_orth_err(p, q) <= 1e-15 * 10), "system %d: projected rotations orthogonal",
               trial);
      st = mb_accel(p, q, w, dV, lam);
      gsl_test(st != LG_OK, "system %d: accelerations solved", trial);
      mb_jac(p, q, B);
      mb_bdotv(p, q, c);
      double e1 = 0, e2 = 0, sc = 0;
      for (int r = 0; r < nc; r++) { /* B dV + (dB/dt) V = 0 */
        double s = c[r];
        for (int k = 0; k < nv; k++) s += B[r * nv + k] * dV[k];
        e1 = fmax(e1, fabs(s));
        sc = fmax(sc, fabs(c[r]));
      }
      mb_force(p, q, f);
      double sf = 0;
      for (int i = 0; i < nb; i++) { /* M dV = f - B^T lambda */
        const double *b = mb_body_par(p, i);
        for (int k = 0; k < 6; k++) {
          double s = f[6 * i + k];
          for (int r = 0; r < nc; r++) s -= B[r * nv + 6 * i + k] * lam[r];
          double M = k < 3 ? b[MB_J + k] : b[MB_M];
          e2 = fmax(e2, fabs(M * dV[6 * i + k] - s));
          sf = fmax(sf, fabs(s));
        }
      }
      gsl_test(!(e1 <= 1e-12 * (1 + sc)), "system %d: B dV + (dB/dt) V = 0 (%.2g)", trial, e1);
      gsl_test(!(e2 <= 1e-12 * (1 + sf)), "system %d: M dV = f - B^T lambda (%.2g)", trial, e2);
      double dE = 0, sE = 0; /* dE/dt = -lambda . B V = 0 */
      for (int i = 0; i < nb; i++) {
        const double *b = mb_body_par(p, i);
        for (int k = 0; k < 3; k++) {
          dE += b[MB_J + k] * q[i].W[k] * dV[6 * i + k] +
                b[MB_M] * q[i].v[k] * dV[6 * i + 3 + k] -
                b[MB_M] * p->val[MB_G] * p->val[MB_GDIR + k] * q[i].v[k];
          sE += fabs(b[MB_M] * p->val[MB_G] * q[i].v[k]);
        }
      }
      gsl_test(!(fabs(dE) <= 1e-12 * (1 + sE)), "system %d: dE/dt = 0 on the constraints (%.2g)",
               trial, dE);
    }
    mb_work_free(w);
    free(q);
    free(B);
    free(dV);
    free(f);
    free(lam);
    free(c);
    free(p);
    mb_model_free(m);
  }
}

/* the huang2022 rods are solid steel cylinders with their axis along body Y */
static void test_doublependulum(void)
{
  const lg_model *m = lg_model_find("doublependulum");
  gsl_test(m == NULL, "doublependulum is built in");
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  char msg[256] = "";
  gsl_test(m->check(p, 0, msg, sizeof msg) != LG_OK,
           "doublependulum defaults pass the check (%s)", msg);
  const double rho = 7850, r = 0.05, l = 1, mass = rho * 3.14159265358979323846 * r * r * l;
  for (int i = 0; i < 2; i++) {
    const double *b = mb_body_par(p, i);
    gsl_test_abs(b[MB_M], mass, 5e-5, "rod %d: m = rho pi r^2 l to the printed digits", i + 1);
    gsl_test_abs(b[MB_J], mass * (3 * r * r + l * l) / 12, 5e-5,
                 "rod %d: J1 = m (3 r^2 + l^2)/12", i + 1);
    gsl_test_abs(b[MB_J + 1], mass * r * r / 2, 5e-5, "rod %d: J2 = m r^2 / 2", i + 1);
    gsl_test_abs(b[MB_J + 2], mass * (3 * r * r + l * l) / 12, 5e-5,
                 "rod %d: J3 = m (3 r^2 + l^2)/12", i + 1);
  }
  gsl_test(p->topo->nb != 2 || p->topo->nc != 6, "doublependulum: 2 bodies, 6 constraints");
  gsl_test(m->ncol != 1 + 2 * 18 + 4, "doublependulum: %d columns", m->ncol);
  free(p);
}

/* spherical-top's reference follows pendulum3d-moiseev's, an unconstrained
   formulation of the same asymmetric spinning body, within 1e-9 over 10 s */
typedef struct {
  int n;
  double (*v)[12];
} track;
static int track_body(void *ctx, const lg_state *s)
{
  track *t = ctx;
  memcpy(t->v[t->n], s->nbody ? s->body[0].R : s->R, 9 * sizeof(double));
  memcpy(t->v[t->n] + 9, s->nbody ? s->body[0].W : s->W, 3 * sizeof(double));
  t->n++;
  return 0;
}

static void test_spherical_top(void)
{
  const lg_model *ms = lg_model_find("spherical-top"), *mp = lg_model_find("pendulum3d-moiseev");
  gsl_test(!ms || !mp, "spherical-top and pendulum3d-moiseev are built in");
  if (!ms || !mp) return;
  void *ps = calloc(1, ms->par_size), *pp = calloc(1, mp->par_size);
  lg_params_default(ms, ps);
  lg_params_default(mp, pp);
  lg_opts opt;
  lg_opts_default(&opt);
  const long n = 1000;
  track a = {0, calloc(n + 1, sizeof *a.v)}, b = {0, calloc(n + 1, sizeof *b.v)};
  int st1 =
      lg_run(lg_scheme_find("multibody", "ref"), ps, &opt, 0.01, n, 1, track_body, &a, NULL);
  int st2 = lg_run(lg_scheme_find("heavytop", "ref"), pp, &opt, 0.01, n, 1, track_body, &b, NULL);
  double e = 0;
  for (int k = 0; k <= n && k < a.n && k < b.n; k++)
    for (int c = 0; c < 12; c++) e = fmax(e, fabs(a.v[k][c] - b.v[k][c]));
  gsl_test(st1 || st2 || a.n != n + 1 || b.n != n + 1, "both references ran");
  gsl_test(!(e <= 1e-9), "spherical-top follows pendulum3d-moiseev over 10 s (%.2g)", e);
  free(a.v);
  free(b.v);
  free(ps);
  free(pp);
}

/* every kind of error in a model file gets its line and its problem */
static void test_bad_files(void)
{
  static const struct {
    const char *text, *want;
  } bad[] = {
      {"body a\nmass 1\n", "random:0: no 'model NAME' line"},
      {"model x\n", "random:0: no 'body' line"},
      {"model x\nmodel y\n", "random:2: 'model' is given twice"},
      {"model x y\n", "random:1: 'model' takes one name"},
      {"model x!\n", "random:1: model name 'x!'"},
      {"model x\nmass 1\n", "random:2: 'mass' before the first 'body' line"},
      {"model x\nbody a\nmass\n", "random:3: 'mass' needs 1 number, found 0"},
      {"model x\nbody a\nmass 1 2\n", "random:3: 'mass' takes 1 number; '2' is one too many"},
      {"model x\nbody a\nmass one\n", "random:3: 'mass': 'one' is not a number"},
      {"model x\nbody a\nmass 1e999\n", "random:3: 'mass': '1e999' is not a finite number"},
      {"model x\nbody a\ninertia 1 2\n", "random:3: 'inertia' needs 3 numbers, found 2"},
      {"model x\nbody a\ninertia 1 2 3 4\n",
       "random:3: 'inertia' needs 3 numbers, found 4 (or 6, a full tensor: J11 J22 J33 J12"},
      {"model x\nbody a\ninertia 1 1 1 0 0 0 0\n", "random:3: 'inertia' needs 3 numbers, found 7"},
      {"model x\nbody a\ninertia 1 1 1 0 0 1e999\n",
       "random:3: 'inertia': '1e999' is not a finite number"},
      {"model x\nbody a\ninertia 1 1 1 0 nan 0\n", "random:3: 'inertia': 'nan' is not a number"},
      {"model x\nbody a\nbody a\n", "random:3: body 'a' is defined twice"},
      {"model x\nbody ground\n", "random:2: body 'ground' is defined twice (or is named ground)"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\n", "random:2: body 'a' has no 'position' line"},
      {"model x\nbody a\nposition 0 0 0\nmass 1\n", "random:2: body 'a' has no 'inertia' line"},
      {"model x\nbody a\njoint a 0 0 0 b 0 0 0\n",
       "random:3: joint: no body named 'b' above this line"},
      {"model x\nbody a\njoint a 0 0 0 a 0 0 0\n", "random:3: joint: both sides are body 'a'"},
      {"model x\nbody a\njoint ground 0 0 0 ground 0 0 0\n",
       "random:3: joint: both sides are the ground"},
      {"model x\nbody a\njoint ground 0 0 0 a 0 0\n",
       "random:3: 'joint' needs SIDE x y z SIDE x y z"},
      {"model x\nbody a\njoint ground 0 0 0 a 0 0 0 9\n",
       "random:3: joint: unexpected '9' after the second point"},
      {"model x\nbody a\njoint spherical ground 0 0 0 a 0 0 0 9\n",
       "random:3: joint: unexpected '9' after the second point"},
      {"model x\nbody a\njoint revolute ground 0 0 0 a 0 0 0\n",
       "random:3: 'joint revolute' needs SIDE x y z SIDE x y z axis U1 U2 U3"},
      {"model x\nbody a\njoint universal ground 0 0 0 a 0 0 0 axis 1 0 0\n",
       "random:3: 'joint universal' needs SIDE x y z SIDE x y z axis U1 U2 U3 axis V1 V2 V3"},
      {"model x\nbody a\njoint revolute ground 0 0 0 a 0 0 0 axis 1 0\n",
       "random:3: joint revolute: axis: 'axis' needs 3 numbers, found 2"},
      {"model x\nbody a\njoint prismatic ground 0 0 0 a 0 0 0 axis 1 0 1e999\n",
       "random:3: joint prismatic: axis: '1e999' is not a finite number"},
      {"model x\nbody a\njoint cylindrical ground 0 0 0 a 0 0 0 axis 1 0 x\n",
       "random:3: joint cylindrical: axis: 'x' is not a number"},
      {"model x\nbody a\njoint revolute ground 0 0 0 a 0 0 0 axis 0 0 0\n",
       "random:3: joint revolute: axis 1 is zero"},
      {"model x\nbody a\njoint universal ground 0 0 0 a 0 0 0 axis 1 0 0 axis 0 0 0\n",
       "random:3: joint universal: axis 2 is zero"},
      {"model x\nbody a\njoint universal ground 0 0 0 a 0 0 0 axis 1 0 0 axis 1 1 0\n",
       "random:3: joint universal: the axes are not perpendicular"},
      {"model x\nbody a\njoint prismatic ground 0 0 0 b 0 0 0 axis 1 0 0\n",
       "random:3: joint: no body named 'b' above this line"},
      {"model x\nbody a\njoint weld ground 0 0 0 a 0 0 0 axis 1 0 0\n",
       "random:3: joint weld: unexpected 'axis' after the second point"},
      {"model x\nbody a\njoint revolute ground 0 0 0 a 0 0 0 axis 1 0 0 7\n",
       "random:3: joint revolute: unexpected '7' after the axis"},
      {"model x\nbody a\nspin 1\n", "random:3: unknown keyword 'spin'"},
      {"model x\nassemble 1\n", "random:2: 'assemble' takes no value"},
      {"model x\nassemble\nbody a\nassemble # again\n",
       "random:4: 'assemble' is given twice (line 2)"},
      {"model x\ngravity 9.8 0 0\n", "random:2: 'gravity' needs 4 numbers, found 3"},
      {"model x\ngravity 9.8 0 0 1\ngravity 9.8 0 0 1\n", "random:3: 'gravity' is given twice"},
      {"model x\ndoc\n", "random:2: 'doc' needs a text"},
      {"model x\nbody a\x01\n", "random:2: control character 0x01"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nmass 2\n",
       "random:5: 'mass': body 'a' already has its mass from line 3"},
      {"model x\nbody a\nrotation 1 0 0 0 1 0 0 0 1\ncardan 0 0 1\n",
       "random:4: 'cardan': body 'a' already has its rotation from line 3"},
      {"model x\nbody a\nvelocity 0 0 0\nvelocity \\\n 0 0 0\n",
       "random:4: 'velocity': body 'a' already has its velocity from line 3"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char msg[256] = "";
    lg_model *m = mb_model_parse(bad[i].text, "random", msg, sizeof msg);
    gsl_test(m != NULL || strncmp(msg, bad[i].want, strlen(bad[i].want)) != 0,
             "bad file %zu: '%s' (want '%s')", i, msg, bad[i].want);
    mb_model_free(m);
  }
  /* values that parse but the check rejects, named with the line of the
     statement that gave them (a body's mass, inertia or rotation line) */
  static const struct {
    const char *text, *want;
  } sem[] = {
      {"model x\nbody a\nmass -1\ninertia 1 1 1\nposition 0 0 0\n",
       "random:3: parameter m1 (body a): -1 is not positive"},
      {"model x\nbody a\nmass 1\ninertia 1 1 3\nposition 0 0 0\n",
       "random:4: parameter J1 (body a): 1,1,3 violates the triangle inequality"},
      {"model x\nbody a\nmass 1\ninertia 1 1 3 0.5 0 0\nposition 0 0 0\n",
       "random:4: parameter J1 (body a): 1,1,3,0.5,0,0 violates the triangle inequality"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1 0 1 0\nposition 0 0 0\n",
       "random:4: parameter J1 (body a): 1,1,1,0,1,0 is not positive definite (principal "
       "moments"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\nrotation 1 0 0 0 1 0 0 0 -1\n",
       "random:6: parameter R1 (body a): 1,0,0,0,1,0,0,0,-1 is a reflection"},
      {"model x\ngravity 9.8 0 0 2\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\n",
       "random:2: parameter gdir: 0,0,2 is not a unit vector"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\njoint ground 0 0 1 a 0 0 0\n",
       "random:6: joint 1: the initial positions miss it by 1 m"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 0\nvelocity 1 0 0\njoint ground 0 0 "
       "0 a 0 0 0\n",
       "random:7: joint 1: the initial velocities violate it by 1 m/s"},
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nposition 1 0 0\njoint ground 0 0 0 a -1 0 0\n"
       "joint ground 0 0 1 a -1 0 1\n",
       "random:7: redundant constraints: joints 1 and 2 remove the same motion"},
      /* a planar four-bar of four revolute joints: redundant in space */
      {"model x\nbody c\nmass 1\ninertia 0.1 0.01 0.1\nposition 0 0.5 0\nbody k\nmass 1\n"
       "inertia 0.01 0.1 0.1\nposition 1 1 0\nbody r\nmass 1\ninertia 0.1 0.01 0.1\n"
       "position 2 0.5 0\njoint revolute ground 0 0 0 c 0 -0.5 0 axis 0 0 1\n"
       "joint revolute c 0 0.5 0 k -1 0 0 axis 0 0 1\n"
       "joint revolute k 1 0 0 r 0 0.5 0 axis 0 0 1\n"
       "joint revolute r 0 -0.5 0 ground 2 0 0 axis 0 0 1\n",
       "random:17: redundant constraints: joints 1, 2, 3 and 4 remove the same motion"},
      /* a revolute joint whose initial velocities turn about another axis */
      {"model x\nbody a\nmass 1\ninertia 1 1 1\nposition 0 0 -1\nangvel 0 1 0\n"
       "velocity -1 0 0\njoint revolute ground 0 0 0 a 0 0 1 axis 1 0 0\n",
       "random:8: joint 1: the initial velocities violate it by 1 m/s"},
      {"model x\nbody a\nmass 1e-20\ninertia 1 1 1\nposition 0 0 0\nbody b\nmass 1\n"
       "inertia 1 1 1\nposition 0 0 0\n",
       "random:7: the model is ill-conditioned: masses m2 = 1 and m1 = 1e-20"},
  };
  for (size_t i = 0; i < sizeof sem / sizeof sem[0]; i++) {
    char msg[256] = "";
    lg_model *m = mb_model_parse(sem[i].text, "random", msg, sizeof msg);
    gsl_test(m == NULL, "file %zu parses (%s)", i, msg);
    if (!m) continue;
    void *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    int st = m->check(p, 0, msg, sizeof msg);
    gsl_test(st == LG_OK || strncmp(msg, sem[i].want, strlen(sem[i].want)) != 0,
             "check %zu: '%s' (want '%s')", i, msg, sem[i].want);
    free(p);
    mb_model_free(m);
  }
}

/* the interface that names the joints of a rank loss: a hinge of two
   spherical joints (1 and 2) and a third joint on another body (3) */
static void test_singular_joints(void)
{
  char msg[256] = "", txt[120];
  lg_model *m = mb_model_parse("model h\nbody a\nmass 1\ninertia 1 1 1\nposition 1 0 0\n"
                               "body b\nmass 1\ninertia 1 1 1\nposition 3 0 0\n"
                               "joint ground 0 0 0 a -1 0 0\njoint ground 0 0 1 a -1 0 1\n"
                               "joint a 1 0 0 b -1 0 0\n", "hinge", msg, sizeof msg);
  gsl_test(m == NULL, "the hinge parses (%s)", msg);
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  lg_body q[2];
  int j[8];
  mb_initial(p, q);
  mb_work *w = mb_work_alloc(p->topo);
  int st = mb_rank_check(p, q, w, MB_RANK_TOL), n = mb_singular_joints(w, j, 8);
  mb_singular_text(w, txt, sizeof txt);
  lg_state s = {0};
  mb_failed(w, st, &s);
  printf("  hinge: status %d, %d joints (%s): %s\n", st, n, txt, s.why ? s.why : "");
  gsl_test(st != LG_ESINGULAR, "hinge: the rank test fails (status %d)", st);
  gsl_test(!(n == 2 && j[0] == 0 && j[1] == 1), "hinge: joints 0 and 1 (0-based) named");
  gsl_test(strcmp(txt, "joints 1 and 2") != 0, "hinge: the text reads '%s'", txt);
  gsl_test(!s.why || !strstr(s.why, "lost rank (joints 1 and 2"),
           "hinge: mb_failed leaves the words in s->why");
  gsl_test(mb_accel(p, q, w, (double[12]){0}, NULL) != LG_ESINGULAR,
           "hinge: the accelerations report LG_ESINGULAR");
  mb_work_free(w);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_derivatives();
  test_accel_project();
  test_doublependulum();
  test_spherical_top();
  test_bad_files();
  test_singular_joints();
  exit(gsl_test_summary());
}
