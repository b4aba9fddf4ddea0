/* sun2022-planar.c: the ten midpoint schemes of sun2022 Sec. 4 for the planar
   pendulum, classical RK4, the rk8pd reference and the exact solution. */
#include <math.h>
#include <stdlib.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include "scheme/sun2022-planar.h"
#include "num/newton.h"
#include "num/rk.h"
#include "lie/so3.h"

typedef enum { REP_ANGLE, REP_GAMMA, REP_ROT } pend2d_rep;
typedef struct pend2d_ws pend2d_ws;

typedef struct {
  pend2d_rep rep;        /* which state variables the scheme propagates */
  size_t n;              /* number of unknowns */
  newton_fdf_fn fdf;     /* residual and Jacobian; params is the workspace */
  void (*guess)(const pend2d_ws *w, double *x);
  void (*commit)(pend2d_ws *w, const double *x);
  void (*unknowns)(const pend2d_ws *w, double theta1, double omega1, double *x);
} pend2d_form;

struct pend2d_ws {
  const pend2d_form *form; /* NULL for the explicit baselines */
  pend2d_params p;
  double c;              /* m g l */
  double h;
  long k;                /* steps taken; t = k h */
  double tol;
  int maxiter;
  newton_ws *nw;
  double om;             /* omega_k */
  double th;             /* theta_k (angle forms); the unwrapped output angle otherwise */
  double G[2];           /* reduced attitude R^T e2 = (sin theta, cos theta) */
  double R[4];           /* rotation [[c,-s],[s,c]], row-major */
  rk_fixed *rk;          /* classical RK4 */
  ref_solver *ref;       /* rk8pd reference */
  double y[2], tref;     /* (theta, omega) and time of the explicit baselines */
  int warm;              /* experiment: increment forms start from the last increments */
  double xprev[5];       /* the last step's solution */
};
/* C = A B for 2x2 row-major matrices; alias-safe. */
static void mat2_mul(double C[4], const double A[4], const double B[4])
{
  double c0 = A[0] * B[0] + A[1] * B[2], c1 = A[0] * B[1] + A[1] * B[3];
  double c2 = A[2] * B[0] + A[3] * B[2], c3 = A[2] * B[1] + A[3] * B[3];
  C[0] = c0; C[1] = c1; C[2] = c2; C[3] = c3;
}

/* C = A S with S = [[0,-1],[1,0]]; alias-safe. */
static void mat2_mul_s(double C[4], const double A[4])
{
  double c0 = A[1], c1 = -A[0], c2 = A[3], c3 = -A[2];
  C[0] = c0; C[1] = c1; C[2] = c2; C[3] = c3;
}

/* Angle of a rotation, unwrapped to lie within pi of prev. */
static double unwrap(double prev, double a)
{
  return prev + remainder(a - prev, 2.0 * M_PI);
}
static int fdf_angle(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double tm = 0.5 * (x[1] + w->th);
  f[0] = w->p.J * (x[0] - w->om) + w->h * w->c * sin(tm);
  f[1] = 2.0 * (x[1] - w->th) - w->h * (x[0] + w->om);
  if (Jm) {
    Jm[0] = w->p.J; Jm[1] = 0.5 * w->h * w->c * cos(tm);
    Jm[2] = -w->h;  Jm[3] = 2.0;
  }
  return 0;
}

static void guess_angle(const pend2d_ws *w, double *x) { x[0] = w->om; x[1] = w->th; }
static void commit_angle(pend2d_ws *w, const double *x) { w->om = x[0]; w->th = x[1]; }
static void unknowns_angle(const pend2d_ws *w, double th1, double om1, double *x)
{
  (void)w;
  x[0] = om1;
  x[1] = th1;
}

static const pend2d_form form_angle = {
  REP_ANGLE, 2, fdf_angle, guess_angle, commit_angle, unknowns_angle
};
static int fdf_angle_inc(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double tm = w->th + 0.5 * x[1];
  f[0] = w->p.J * x[0] + w->h * w->c * sin(tm);
  f[1] = 2.0 * x[1] - 2.0 * w->h * w->om - w->h * x[0];
  if (Jm) {
    Jm[0] = w->p.J; Jm[1] = 0.5 * w->h * w->c * cos(tm);
    Jm[2] = -w->h;  Jm[3] = 2.0;
  }
  return 0;
}

