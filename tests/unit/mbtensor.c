/* Unit tests of full inertia tensors (model/multibody): the Jacobi
   diagonalisation, a body given by its tensor against the same body
   written in its principal frame for four schemes, the bit-identity of
   a diagonal tensor, and the check's refusals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

static lg_model *parse(const char *text)
{
  char msg[300];
  lg_model *m = mb_model_parse(text, "test.mb", msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

/* J = Q0 diag(D) Q0^T as J11 J22 J33 J12 J13 J23 */
static void tensor(double J[6], const double Q0[9], const double D[3])
{
  double A[9], B[9] = {D[0], 0, 0, 0, D[1], 0, 0, 0, D[2]};
  so3_mul(A, Q0, B);
  so3_mul_nt(B, A, Q0);
  const double J6[6] = {B[0], B[4], B[8], B[1], B[2], B[5]};
  memcpy(J, J6, sizeof J6);
}

static int cmp_double(const void *a, const void *b)
{
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void test_jacobi(void)
{
  static const double D[4][3] = {{0.13, 0.28, 0.17}, {0.5, 0.5, 0.2}, {1, 2, 3},
                                 {1e-4, 1.3, 1.2999}};
  static const double ang[4][3] = {{0.3, -0.5, 0.7}, {1.1, 0.4, -2.2}, {-0.2, 0.9, 0.1},
                                   {2.5, -1.3, 0.6}};
  for (int c = 0; c < 4; c++) {
    double Q0[9], J[6], Jp[3], Q[9], QtQ[9], A[9], B[9], d[3], s[3];
    so3_cardan(Q0, ang[c]);
    tensor(J, Q0, D[c]);
    mb_inertia_axes(J, Jp, Q);
    so3_mul_tn(QtQ, Q, Q);
    const double det = Q[0] * (Q[4] * Q[8] - Q[5] * Q[7]) - Q[1] * (Q[3] * Q[8] - Q[5] * Q[6])
                       + Q[2] * (Q[3] * Q[7] - Q[4] * Q[6]);
    double o = 0, r = 0, e = 0, nJ = 0;
    for (int k = 0; k < 9; k++) o += (QtQ[k] - (k % 4 == 0)) * (QtQ[k] - (k % 4 == 0));
    const double Dp[9] = {Jp[0], 0, 0, 0, Jp[1], 0, 0, 0, Jp[2]};
    so3_mul(A, Q, Dp);
    so3_mul_nt(B, A, Q);
    const double Jf[9] = {J[0], J[3], J[4], J[3], J[1], J[5], J[4], J[5], J[2]};
    for (int k = 0; k < 9; k++) {
      r = fmax(r, fabs(B[k] - Jf[k]));
      nJ += Jf[k] * Jf[k];
    }
    nJ = sqrt(nJ);
    memcpy(d, D[c], sizeof d);
    memcpy(s, Jp, sizeof s);
    qsort(d, 3, sizeof *d, cmp_double);
    qsort(s, 3, sizeof *s, cmp_double);
    for (int k = 0; k < 3; k++) e = fmax(e, fabs(s[k] - d[k]));
    gsl_test(!(sqrt(o) <= 3e-15 && fabs(det - 1) <= 3e-15),
             "tensor %d: Q a rotation (||Q^T Q - I|| = %.3g, det Q - 1 = %.3g; tolerance 3e-15)",
             c + 1, sqrt(o), det - 1);
    gsl_test(!(r <= 1e-15 * nJ), "tensor %d: Q diag(Jp) Q^T = J to %.3g of ||J|| = %.3g "
             "(tolerance 1e-15 relative)", c + 1, r, nJ);
    gsl_test(!(e <= 1e-15 * nJ), "tensor %d: principal moments within %.3g of the axes' "
             "(tolerance 1e-15 ||J||)", c + 1, e);
  }
  const double J[6] = {0.3, -0.0, 0.7, 0, 0, 0}, I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  double Jp[3], Q[9];
  mb_inertia_axes(J, Jp, Q);
  gsl_test(memcmp(Q, I, sizeof I) != 0 || memcmp(Jp, J, sizeof Jp) != 0,
           "a diagonal tensor: Q = I and its diagonal, bit for bit");
}

/* ---- two bodies by their tensors, and in their principal frames ---- */
typedef struct {
  double m, D[3], ang[3], W[3];  /* mass, principal moments, axes (cardan), W (user) */
} body_def;
static const body_def bd[2] = {{1.5, {0.13, 0.28, 0.17}, {0.3, -0.5, 0.7}, {4, -2, 3}},
                               {0.8, {0.05, 0.07, 0.09}, {-1.1, 0.6, 2.0}, {-1.5, 2.5, 0.5}}};
static const double P1[3] = {0.1, -0.2, 0.3}, P1b[3] = {-0.15, 0.25, -0.1},
                    P2[3] = {0.2, 0.05, -0.12}, S2[3] = {-0.1, 0.1, 0.2},
                    G2[3] = {0.4, 0.3, -0.6}, T2[3] = {0.1, 0.2, -0.3};

static void fmt3(char *b, size_t n, const double *v, int len)
{
  size_t k = 0;
  for (int i = 0; i < len && k < n; i++)
    k += (size_t)snprintf(b + k, n - k, " %.17g", v[i]);
}

/* the model text: principal = 0 gives each body by its full tensor in the
   user's frame, 1 in its principal frame (Eq. mb-principal), 2 by six
   numbers with zero products in the principal frame, 3 by the three
   moments (2 and 3 describe one model); loads adds the spring and torque */
static void model_text(char *txt, size_t n, int principal, int loads)
{
  double Q0[2][9], R[2][9], x[2][3], v[2][3], t[9], u[3], w[3];
  static const double ang[2][3] = {{0.1, 0.2, 0.3}, {-0.4, 0.5, -0.6}};
  for (int i = 0; i < 2; i++) {
    so3_cardan(Q0[i], bd[i].ang);
    so3_cardan(R[i], ang[i]);
  }
  /* body 1 hinged at the origin by its point P1; body 2 at body 1's P1b */
  so3_mv(u, R[0], P1);
  for (int r = 0; r < 3; r++) x[0][r] = -u[r];
  so3_cross(w, bd[0].W, P1);
  so3_mv(v[0], R[0], w);
  for (int r = 0; r < 3; r++) v[0][r] = -v[0][r];
  double y[3], yd[3], z[3], zd[3];
  so3_mv(y, R[0], P1b);
  so3_cross(w, bd[0].W, P1b);
  so3_mv(yd, R[0], w);
  so3_mv(z, R[1], P2);
  so3_cross(w, bd[1].W, P2);
  so3_mv(zd, R[1], w);
  for (int r = 0; r < 3; r++) {
    x[1][r] = x[0][r] + y[r] - z[r];
    v[1][r] = v[0][r] + yd[r] - zd[r];
  }
  size_t k = (size_t)snprintf(txt, n, "model two\ngravity 9.81 0 0 -1\n");
  char b[400];
  double p[2][3][3];  /* per body its points P1 / P1b, P2 / S2, T2, in the file's frame */
  for (int i = 0; i < 2; i++) {
    const double *pts[3] = {i ? P2 : P1, i ? S2 : P1b, i ? T2 : P1};
    for (int c = 0; c < 3; c++) {
      if (principal) so3_mtv(p[i][c], Q0[i], pts[c]);
      else memcpy(p[i][c], pts[c], sizeof p[i][c]);
    }
    k += (size_t)snprintf(txt + k, n - k, "body b%d\nmass %.17g\ninertia", i + 1, bd[i].m);
    if (principal) {
      const double J6[6] = {bd[i].D[0], bd[i].D[1], bd[i].D[2], 0, 0, 0};
      fmt3(b, sizeof b, J6, principal == 3 ? 3 : principal == 2 ? 6 : 3);
    } else {
      double J6[6];
      tensor(J6, Q0[i], bd[i].D);
      fmt3(b, sizeof b, J6, 6);
    }
    k += (size_t)snprintf(txt + k, n - k, "%s\nposition", b);
    fmt3(b, sizeof b, x[i], 3);
    k += (size_t)snprintf(txt + k, n - k, "%s\nrotation", b);
    if (principal) so3_mul(t, R[i], Q0[i]);
    else memcpy(t, R[i], sizeof t);
    fmt3(b, sizeof b, t, 9);
    k += (size_t)snprintf(txt + k, n - k, "%s\nangvel", b);
    if (principal) so3_mtv(u, Q0[i], bd[i].W);
    else memcpy(u, bd[i].W, sizeof u);
    fmt3(b, sizeof b, u, 3);
    k += (size_t)snprintf(txt + k, n - k, "%s\nvelocity", b);
    fmt3(b, sizeof b, v[i], 3);
    k += (size_t)snprintf(txt + k, n - k, "%s\n", b);
  }
  fmt3(b, sizeof b, p[0][0], 3);
  k += (size_t)snprintf(txt + k, n - k, "joint b1%s ground 0 0 0\njoint b1", b);
  fmt3(b, sizeof b, p[0][1], 3);
  k += (size_t)snprintf(txt + k, n - k, "%s b2", b);
  fmt3(b, sizeof b, p[1][0], 3);
  k += (size_t)snprintf(txt + k, n - k, "%s\n", b);
  if (loads) {
    fmt3(b, sizeof b, p[1][1], 3);
    k += (size_t)snprintf(txt + k, n - k, "spring b2%s ground", b);
    fmt3(b, sizeof b, G2, 3);
    k += (size_t)snprintf(txt + k, n - k, "%s stiffness 30 damping 0.4 length 0.5\ntorque b2",
                          b);
    fmt3(b, sizeof b, p[1][2], 3);
    snprintf(txt + k, n - k, "%s\n", b);
  }
}

#define NROW 64
typedef struct {
  const lg_model *m;
  const mb_par *p;
  double row[NROW][41];
  int n;
} rows;

static int keep(void *ctx, const lg_state *s)
{
  rows *r = ctx;
  if (r->n < NROW) r->m->row(r->p, s, r->row[r->n++]);
  return 0;
}

/* run scheme name on the model text (checked first) for T s at step h,
   keeping every output row (every 'every' steps); nudge: W1 of body 1
   one unit of round-off larger */
static int run(const char *name, const char *text, double h, double T, long every, rows *r,
               int nudge)
{
  char msg[300];
  lg_model *m = parse(text);
  mb_par *p = m ? calloc(1, m->par_size) : NULL;
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  int st = LG_ENOMEM;
  if (p && S) {
    lg_params_default(m, p);
    if (nudge) lg_param_ptr(lg_param_find(m, "W1"), p)[0] *= 1 + 0x1p-52;
    st = m->check(p, 0, msg, sizeof msg);
    if (st != LG_OK) fprintf(stderr, "check: %s\n", msg);
  }
  if (st == LG_OK) {
    lg_opts opt;
    lg_opts_default(&opt);
    lg_failure fail;
    r->m = m;
    r->p = p;
    r->n = 0;
    st = lg_run(S, p, &opt, h, lround(T / h), every, keep, r, &fail);
  }
  free(p);
  mb_model_free(m);
  return st;
}

/* the largest difference of x, R, W, v (b's turned back by the axes of
   Eq. mb-principal when turned) and of the energy between two runs */
static double distance(const rows *a, const rows *b, int turned)
{
  double err = 0;
  for (int k = 0; k < a->n && k < b->n; k++)
    for (int i = 0; i < 2; i++) {
      const double *ra = a->row[k] + 1 + 18 * i, *rb = b->row[k] + 1 + 18 * i;
      double Q0[9], R[9], W[3];
      so3_cardan(Q0, bd[i].ang);
      if (turned) {
        so3_mul_nt(R, rb + 3, Q0);          /* R = R_p Q0^T, W = Q0 W_p */
        so3_mv(W, Q0, rb + 12);
      } else {
        memcpy(R, rb + 3, sizeof R);
        memcpy(W, rb + 12, sizeof W);
      }
      for (int c = 0; c < 3; c++) {
        err = fmax(err, fabs(ra[c] - rb[c]));
        err = fmax(err, fabs(ra[12 + c] - W[c]));
        err = fmax(err, fabs(ra[15 + c] - rb[15 + c]));
      }
      for (int c = 0; c < 9; c++) err = fmax(err, fabs(ra[3 + c] - R[c]));
      err = fmax(err, fabs(a->row[k][37] - b->row[k][37]));
    }
  return err;
}

static void test_principal_frame(void)
{
  static char ta[4000], tb[4000];
  static rows a, b, c;
  static const char *const sch[4] = {"ref", "rkmk4", "galpha", "dh"};
  for (int s = 0; s < 4; s++) {
    const int loads = s < 3;
    model_text(ta, sizeof ta, 0, loads);
    model_text(tb, sizeof tb, 1, loads);
    const int sa = run(sch[s], ta, 1e-3, 2, 40, &a, 0), sb = run(sch[s], tb, 1e-3, 2, 40, &b, 0);
    const int sc = run(sch[s], tb, 1e-3, 2, 40, &c, 1);
    const double err = distance(&a, &b, 1), ctl = distance(&b, &c, 0);
    gsl_test(!(sa == LG_OK && sb == LG_OK && a.n == 51 && b.n == 51 && err <= 1e-11),
             "%s%s: full tensors against the principal frames over 2 s: %.3g at most "
             "(tolerance 1e-11; one ulp more of one W: %.3g; status %d, %d, %d)", sch[s],
             loads ? " with a spring and a torque" : "", err, ctl, sa, sb, sc);
  }
}

static void test_diagonal_bitwise(void)
{
  static char t6[4000], t3[4000];
  static rows a, b;
  int nsch = 0;
  for (size_t i = 0; i < lg_nschemes(); i++) {
    const lg_scheme_type *S = lg_scheme_at(i);
    if (strcmp(S->family, "multibody") != 0) continue;
    nsch++;
    const int loads = !(strcmp(S->name, "dh") == 0 || strcmp(S->name, "rattlie") == 0 ||
                        strcmp(S->name, "dl") == 0);
    model_text(t6, sizeof t6, 2, loads);
    model_text(t3, sizeof t3, 3, loads);
    const int sa = run(S->name, t6, 1e-3, 0.5, 10, &a, 0);
    const int sb = run(S->name, t3, 1e-3, 0.5, 10, &b, 0);
    gsl_test(!(sa == LG_OK && sb == LG_OK && a.n == 51 && b.n == 51 &&
               memcmp(a.row, b.row, sizeof a.row) == 0),
             "%s: six numbers with zero products give the rows of three, bit for bit", S->name);
  }
  gsl_test(nsch != 8, "eight multibody schemes compared (found %d)", nsch);
}

/* the check's refusals: the message and its start, which names the line of
   the inertia statement (5), not the body's (2) */
static void test_refusals(void)
{
  static const char *const head = "model t\nbody a\nmass 1\nposition 0 0 0\n";
  static const struct {
    const char *inertia, *want;
  } c[] = {{"inertia 1 1 1 2 0 0",
            "test.mb:5: parameter J1 (body a): 1,1,1,2,0,0 is not positive definite "
            "(principal moments"},
           {"inertia 1 1 5 0.1 0 0",
            "test.mb:5: parameter J1 (body a): 1,1,5,0.1,0,0 violates the triangle "
            "inequality (principal moment 5 exceeds the sum"},
           {"inertia 1 1 1 0 0 -1.5",
            "test.mb:5: parameter J1 (body a): 1,1,1,0,0,-1.5 is not positive definite"}};
  char text[300], msg[400];
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    snprintf(text, sizeof text, "%s%s\n", head, c[k].inertia);
    lg_model *m = parse(text);
    mb_par *p = m ? calloc(1, m->par_size) : NULL;
    int st = LG_ENOMEM;
    msg[0] = '\0';
    if (p) {
      lg_params_default(m, p);
      st = m->check(p, 0, msg, sizeof msg);
    }
    gsl_test(!(st == LG_EINVAL && strncmp(msg, c[k].want, strlen(c[k].want)) == 0 &&
               !strchr(msg, '\n')),
             "'%s' refused: '%s'", c[k].inertia, msg);
    free(p);
    mb_model_free(m);
  }
  /* a thin plate (J3 = J1 + J2) in a turned frame passes; J1 takes six */
  double Q0[9], J[6], ang[3] = {0.7, -0.3, 1.9};
  const double D[3] = {1, 2, 3};
  so3_cardan(Q0, ang);
  tensor(J, Q0, D);
  char b[200];
  fmt3(b, sizeof b, J, 6);
  snprintf(text, sizeof text, "%sinertia%s\n", head, b);
  lg_model *m = parse(text);
  mb_par *p = m ? calloc(1, m->par_size) : NULL;
  int st = LG_ENOMEM;
  if (p) {
    lg_params_default(m, p);
    st = m->check(p, 0, msg, sizeof msg);
  }
  gsl_test(st != LG_OK, "a thin plate in a turned frame passes the check (%s)",
           st ? msg : "ok");
  const lg_param *P = m ? lg_param_find(m, "J1") : NULL;
  gsl_test(!(P && P->len == 6 && memcmp(P->def, J, sizeof J) == 0),
           "J1 of a full tensor: six numbers, the file's");
  if (P && p) {
    const double J2[6] = {1, 1, 1, 0.9, 0, 0};
    memcpy(lg_param_ptr(P, p), J2, sizeof J2);
    st = m->check(p, 0, msg, sizeof msg);
    gsl_test(!(st == LG_EINVAL && strstr(msg, "parameter J1 (body a): 1,1,1,0.9,0,0 violates") &&
               !strstr(msg, "test.mb")),
             "a --set tensor is checked, without the file's line: '%s'", msg);
  }
  free(p);
  mb_model_free(m);
}

int main(void)
{
  test_jacobi();
  test_principal_frame();
  test_diagonal_bitwise();
  test_refusals();
  exit(gsl_test_summary());
}
