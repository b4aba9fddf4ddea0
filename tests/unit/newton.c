/* Unit tests of num/newton: known roots, quadratic convergence, the
   iteration cap, the Jacobian checker, and GSL's residual norm. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_multiroots.h>
#include "core/lg.h"
#include "num/newton.h"

/* x^2 + y^2 = 5, x y = 2: roots (2,1), (1,2) and their negatives. */
static int sys2(const double *x, void *p, double *f, double *J)
{
  (void)p;
  f[0] = x[0] * x[0] + x[1] * x[1] - 5;
  f[1] = x[0] * x[1] - 2;
  if (J) {
    J[0] = 2 * x[0]; J[1] = 2 * x[1];
    J[2] = x[1];     J[3] = x[0];
  }
  return 0;
}

/* e^x0 + x1 x2, sin x1 + x0^2, x0 x1 x2 + x2^3, shifted so x* is a root.
   params: a flag that plants a wrong Jacobian entry when non-zero. */
static const double xs3[3] = {0.7, -1.3, 0.4};
static int sys3(const double *x, void *p, double *f, double *J)
{
  int wrong = p ? *(const int *)p : 0;
  f[0] = exp(x[0]) + x[1] * x[2] - (exp(xs3[0]) + xs3[1] * xs3[2]);
  f[1] = sin(x[1]) + x[0] * x[0] - (sin(xs3[1]) + xs3[0] * xs3[0]);
  f[2] = x[0] * x[1] * x[2] + pow(x[2], 3)
         - (xs3[0] * xs3[1] * xs3[2] + pow(xs3[2], 3));
  if (J) {
    J[0] = exp(x[0]);     J[1] = x[2];          J[2] = x[1];
    J[3] = 2 * x[0];      J[4] = cos(x[1]);     J[5] = 0;
    J[6] = x[1] * x[2];   J[7] = x[0] * x[2];
    J[8] = x[0] * x[1] + 3 * x[2] * x[2];
    if (wrong) J[8] = x[0] * x[1] + 2 * x[2] * x[2];   /* a plausible slip */
  }
  return 0;
}
static void test_roots(void)
{
  for (int solver = LG_NEWTON_PLAIN; solver <= LG_NEWTON_DIRECT; solver++) {
    const char *name = solver == LG_NEWTON_PLAIN ? "newton"
                     : solver == LG_NEWTON_HYBRIDSJ ? "hybridsj" : "direct";
    newton_ws *w2 = newton_alloc(2, solver), *w3 = newton_alloc(3, solver);
    double x2[2] = {2.3, 0.7}, x3[3] = {0.5, -1.1, 0.6}, r;
    int it, st;
    st = newton_solve(w2, sys2, NULL, x2, 1e-13, 50, &it, &r);
    gsl_test(st, "%s 2x2 converges (%d iterations, residual %.2e)", name, it, r);
    gsl_test_abs(x2[0], 2.0, 1e-12, "%s 2x2 root x", name);
    gsl_test_abs(x2[1], 1.0, 1e-12, "%s 2x2 root y", name);
    st = newton_solve(w3, sys3, NULL, x3, 1e-13, 50, &it, &r);
    gsl_test(st, "%s 3x3 converges (%d iterations, residual %.2e)", name, it, r);
    for (int i = 0; i < 3; i++)
      gsl_test_abs(x3[i], xs3[i], 1e-12, "%s 3x3 root component %d", name, i);
    /* a second solve from the root itself takes no iteration */
    st = newton_solve(w3, sys3, NULL, x3, 1e-13, 50, &it, &r);
    gsl_test(st || it != 0, "%s 3x3 from the root: %d iterations", name, it);
    newton_free(w2);
    newton_free(w3);
  }
}
static int quadratic_steps(int wrong, double *worst)
{
  newton_ws *w = newton_alloc(3, LG_NEWTON_PLAIN);
  double r[8];
  int ok = 1, counted = 0;
  for (int k = 0; k < 8; k++) {
    double x[3] = {0.2, -0.6, 1.0};
    int it;
    newton_solve(w, sys3, &wrong, x, 0.0, k, &it, &r[k]);
  }
  *worst = 0;
  for (int k = 0; k + 1 < 8; k++) {
    if (!(r[k] > 1e-7)) break;
    double c = r[k + 1] / (r[k] * r[k]);
    printf("  %s Jacobian: r_%d = %.3e, r_%d / r_%d^2 = %.3f\n",
           wrong ? "wrong" : "exact", k, r[k], k + 1, k, c);
    if (c > *worst) *worst = c;
    if (c > 10) ok = 0;
    counted++;
  }
  newton_free(w);
  return ok && counted >= 3;
}