static void guess_zero(const pend2d_ws *w, double *x)
{
  for (size_t i = 0; i < w->form->n; i++) x[i] = (w->warm && w->k > 0) ? w->xprev[i] : 0;
}
static void commit_angle_inc(pend2d_ws *w, const double *x) { w->om += x[0]; w->th += x[1]; }
static void unknowns_angle_inc(const pend2d_ws *w, double th1, double om1, double *x)
{
  x[0] = om1 - w->om;
  x[1] = th1 - w->th;
}

static const pend2d_form form_angle_inc = {
  REP_ANGLE, 2, fdf_angle_inc, guess_zero, commit_angle_inc, unknowns_angle_inc
};
static int fdf_reduced(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double h = w->h, a = x[0] + w->om;
  double s0 = x[1] + w->G[0], s1 = x[2] + w->G[1];   /* Gamma_{k+1} + Gamma_k */
  f[0] = 2.0 * w->p.J * (x[0] - w->om) + h * w->c * s0;
  f[1] = 4.0 * (x[1] - w->G[0]) - h * a * s1;          /* S v = (-v2, v1) */
  f[2] = 4.0 * (x[2] - w->G[1]) + h * a * s0;
  if (Jm) {
    Jm[0] = 2.0 * w->p.J; Jm[1] = h * w->c; Jm[2] = 0;
    Jm[3] = -h * s1;      Jm[4] = 4.0;      Jm[5] = -h * a;
    Jm[6] = h * s0;       Jm[7] = h * a;    Jm[8] = 4.0;
  }
  return 0;
}

static void guess_reduced(const pend2d_ws *w, double *x)
{
  x[0] = w->om; x[1] = w->G[0]; x[2] = w->G[1];
}
static void commit_reduced(pend2d_ws *w, const double *x)
{
  w->om = x[0]; w->G[0] = x[1]; w->G[1] = x[2];
}
static void unknowns_reduced(const pend2d_ws *w, double th1, double om1, double *x)
{
  (void)w;
  x[0] = om1; x[1] = sin(th1); x[2] = cos(th1);
}

static const pend2d_form form_reduced = {
  REP_GAMMA, 3, fdf_reduced, guess_reduced, commit_reduced, unknowns_reduced
};
static int fdf_reduced_inc(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double h = w->h, a = 2.0 * w->om + x[0];
  double s0 = 2.0 * w->G[0] + x[1], s1 = 2.0 * w->G[1] + x[2];
  f[0] = 2.0 * w->p.J * x[0] + h * w->c * s0;
  f[1] = 4.0 * x[1] - h * a * s1;
  f[2] = 4.0 * x[2] + h * a * s0;
  if (Jm) {
    Jm[0] = 2.0 * w->p.J; Jm[1] = h * w->c; Jm[2] = 0;
    Jm[3] = -h * s1;      Jm[4] = 4.0;      Jm[5] = -h * a;
    Jm[6] = h * s0;       Jm[7] = h * a;    Jm[8] = 4.0;
  }
  return 0;
}

static void commit_reduced_inc(pend2d_ws *w, const double *x)
{
  w->om += x[0]; w->G[0] += x[1]; w->G[1] += x[2];
}
static void unknowns_reduced_inc(const pend2d_ws *w, double th1, double om1, double *x)
{
  x[0] = om1 - w->om; x[1] = sin(th1) - w->G[0]; x[2] = cos(th1) - w->G[1];
}

