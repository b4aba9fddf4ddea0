/* Unit tests of assembly: mb_assemble through the multibody check, and the
   library's option assemble with lgr_assembly and lgr_assembly_moved. */
#include <math.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_test.h>
#include "api/lgrepro.h"
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

/* the length scale of the check: 1 m, the mass centres, the joint points */
static double length_scale(const mb_par *p)
{
  double L = 1;
  for (int i = 0; i < p->topo->nb; i++)
    for (int c = 0; c < 3; c++) L = fmax(L, fabs(mb_body_par(p, i)[MB_X + c]));
  for (int k = 0; k < p->topo->nj; k++)
    for (int c = 0; c < 6; c++) L = fmax(L, fabs(mb_joint_par(p, k)[c]));
  return L;
}

/* |xi - M^-1 B^T A^-1 B xi|_M / |xi|_M at q: the share of the motion xi
   along the motions the joints allow (dense: the examples are small) */
static double free_share(const mb_par *p, const lg_body *q, const double *xi)
{
  const int nb = p->topo->nb, nc = p->topo->nc, n = 6 * nb;
  double *B = malloc((size_t)nc * n * sizeof *B), *mi = malloc((size_t)n * sizeof *mi);
  gsl_matrix *A = gsl_matrix_calloc((size_t)nc, (size_t)nc);
  gsl_vector *r = gsl_vector_calloc((size_t)nc);
  mb_jac(p, q, B);
  for (int i = 0; i < nb; i++)
    for (int c = 0; c < 3; c++) {
      mi[6 * i + c] = 1 / mb_body_par(p, i)[MB_J + c];
      mi[6 * i + 3 + c] = 1 / mb_body_par(p, i)[MB_M];
    }
  for (int a = 0; a < nc; a++) {
    double s = 0;
    for (int c = 0; c < n; c++) s += B[a * n + c] * xi[c];
    gsl_vector_set(r, (size_t)a, s);
    for (int b = 0; b < nc; b++) {
      double t = 0;
      for (int c = 0; c < n; c++) t += B[a * n + c] * mi[c] * B[b * n + c];
      gsl_matrix_set(A, (size_t)a, (size_t)b, t);
    }
  }
  gsl_linalg_cholesky_decomp1(A);
  gsl_linalg_cholesky_svx(A, r);
  double num = 0, den = 0;
  for (int c = 0; c < n; c++) {
    double e = xi[c];
    for (int a = 0; a < nc; a++) e -= mi[c] * B[a * n + c] * gsl_vector_get(r, (size_t)a);
    num += e * e / mi[c];
    den += xi[c] * xi[c] / mi[c];
  }
  free(B);
  free(mi);
  gsl_matrix_free(A);
  gsl_vector_free(r);
  return sqrt(num / den);
}