static void test_quadratic(void)
{
  double c;
  int ok = quadratic_steps(0, &c);
  gsl_test(!ok, "exact Jacobian: r_{k+1} <= 10 r_k^2 (worst ratio %.3f)", c);
  ok = quadratic_steps(1, &c);
  gsl_test(ok, "wrong Jacobian: quadratic bound violated (worst ratio %.3g)", c);
}
static void test_cap(void)
{
  newton_ws *w = newton_alloc(3, LG_NEWTON_PLAIN);
  double x[3] = {0.2, -0.6, 1.0}, f[3], r;
  int it, st = newton_solve(w, sys3, NULL, x, 1e-14, 2, &it, &r);
  gsl_test(st != LG_ENEWTON, "cap: status LG_ENEWTON (got %d)", st);
  gsl_test(it != 2, "cap: 2 iterations reported (got %d)", it);
  sys3(x, NULL, f, NULL);
  gsl_test_rel(r, fmax(fabs(f[0]), fmax(fabs(f[1]), fabs(f[2]))), 1e-15,
               "cap: residual is max|F| at the returned iterate");
  gsl_test(!(r > 1e-14), "cap: residual %.3e above the tolerance", r);
  newton_free(w);
}
static void test_jacobian_checker(void)
{
  double x[3] = {0.31, -0.77, 0.6};
  int wrong = 0;
  double e0 = newton_jacobian_error(sys3, &wrong, x, 3, 0);
  wrong = 1;
  double e1 = newton_jacobian_error(sys3, &wrong, x, 3, 0);
  double x2[2] = {1.7, -0.4};
  double e2 = newton_jacobian_error(sys2, NULL, x2, 2, 0);
  gsl_test(!(e0 < 1e-8), "checker: right 3x3 Jacobian, error %.2e < 1e-8", e0);
  gsl_test(!(e2 < 1e-8), "checker: right 2x2 Jacobian, error %.2e < 1e-8", e2);
  gsl_test(!(e1 > 1e-2), "checker: wrong Jacobian flagged, error %.2e > 1e-2", e1);
}
static void test_gsl_residual_norm(void)
{
  gsl_vector *f = gsl_vector_alloc(2);
  gsl_vector_set_all(f, 0.6);
  gsl_test(gsl_multiroot_test_residual(f, 1.0) != GSL_CONTINUE,
           "gsl_multiroot_test_residual sums |f_i| (0.6+0.6 >= 1)");
  gsl_test(gsl_multiroot_test_residual(f, 1.3) != GSL_SUCCESS,
           "gsl_multiroot_test_residual accepts sum 1.2 < 1.3");
  gsl_vector_free(f);
}
static int sys_nan(const double *x, void *p, double *f, double *J)
{
  (void)p;
  f[0] = sqrt(x[0]) - 1;         /* NaN for x[0] < 0 */
  f[1] = x[1];
  if (J) {
    J[0] = 0.5 / sqrt(x[0]); J[1] = 0;
    J[2] = 0;                J[3] = 1;
  }
  return 0;
}