static const pend2d_form form_reduced_inc = {
  REP_GAMMA, 3, fdf_reduced_inc, guess_zero, commit_reduced_inc, unknowns_reduced_inc
};
static int fdf_fform(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double h = w->h, c = w->c, hw = h * (2.0 * w->om + x[0]);
  const double *Ga = x + 1, *Gb = x + 3, *R = w->R;
  f[0] = 2.0 * w->p.J * x[0] + h * c * (R[2] * Ga[0] + R[3] * Ga[1]) + h * c * R[2];
  f[1] = 4.0 * Ga[0] - hw * Gb[0] - 4.0;
  f[2] = 4.0 * Ga[1] - hw * Gb[1] - hw;
  f[3] = 4.0 * Gb[0] + hw * Ga[0] + hw;
  f[4] = 4.0 * Gb[1] + hw * Ga[1] - 4.0;
  if (Jm) {
    double r[25] = {
      2.0 * w->p.J,     h * c * R[2], h * c * R[3], 0,   0,
      -h * Gb[0],       4.0,          0,            -hw, 0,
      -h * (Gb[1] + 1), 0,            4.0,          0,   -hw,
      h * (Ga[0] + 1),  hw,           0,            4.0, 0,
      h * Ga[1],        0,            hw,           0,   4.0 };
    for (int i = 0; i < 25; i++) Jm[i] = r[i];
  }
  return 0;
}

static void guess_fform(const pend2d_ws *w, double *x)
{
  (void)w;
  x[0] = 0; x[1] = 1; x[2] = 0; x[3] = 0; x[4] = 1;    /* F = I */
}
static void commit_fform(pend2d_ws *w, const double *x)
{
  double F[4] = { x[1], x[3], x[2], x[4] };             /* columns Gamma_a, Gamma_b */
  w->om += x[0];
  mat2_mul(w->R, w->R, F);
}
static void unknowns_fform(const pend2d_ws *w, double th1, double om1, double *x)
{
  double R1[4], F[4], Rt[4] = { w->R[0], w->R[2], w->R[1], w->R[3] };
  so2_exp(R1, th1);
  mat2_mul(F, Rt, R1);                                  /* F = R_k^T R_{k+1} */
  x[0] = om1 - w->om; x[1] = F[0]; x[2] = F[2]; x[3] = F[1]; x[4] = F[3];
}

static const pend2d_form form_fform = {
  REP_ROT, 5, fdf_fform, guess_fform, commit_fform, unknowns_fform
};
/* Residual of the complete Lie group scheme given the sums and differences
   of its variables: a = omega_{k+1}+omega_k, dw = omega_{k+1}-omega_k,
   sa/da and sb/db the sums and differences of Gamma_a and Gamma_b.  The
   Jacobian with respect to the new state and to the increments is the same. */
static void complete_fdf(const pend2d_ws *w, double a, double dw, const double sa[2],
                         const double da[2], const double sb[2], const double db[2],
                         double *f, double *Jm)
{
  double h = w->h;
  f[0] = 2.0 * w->p.J * dw + h * w->c * sb[0];
  f[1] = 4.0 * da[0] - h * a * sa[1];
  f[2] = 4.0 * da[1] + h * a * sa[0];
  f[3] = 4.0 * db[0] - h * a * sb[1];
  f[4] = 4.0 * db[1] + h * a * sb[0];
  if (Jm) {
    double r[25] = {
      2.0 * w->p.J, 0,     0,     h * w->c, 0,
      -h * sa[1],   4.0,   -h * a, 0,       0,
      h * sa[0],    h * a, 4.0,    0,       0,
      -h * sb[1],   0,     0,      4.0,     -h * a,
      h * sb[0],    0,     0,      h * a,   4.0 };
    for (int i = 0; i < 25; i++) Jm[i] = r[i];
  }
}

static int fdf_complete(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  const double *R = w->R;                 /* rows: Gamma_a,k and Gamma_b,k */
  double sa[2] = { x[1] + R[0], x[2] + R[1] }, da[2] = { x[1] - R[0], x[2] - R[1] };
  double sb[2] = { x[3] + R[2], x[4] + R[3] }, db[2] = { x[3] - R[2], x[4] - R[3] };
  complete_fdf(w, x[0] + w->om, x[0] - w->om, sa, da, sb, db, f, Jm);
  return 0;
}

