/* Unit test of mb_joint_stiff: the derivative of the constraint forces
   B_k^T lambda of each kind of joint along the configuration increments of
   its two bodies, against central differences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "lib/mbtest.h"

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind, spinning,
   with the points together at t = 0 (as tests/unit/joints.c builds them) */
static lg_model *two_bodies(const char *kind, const char *tail)
{
  char t[2000], msg[300];
  mbt_two_bodies(t, sizeof t, kind, tail);
  lg_model *m = mb_model_parse(t, "joint-hessian.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

static void nudge(lg_body *q, int j, int c, double eps)
{
  if (c < 3) {
    double w[3] = {0, 0, 0}, E[9];
    w[c] = eps;
    so3_exp(E, w);
    so3_mul(q[j].R, q[j].R, E);
  } else q[j].x[c - 3] += eps;
}

/* g = (B_a^T lam, B_b^T lam) of joint k, 12 numbers */
static void force(const mb_par *p, const lg_body *q, int k, const double *lam, double g[12])
{
  double Bs[2][36];
  const int m = mb_jnrows(p->topo, k);
  mb_joint_eval(p, q, k, NULL, Bs[0], Bs[1], NULL, NULL);
  for (int s = 0; s < 2; s++)
    for (int c = 0; c < 6; c++) {
      double x = 0;
      for (int r = 0; r < m; r++) x += Bs[s][6 * r + c] * lam[r];
      g[6 * s + c] = x;
    }
}

static void test_kind(const char *kind, const char *tail)
{
  lg_model *m = two_bodies(kind, tail);
  gsl_test(m == NULL, "joint-hessian: two bodies with %s joints parse", kind);
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  lg_body q[2], qq[2];
  mb_initial(p, q);
  nudge(q, 0, 0, 0.3);                   /* off the joints: d != 0 */
  nudge(q, 1, 4, -0.2);
  nudge(q, 1, 2, 0.5);
  const double lam0[6] = {0.7, -1.3, 0.4, 2.1, -0.6, 0.9};
  for (int k = 0; k < 2; k++) {
    const int m = mb_jnrows(p->topo, k), r0 = mb_jrow(p->topo, k);
    const mb_joint *j = &p->topo->joint[k];
    const int side0 = j->a == MB_GROUND ? 1 : 0;   /* the sides that are bodies */
    double K[144], gp[12], gm[12], big = 0, err = 0;
    int worst = 0;
    mb_joint_stiff(p, q, k, lam0, K);
    for (int s = side0; s < 2; s++)
      for (int r = 6 * side0; r < 12; r++)
        for (int c = 0; c < 6; c++) big = fmax(big, fabs(K[12 * r + 6 * s + c]));
    for (int s = side0; s < 2; s++)
      for (int c = 0; c < 6; c++) {
        const int body = s ? j->b : j->a;
        const double eps = 1e-6;
        memcpy(qq, q, sizeof qq);
        nudge(qq, body, c, eps);
        force(p, qq, k, lam0, gp);
        memcpy(qq, q, sizeof qq);
        nudge(qq, body, c, -eps);
        force(p, qq, k, lam0, gm);
        for (int r = 6 * side0; r < 12; r++) {
          const double d = fabs((gp[r] - gm[r]) / (2 * eps) - K[12 * r + 6 * s + c]);
          if (d > err) { err = d; worst = 12 * r + 6 * s + c; }
        }
      }
    gsl_test(!(err < 1e-8 * big) || !(big > 0.1),
             "joint-hessian: %s, joint %d: K against differences of B^T lambda: %.2g of %.2g "
             "(row %d, column %d)", kind, k + 1, err, big, worst / 12, worst % 12);
    /* d(B V)_r/dq = V^T K(e_r), V the two sides' velocities */
    double V[12] = {0}, bp[12], bm[12];
    for (int s = side0; s < 2; s++) {
      const int body = s ? j->b : j->a;
      memcpy(V + 6 * s, q[body].W, 3 * sizeof *V);
      memcpy(V + 6 * s + 3, q[body].v, 3 * sizeof *V);
    }
    err = big = 0;
    for (int r = 0; r < m; r++) {
      double e[6] = {0}, Kr[144];
      e[r] = 1;
      mb_joint_stiff(p, q, k, e, Kr);
      for (int s = side0; s < 2; s++)
        for (int c = 0; c < 6; c++) {
          const int body = s ? j->b : j->a;
          const double eps = 1e-6;
          double a = 0;
          for (int i = 6 * side0; i < 12; i++) a += V[i] * Kr[12 * i + 6 * s + c];
          memcpy(qq, q, sizeof qq);
          nudge(qq, body, c, eps);
          mb_bv(p, qq, bp);
          memcpy(qq, q, sizeof qq);
          nudge(qq, body, c, -eps);
          mb_bv(p, qq, bm);
          big = fmax(big, fabs(a));
          err = fmax(err, fabs((bp[r0 + r] - bm[r0 + r]) / (2 * eps) - a));
        }
    }
    gsl_test(!(err < 1e-8 * big), "joint-hessian: %s, joint %d: d(B V)/dq = V^T K(e_r) against "
             "differences of B V: %.2g of %.2g", kind, k + 1, err, big);
  }
  free(p);
  mb_model_free(m);
}

int main(void)
{
  static const char *const kinds[] = {"spherical", "revolute", "weld", "prismatic",
                                      "cylindrical", "universal"};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) test_kind(kinds[i], "");
  /* with a drive on each joint (section sec:mb-drive): its row's K = lam H */
  test_kind("revolute", "drive 1 speed 0.7\ndrive 2 sine 0.3 2\n");
  test_kind("prismatic", "drive 1 sine 0.2 3\ndrive 2 speed -0.4\n");
  test_kind("cylindrical", "drive 1 coordinate 2 speed 0.5\ndrive 2 coordinate 1 speed 1.5\n");
  test_kind("universal", "drive 1 coordinate 1 speed 0.5\ndrive 2 coordinate 2 sine 1 1\n");
  exit(gsl_test_summary());
}