static void test_nan(void)
{
  newton_ws *w = newton_alloc(2, LG_NEWTON_PLAIN);
  double x[2] = {-1.0, 0.0}, r;
  int it, st = newton_solve(w, sys_nan, NULL, x, 1e-12, 5, &it, &r);
  gsl_test(st != LG_ENEWTON, "NaN residual: LG_ENEWTON (got %d)", st);
  gsl_test(!isnan(r), "NaN residual reported as NaN (got %g)", r);
  newton_free(w);
}
static void test_direct_same_map(void)
{
  newton_ws *wp = newton_alloc(3, LG_NEWTON_PLAIN), *wd = newton_alloc(3, LG_NEWTON_DIRECT);
  for (int cap = 1; cap <= 4; cap++) {
    double xp[3] = {0.5, -1.1, 0.6}, xd[3] = {0.5, -1.1, 0.6}, rp, rd;
    int ip, id;
    newton_solve(wp, sys3, NULL, xp, 1e-300, cap, &ip, &rp);
    newton_solve(wd, sys3, NULL, xd, 1e-300, cap, &id, &rd);
    gsl_test(ip != id, "direct and newton: iteration counts %d and %d", id, ip);
    for (int i = 0; i < 3; i++)
      gsl_test_abs(xd[i], xp[i], 1e-14, "direct = newton after %d iterations, component %d", cap,
                   i);
  }
  newton_free(wp);
  newton_free(wd);
}
static void test_direct_fast_same(void)
{
  static const double g2[2][2] = {{1.7, 1.4}, {3.0, -0.2}}, g3[2][3] = {{0.5, -1.1, 0.6},
                                                                          {1.4, -0.2, 1.1}};
  static const double tols[2] = {0, 1e-12};
  for (int n = 2; n <= 3; n++) {
    newton_ws *wf = newton_alloc((size_t)n, LG_NEWTON_DIRECT);
    newton_ws *wg = newton_alloc((size_t)n, LG_NEWTON_DIRECT_GSL);
    for (int g = 0; g < 2; g++)
      for (int t = 0; t < 2; t++)
        for (int cap = 1; cap <= 6; cap++) {
          double xf[3], xg[3], rf, rg;
          int itf, itg;
          memcpy(xf, n == 2 ? g2[g] : g3[g], (size_t)n * sizeof(double));
          memcpy(xg, xf, sizeof xg);
          int sf = newton_solve(wf, n == 2 ? sys2 : sys3, NULL, xf, tols[t], cap, &itf, &rf);
          int sg = newton_solve(wg, n == 2 ? sys2 : sys3, NULL, xg, tols[t], cap, &itg, &rg);
          gsl_test(sf != sg || itf != itg || memcmp(&rf, &rg, sizeof rf) != 0
                   || memcmp(xf, xg, (size_t)n * sizeof(double)) != 0,
                   "n = %d, guess %d, tol %g, cap %d: fast path (status %d, %d it, resid %.17g) "
                   "= GSL loop (%d, %d, %.17g) bit for bit", n, g, tols[t], cap, sf, itf, rf,
                   sg, itg, rg);
        }
    newton_free(wf);
    newton_free(wg);
  }
}
static long eval_f, eval_j;                      /* callback calls: all, with J */
static int sys3_counted(const double *x, void *p, double *f, double *J)
{
  eval_f++;
  eval_j += J != NULL;
  return sys3(x, p, f, J);
}

