/* Unit tests of the joints other than spherical of model/multibody: their
   residual, velocity Jacobian and curvature term against central
   differences, and the constrained accelerations with their rows. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "lib/mbtest.h"

/* ground -> a (joint 1) and a -> b (joint 2), both of one kind; the
   positions put the points together at t = 0 */
static lg_model *two_bodies(const char *kind)
{
  char t[2000], msg[300];
  mbt_two_bodies(t, sizeof t, kind, "");
  lg_model *m = mb_model_parse(t, "joints.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

/* the state moved along coordinate c of body j: R exp(eps e_c) (c < 3) or
   x + eps e_c */
static void nudge(lg_body *q, int j, int c, double eps)
{
  if (c < 3) {
    double w[3] = {0, 0, 0}, E[9];
    w[c] = eps;
    so3_exp(E, w);
    so3_mul(q[j].R, q[j].R, E);
  } else q[j].x[c - 3] += eps;
}

/* the state after time t of free flight at constant V */
static void flow(lg_body *q, int nb, double t)
{
  for (int i = 0; i < nb; i++) {
    double w[3] = {t * q[i].W[0], t * q[i].W[1], t * q[i].W[2]}, E[9];
    so3_exp(E, w);
    so3_mul(q[i].R, q[i].R, E);
    for (int r = 0; r < 3; r++) q[i].x[r] += t * q[i].v[r];
  }
}

static void test_kind(const char *kind, int rows)
{
  lg_model *m = two_bodies(kind);
  gsl_test(m == NULL, "joints: two bodies with %s joints parse", kind);
  if (!m) return;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  const int nb = 2, n = 12, nc = p->topo->nc;
  gsl_test_int(nc, 2 * rows, "joints: %s joints have %d rows each", kind, rows);
  lg_body q[2], qq[2];
  double phi[12], B[12 * 12], c[12], cp[12], cm[12], bv[12];
  mb_initial(p, q);
  /* the residual at t = 0: round-off of O(1) numbers */
  mb_phi(p, q, phi);
  double e = 0;
  for (int r = 0; r < nc; r++) e = fmax(e, fabs(phi[r]));
  gsl_test(!(e < 1e-14), "joints: %s: |phi| at t = 0 is %.2g (< 1e-14)", kind, e);
  /* off the joints: B against central differences with step 1e-6
     (truncation ~ 1e-12, round-off ~ 1e-10), below 1e-8 of the largest entry */
  nudge(q, 0, 0, 0.3);
  nudge(q, 1, 4, -0.2);
  nudge(q, 1, 2, 0.5);
  mb_jac(p, q, B);
  double big = 0, err = 0;
  int worst = 0;
  for (int k = 0; k < nc * n; k++) big = fmax(big, fabs(B[k]));
  for (int j = 0; j < nb; j++)
    for (int col = 0; col < 6; col++) {
      const double eps = 1e-6;
      memcpy(qq, q, sizeof qq);
      nudge(qq, j, col, eps);
      mb_phi(p, qq, cp);
      memcpy(qq, q, sizeof qq);
      nudge(qq, j, col, -eps);
      mb_phi(p, qq, cm);
      for (int r = 0; r < nc; r++) {
        const double d = fabs((cp[r] - cm[r]) / (2 * eps) - B[r * n + 6 * j + col]);
        if (d > err) { err = d; worst = r * n + 6 * j + col; }
      }
    }
  gsl_test(!(err < 1e-8 * big), "joints: %s: B against differences of phi: %.2g of %.2g "
           "(row %d, column %d)", kind, err, big, worst / n, worst % n);
  /* B V: the same products, summed in another order */
  mb_bv(p, q, bv);
  err = 0;
  for (int r = 0; r < nc; r++) {
    double s = 0;
    for (int i = 0; i < nb; i++)
      for (int col = 0; col < 3; col++)
        s += B[r * n + 6 * i + col] * q[i].W[col] + B[r * n + 6 * i + 3 + col] * q[i].v[col];
    err = fmax(err, fabs(s - bv[r]));
  }
  gsl_test(!(err < 1e-13), "joints: %s: mb_bv against B V: %.2g (< 1e-13)", kind, err);
  /* (dB/dt) V against the central difference of B V along the flow with
     step 1e-5 (truncation ~ 1e-10, round-off ~ 1e-11 of |V|^2 ~ 10) */
  mb_bdotv(p, q, c);
  err = big = 0;
  for (int r = 0; r < nc; r++) big = fmax(big, fabs(c[r]));
  {
    const double eps = 1e-5;
    memcpy(qq, q, sizeof qq);
    flow(qq, nb, eps);
    mb_bv(p, qq, cp);
    memcpy(qq, q, sizeof qq);
    flow(qq, nb, -eps);
    mb_bv(p, qq, cm);
    for (int r = 0; r < nc; r++) err = fmax(err, fabs((cp[r] - cm[r]) / (2 * eps) - c[r]));
  }
  gsl_test(!(err < 1e-7 * big), "joints: %s: (dB/dt) V against differences of B V along the "
           "flow: %.2g of %.2g", kind, err, big);
  /* the constrained accelerations: B dV + (dB/dt) V = 0 to round-off of
     the largest term */
  mb_work *w = mb_work_alloc(p->topo);
  double dV[12];
  int st = w ? mb_accel(p, q, w, dV, NULL) : LG_ENOMEM;
  err = 0;
  big = 1;
  for (int r = 0; r < nc && st == LG_OK; r++) {
    double s = c[r];
    for (int k = 0; k < n; k++) s += B[r * n + k] * dV[k];
    err = fmax(err, fabs(s));
    big = fmax(big, fabs(c[r]));
  }
  gsl_test(st != LG_OK || !(err < 1e-12 * big), "joints: %s: B dV + (dB/dt) V = %.2g after "
           "mb_accel (< 1e-12 of %.2g)", kind, err, big);
  mb_work_free(w);
  free(p);
  mb_model_free(m);
}

int main(void)
{
  static const struct { const char *kind; int rows; } k[] = {
      {"spherical", 3}, {"revolute", 5}, {"weld", 6}, {"prismatic", 5}, {"cylindrical", 4},
      {"universal", 4}};
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) test_kind(k[i].kind, k[i].rows);
  exit(gsl_test_summary());
}