static void guess_complete(const pend2d_ws *w, double *x)
{
  x[0] = w->om;
  for (int i = 0; i < 4; i++) x[1 + i] = w->R[i];
}
static void commit_complete(pend2d_ws *w, const double *x)
{
  w->om = x[0];
  for (int i = 0; i < 4; i++) w->R[i] = x[1 + i];
}
static void unknowns_complete(const pend2d_ws *w, double th1, double om1, double *x)
{
  (void)w;
  x[0] = om1;
  so2_exp(x + 1, th1);                    /* rows of R_{k+1} */
}

static const pend2d_form form_complete = {
  REP_ROT, 5, fdf_complete, guess_complete, commit_complete, unknowns_complete
};
static int fdf_complete_inc(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  const double *R = w->R;
  double sa[2] = { 2.0 * R[0] + x[1], 2.0 * R[1] + x[2] }, da[2] = { x[1], x[2] };
  double sb[2] = { 2.0 * R[2] + x[3], 2.0 * R[3] + x[4] }, db[2] = { x[3], x[4] };
  complete_fdf(w, 2.0 * w->om + x[0], x[0], sa, da, sb, db, f, Jm);
  return 0;
}

static void commit_complete_inc(pend2d_ws *w, const double *x)
{
  w->om += x[0];
  for (int i = 0; i < 4; i++) w->R[i] += x[1 + i];
}
static void unknowns_complete_inc(const pend2d_ws *w, double th1, double om1, double *x)
{
  double R1[4];
  so2_exp(R1, th1);
  x[0] = om1 - w->om;
  for (int i = 0; i < 4; i++) x[1 + i] = R1[i] - w->R[i];
}

static const pend2d_form form_complete_inc = {
  REP_ROT, 5, fdf_complete_inc, guess_zero, commit_complete_inc, unknowns_complete_inc
};
static int fdf_liealg(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double E1[4], E0[4], M[4];
  so2_exp(E1, 0.5 * x[1]);
  so2_exp(E0, 0.5 * w->th);
  mat2_mul(M, E1, E0);
  f[0] = w->p.J * (x[0] - w->om) + w->h * w->c * M[2];      /* e2^T M e1 = M21 */
  f[1] = 2.0 * (x[1] - w->th) - w->h * (x[0] + w->om);
  if (Jm) {
    mat2_mul_s(M, E1);
    mat2_mul(M, M, E0);
    Jm[0] = w->p.J; Jm[1] = 0.5 * w->h * w->c * M[2];
    Jm[2] = -w->h;  Jm[3] = 2.0;
  }
  return 0;
}

static const pend2d_form form_liealg = {
  REP_ANGLE, 2, fdf_liealg, guess_angle, commit_angle, unknowns_angle
};
static int fdf_liealg_inc(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double E[4], M[4];
  so2_exp(E, 0.5 * x[1]);
  mat2_mul(M, w->R, E);
  f[0] = w->p.J * x[0] + w->h * w->c * M[2];
  f[1] = 2.0 * x[1] - 2.0 * w->h * w->om - w->h * x[0];
  if (Jm) {
    mat2_mul_s(M, M);
    Jm[0] = w->p.J; Jm[1] = 0.5 * w->h * w->c * M[2];
    Jm[2] = -w->h;  Jm[3] = 2.0;
  }
  return 0;
}

static void commit_liealg_inc(pend2d_ws *w, const double *x)
{
  double E[4];
  so2_exp(E, x[1]);
  w->om += x[0];
  mat2_mul(w->R, w->R, E);
}
static void unknowns_liealg_inc(const pend2d_ws *w, double th1, double om1, double *x)
{
  x[0] = om1 - w->om;
  x[1] = remainder(th1 - atan2(w->R[2], w->R[0]), 2.0 * M_PI);
}

static const pend2d_form form_liealg_inc = {
  REP_ROT, 2, fdf_liealg_inc, guess_zero, commit_liealg_inc, unknowns_liealg_inc
};
/* cay(phi) = (I + phi/2 S)(I - phi/2 S)^{-1}, and its derivative in phi. */
static void cay2(double C[4], double dC[4], double phi)
{
  double u = 0.25 * phi * phi, d = 1.0 / (1.0 + u);
  double c = (1.0 - u) * d, s = phi * d;
  C[0] = c; C[1] = -s; C[2] = s; C[3] = c;
  if (dC) {
    double dc = -phi * d * d, ds = (1.0 - u) * d * d;
    dC[0] = dc; dC[1] = -ds; dC[2] = ds; dC[3] = dc;
  }
}

