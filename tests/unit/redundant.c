/* Redundant constraints: the four-bar with and without redundancy, the
   rank, the minimum-norm multipliers against a pseudo-inverse, the hinge
   of two spherical joints, a singular configuration, the refusals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

static lg_model *read_model(const char *path)
{
  char msg[300];
  lg_model *m = mb_model_read(path, msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}
static lg_model *parse(const char *text)
{
  char msg[300];
  lg_model *m = mb_model_parse(text, "redundant.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

/* checked parameters of m, with an optional assignment */
static mb_par *params(const lg_model *m, const char *set)
{
  char msg[300];
  mb_par *p = calloc(1, m->par_size);
  if (!p) return NULL;
  lg_params_default(m, p);
  if ((set && lg_set_param(m, p, set, msg, sizeof msg) != LG_OK)
      || m->check(p, 0, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "check: %s\n", msg);
    free(p);
    return NULL;
  }
  return p;
}

typedef struct { lg_body *q; int nb; } last_ctx;
static int keep_last(void *ctx, const lg_state *s)
{
  last_ctx *c = ctx;
  memcpy(c->q, s->body, (size_t)c->nb * sizeof *c->q);
  return 0;
}
/* scheme name on p from 0 to T at step h: the last state in q, the status
   of lg_run, its failure in f */
static int run(const mb_par *p, const char *name, double h, double T, lg_body *q, lg_failure *f)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  lg_opts opt;
  lg_opts_default(&opt);
  last_ctx c = {q, p->topo->nb};
  memset(f, 0, sizeof *f);
  const long steps = lround(T / h);
  return S ? lg_run(S, p, &opt, h, steps, steps, keep_last, &c, f) : LG_EINVAL;
}

/* the largest difference of two states (x, R, W, v of every body) */
static double state_diff(const lg_body *a, const lg_body *b, int nb)
{
  double e = 0;
  for (int i = 0; i < nb; i++) {
    for (int c = 0; c < 9; c++) e = fmax(e, fabs(a[i].R[c] - b[i].R[c]));
    for (int c = 0; c < 3; c++)
      e = fmax(e, fmax(fabs(a[i].x[c] - b[i].x[c]),
                       fmax(fabs(a[i].W[c] - b[i].W[c]), fabs(a[i].v[c] - b[i].v[c]))));
  }
  return e;
}

/* the rank of the dense B at q: singular values above 1e-10 of the largest */
static int dense_rank(const mb_par *p, const lg_body *q)
{
  const size_t nc = (size_t)p->topo->nc, n = 6 * (size_t)p->topo->nb;
  const size_t rows = nc > n ? nc : n, cols = nc > n ? n : nc;  /* B or B^T, tall */
  gsl_matrix *Bt = gsl_matrix_alloc(rows, cols), *V = gsl_matrix_alloc(cols, cols);
  gsl_vector *S = gsl_vector_alloc(cols), *wk = gsl_vector_alloc(cols);
  double *B = malloc(nc * n * sizeof *B);
  mb_jac(p, q, B);
  for (size_t r = 0; r < nc; r++)
    for (size_t c = 0; c < n; c++)
      gsl_matrix_set(Bt, nc > n ? r : c, nc > n ? c : r, B[r * n + c]);
  gsl_linalg_SV_decomp(Bt, V, S, wk);
  int k = 0;
  for (size_t r = 0; r < cols; r++) k += gsl_vector_get(S, r) > 1e-10 * gsl_vector_get(S, 0);
  gsl_matrix_free(Bt); gsl_matrix_free(V); gsl_vector_free(S); gsl_vector_free(wk); free(B);
  return k;
}