static void test_eager_same(void)
{
  static const double g3[2][3] = {{0.5, -1.1, 0.6}, {1.4, -0.2, 1.1}};
  static const int solver[2] = {LG_NEWTON_DIRECT, LG_NEWTON_DIRECT_GSL};
  long calls[2] = {0, 0}, jacs[2] = {0, 0};      /* lazy, eager */
  for (int v = 0; v < 2; v++) {
    newton_ws *wl = newton_alloc(3, solver[v]), *we = newton_alloc(3, solver[v]);
    newton_set_eager(we, 1);
    for (int g = 0; g < 2; g++)
      for (int cap = 1; cap <= 6; cap++) {
        double xl[3], xe[3], rl, re;
        int itl, ite;
        memcpy(xl, g3[g], sizeof xl);
        memcpy(xe, g3[g], sizeof xe);
        eval_f = eval_j = 0;
        int sl = newton_solve(wl, sys3_counted, NULL, xl, 1e-12, cap, &itl, &rl);
        calls[0] += eval_f;
        jacs[0] += eval_j;
        eval_f = eval_j = 0;
        int se = newton_solve(we, sys3_counted, NULL, xe, 1e-12, cap, &ite, &re);
        calls[1] += eval_f;
        jacs[1] += eval_j;
        gsl_test(sl != se || itl != ite || memcmp(&rl, &re, sizeof rl) != 0
                 || memcmp(xl, xe, sizeof xl) != 0,
                 "solver %d, guess %d, cap %d: eager (status %d, %d it, resid %.17g) = lazy "
                 "(%d, %d, %.17g) bit for bit", solver[v], g, cap, se, ite, re, sl, itl, rl);
      }
    newton_free(wl);
    newton_free(we);
  }
  gsl_test(!(calls[1] < calls[0]) || jacs[1] < jacs[0],
           "the eager solver calls the callback fewer times (%ld against %ld), with no fewer "
           "Jacobians (%ld against %ld)", calls[1], calls[0], jacs[1], jacs[0]);
}
static void test_bordered(void)
{
  for (size_t bs = 3; bs <= 6; bs += 3) {
    const size_t nblk = 9, nc = 15, n = nblk * bs + nc;
    double *J = calloc(n * n, sizeof *J), *J2 = malloc(n * n * sizeof *J2);
    double *F = malloc(n * sizeof *F), *d = malloc(n * sizeof *d);
    unsigned long seed = 12345;
    #define RND() ((seed = seed * 6364136223846793005UL + 1442695040888963407UL) >> 11) * \
                  (1.0 / 9007199254740992.0) - 0.5
    for (size_t b = 0; b < nblk; b++)                  /* blocks near the identity */
      for (size_t i = 0; i < bs; i++)
        for (size_t j = 0; j < bs; j++)
          J[(b * bs + i) * n + b * bs + j] = (i == j) + 0.3 * RND();
    for (size_t k = 0; k < nc; k++) {                  /* each multiplier on two blocks */
      size_t b1 = k % nblk, b2 = (k * 7 + 3) % nblk;
      for (size_t i = 0; i < bs; i++) {
        J[(b1 * bs + i) * n + nblk * bs + k] = RND();
        J[(b2 * bs + i) * n + nblk * bs + k] = RND();
        J[(nblk * bs + k) * n + b1 * bs + i] = RND();
        J[(nblk * bs + k) * n + b2 * bs + i] = RND();
      }
      J[(nblk * bs + k) * n + nblk * bs + k] = 0.1 * RND();
    }
    #undef RND
    for (size_t i = 0; i < n; i++) F[i] = sin(1.0 + (double)i);
    memcpy(J2, J, n * n * sizeof *J);
    for (size_t i = 0; i < n; i++) d[i] = -F[i];
    int st = newton_bordered_correction(n, nblk, bs, J2, d);
    double res = 0, nJ = 0, nd = 0, nF = 0;
    for (size_t i = 0; i < n; i++) {
      double v = F[i], rs = 0;
      for (size_t j = 0; j < n; j++) { v += J[i * n + j] * d[j]; rs += fabs(J[i * n + j]); }
      res = fmax(res, fabs(v)); nJ = fmax(nJ, rs); nd = fmax(nd, fabs(d[i])); nF = fmax(nF, fabs(F[i]));
    }
    gsl_test(st != 0 || !(res / (nJ * nd + nF) <= 1e-14),
             "bordered solve, blocks of %zu: backward error %.2g <= 1e-14", bs,
             res / (nJ * nd + nF));
    free(J2); free(F); free(d); free(J);
  }
}
typedef struct { size_t n; const double *J, *c; size_t nsin; } sp_lin;

static int sp_lin_fdf(const double *x, void *par, double *f, newton_jac *Jh)
{
  const sp_lin *L = par;
  for (size_t i = 0; i < L->n; i++) {
    double v = -L->c[i];
    for (size_t j = 0; j < L->n; j++) {
      const double a = L->J[i * L->n + j];
      if (a == 0) continue;
      v += a * x[j];
      if (Jh) {
        size_t ld;
        double *p = newton_jac_at(Jh, i, j, &ld);
        if (!p) return 1;                     /* outside the structure */
        *p = a;
      }
    }
    f[i] = v;
  }
  for (size_t i = 0; i < L->nsin; i++) {     /* + sin(x_i) / 10 on the blocks' rows */
    f[i] += 0.1 * sin(x[i]);
    if (Jh) {
      size_t ld;
      *newton_jac_at(Jh, i, i, &ld) += 0.1 * cos(x[i]);
    }
  }
  return 0;
}