static int fdf_cayley(const double *x, void *vw, double *f, double *Jm)
{
  const pend2d_ws *w = vw;
  double C[4], dC[4], M[4];
  cay2(C, dC, 0.5 * x[1]);
  mat2_mul(M, w->R, C);
  f[0] = w->p.J * x[0] + w->h * w->c * M[2];
  f[1] = 2.0 * x[1] - 2.0 * w->h * w->om - w->h * x[0];
  if (Jm) {
    mat2_mul(M, w->R, dC);
    Jm[0] = w->p.J; Jm[1] = 0.5 * w->h * w->c * M[2];
    Jm[2] = -w->h;  Jm[3] = 2.0;
  }
  return 0;
}

static void commit_cayley(pend2d_ws *w, const double *x)
{
  double C[4];
  cay2(C, NULL, x[1]);
  w->om += x[0];
  mat2_mul(w->R, w->R, C);
}
static void unknowns_cayley(const pend2d_ws *w, double th1, double om1, double *x)
{
  double d = remainder(th1 - atan2(w->R[2], w->R[0]), 2.0 * M_PI);
  x[0] = om1 - w->om;
  x[1] = 2.0 * tan(0.5 * d);              /* cay(x1) rotates by d */
}

static const pend2d_form form_cayley = {
  REP_ROT, 2, fdf_cayley, guess_zero, commit_cayley, unknowns_cayley
};
static void row_gamma(const void *par, const lg_state *s, double *out)
{
  const pend2d_params *p = par;
  double c = p->m * p->g * p->l;
  out[0] = s->t; out[1] = s->theta; out[2] = s->omega;
  out[3] = s->aux[0]; out[4] = s->aux[1];
  out[5] = 0.5 * p->J * s->omega * s->omega + c * (1 - s->aux[1]);
  out[6] = fabs(hypot(s->aux[0], s->aux[1]) - 1);
}

static void row_rot(const void *par, const lg_state *s, double *out)
{
  const pend2d_params *p = par;
  const double *R = s->aux;
  double c = p->m * p->g * p->l, e = 0;
  out[0] = s->t; out[1] = s->theta; out[2] = s->omega;
  for (int i = 0; i < 4; i++) out[3 + i] = R[i];
  out[7] = 0.5 * p->J * s->omega * s->omega + c * (1 - R[0]);
  double P[4] = {R[0] * R[0] + R[1] * R[1] - 1, R[0] * R[2] + R[1] * R[3],
                 R[2] * R[0] + R[3] * R[1], R[2] * R[2] + R[3] * R[3] - 1};
  for (int i = 0; i < 4; i++) e += P[i] * P[i];
  out[8] = sqrt(e);
}

static const lg_rowdef pend2d_gamma_row = {
  "t,theta,omega,Gamma1,Gamma2,energy,gamma_err", 7, row_gamma };
static const lg_rowdef pend2d_rot_row = {
  "t,theta,omega,R11,R12,R21,R22,energy,orth_err", 9, row_rot };

static pend2d_ws *ws_new(const pend2d_form *form, const void *par, const lg_opts *opt)
{
  pend2d_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->form = form;
  w->p = *(const pend2d_params *)par;
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  if (form && !(w->nw = newton_alloc(form->n, opt->newton_solver))) {
    free(w);
    return NULL;
  }
  return w;
}

static void ws_free(void *vw)
{
  pend2d_ws *w = vw;
  if (!w) return;
  if (w->nw) newton_free(w->nw);
  if (w->rk) rk_fixed_free(w->rk);
  if (w->ref) ref_free(w->ref);
  free(w);
}

static void ws_load(pend2d_ws *w, double theta, double omega)
{
  w->om = omega;
  w->th = theta;
  w->G[0] = sin(theta);
  w->G[1] = cos(theta);
  so2_exp(w->R, theta);
}