/* the rank, and which rows are dropped: out-of-plane ones */
static void test_rank(const lg_model *rrrr, const lg_model *rssr)
{
  mb_par *p = params(rrrr, NULL), *s = params(rssr, NULL);
  if (!p || !s) { gsl_test(1, "the four-bars pass their checks"); free(p); free(s); return; }
  lg_body q[3];
  char txt[200];
  mb_initial(p, q);
  int r = mb_redundancy(p, q, txt, sizeof txt), k = dense_rank(p, q);
  printf("  fourbar-rrrr: %d redundant rows (%s); rank of B %d of %d rows\n", r, txt, k,
         p->topo->nc);
  gsl_test(r != 3, "fourbar-rrrr: 3 redundant rows (got %d)", r);
  gsl_test(k != 17, "fourbar-rrrr: the singular values give rank 17 (got %d)", k);
  mb_work *w = mb_work_alloc(p->topo);
  int rows[8], n = 0;
  double dV[18];
  if (w && mb_accel(p, q, w, dV, NULL) == LG_OK) n = mb_redundant_rows(w, rows, 8);
  double B[20 * 18], out = 0;
  mb_jac(p, q, B);
  for (int i = 0; i < n && i < 8; i++)
    for (int b = 0; b < 3; b++) {        /* in-plane columns: W_y, v_x, v_z */
      const double *row = B + 18 * rows[i] + 6 * b;
      out = fmax(out, fmax(fabs(row[1]), fmax(fabs(row[3]), fabs(row[5]))));
    }
  printf("  dropped rows (0-based):");
  for (int i = 0; i < n && i < 8; i++) printf(" %d", rows[i]);
  printf("; their largest in-plane entry %.3g\n", out);
  gsl_test(n != 3 || out != 0, "fourbar-rrrr: the 3 dropped rows are out-of-plane rows "
           "(%d rows, in-plane entry %g)", n, out);
  mb_work_free(w);
  mb_initial(s, q);
  r = mb_redundancy(s, q, txt, sizeof txt);
  k = dense_rank(s, q);
  printf("  fourbar-rssr: %d redundant rows; rank of B %d of %d rows\n", r, k, s->topo->nc);
  gsl_test(r != 0 || k != 16, "fourbar-rssr: no redundant row, rank 16 (got %d, %d)", r, k);
  free(p);
  free(s);
}

/* every scheme: all of them take redundant constraints */
static const char *const all_schemes[] = {"ref", "rkmk4", "rkmk4-proj", "dh", "rattlie", "dl",
                                          "galpha", "imid-index2"};
enum { NSCHEMES = 8, NIMPLICIT = 5 };   /* the last five hold multipliers as unknowns */

/* the largest joint residual |Phi| of a state (every row: metres, or a
   product of unit vectors) */
static double phi_max(const mb_par *p, const lg_body *q)
{
  double ph[64], e = 0;
  mb_phi(p, q, ph);
  for (int r = 0; r < p->topo->nc && r < 64; r++) e = fmax(e, fabs(ph[r]));
  return e;
}

/* the same motion with and without redundancy, for every scheme; the
   joints' residuals kept as for the twin */
static void test_same_motion(const lg_model *rrrr, const lg_model *rssr)
{
  mb_par *p = params(rrrr, NULL), *s = params(rssr, NULL);
  if (!p || !s) { gsl_test(1, "the four-bars pass their checks"); free(p); free(s); return; }
  for (int i = 0; i < NSCHEMES; i++) {
    const char *sc = all_schemes[i];
    lg_body a[3], b[3];
    lg_failure f1, f2;
    int s1 = run(p, sc, 1e-3, 3, a, &f1), s2 = run(s, sc, 1e-3, 3, b, &f2);
    double e = s1 == LG_OK && s2 == LG_OK ? state_diff(a, b, 3) : INFINITY;
    double pa = phi_max(p, a), pb = phi_max(s, b);
    printf("  %-11s fourbar-rrrr against fourbar-rssr after 3 s: %.3g; |Phi| %.3g and %.3g "
           "(statuses %d %d %s)\n", sc, e, pa, pb, s1, s2, f1.why);
    gsl_test(!(e <= 1e-10), "%s: the same motion within 1e-10 (%.3g)", sc, e);
    /* the joints as the scheme keeps them: to round-off where Phi = 0 is
       an equation of the step (or a projection), O(h^2) otherwise */
    const int exact = strcmp(sc, "rkmk4") != 0 && strcmp(sc, "imid-index2") != 0;
    gsl_test(exact ? !(pa <= 1e-12) : !(fabs(pa - pb) <= 1e-10 + 0.01 * pb),
             "%s: the redundant four-bar's joints kept as its twin's (|Phi| %.3g, twin %.3g)", sc,
             pa, pb);
  }
  free(p);
  free(s);
}