static void test_sparse(void)
{
  enum { NB = 12, BS = 3, NG = 12 };
  int rows[NG], ib[2 * NG], ig[2 * NG];
  size_t nc = 0;
  for (int k = 0; k < NG; k++) {
    rows[k] = k % 2 ? 5 : 3;
    nc += (size_t)rows[k];
    ib[2 * k] = k; ib[2 * k + 1] = (k + 1) % NB;       /* a chain closed into a loop */
    ig[2 * k] = ig[2 * k + 1] = k;
  }
  const size_t n = NB * BS + nc, nu = NB * BS;
  double *J = calloc(n * n, sizeof *J), *c = malloc(n * sizeof *c);
  double *xs = calloc(n, sizeof *xs), *xd = calloc(n, sizeof *xd);
  unsigned long seed = 4242;
  #define RND() ((seed = seed * 6364136223846793005UL + 1442695040888963407UL) >> 11) * \
                (1.0 / 9007199254740992.0) - 0.5
  for (size_t b = 0; b < NB; b++)
    for (size_t i = 0; i < BS; i++)
      for (size_t j = 0; j < BS; j++) J[(b * BS + i) * n + b * BS + j] = (i == j) + 0.3 * RND();
  size_t g0 = 0;
  for (int k = 0; k < NG; k++) {
    for (int e = 0; e < 2; e++)
      for (int q = 0; q < rows[k]; q++)
        for (size_t i = 0; i < BS; i++) {
          double v = RND();
          J[(nu + g0 + (size_t)q) * n + (size_t)ib[2 * k + e] * BS + i] = v;         /* D */
          J[((size_t)ib[2 * k + e] * BS + i) * n + nu + g0 + (size_t)q] = v + 0.1 * RND(); /* C */
        }
    for (int q = 0; q < rows[k]; q++) J[(nu + g0 + (size_t)q) * n + nu + g0 + (size_t)q] = -0.1;
    g0 += (size_t)rows[k];
  }
  #undef RND
  for (size_t i = 0; i < n; i++) c[i] = cos(0.3 + (double)i);
  sp_lin L = {n, J, c, 0};
  newton_ws *ws = newton_alloc_sparse(n, NB, BS, NG, rows, 2 * NG, ib, ig);
  newton_ws *wd = newton_alloc(n, LG_NEWTON_DIRECT);
  int is = 0, id = 0;
  double rs = 0, rd = 0;
  int ss = ws ? newton_solve_sparse(ws, sp_lin_fdf, &L, xs, 0, 10, &is, &rs) : -1;
  int sd = wd ? newton_solve_sparse(wd, sp_lin_fdf, &L, xd, 0, 10, &id, &rd) : -1;
  double dx = 0, xm = 0;
  for (size_t i = 0; i < n; i++) { dx = fmax(dx, fabs(xs[i] - xd[i])); xm = fmax(xm, fabs(xd[i])); }
  gsl_test(ss != LG_OK || sd != LG_OK || is != id || !(dx <= 1e-12 * xm),
           "structured solver (n = %zu, groups of 3 and 5 rows, one loop): the dense root to "
           "%.2g relative (<= 1e-12), %d and %d iterations", n, dx / xm, is, id);
  gsl_test(newton_alloc_sparse(n + 1, NB, BS, NG, rows, 2 * NG, ib, ig) != NULL,
           "structured solver: sizes that disagree are refused");
  /* to round-off on a nonlinear system (sin(x_i) / 10 added to the blocks'
     rows), from the linear root: whichever rule stopped the solve, one more
     Newton correction from its root moves it by round-off only */
  L.nsin = nu;
  ss = ws ? newton_solve_sparse(ws, sp_lin_fdf, &L, xs, 0, 20, &is, &rs) : -1;
  memcpy(xd, xs, n * sizeof *xs);
  sd = ws ? newton_solve_sparse(ws, sp_lin_fdf, &L, xd, 0, 1, &id, &rd) : -1;
  dx = xm = 0;
  for (size_t i = 0; i < n; i++) { dx = fmax(dx, fabs(xs[i] - xd[i])); xm = fmax(xm, fabs(xs[i])); }
  gsl_test(ss != LG_OK || !(dx <= 16 * DBL_EPSILON * fmax(xm, 1)),
           "structured solver to round-off, nonlinear: %d iterations, one more moves the root "
           "by %.2g relative (<= 16u)", is, dx / fmax(xm, 1));
  newton_free(ws);
  newton_free(wd);
  free(J); free(c); free(xs); free(xd);
}

int main(void)
{
  test_roots();
  test_quadratic();
  test_cap();
  test_jacobian_checker();
  test_gsl_residual_norm();
  test_nan();
  test_direct_same_map();
  test_direct_fast_same();
  test_eager_same();
  test_bordered();
  test_sparse();
  exit(gsl_test_summary());
}