static void ws_output(pend2d_ws *w, lg_state *s)
{
  if (w->form && w->form->rep == REP_GAMMA) w->th = unwrap(w->th, atan2(w->G[0], w->G[1]));
  else if (w->form && w->form->rep == REP_ROT) w->th = unwrap(w->th, atan2(w->R[2], w->R[0]));
  pend2d_set_state(s, (double)w->k * w->h, w->th, w->om);
  if (w->form && w->form->rep == REP_GAMMA) {
    s->own = &pend2d_gamma_row;
    s->aux[0] = w->G[0];
    s->aux[1] = w->G[1];
  } else if (w->form && w->form->rep == REP_ROT) {
    s->own = &pend2d_rot_row;
    for (int i = 0; i < 4; i++) s->aux[i] = w->R[i];
  }
}

static int ws_init(void *vw, const void *par, double h, lg_state *s)
{
  pend2d_ws *w = vw;
  if (!(h > 0)) return LG_EINVAL;
  w->p = *(const pend2d_params *)par;
  w->c = w->p.m * w->p.g * w->p.l;
  w->h = h;
  w->k = 0;
  ws_load(w, w->p.theta0, w->p.omega0);
  w->y[0] = w->p.theta0;
  w->y[1] = w->p.omega0;
  w->tref = 0;
  ws_output(w, s);
  s->newton_iters = 0;
  s->newton_resid = 0;
  return LG_OK;
}

static int ws_step(void *vw, lg_state *s)
{
  pend2d_ws *w = vw;
  double x[5];
  int iters = 0;
  double resid = 0;
  w->form->guess(w, x);
  int st = newton_solve(w->nw, w->form->fdf, w, x, w->tol, w->maxiter, &iters, &resid);
  s->newton_iters = iters;
  s->newton_resid = resid;
  if (st != LG_OK) return LG_ENEWTON;
  w->form->commit(w, x);
  for (size_t i = 0; i < w->form->n; i++) w->xprev[i] = x[i];
  w->k++;
  ws_output(w, s);
  return LG_OK;
}
static void *alloc_rk4(const void *par, const lg_opts *opt)
{
  pend2d_ws *w = ws_new(NULL, par, opt);
  if (w && !(w->rk = rk_fixed_alloc(rk_classical4, 2, pend2d_rhs, &w->p))) {
    ws_free(w);
    return NULL;
  }
  return w;
}

static void *alloc_ref(const void *par, const lg_opts *opt)
{
  pend2d_ws *w = ws_new(NULL, par, opt);
  if (w && !(w->ref = ref_alloc(2, pend2d_rhs, &w->p, opt->ref_tol))) {
    ws_free(w);
    return NULL;
  }
  return w;
}

static void *alloc_exact(const void *par, const lg_opts *opt)
{
  return ws_new(NULL, par, opt);
}

static int step_rk4(void *vw, lg_state *s)
{
  pend2d_ws *w = vw;
  if (rk_fixed_step(w->rk, (double)w->k * w->h, w->h, w->y) != LG_OK) return LG_ESOLVER;
  w->k++;
  pend2d_set_state(s, (double)w->k * w->h, w->y[0], w->y[1]);
  return LG_OK;
}

static int step_ref(void *vw, lg_state *s)
{
  pend2d_ws *w = vw;
  int st = ref_advance(w->ref, &w->tref, (double)(w->k + 1) * w->h, w->y);
  if (st != LG_OK) {
    s->why = ref_why(w->ref);
    return st;
  }
  w->k++;
  pend2d_set_state(s, (double)w->k * w->h, w->y[0], w->y[1]);
  return LG_OK;
}