/* lambda of mb_accel against A^+ b from the SVD of the dense A */
static void compare_pinv(const mb_par *p, const lg_body *q, const char *what)
{
  const int nc = p->topo->nc, nb = p->topo->nb, n = 6 * nb;
  double *B = malloc((size_t)nc * (size_t)n * sizeof *B), *f = calloc((size_t)n, sizeof *f);
  double *mi = malloc((size_t)n * sizeof *mi), *b = malloc((size_t)nc * sizeof *b);
  double *lam = malloc((size_t)nc * sizeof *lam), *dV = malloc((size_t)n * sizeof *dV);
  gsl_matrix *A = gsl_matrix_alloc((size_t)nc, (size_t)nc);
  gsl_matrix *V = gsl_matrix_alloc((size_t)nc, (size_t)nc);
  gsl_vector *S = gsl_vector_alloc((size_t)nc), *wk = gsl_vector_alloc((size_t)nc);
  mb_jac(p, q, B);
  mb_force(p, q, f);
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int c = 0; c < 3; c++) {
      mi[6 * i + c] = 1 / bp[MB_J + c];
      mi[6 * i + 3 + c] = 1 / bp[MB_M];
    }
  }
  mb_bdotv(p, q, b);
  for (int r = 0; r < nc; r++) {
    for (int c = 0; c < n; c++) b[r] += B[r * n + c] * mi[c] * f[c];
    for (int c = 0; c < nc; c++) {
      double a = 0;
      for (int m = 0; m < n; m++) a += B[r * n + m] * mi[m] * B[c * n + m];
      gsl_matrix_set(A, (size_t)r, (size_t)c, a);
    }
  }
  gsl_linalg_SV_decomp(A, V, S, wk);         /* A = U S V^T, U in A */
  const double s0 = gsl_vector_get(S, 0);
  double smin = s0, nrm = 0, err = 0, *x = calloc((size_t)nc, sizeof *x);
  for (int k = 0; k < nc; k++) {
    const double sk = gsl_vector_get(S, (size_t)k);
    if (!(sk > 1e-10 * s0)) continue;
    smin = fmin(smin, sk);
    double u = 0;
    for (int r = 0; r < nc; r++) u += gsl_matrix_get(A, (size_t)r, (size_t)k) * b[r];
    for (int r = 0; r < nc; r++) x[r] += gsl_matrix_get(V, (size_t)r, (size_t)k) * u / sk;
  }
  mb_work *w = mb_work_alloc(p->topo);
  int st = w ? mb_accel(p, q, w, dV, lam) : LG_ENOMEM;
  for (int r = 0; r < nc; r++) {
    nrm += x[r] * x[r];
    err += (lam[r] - x[r]) * (lam[r] - x[r]);
  }
  const double rel = sqrt(err / nrm), kappa = s0 / smin, tol = 100 * kappa * 2.220446049250313e-16;
  printf("  %s: |lambda - A^+ b| / |A^+ b| = %.3g (kappa %.3g, tolerance %.3g)\n", what, rel,
         kappa, tol);
  gsl_test(st != LG_OK || !(rel <= tol), "%s: the minimum-norm multipliers are A^+ b (%.3g)",
           what, rel);
  double F[3], M[3];
  mb_joint_reaction(p, q, 0, lam, F, M);
  printf("  %s: out-of-plane reaction at the first ground pivot F1_2 = %.6g N\n", what, F[1]);
  gsl_test(!(fabs(F[1]) > 0.1), "%s: the out-of-plane load is shared (F1_2 = %g)", what, F[1]);
  mb_work_free(w);
  free(x); free(B); free(f); free(mi); free(b); free(lam); free(dV);
  gsl_matrix_free(A); gsl_matrix_free(V); gsl_vector_free(S); gsl_vector_free(wk);
}

/* the factor kept after a projection (section sec:mb-project-kept):
   accelerations and minimum-norm multipliers at the projected
   state, once and twice from the kept factor, equal bit for bit those of a
   workspace that factors afresh */
