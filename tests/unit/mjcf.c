/* Unit test of the MJCF export: the file loaded into MuJoCo reproduces the
   package's initial state. */
#define _POSIX_C_SOURCE 200809L                  /* mkdtemp */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gsl/gsl_test.h>
#include <mujoco/mujoco.h>
#include "api/lgrepro.h"
#include "lie/so3.h"
#include "model/mjcf.h"

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;
static double urand(void) /* uniform in (-1, 1) */
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return 2.0 * ((double)(rng_state >> 11) / 9007199254740992.0) - 1.0;
}
/* nb bodies: a chain of joints of kind (the last two of a revolute chain
   a weld and a prismatic joint) from the ground, or free bodies for kind
   NULL */
static void mechanism(char *t, size_t n, const char *name, const char *kind, int nb)
{
  double Rp[9], xp[3] = {0, 0, 0}, wp[3] = {0, 0, 0}, vp[3] = {0, 0, 0};
  so3_identity(Rp);
  size_t k = (size_t)snprintf(t, n, "model %s\ngravity 9.81 %.17g %.17g %.17g\n", name, 0.6,
                              0.0, -0.8);
  for (int i = 0; i < nb; i++) {
    const int rev = kind && strcmp(kind, "revolute") == 0;
    const char *jk = !kind ? NULL : rev && i == nb - 1 ? "prismatic" : rev && i == nb - 2 ? "weld"
                                                                                      : kind;
    double ang[3] = {3 * urand(), 1.4 * urand(), 3 * urand()}, R[9], W[3], w[3], x[3], v[3];
    double a[3], b[3], u[3], Ra[3], Rb[3], Ru[3], r[3], c1[3], c2[3];
    double s = jk && strcmp(jk, "prismatic") == 0 ? 0.3 : 0, sd = s ? 0.7 : 0;
    double thd = jk && strcmp(jk, "revolute") == 0 ? 1.3 * urand() : 0;
    so3_cardan(R, ang);
    for (int j = 0; j < 3; j++) W[j] = 2 * urand(), a[j] = 0.5 * urand(), b[j] = 0.5 * urand(),
                                u[j] = urand();
    double nu = so3_norm(u);
    for (int j = 0; j < 3; j++) u[j] /= nu;
    if (!jk) {                                  /* a free body: any state */
      for (int j = 0; j < 3; j++) x[j] = urand(), v[j] = urand();
      so3_mv(w, R, W);
    } else {
      so3_mv(Ra, Rp, a);
      so3_mv(Rb, R, b);
      so3_mv(Ru, Rp, u);
      if (jk[0] == 's') so3_mv(w, R, W);
      else for (int j = 0; j < 3; j++) w[j] = wp[j] + thd * Ru[j];
      so3_mtv(W, R, w);
      for (int j = 0; j < 3; j++) x[j] = xp[j] + Ra[j] - Rb[j] + s * Ru[j];
      for (int j = 0; j < 3; j++) r[j] = x[j] + Rb[j] - xp[j];
      so3_cross(c1, wp, r);
      so3_cross(c2, w, Rb);
      for (int j = 0; j < 3; j++) v[j] = vp[j] + c1[j] - c2[j] + sd * Ru[j];
    }
    k += (size_t)snprintf(t + k, n - k, "body b%d\nmass %.17g\ninertia %.17g %.17g %.17g",
                          i, 1 + 0.5 * urand(), 0.3, 0.4 + 0.1 * urand(), 0.5);
    if (i % 2) k += (size_t)snprintf(t + k, n - k, " %.17g %.17g %.17g", 0.05 * urand(),
                                     0.05 * urand(), 0.05 * urand());
    k += (size_t)snprintf(t + k, n - k, "\nrotation");
    for (int j = 0; j < 9; j++) k += (size_t)snprintf(t + k, n - k, " %.17g", R[j]);
    k += (size_t)snprintf(t + k, n - k, "\nposition %.17g %.17g %.17g\nangvel %.17g %.17g %.17g\n"
                          "velocity %.17g %.17g %.17g\n", x[0], x[1], x[2], W[0], W[1], W[2],
                          v[0], v[1], v[2]);
    if (jk) {
      char pa[16] = "ground";
      if (i > 0) snprintf(pa, sizeof pa, "b%d", i - 1);
      k += (size_t)snprintf(t + k, n - k, "joint %s %s %.17g %.17g %.17g b%d %.17g %.17g %.17g",
                            jk, pa, a[0], a[1], a[2], i, b[0], b[1], b[2]);
      if (jk[0] == 'r' || jk[0] == 'p')
        k += (size_t)snprintf(t + k, n - k, " axis %.17g %.17g %.17g", u[0], u[1], u[2]);
      k += (size_t)snprintf(t + k, n - k, "\n");
      memcpy(Rp, R, sizeof Rp), memcpy(xp, x, sizeof xp), memcpy(wp, w, sizeof wp),
        memcpy(vp, v, sizeof vp);
    }
  }
}
static void compare(const char *text, const char *dir, const char *name)
{
  char msg[512] = "", path[256], err[1000] = "";
  snprintf(path, sizeof path, "%s/%s.xml", dir, name);
  lgr_model *m = lgr_model_parse(text, name, msg, sizeof msg);
  lgr_sim *sim = m ? lgr_alloc(m, "ref", msg, sizeof msg) : NULL;
  int st = sim ? lgr_init(sim, 1e-3, msg, sizeof msg) : LGR_EINVAL;
  if (st == LGR_OK) st = lgr_model_write_mjcf(m, path, msg, sizeof msg);
  gsl_test(st, "mjcf: %s: parsed, started and written (%s)", name, msg);
  mjModel *mm = st == LGR_OK ? mj_loadXML(path, NULL, err, sizeof err) : NULL;
  gsl_test(st == LGR_OK && !mm, "mjcf: %s: MuJoCo loads it (%s)", name, err);
  if (!mm) {
    lgr_free(sim);
    lgr_model_free(m);
    return;
  }
  mjData *d = mj_makeData(mm);
  mj_resetDataKeyframe(mm, d, 0);
  mj_forward(mm, d);
  double ex = 0, eR = 0, ew = 0, ev = 0, em = 0, eJ = 0;
  int nb = lgr_nbodies(sim);
  for (int i = 0; i < nb; i++) {
    char bn[16];
    lgr_body q;
    double res[6], w[3];
    snprintf(bn, sizeof bn, "b%d", i);
    int id = mj_name2id(mm, mjOBJ_BODY, bn);
    lgr_get_body(sim, i, &q);
    if (id < 0) {
      ex = INFINITY;
      continue;
    }
    mj_objectVelocity(mm, d, mjOBJ_BODY, id, res, 0);
    so3_mv(w, q.R, q.W);
    for (int j = 0; j < 3; j++) {
      ex = fmax(ex, fabs(d->xpos[3 * id + j] - q.x[j]));
      ew = fmax(ew, fabs(res[j] - w[j]));
      ev = fmax(ev, fabs(res[3 + j] - q.v[j]));
    }
    for (int j = 0; j < 9; j++) eR = fmax(eR, fabs(d->xmat[9 * id + j] - q.R[j]));
    double mi = NAN, J[6] = {NAN, NAN, NAN};
    char pn[16];
    snprintf(pn, sizeof pn, "m%d", i + 1);
    lgr_get(sim, pn, &mi, 1);
    snprintf(pn, sizeof pn, "J%d", i + 1);
    lgr_get(sim, pn, J, 6);
    const double *I = mm->body_inertia + 3 * id;
    em = fmax(em, fabs(mm->body_mass[id] - mi));
    eJ = fmax(eJ, fabs(I[0] + I[1] + I[2] - (J[0] + J[1] + J[2])));
  }
  gsl_test(!(em <= 1e-15 && eJ <= 1e-14), "mjcf: %s: masses within %.2g kg (<= 1e-15), traces "
           "of inertia within %.2g kg m^2 (<= 1e-14)", name, em, eJ);
  gsl_test(!(ex <= 1e-12), "mjcf: %s: xpos against x: %.2g m (<= 1e-12)", name, ex);
  gsl_test(!(eR <= 1e-12), "mjcf: %s: xmat against R: %.2g (<= 1e-12)", name, eR);
  gsl_test(!(ew <= 1e-12), "mjcf: %s: angular velocity against R W: %.2g rad/s (<= 1e-12)",
           name, ew);
  gsl_test(!(ev <= 1e-12), "mjcf: %s: velocity against v: %.2g m/s (<= 1e-12)", name, ev);
  mj_deleteData(d);
  mj_deleteModel(mm);
  remove(path);
  lgr_free(sim);
  lgr_model_free(m);
}
static void deepest(const char *dir)
{
  static char text[1 << 16];
  char name[32], msg[512] = "";
  snprintf(name, sizeof name, "chain%d", MB_MJCF_MAXDEPTH);
  mechanism(text, sizeof text, name, "spherical", MB_MJCF_MAXDEPTH);
  compare(text, dir, name);
  mechanism(text, sizeof text, "deeper", "spherical", MB_MJCF_MAXDEPTH + 1);
  char path[256], want[64];
  snprintf(path, sizeof path, "%s/deeper.xml", dir);
  snprintf(want, sizeof want, "loads at most %d", MB_MJCF_MAXDEPTH);
  lgr_model *m = lgr_model_parse(text, "deeper", msg, sizeof msg);
  int st = m ? lgr_model_write_mjcf(m, path, msg, sizeof msg) : LGR_OK;
  gsl_test(st != LGR_EINVAL || !strstr(msg, want) || access(path, F_OK) == 0,
           "mjcf: a chain of %d bodies refused, no file (%s)", MB_MJCF_MAXDEPTH + 1, msg);
  lgr_model_free(m);
}

int main(void)
{
  char dir[] = "/tmp/lgrepro-mjcf-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  static char text[1 << 16];
  mechanism(text, sizeof text, "ball-chain", "spherical", 4);
  compare(text, dir, "ball-chain");
  mechanism(text, sizeof text, "hinge-chain", "revolute", 4);
  compare(text, dir, "hinge-chain");
  mechanism(text, sizeof text, "free-bodies", NULL, 2);
  compare(text, dir, "free-bodies");
  deepest(dir);
  rmdir(dir);
  exit(gsl_test_summary());
}