static void test_examples(void)
{
  static const char *const name[] = {"triple-pendulum", "chain10", "top-on-pendulum"};
  for (size_t e = 0; e < sizeof name / sizeof name[0]; e++) {
    char path[80], err[256] = "";
    snprintf(path, sizeof path, "src/model/examples/%s.mb", name[e]);
    lg_model *m = mb_model_read(path, err, sizeof err);
    gsl_test(m == NULL, "%s reads (%s)", path, err);
    if (!m) continue;
    mb_par *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    const int nb = p->topo->nb;
    lg_body *q0 = malloc(2 * (size_t)nb * sizeof *q0), *q = q0 + nb;
    double *moved = calloc(4 * (size_t)nb, sizeof *moved), *xi = calloc(6 * (size_t)nb,
                                                                          sizeof *xi);
    mb_assembly a = {0};
    a.moved = moved;
    mb_initial(p, q0);
    const double L = length_scale(p), phi0 = mb_phi_err(p, q0), dphi0 = mb_dphi_err(p, q0);
    gsl_test(p->topo->assemble == 0, "%s: the file has an assemble line", name[e]);
    char msg[512] = "";
    int st = mb_assembly_report(p, &a);
    gsl_test(st != LG_OK, "%s: mb_assembly_report (status %d)", name[e], st);
    st = m->check(p, 0, msg, sizeof msg);
    gsl_test(st != LG_OK, "%s: assembled by the check (%s)", name[e], msg);
    mb_initial(p, q);
    const double phi = mb_phi_err(p, q), dphi = mb_dphi_err(p, q);
    double dx = 0, dth = 0;
    for (int i = 0; i < nb; i++) {
      double D[9];
      so3_mul_tn(D, q0[i].R, q[i].R);
      so3_log(xi + 6 * i, D);
      for (int c = 0; c < 3; c++) xi[6 * i + 3 + c] = q[i].x[c] - q0[i].x[c];
      dx = fmax(dx, moved[4 * i]);
      dth = fmax(dth, moved[4 * i + 1]);
    }
    const double share = free_share(p, q, xi);
    printf("  %s: %d rounds, phi_err %.3g -> %.3g m (tol %.3g), dphi_err %.3g -> %.3g m/s "
           "(tol %.3g); largest move %.3g m, %.3g rad; free share %.3g\n", name[e], a.rounds,
           phi0, phi, a.tol, dphi0, dphi, a.vtol, dx, dth, share);
    gsl_test(!(phi0 > 1e-6 && dphi0 > 1e-6), "%s: the file misses its joints (%.3g m, %.3g m/s)",
             name[e], phi0, dphi0);
    gsl_test(!(phi <= MB_ASSEMBLE_TOL * L) || fabs(a.phi - phi) > 0 || a.tol != MB_ASSEMBLE_TOL * L,
             "%s: phi_err %.3g <= 1e-12 L = %.3g", name[e], phi, MB_ASSEMBLE_TOL * L);
    gsl_test(!(dphi <= a.vtol), "%s: dphi_err %.3g <= %.3g", name[e], dphi, a.vtol);
    gsl_test(!(dx < 1e-3 && dth < 1e-3), "%s: every body moved less than 1e-3 m and rad",
             name[e]);
    gsl_test(!(a.rounds >= 1 && a.rounds <= 2), "%s: %d rounds of Gauss-Newton steps (1 or 2)",
             name[e], a.rounds);
    gsl_test(!(share < 1e-2), "%s: the correction is the minimum-norm one (free share %.3g)",
             name[e], share);
    /* a second assembly of the assembled state changes no bit */
    double *v1 = malloc(mb_nval(p->topo) * sizeof *v1);
    memcpy(v1, p->val, mb_nval(p->topo) * sizeof *v1);
    st = m->check(p, MB_CHECK_ASSEMBLE, msg, sizeof msg);
    if (st == LG_OK) st = mb_assembly_report(p, &a);
    gsl_test(st != LG_OK || memcmp(v1, p->val, mb_nval(p->topo) * sizeof *v1) != 0 || a.rounds,
             "%s: assembling again changes nothing (%d rounds)", name[e], a.rounds);
    free(v1);
    free(moved);
    free(xi);
    free(q0);
    free(p);
    mb_model_free(m);
  }
}

/* a chain of n links of 0.2 m hanging along a curve, each joint missed by
   the same 4e-5 m: assembled to phi_err / tol (returned), the largest
   motion into *moved, the seconds of the check into *sec */
static double chain_assembly(int n, double *moved, double *sec)
{
  size_t cap = 200 + 260 * (size_t)n, k = 0;
  char *t = malloc(cap), msg[512] = "";
  k += (size_t)snprintf(t + k, cap - k, "model chain\ngravity 9.81 0 0 -1\nassemble\n");
  double p[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    double a[3] = {0.3 + 0.2 * sin(0.1 * i), 0.1 * cos(0.3 * i), 0}, R[9], c[3], top[3] = {0, 0, 0.1};
    so3_cardan(R, a);
    so3_mv(c, R, top);
    for (int r = 0; r < 3; r++) c[r] = p[r] - c[r];
    c[0] += 4e-5;                                   /* the miss */
    k += (size_t)snprintf(t + k, cap - k, "body l%d\nmass 0.25\ninertia 0.00084 0.00084 "
                          "0.0000125\ncardan %.17g %.17g 0\nposition %.17g %.17g %.17g\n",
                          i, a[0], a[1], c[0], c[1], c[2]);
    if (i == 0) k += (size_t)snprintf(t + k, cap - k, "joint ground 0 0 0 l0 0 0 0.1\n");
    else k += (size_t)snprintf(t + k, cap - k, "joint l%d 0 0 -0.1 l%d 0 0 0.1\n", i - 1, i);
    for (int r = 0; r < 3; r++) p[r] = c[r] - (R[3 * r + 2] * 0.1);
  }
  lg_model *m = mb_model_parse(t, "chain", msg, sizeof msg);
  free(t);
  if (!m) {
    printf("  chain %d: %s\n", n, msg);
    return INFINITY;
  }
  mb_par *pr = calloc(1, m->par_size);
  lg_params_default(m, pr);
  double *mv = calloc(4 * (size_t)n, sizeof *mv), r = INFINITY;
  mb_assembly a = {0};
  a.moved = mv;
  int st = mb_assembly_report(pr, &a);
  clock_t c0 = clock();
  if (st == LG_OK) st = m->check(pr, 0, msg, sizeof msg);
  *sec = (double)(clock() - c0) / CLOCKS_PER_SEC;
  *moved = 0;
  for (int i = 0; i < 4 * n; i += 4) *moved = fmax(*moved, fmax(mv[i], mv[i + 1]));
  if (st == LG_OK) r = a.phi / a.tol;
  else printf("  chain %d: %s\n", n, msg);
  free(mv);
  free(pr);
  mb_model_free(m);
  return r;
}