static void test_kept_factor(const lg_model *m, const char *what)
{
  mb_par *p = params(m, "gdir=0,0.6,-0.8");
  if (!p) { gsl_test(1, "%s passes its check", what); return; }
  const int nb = p->topo->nb, nc = p->topo->nc;
  lg_body q[3], q2[3];
  double dV[3][18], lam[3][20];
  mb_initial(p, q);
  for (int i = 0; i < nb; i++) q[i].W[1] = 0.5 * (i + 1);   /* moving, off the manifold */
  memcpy(q2, q, sizeof q);
  mb_work *w = mb_work_alloc(p->topo), *w2 = mb_work_alloc(p->topo);
  int st = w && w2 ? mb_project(p, q, w) : LG_ENOMEM;
  if (st == LG_OK) st = mb_project(p, q2, w2);
  if (st == LG_OK) st = mb_accel(p, q, w, dV[0], lam[0]);          /* the kept factor */
  if (st == LG_OK) st = mb_accel(p, q, w, dV[1], lam[1]);          /* and again */
  if (st == LG_OK) st = mb_rank_check(p, q2, w2, MB_PIVOT_TOL);    /* drops it */
  if (st == LG_OK) st = mb_accel(p, q2, w2, dV[2], lam[2]);        /* factored afresh */
  gsl_test(st != LG_OK, "%s: projection and accelerations solved", what);
  if (st == LG_OK) {
    gsl_test(memcmp(q, q2, sizeof q) != 0, "%s: two projections, the same bytes", what);
    gsl_test(memcmp(dV[0], dV[2], 6 * (size_t)nb * sizeof(double)) != 0
             || memcmp(lam[0], lam[2], (size_t)nc * sizeof(double)) != 0,
             "%s: the kept factor gives the fresh factor's accelerations and multipliers, "
             "bit for bit", what);
    gsl_test(memcmp(dV[1], dV[2], 6 * (size_t)nb * sizeof(double)) != 0
             || memcmp(lam[1], lam[2], (size_t)nc * sizeof(double)) != 0,
             "%s: and so does a second use of it", what);
  }
  mb_work_free(w);
  mb_work_free(w2);
  free(p);
}

static void test_min_norm(const lg_model *rrrr)
{
  mb_par *p = params(rrrr, "gdir=0,0.6,-0.8");
  if (!p) { gsl_test(1, "the tilted four-bar passes its check"); return; }
  lg_body q[3];
  lg_failure f;
  mb_initial(p, q);
  compare_pinv(p, q, "fourbar-rrrr at rest");
  for (int i = 0; i < NSCHEMES; i++) {
    char what[80];
    snprintf(what, sizeof what, "fourbar-rrrr after 0.5 s of %s", all_schemes[i]);
    int st = run(p, all_schemes[i], 1e-3, 0.5, q, &f);
    gsl_test(st != LG_OK, "the tilted four-bar runs 0.5 s with %s (%s)", all_schemes[i], f.why);
    if (st == LG_OK) compare_pinv(p, q, what);
  }
  free(p);
}

/* a body hinged about x by two spherical joints, and by a revolute joint */
static const char *const hinge2 =
    "model hinge2\ngravity 9.81 0 0 -1\nbody b\nmass 1.5\ninertia 0.2 0.3 0.15\n"
    "position 0.5 0 -1\nangvel 2 0 0\nvelocity 0 2 0\n"
    "joint ground 0 0 0 b -0.5 0 1\njoint ground 1 0 0 b 0.5 0 1\n";
static const char *const hinge1 =
    "model hinge1\ngravity 9.81 0 0 -1\nbody b\nmass 1.5\ninertia 0.2 0.3 0.15\n"
    "position 0.5 0 -1\nangvel 2 0 0\nvelocity 0 2 0\n"
    "joint revolute ground 0.5 0 0 b 0 0 1 axis 1 0 0\n";

/* the same two with a spring-damper from the ground to the mass centre:
   the end-of-step system of dh and rattlie with forces of V */
static const char *const damper =
    "spring ground 0.5 1 -1 b 0 0 0 stiffness 20 damping 0.5 length 0.5\n";