static int step_exact(void *vw, lg_state *s)
{
  pend2d_ws *w = vw;
  double th, om, t = (double)(w->k + 1) * w->h;
  int st = pend2d_exact(&w->p, t, &th, &om);
  if (st != LG_OK) return st;
  w->k++;
  pend2d_set_state(s, t, th, om);
  return LG_OK;
}
#define PEND2D_IMPLICIT(NAME, SRC, DOC)                                       \
  static void *alloc_##NAME(const void *par, const lg_opts *opt)            \
  {                                                                          \
    return ws_new(&form_##NAME, par, opt);                                   \
  }                                                                          \
  static const lg_scheme_type pend2d_##NAME = {                              \
    #NAME, "planar", SRC, DOC, 1, alloc_##NAME, ws_init, ws_step, ws_free };

PEND2D_IMPLICIT(angle, "sun2022 Eqs. 43-44",
                "angle form, unknowns omega_{k+1}, theta_{k+1} (implicit midpoint)")
PEND2D_IMPLICIT(angle_inc, "sun2022 Eqs. 46-47",
                "angle form, unknowns the increments (same map as angle)")
PEND2D_IMPLICIT(reduced, "sun2022 Eqs. 48-51",
                "reduced attitude Gamma = R^T e2, unknowns omega_{k+1}, Gamma_{k+1}")
PEND2D_IMPLICIT(reduced_inc, "sun2022 Eqs. 52-54",
                "reduced attitude, unknowns the increments (same map as reduced)")
PEND2D_IMPLICIT(fform, "sun2022 Eqs. 55-57", "R_{k+1} = R_k F_k, unknowns Delta omega and the "
                                             "columns of F_k (same map as reduced)")
PEND2D_IMPLICIT(complete, "sun2022 Eqs. 58, 59, 61",
                "complete Lie group, both rows of R, unknowns the new state")
PEND2D_IMPLICIT(complete_inc, "sun2022 Eqs. 60-61",
                "complete Lie group, unknowns the increments (same map as complete)")
PEND2D_IMPLICIT(liealg, "sun2022 Eqs. 62, 63, 65", "Lie algebra (exponential), unknowns "
                                                   "omega_{k+1}, theta_{k+1} (same map as angle)")
PEND2D_IMPLICIT(liealg_inc, "sun2022 Eqs. 64, 66",
                "Lie algebra (exponential), unknowns the increments, state R_k")
PEND2D_IMPLICIT(cayley, "sun2022 Eq. 67 in Eq. 64",
                "Lie algebra increments with the Cayley retraction (our completion)")

static const lg_scheme_type pend2d_rk4 = {
  "rk4", "planar", "classical RK4", "classical fourth-order Runge-Kutta on (theta, omega)",
  0, alloc_rk4, ws_init, step_rk4, ws_free };
static const lg_scheme_type pend2d_ref = {
  "ref", "planar", "rk8pd", "adaptive rk8pd reference at opt->ref_tol",
  0, alloc_ref, ws_init, step_ref, ws_free };
static const lg_scheme_type pend2d_exact_scheme = {
  "exact", "planar", "Jacobi elliptic functions", "exact solution (the standard results)",
  0, alloc_exact, ws_init, step_exact, ws_free };

const lg_scheme_type *const pend2d_schemes[] = {
  &pend2d_angle, &pend2d_angle_inc, &pend2d_reduced, &pend2d_reduced_inc,
  &pend2d_fform, &pend2d_complete, &pend2d_complete_inc, &pend2d_liealg,
  &pend2d_liealg_inc, &pend2d_cayley, &pend2d_rk4, &pend2d_ref,
  &pend2d_exact_scheme, NULL
};
size_t pend2d_ws_dim(const void *ws)
{
  const pend2d_ws *w = ws;
  return w->form ? w->form->n : 0;
}

int pend2d_ws_load(void *ws, double theta, double omega)
{
  pend2d_ws *w = ws;
  if (!w->form) return LG_EINVAL;
  ws_load(w, theta, omega);
  return LG_OK;
}

int pend2d_ws_unknowns(const void *ws, double theta1, double omega1, double *x)
{
  const pend2d_ws *w = ws;
  if (!w->form) return LG_EINVAL;
  w->form->unknowns(w, theta1, omega1, x);
  return LG_OK;
}

int pend2d_ws_fdf(const double *x, void *ws, double *f, double *J)
{
  pend2d_ws *w = ws;
  if (!w->form) return LG_EINVAL;
  return w->form->fdf(x, ws, f, J);
}
int pend2d_ws_set_warm(void *ws, int on)
{
  pend2d_ws *w = ws;
  if (!w->form) return LG_EINVAL;
  w->warm = on;
  return LG_OK;
}