static void test_chains(void)
{
  for (int n = 10; n <= 10000; n *= 10) {
    double moved, sec, r = chain_assembly(n, &moved, &sec);
    printf("  chain of %d links: phi_err / tol %.2g, largest motion %.3g, check %.3g s\n", n, r,
           moved, sec);
    gsl_test(!(r <= 1 && moved < 1e-3), "chain of %d links assembled (phi_err / tol %.2g, "
             "largest motion %.3g)", n, r, moved);
  }
}

/* two rods of 1 m from the ground at the origin and at (3, 0, 0), joined
   end to end: a gap of 3 m that 2 m of rods cannot close */
static const char *const inconsistent =
    "model bad\nassemble\nbody a\nmass 1\ninertia 0.08343 0.08343 0.0002\n"
    "position 0.35 0 -0.35\ncardan 0 2.3562 0\nbody b\nmass 1\ninertia 0.08343 0.08343 0.0002\n"
    "position 1.2 0 -0.35\ncardan 0 0.7854 0\njoint ground 0 0 0 a 0 0 -0.5\n"
    "joint a 0 0 0.5 b 0 0 -0.5\njoint b 0 0 0.5 ground 3 0 0\n";

static void test_failures(void)
{
  char msg[512] = "";
  lg_model *m = mb_model_parse(inconsistent, "bad.mb", msg, sizeof msg);
  gsl_test(m == NULL, "the inconsistent file parses (%s)", msg);
  if (m) {
    mb_par *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    int st = m->check(p, 0, msg, sizeof msg);
    printf("  inconsistent joints: %s\n", msg);
    gsl_test(st != LG_EINVAL || !strstr(msg, "bad.mb: assembly failed") || !strstr(msg, "joint 1")
                 || !strstr(msg, "joint 2") || !strstr(msg, "cannot all hold"),
             "two joints that cannot both hold: named, with the residual");
    free(p);
    mb_model_free(m);
  }
  /* a pendulum written to four digits without an assemble line: refused,
     with the suggestion; assembled when the caller asks */
  m = mb_model_parse("model p4\ngravity 9.81 0 0 -1\nbody a\nmass 1\n"
                     "inertia 0.08343 0.08343 0.0002\ncardan 0.5 0 0\n"
                     "position 0 0.2397 -0.4388\njoint ground 0 0 0 a 0 0 0.5\n", "p4.mb", msg,
                     sizeof msg);
  gsl_test(m == NULL, "the four-digit pendulum parses (%s)", msg);
  if (m) {
    mb_par *p = calloc(1, m->par_size);
    lg_params_default(m, p);
    int st = m->check(p, 0, msg, sizeof msg);
    gsl_test(st != LG_EINVAL || !strstr(msg, "p4.mb:8: joint 1: the initial positions miss it by")
                 || !strstr(msg, "--assemble (or an 'assemble' line in the model file)"),
             "without assembly the refusal suggests it: %s", msg);
    st = m->check(p, MB_CHECK_ASSEMBLE, msg, sizeof msg);
    lg_body q;
    mb_initial(p, &q);
    gsl_test(st != LG_OK || !(mb_phi_err(p, &q) <= MB_ASSEMBLE_TOL),
             "... and with MB_CHECK_ASSEMBLE assembled (phi_err %.3g m)", mb_phi_err(p, &q));
    free(p);
    mb_model_free(m);
  }
}