static void test_hinge_damper(void)
{
  char t2[400], t1[400];
  snprintf(t2, sizeof t2, "%s%s", hinge2, damper);
  snprintf(t1, sizeof t1, "%s%s", hinge1, damper);
  lg_model *m2 = parse(t2), *m1 = parse(t1);
  mb_par *p2 = m2 ? params(m2, NULL) : NULL, *p1 = m1 ? params(m1, NULL) : NULL;
  gsl_test(!p2 || !p1, "the hinges with a damper are accepted by the check");
  for (int i = 0; p2 && p1 && i < NSCHEMES; i++) {
    if (strcmp(all_schemes[i], "dl") == 0) continue;      /* takes no damper */
    lg_body a[1], b[1];
    lg_failure f1, f2;
    int s1 = run(p2, all_schemes[i], 1e-3, 3, a, &f1), s2 = run(p1, all_schemes[i], 1e-3, 3, b, &f2);
    double e = s1 == LG_OK && s2 == LG_OK ? state_diff(a, b, 1) : INFINITY;
    printf("  %-11s with a damper: two spherical joints against a revolute after 3 s: %.3g\n",
           all_schemes[i], e);
    gsl_test(!(e <= 1e-10), "the hinge with a damper, %s: the revolute joint's motion within "
             "1e-10 (%.3g; %s)", all_schemes[i], e, f1.why);
  }
  free(p1);
  free(p2);
  mb_model_free(m1);
  mb_model_free(m2);
}

static void test_hinge(void)
{
  lg_model *m2 = parse(hinge2), *m1 = parse(hinge1);
  mb_par *p2 = m2 ? params(m2, NULL) : NULL, *p1 = m1 ? params(m1, NULL) : NULL;
  gsl_test(!p2 || !p1, "the hinge of two spherical joints is accepted by the check");
  if (p2 && p1) {
    lg_body a[1], b[1];
    char txt[200];
    mb_initial(p2, a);
    int r = mb_redundancy(p2, a, txt, sizeof txt);
    printf("  hinge of two spherical joints: %d redundant (%s)\n", r, txt);
    gsl_test(r != 1, "the hinge: one redundant row (got %d)", r);
    lg_failure f1, f2;
    for (int i = 0; i < NSCHEMES; i++) {
      int s1 = run(p2, all_schemes[i], 1e-3, 3, a, &f1), s2 = run(p1, all_schemes[i], 1e-3, 3, b, &f2);
      double e = s1 == LG_OK && s2 == LG_OK ? state_diff(a, b, 1) : INFINITY;
      printf("  %-11s two spherical joints against a revolute after 3 s: %.3g\n", all_schemes[i],
             e);
      gsl_test(!(e <= 1e-10), "the hinge, %s: the revolute joint's motion within 1e-10 (%.3g; %s)",
               all_schemes[i], e, f1.why);
    }
    /* gravity tilted along the axis: each spherical joint carries half */
    mb_par *t2 = params(m2, "gdir=0.6,0,-0.8"), *t1 = params(m1, "gdir=0.6,0,-0.8");
    if (t2 && t1) {
      double dV[6], lam[6], F1[3], F2[3], F[3], M[3];
      mb_work *w2 = mb_work_alloc(t2->topo), *w1 = mb_work_alloc(t1->topo);
      mb_initial(t2, a);
      mb_initial(t1, b);
      int st = mb_accel(t2, a, w2, dV, lam);
      mb_joint_reaction(t2, a, 0, lam, F1, M);
      mb_joint_reaction(t2, a, 1, lam, F2, M);
      st |= mb_accel(t1, b, w1, dV, lam);
      mb_joint_reaction(t1, b, 0, lam, F, M);
      const double half = -1.5 * 9.81 * 0.6 / 2;
      printf("  axial loads: %.17g and %.17g (half of the revolute's %.17g: %.17g)\n", F1[0],
             F2[0], F[0], half);
      gsl_test(st != LG_OK || !(fabs(F1[0] - half) <= 1e-12 * fabs(half))
               || !(fabs(F2[0] - half) <= 1e-12 * fabs(half))
               || !(fabs(F[0] - 2 * half) <= 1e-12 * fabs(half)),
               "the hinge: the axial load shared equally (%g, %g; revolute %g)", F1[0], F2[0],
               F[0]);
      mb_work_free(w2);
      mb_work_free(w1);
    }
    free(t2);
    free(t1);
  }
  free(p1);
  free(p2);
  mb_model_free(m1);
  mb_model_free(m2);
}

/* a parallelogram at rest on its flattened configuration: it leaves it */
static const char *const flat =
    "model flat\ngravity 9.81 0 0 -1\n"
    "body crank\nmass 1\ninertia 0.0002 0.021 0.021\nposition 0.25 0 0\n"
    "body coupler\nmass 1\ninertia 0.0002 0.0835 0.0835\nposition 1 0 0\n"
    "body rocker\nmass 1\ninertia 0.0002 0.021 0.021\nposition 1.25 0 0\n"
    "joint revolute ground 0 0 0 crank -0.25 0 0 axis 0 1 0\n"
    "joint revolute crank 0.25 0 0 coupler -0.5 0 0 axis 0 1 0\n"
    "joint revolute coupler 0.5 0 0 rocker 0.25 0 0 axis 0 1 0\n"
    "joint revolute ground 1 0 0 rocker -0.25 0 0 axis 0 1 0\n";

static void test_singular(void)
{
  const char *const *sch = all_schemes;
  lg_model *m = parse(flat);
  mb_par *p = m ? params(m, NULL) : NULL;
  gsl_test(!p, "the flattened parallelogram is accepted by the check");
  if (p) {
    lg_body q[3];
    char txt[200];
    mb_initial(p, q);
    int r = mb_redundancy(p, q, txt, sizeof txt);
    printf("  flattened parallelogram: %d redundant (%s)\n", r, txt);
    gsl_test(r != 4, "flattened: four redundant rows (got %d)", r);
    for (int i = 0; i < NSCHEMES; i++) {
      lg_failure f;
      int st = run(p, sch[i], 1e-3, 1, q, &f);
      printf("  %-10s status %d at step %ld, t = %g: %s\n", sch[i], st, f.step, f.t, f.why);
      gsl_test(st != LG_ESINGULAR || !(f.step >= 1) || !strstr(f.why, "changed rank")
               || !strstr(f.why, "joints 1, 2, 3 and 4"),
               "%s: the change of rank ends the run naming the joints", sch[i]);
    }
  }
  free(p);
  mb_model_free(m);
}

/* a binary tree of 31 bodies on spherical joints, which the workspace
   factors in sparse blocks, with its ground joint given twice or once */
static lg_model *tree(int twice)
{
  char *text = malloc(8192), *t = text;
  t += sprintf(t, "model tree\ngravity 9.81 0 0 -1\n");
  for (int i = 1; i <= 31; i++)
    t += sprintf(t, "body b%d\nmass 1\ninertia 0.01 0.01 0.01\nposition %d 0 %d\n", i, i, -i);
  for (int k = 0; k <= twice; k++) t += sprintf(t, "joint ground 1 0 0 b1 0 0 1\n");
  for (int i = 2; i <= 31; i++)
    t += sprintf(t, "joint b%d %d 0 %d b%d 0 0 0\n", i / 2, i - i / 2, -(i - i / 2), i);
  lg_model *m = parse(text);
  free(text);
  return m;
}

static void test_tree(void)
{
  lg_model *m2 = tree(1), *m1 = tree(0);
  mb_par *p2 = m2 ? params(m2, NULL) : NULL, *p1 = m1 ? params(m1, NULL) : NULL;
  gsl_test(!p2 || !p1, "the trees pass their checks");
  if (p2 && p1) {
    lg_body *a = malloc(31 * sizeof *a), *b = malloc(31 * sizeof *b);
    char txt[200];
    mb_initial(p2, a);
    int r = mb_redundancy(p2, a, txt, sizeof txt);
    lg_failure f1, f2;
    gsl_test(r != 3, "the tree: 3 redundant rows (%d: %s)", r, txt);
    /* ref, and the implicit schemes through the structured Newton store */
    static const char *const sch[] = {"ref", "dh", "dl", "galpha", "imid-index2"};
    for (int i = 0; i < 5; i++) {
      int s1 = run(p2, sch[i], 1e-3, 0.2, a, &f1), s2 = run(p1, sch[i], 1e-3, 0.2, b, &f2);
      double e = s1 == LG_OK && s2 == LG_OK ? state_diff(a, b, 31) : INFINITY;
      printf("  tree of 31 bodies, ground joint twice, %s: against once after 0.2 s: %.3g\n",
             sch[i], e);
      /* galpha stops its Newton iteration at 4 eps L (L = 31 m here), not
         at round-off: 200 steps of that, grown by the motion, 1e-9 */
      const double tol = i == 3 ? 1e-9 : 1e-10;
      gsl_test(!(e <= tol), "the tree, %s: the same motion within %g (%.3g; %s)", sch[i], tol,
               e, f1.why);
    }
    free(a);
    free(b);
  }
  free(p1);
  free(p2);
  mb_model_free(m1);
  mb_model_free(m2);
}