/* the library: the option, the report, and the refusals */
static void test_library(void)
{
  char msg[512] = "", text[4096];
  lgr_model *tp = lgr_model_read("src/model/examples/triple-pendulum.mb", msg, sizeof msg);
  gsl_test(tp == NULL, "lgr_model_read(triple-pendulum.mb): %s", msg);
  if (!tp) return;
  /* the same file without its assemble line, through lgr_model_parse */
  snprintf(text, sizeof text, "model tp4\ngravity 9.81 0 0 -1\n");
  lgr_sim *sim = lgr_alloc(tp, "ref", msg, sizeof msg);
  for (int i = 1; i <= 3; i++) {
    char nm[16];
    double R[9], x[3], W[3], v[3], J[3], mass;
    snprintf(nm, sizeof nm, "m%d", i); lgr_get(sim, nm, &mass, 1);
    snprintf(nm, sizeof nm, "J%d", i); lgr_get(sim, nm, J, 3);
    snprintf(nm, sizeof nm, "R%d", i); lgr_get(sim, nm, R, 9);
    snprintf(nm, sizeof nm, "x%d", i); lgr_get(sim, nm, x, 3);
    snprintf(nm, sizeof nm, "W%d", i); lgr_get(sim, nm, W, 3);
    snprintf(nm, sizeof nm, "v%d", i); lgr_get(sim, nm, v, 3);
    size_t k = strlen(text);
    snprintf(text + k, sizeof text - k, "body r%d\nmass %.17g\ninertia %.17g %.17g %.17g\n"
             "rotation %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n"
             "position %.17g %.17g %.17g\nangvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n",
             i, mass, J[0], J[1], J[2], R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8],
             x[0], x[1], x[2], W[0], W[1], W[2], v[0], v[1], v[2]);
  }
  size_t k = strlen(text);
  snprintf(text + k, sizeof text - k, "joint ground 0 0 0 r1 0 0 0.5\n"
           "joint r1 0 0 -0.5 r2 0 0 0.5\njoint r2 0 0 -0.5 r3 0 0 0.5\n");
  gsl_test(lgr_init(sim, 0.001, msg, sizeof msg) != LGR_OK, "the example assembles: %s", msg);
  /* the calls first: the arguments of gsl_test are evaluated in any order */
  double res[4] = {0}, mv[4] = {0}, none[4], phi = lgr_phi_err(sim);
  int st = lgr_assembly(sim, res);
  gsl_test(st != LGR_OK || !(res[1] <= 3e-12) || !(res[0] > 1e-6) || !(res[3] <= 1e-11)
               || !(phi <= 3e-12),
           "lgr_assembly: %.3g -> %.3g m, %.3g -> %.3g m/s; phi_err %.3g m", res[0], res[1],
           res[2], res[3], phi);
  st = lgr_assembly_moved(sim, 2, mv);
  gsl_test(st != LGR_OK || !(mv[0] > 0 && mv[0] < 1e-3 && mv[1] > 0 && mv[1] < 1e-3)
               || lgr_assembly_moved(sim, 3, none) != LGR_EINVAL,
           "lgr_assembly_moved: body 3 moved %.3g m, %.3g rad", mv[0], mv[1]);
  lgr_free(sim);
  lgr_model_free(tp);
  lgr_model *own = lgr_model_parse(text, "tp4.mb", msg, sizeof msg);
  gsl_test(own == NULL, "the four-digit text parses: %s", msg);
  if (own) {
    sim = lgr_alloc(own, "dh", msg, sizeof msg);
    gsl_test(lgr_init(sim, 0.001, msg, sizeof msg) != LGR_EINVAL
                 || !strstr(msg, "the option assemble (or an 'assemble' line"),
             "without the option the library refuses it and names the option: %s", msg);
    gsl_test(lgr_assembly(sim, res) != LGR_EINVAL, "no report without assembly");
    gsl_test(lgr_set_option(sim, "assemble", "2", msg, sizeof msg) != LGR_EINVAL
                 || strcmp(msg, "option assemble: '2' is not 0 or 1") != 0,
             "option assemble 2 refused: %s", msg);
    st = lgr_set_option(sim, "assemble", "1", msg, sizeof msg);
    if (st == LGR_OK) st = lgr_init(sim, 0.001, msg, sizeof msg);
    if (st == LGR_OK) st = lgr_assembly(sim, res);
    phi = lgr_phi_err(sim);
    gsl_test(st != LGR_OK || !(phi <= 3e-12), "with the option: phi_err %.3g (%s)", phi, msg);
    for (int s = 0; s < 20; s++) lgr_step(sim);
    phi = lgr_phi_err(sim);
    gsl_test(!(phi < 1e-12) || !isfinite(lgr_energy(sim)),
             "... and 20 steps of dh keep the joints (%.3g m)", phi);
    lgr_free(sim);
    lgr_model_free(own);
  }
  const lgr_model *p3 = lgr_model_find("pendulum3d", msg, sizeof msg);
  sim = lgr_alloc(p3, "rk4", msg, sizeof msg);
  gsl_test(lgr_set_option(sim, "assemble", "1", msg, sizeof msg) != LGR_EINVAL
               || !strstr(msg, "has no joints to assemble"),
           "option assemble refused for a model without joints: %s", msg);
  lgr_free(sim);
}

int main(void)
{
  test_examples();
  test_chains();
  test_failures();
  test_library();
  exit(gsl_test_summary());
}