/* the four-bar with its coupler's first joint written three times and the
   rocker's ground joint twice (section sec:mb-copies): 3 + 3 x 5 = 18
   redundant rows; the multipliers of least norm against A^+ b of the dense
   A with every copy in it, at rest and after 0.5 s of each scheme; the
   motion the four-bar's own */
static void test_copies(const lg_model *rrrr)
{
  static const char *const more =
      "joint revolute crank 0.15 0 0.2 coupler -0.4 0 -0.3 axis 0 1 0\n"
      "joint revolute crank 0.15 0 0.2 coupler -0.4 0 -0.3 axis 0 1 0\n"
      "joint revolute ground 1.1 0 0 rocker 0 0 -0.5 axis 0 1 0\n";
  char text[4096], txt[400];
  FILE *fp = fopen("src/model/examples/fourbar-rrrr.mb", "r");
  size_t n = fp ? fread(text, 1, sizeof text - strlen(more) - 1, fp) : 0;
  if (fp) fclose(fp);
  memcpy(text + n, more, strlen(more) + 1);
  lg_model *m = parse(text);
  mb_par *p = m ? params(m, "gdir=0,0.6,-0.8") : NULL, *p0 = params(rrrr, "gdir=0,0.6,-0.8");
  gsl_test(!p || !p0, "the four-bar with copies of two joints passes its check");
  if (!p || !p0) { free(p); free(p0); mb_model_free(m); return; }
  lg_body q[3], q0[3];
  lg_failure f;
  mb_initial(p, q);
  const int r = mb_redundancy(p, q, txt, sizeof txt);
  printf("  fourbar-rrrr with copies: %d redundant rows (%s)\n", r, txt);
  gsl_test(r != 18, "fourbar-rrrr with copies: 18 redundant rows (got %d)", r);
  compare_pinv(p, q, "fourbar-rrrr with copies at rest");
  for (int i = 0; i < NSCHEMES; i++) {
    char what[80];
    snprintf(what, sizeof what, "fourbar-rrrr with copies after 0.5 s of %s", all_schemes[i]);
    int st = run(p, all_schemes[i], 1e-3, 0.5, q, &f);
    gsl_test(st != LG_OK, "%s runs (%s)", what, f.why);
    if (st != LG_OK) continue;
    compare_pinv(p, q, what);
    st = run(p0, all_schemes[i], 1e-3, 0.5, q0, &f);
    double d = 0;
    for (int b = 0; b < 3; b++)
      for (int c = 0; c < 3; c++) d = fmax(d, fabs(q[b].x[c] - q0[b].x[c]));
    printf("  %s: positions against the four-bar's %.3g m\n", what, d);
    gsl_test(st != LG_OK || !(d <= 1e-12), "%s: the four-bar's motion (%.3g m, 1e-12)", what, d);
  }
  free(p);
  free(p0);
  mb_model_free(m);
}

int main(void)
{

  lg_model *rrrr = read_model("src/model/examples/fourbar-rrrr.mb");
  lg_model *rssr = read_model("src/model/examples/fourbar-rssr.mb");
  gsl_test(!rrrr || !rssr, "the four-bar examples parse");
  if (rrrr && rssr) {
    test_rank(rrrr, rssr);
    test_same_motion(rrrr, rssr);
    test_min_norm(rrrr);
    test_kept_factor(rrrr, "fourbar-rrrr");
    test_kept_factor(rssr, "fourbar-rssr");
    test_copies(rrrr);
  }
  test_hinge();
  test_hinge_damper();
  test_singular();
  test_tree();
  mb_model_free(rrrr);
  mb_model_free(rssr);
  exit(gsl_test_summary());
}
