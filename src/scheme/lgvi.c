/* lgvi.c: the LGVI core and the schemes of bai2015 and moiseev2024. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "scheme/lgvi.h"
#include "model/offsetbody.h"
#include "lie/so3.h"
#include "num/rk.h"
#include "model/heavytop.h"

void lgvi_torque(double M[3], double mg, const double rho[3], const double gdir[3],
                 const double R[9])
{
  double gb[3];
  so3_mtv(gb, R, gdir);
  so3_cross(M, rho, gb);
  for (int i = 0; i < 3; i++) M[i] *= mg;
}
int lgvi_cay_fdf(const double *f, void *eq, double *G, double *DG)
{
  const lgvi_eq *q = eq;
  const double *a = q->a;
  double axf[3], af = so3_dot(a, f);
  so3_cross(axf, a, f);
  for (int i = 0; i < 3; i++) G[i] = a[i] + axf[i] + af * f[i] - 2 * q->J[i] * f[i];
  if (DG) {
    so3_hat(DG, a);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) DG[3 * i + j] += f[i] * a[j];
      DG[4 * i] += af - 2 * q->J[i];
    }
  }
  return 0;
}
void lgvi_exp_coef(double c[4], double theta)
{
  c[0] = so3_sinc(theta);
  c[1] = so3_cosc(theta);
  if (theta > 0) {
    c[2] = so3_sinc_d(theta) / theta;
    c[3] = so3_cosc_d(theta) / theta;
  } else {
    c[2] = -1.0 / 3.0;
    c[3] = -1.0 / 12.0;
  }
}
static inline void exp_jacobian(double *DG, const double *f, const lgvi_eq *q, const double k[4],
                         const double Jf[3], const double fxJf[3])
{
  const double *J = q->J, s = k[0], c = k[1];
  const double a0 = k[2] * Jf[0] + k[3] * fxJf[0], a1 = k[2] * Jf[1] + k[3] * fxJf[1],
               a2 = k[2] * Jf[2] + k[3] * fxJf[2];
  /* (s'/t (J f) + c'/t (f x J f)) f^T + s J, written out */
  DG[0] = a0 * f[0] + s * J[0]; DG[1] = a0 * f[1];             DG[2] = a0 * f[2];
  DG[3] = a1 * f[0];             DG[4] = a1 * f[1] + s * J[1]; DG[5] = a1 * f[2];
  DG[6] = a2 * f[0];             DG[7] = a2 * f[1];             DG[8] = a2 * f[2] + s * J[2];
  /* c (hat(f) J - hat(J f)), written out */
  DG[1] += c * (-f[2] * J[1] + Jf[2]);
  DG[2] += c * (f[1] * J[2] - Jf[1]);
  DG[3] += c * (f[2] * J[0] - Jf[2]);
  DG[5] += c * (-f[0] * J[2] + Jf[0]);
  DG[6] += c * (-f[1] * J[0] + Jf[1]);
  DG[7] += c * (f[0] * J[1] - Jf[0]);
}

int lgvi_exp_fdf(const double *f, void *eq, double *G, double *DG)
{
  lgvi_eq *q = eq;
  const double *a = q->a;
  double k[4], fxJf[3], t = so3_norm(f);
  const double Jf[3] = {q->J[0] * f[0], q->J[1] * f[1], q->J[2] * f[2]};
  so3_sinc_cosc(k, t, DG != NULL);
  so3_cross(fxJf, f, Jf);
  G[0] = k[0] * Jf[0] + k[1] * fxJf[0] - a[0];    /* three lines: GCC -O2 */
  G[1] = k[0] * Jf[1] + k[1] * fxJf[1] - a[1];    /* keeps a loop of three */
  G[2] = k[0] * Jf[2] + k[1] * fxJf[2] - a[2];    /* rolled */
  q->fc[0] = f[0]; q->fc[1] = f[1]; q->fc[2] = f[2];  /* remembered for F = exp(f) */
  q->sc[0] = k[0];
  q->sc[1] = k[1];
  if (DG) exp_jacobian(DG, f, q, k, Jf, fxJf);
  return 0;
}
int lgvi_exp_direct(double f[3], lgvi_eq *eq, double tol, int maxiter,
                    int *iters, double *resid)
{
  double G[3], D[9], step = HUGE_VAL, stepprev = 0, rprev = HUGE_VAL;
  int it = 0;
  for (;;) {
    double r, det, C[9], k[4], Jf[3], fxJf[3], t = so3_norm(f);
    k[0] = so3_sinc(t);
    k[1] = so3_cosc(t);
    for (int i = 0; i < 3; i++) Jf[i] = eq->J[i] * f[i];
    so3_cross(fxJf, f, Jf);
    for (int i = 0; i < 3; i++) G[i] = k[0] * Jf[i] + k[1] * fxJf[i] - eq->a[i];
    memcpy(eq->fc, f, sizeof eq->fc);
    eq->sc[0] = k[0];
    eq->sc[1] = k[1];
    r = fmax(fabs(G[0]), fmax(fabs(G[1]), fabs(G[2])));
    /* tol > 0: a residual test; tol = 0: to round-off, as the Newton layer */
    double floor = 4 * DBL_EPSILON * fmax(1.0, so3_norm(f));
    double theta = stepprev > 0 && step < HUGE_VAL ? step / stepprev : 1;
    int done = tol > 0 ? r < tol
                       : r == 0 || step <= floor || (theta < 0.5 && theta / (1 - theta) * step <= floor)
                         || (r >= rprev && r < 1e-9);
    rprev = r;
    if (done || it >= maxiter) {
      *iters = it;
      *resid = r;
      return done ? LG_OK : LG_ENEWTON;
    }
    if (t > 0) {                                 /* derivatives only when needed */
      k[2] = so3_sinc_d(t) / t;
      k[3] = so3_cosc_d(t) / t;
    } else {
      k[2] = -1.0 / 3.0;
      k[3] = -1.0 / 12.0;
    }
    exp_jacobian(D, f, eq, k, Jf, fxJf);
    /* cofactors: inverse = C^T / det */
    C[0] = D[4] * D[8] - D[5] * D[7];
    C[1] = D[5] * D[6] - D[3] * D[8];
    C[2] = D[3] * D[7] - D[4] * D[6];
    C[3] = D[2] * D[7] - D[1] * D[8];
    C[4] = D[0] * D[8] - D[2] * D[6];
    C[5] = D[1] * D[6] - D[0] * D[7];
    C[6] = D[1] * D[5] - D[2] * D[4];
    C[7] = D[2] * D[3] - D[0] * D[5];
    C[8] = D[0] * D[4] - D[1] * D[3];
    det = D[0] * C[0] + D[1] * C[1] + D[2] * C[2];
    if (det == 0) {
      *iters = it;
      *resid = r;
      return LG_ENEWTON;
    }
    stepprev = step < HUGE_VAL ? step : 0;
    step = 0;
    for (int i = 0; i < 3; i++) {
      double d = (C[i] * G[0] + C[3 + i] * G[1] + C[6 + i] * G[2]) / det;
      f[i] -= d;
      step = fmax(step, fabs(d));
    }
    it++;
  }
}
int lgvi_rot_init(lgvi_rot *w, int map, double mg, const double gdir[3],
                  const double rho[3], const double J[3], const lg_opts *opt)
{
  memset(w, 0, sizeof *w);
  w->map = map;
  w->mg = mg;
  memcpy(w->gdir, gdir, 3 * sizeof(double));
  memcpy(w->rho, rho, 3 * sizeof(double));
  memcpy(w->J, J, 3 * sizeof(double));
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  if (map != LGVI_EXP_DIRECT) {
    w->nw = newton_alloc(3, opt->newton_solver);
    if (!w->nw) return LG_ENOMEM;
  }
  return LG_OK;
}

void lgvi_rot_set(lgvi_rot *w, const double R[9], const double W[3])
{
  memcpy(w->R, R, 9 * sizeof(double));
  for (int i = 0; i < 3; i++) w->Pi[i] = w->J[i] * W[i];
  lgvi_torque(w->M, w->mg, w->rho, w->gdir, w->R);
  w->nh = 0;
}

void lgvi_rot_free(lgvi_rot *w)
{
  if (w->nw) newton_free(w->nw);
  w->nw = NULL;
}
int lgvi_rot_step(lgvi_rot *w, double h, double F[9], int *iters, double *resid)
{
  lgvi_eq q = {{0}, {0}, {NAN, NAN, NAN}, {0}};
  double f[3], u[3], Mn[3];
  int st;
  memcpy(q.J, w->J, sizeof q.J);
  for (int i = 0; i < 3; i++) {
    q.a[i] = h * w->Pi[i] + 0.5 * h * h * w->M[i];
    if (w->nh == 3)                                  /* quadratic extrapolation */
      f[i] = 3 * w->fh[0][i] - 3 * w->fh[1][i] + w->fh[2][i];
    else
      f[i] = q.a[i] / (w->map == LGVI_CAYLEY ? 2 * w->J[i] : w->J[i]);
  }
  if (w->map == LGVI_EXP_DIRECT)
    st = lgvi_exp_direct(f, &q, w->tol, w->maxiter, iters, resid);
  else
    st = newton_solve(w->nw, w->map == LGVI_CAYLEY ? lgvi_cay_fdf : lgvi_exp_fdf, &q, f,
                      w->tol, w->maxiter, iters, resid);
  if (st != LG_OK) return st;
  memcpy(w->f, f, sizeof w->f);
  memcpy(w->fh[2], w->fh[1], sizeof w->fh[0]);     /* fixed copies, not a call */
  memcpy(w->fh[1], w->fh[0], sizeof w->fh[0]);
  memcpy(w->fh[0], f, sizeof w->fh[0]);
  if (w->nh < 3) w->nh++;
  if (w->map == LGVI_CAYLEY) so3_cay(F, f);
  else if (memcmp(q.fc, f, sizeof q.fc) == 0) {
    /* F = I + s hat(f) + c hat(f)^2, with hat(f)^2 = f f^T - |f|^2 I */
    const double sn = q.sc[0], c = q.sc[1], t2 = so3_dot(f, f), d = 1 - c * t2;
    const double c0 = c * f[0], c1 = c * f[1], c2 = c * f[2];
    F[0] = c0 * f[0] + d;       F[1] = c0 * f[1] - sn * f[2]; F[2] = c0 * f[2] + sn * f[1];
    F[3] = c1 * f[0] + sn * f[2]; F[4] = c1 * f[1] + d;       F[5] = c1 * f[2] - sn * f[0];
    F[6] = c2 * f[0] - sn * f[1]; F[7] = c2 * f[1] + sn * f[0]; F[8] = c2 * f[2] + d;
  } else so3_exp(F, f);
  so3_mul(w->R, w->R, F);                                   /* Eq. (49) */
  lgvi_torque(Mn, w->mg, w->rho, w->gdir, w->R);
  u[0] = w->Pi[0] + 0.5 * h * w->M[0];
  u[1] = w->Pi[1] + 0.5 * h * w->M[1];
  u[2] = w->Pi[2] + 0.5 * h * w->M[2];
  so3_mtv(w->Pi, F, u);                                     /* Eq. (45) */
  w->Pi[0] += 0.5 * h * Mn[0]; w->Pi[1] += 0.5 * h * Mn[1]; w->Pi[2] += 0.5 * h * Mn[2];
  w->M[0] = Mn[0]; w->M[1] = Mn[1]; w->M[2] = Mn[2];
  return LG_OK;
}
enum { OB_LGVI_CAY, OB_LGVI_EXP, OB_LGRK3, OB_RK3, OB_REF };

typedef struct {
  int kind;              /* one of OB_* */
  ob_params p;           /* private copy of the parameters */
  double h;              /* step size */
  long k;                /* steps taken */
  lgvi_rot rot;          /* LGVI: rotation, momentum, Newton workspace */
  double b[3], pb[3];    /* LGVI: position and spatial linear momentum */
  double R[9], X[9];     /* Lie group RK3: rotation and X = (b, P, Pi) */
  double y[18];          /* RK3 and reference: (R rows, W, b, bdot) */
  double tref;           /* reference: time reached */
  rk_fixed *rk;          /* RK3 driver */
  ref_solver *ref;       /* reference solver */
} ob_ws;

static void *ob_alloc_kind(int kind, const void *par, const lg_opts *opt)
{
  ob_ws *w = calloc(1, sizeof *w);
  int st = LG_OK;
  if (!w) return NULL;
  w->kind = kind;
  memcpy(&w->p, par, sizeof w->p);
  if (kind == OB_LGVI_CAY || kind == OB_LGVI_EXP)
    st = lgvi_rot_init(&w->rot, kind == OB_LGVI_CAY ? LGVI_CAYLEY : LGVI_EXP,
                       w->p.m * w->p.g, w->p.gdir_rot, w->p.r, w->p.J, opt);
  else if (kind == OB_RK3) {
    w->rk = rk_fixed_alloc(rk_classical3, 18, ob_rhs18, &w->p);
    if (!w->rk) st = LG_ENOMEM;
  } else if (kind == OB_REF) {
    w->ref = ref_alloc(18, ob_rhs18, &w->p, opt->ref_tol);
    if (!w->ref) st = LG_ENOMEM;
  }
  if (st != LG_OK) {
    lgvi_rot_free(&w->rot);
    free(w);
    return NULL;
  }
  return w;
}

static void ob_free(void *ws)
{
  ob_ws *w = ws;
  if (!w) return;
  lgvi_rot_free(&w->rot);
  if (w->rk) rk_fixed_free(w->rk);
  if (w->ref) ref_free(w->ref);
  free(w);
}

static void *ob_alloc_cay(const void *par, const lg_opts *opt)
{
  return ob_alloc_kind(OB_LGVI_CAY, par, opt);
}
static void *ob_alloc_exp(const void *par, const lg_opts *opt)
{
  return ob_alloc_kind(OB_LGVI_EXP, par, opt);
}
static void *ob_alloc_lgrk3(const void *par, const lg_opts *opt)
{
  return ob_alloc_kind(OB_LGRK3, par, opt);
}
static void *ob_alloc_rk3(const void *par, const lg_opts *opt)
{
  return ob_alloc_kind(OB_RK3, par, opt);
}
static void *ob_alloc_ref(const void *par, const lg_opts *opt)
{
  return ob_alloc_kind(OB_REF, par, opt);
}
static void ob_state(const ob_ws *w, lg_state *s);

static int ob_init(void *ws, const void *par, double h, lg_state *s)
{
  ob_ws *w = ws;
  const ob_params *p = &w->p;
  (void)par;
  w->h = h;
  w->k = 0;
  w->tref = 0;
  switch (w->kind) {
  case OB_LGVI_CAY:
  case OB_LGVI_EXP:
    lgvi_rot_set(&w->rot, p->R0, p->W0);
    memcpy(w->b, p->b0, sizeof w->b);
    so3_mv(w->pb, p->R0, p->v0);
    for (int i = 0; i < 3; i++) w->pb[i] *= p->m;
    break;
  case OB_LGRK3:
    memcpy(w->R, p->R0, sizeof w->R);
    for (int i = 0; i < 3; i++) {
      w->X[i] = p->b0[i];
      w->X[3 + i] = p->m * p->v0[i];
      w->X[6 + i] = p->J[i] * p->W0[i];
    }
    break;
  default:
    memcpy(w->y, p->R0, 9 * sizeof(double));
    memcpy(w->y + 9, p->W0, 3 * sizeof(double));
    memcpy(w->y + 12, p->b0, 3 * sizeof(double));
    so3_mv(w->y + 15, p->R0, p->v0);
  }
  ob_state(w, s);
  s->newton_iters = 0;
  s->newton_resid = 0;
  return LG_OK;
}
static void ob_state(const ob_ws *w, lg_state *s)
{
  const ob_params *p = &w->p;
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  switch (w->kind) {
  case OB_LGVI_CAY:
  case OB_LGVI_EXP:
    memcpy(s->R, w->rot.R, 9 * sizeof(double));
    for (int i = 0; i < 3; i++) s->W[i] = w->rot.Pi[i] / p->J[i];
    memcpy(s->x, w->b, 3 * sizeof(double));
    so3_mtv(s->v, w->rot.R, w->pb);
    for (int i = 0; i < 3; i++) s->v[i] /= p->m;
    break;
  case OB_LGRK3:
    memcpy(s->R, w->R, 9 * sizeof(double));
    for (int i = 0; i < 3; i++) {
      s->W[i] = w->X[6 + i] / p->J[i];
      s->x[i] = w->X[i];
      s->v[i] = w->X[3 + i] / p->m;
    }
    break;
  default:
    memcpy(s->R, w->y, 9 * sizeof(double));
    memcpy(s->W, w->y + 9, 3 * sizeof(double));
    memcpy(s->x, w->y + 12, 3 * sizeof(double));
    so3_mtv(s->v, w->y, w->y + 15);
  }
}
static void ob_slope(double KX[9], double KR[9], const ob_params *p,
                     const double X[9], const double R[9])
{
  double W[3], Wh[9], gb[3], c[3], tau[3];
  for (int i = 0; i < 3; i++) W[i] = X[6 + i] / p->J[i];
  so3_mv(KX, R, X + 3);                                 /* db = R P / m */
  so3_mtv(gb, R, p->gdir_tr);
  so3_cross(c, W, X + 3);
  for (int i = 0; i < 3; i++) {
    KX[i] /= p->m;
    KX[3 + i] = p->m * p->g * gb[i] - c[i];            /* dP, Eq. (30) */
  }
  so3_cross(c, X + 6, W);
  ob_torque(tau, p, R);
  for (int i = 0; i < 3; i++) KX[6 + i] = c[i] + tau[i];  /* dPi, Eq. (29) */
  so3_hat(Wh, W);
  so3_mul(KR, R, Wh);                                   /* dR = R hat(W) */
}

static void ob_lgrk3_step(ob_ws *w)
{
  const double h = w->h;
  double K1X[9], K1R[9], K2X[9], K2R[9], K3X[9], K3R[9], X2[9], R2[9];
  ob_slope(K1X, K1R, &w->p, w->X, w->R);
  for (int i = 0; i < 9; i++) {
    X2[i] = w->X[i] + 0.5 * h * K1X[i];
    R2[i] = w->R[i] + 0.5 * h * K1R[i];
  }
  ob_slope(K2X, K2R, &w->p, X2, R2);
  for (int i = 0; i < 9; i++) {
    X2[i] = w->X[i] - h * K1X[i] + 2 * h * K2X[i];
    R2[i] = w->R[i] - h * K1R[i] + 2 * h * K2R[i];
  }
  ob_slope(K3X, K3R, &w->p, X2, R2);
  for (int i = 0; i < 9; i++) {
    w->X[i] += h / 6 * (K1X[i] + 4 * K2X[i] + K3X[i]);
    w->R[i] += h / 6 * (K1R[i] + 4 * K2R[i] + K3R[i]);
  }
}
static int ob_step(void *ws, lg_state *s)
{
  ob_ws *w = ws;
  int st = LG_OK, it = 0;
  double resid = 0, F[9];
  switch (w->kind) {
  case OB_LGVI_CAY:
  case OB_LGVI_EXP:
    st = lgvi_rot_step(&w->rot, w->h, F, &it, &resid);
    if (st != LG_OK) {
      s->newton_iters = it;
      s->newton_resid = resid;
      return st;
    }
    for (int i = 0; i < 3; i++) {                          /* Eq. (48) */
      w->b[i] += w->h / w->p.m * w->pb[i] + 0.5 * w->h * w->h * w->p.g * w->p.gdir_tr[i];
      w->pb[i] += w->h * w->p.m * w->p.g * w->p.gdir_tr[i];
    }
    break;
  case OB_LGRK3:
    ob_lgrk3_step(w);
    break;
  case OB_RK3:
    st = rk_fixed_step(w->rk, (double)w->k * w->h, w->h, w->y);
    break;
  default:
    st = ref_advance(w->ref, &w->tref, (double)(w->k + 1) * w->h, w->y);
    if (st != LG_OK) s->why = ref_why(w->ref);
  }
  if (st != LG_OK) return st;
  w->k++;
  ob_state(w, s);
  s->newton_iters = it;
  s->newton_resid = resid;
  return LG_OK;
}
static const lg_scheme_type ob_lgvi_cayley = {
  "lgvi-cayley", "offsetbody", "bai2015 Eqs. 43-49, 60-65",
  "Lie group variational integrator, Cayley parameter, Newton (GSL multiroot)",
  1, ob_alloc_cay, ob_init, ob_step, ob_free
};
static const lg_scheme_type ob_lgvi_exp = {
  "lgvi-exp", "offsetbody", "bai2015 Eqs. 43-49 solved as moiseev2024 Fig. 4",
  "Lie group variational integrator, exponential parameter, Newton (GSL multiroot)",
  1, ob_alloc_exp, ob_init, ob_step, ob_free
};
static const lg_scheme_type ob_lgrk3 = {
  "lgrk3", "offsetbody", "bai2015 Eqs. 56-59",
  "Lie group RK3 as printed: Kutta's tableau on (b, P, Pi) and on R's nine entries",
  0, ob_alloc_lgrk3, ob_init, ob_step, ob_free
};
static const lg_scheme_type ob_rk3 = {
  "rk3", "offsetbody", "bai2015 Eqs. 54-55",
  "Kutta's RK3 on the 18-number form (R rows, W, b, bdot)",
  0, ob_alloc_rk3, ob_init, ob_step, ob_free
};
static const lg_scheme_type ob_ref = {
  "ref", "offsetbody", "package reference",
  "adaptive rk8pd on the 18-number form at opt->ref_tol",
  0, ob_alloc_ref, ob_init, ob_step, ob_free
};
typedef struct {
  ht_params p;           /* private copy of the parameters */
  double h;              /* step size */
  long k;                /* steps taken */
  lgvi_rot rot;          /* rotation, momentum, Newton workspace */
} htl_ws;

static void *htl_alloc_map(int map, const void *par, const lg_opts *opt)
{
  htl_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  memcpy(&w->p, par, sizeof w->p);
  if (lgvi_rot_init(&w->rot, map, w->p.m * w->p.g, w->p.gdir, w->p.rho, w->p.J, opt) != LG_OK) {
    free(w);
    return NULL;
  }
  return w;
}
static void *htl_alloc_exp(const void *par, const lg_opts *opt)
{
  return htl_alloc_map(LGVI_EXP, par, opt);
}
static void *htl_alloc_cay(const void *par, const lg_opts *opt)
{
  return htl_alloc_map(LGVI_CAYLEY, par, opt);
}
static void *htl_alloc_dir(const void *par, const lg_opts *opt)
{
  return htl_alloc_map(LGVI_EXP_DIRECT, par, opt);
}

static void htl_free(void *ws)
{
  htl_ws *w = ws;
  if (!w) return;
  lgvi_rot_free(&w->rot);
  free(w);
}

static void htl_state(const htl_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  memcpy(s->R, w->rot.R, 9 * sizeof(double));
  for (int i = 0; i < 3; i++) {
    s->W[i] = w->rot.Pi[i] / w->p.J[i];
    s->x[i] = s->v[i] = NAN;
  }
}

static int htl_init(void *ws, const void *par, double h, lg_state *s)
{
  htl_ws *w = ws;
  (void)par;
  w->h = h;
  w->k = 0;
  lgvi_rot_set(&w->rot, w->p.R0, w->p.W0);
  htl_state(w, s);
  s->newton_iters = 0;
  s->newton_resid = 0;
  return LG_OK;
}

static int htl_step(void *ws, lg_state *s)
{
  htl_ws *w = ws;
  double F[9];
  int it = 0, st = lgvi_rot_step(&w->rot, w->h, F, &it, &s->newton_resid);
  s->newton_iters = it;
  if (st != LG_OK) return st;
  w->k++;
  htl_state(w, s);
  return LG_OK;
}

static const lg_scheme_type htl_exp = {
  "lgvi-exp", "heavytop", "moiseev2024 Fig. 4 (corrected)",
  "Lie group variational integrator, exponential parameter, Newton (GSL multiroot)",
  1, htl_alloc_exp, htl_init, htl_step, htl_free
};
static const lg_scheme_type htl_cay = {
  "lgvi-cayley", "heavytop", "bai2015 Eqs. 43-45, 60-65 on the heavy top",
  "Lie group variational integrator, Cayley parameter, Newton (GSL multiroot)",
  1, htl_alloc_cay, htl_init, htl_step, htl_free
};
static const lg_scheme_type htl_dir = {
  "lgvi-exp-direct", "heavytop", "moiseev2024 Fig. 4, hand-written 3x3 Newton",
  "exponential LGVI with a fixed-size Newton step (Cramer's rule), no GSL",
  1, htl_alloc_dir, htl_init, htl_step, htl_free
};
const lg_scheme_type *const lgvi_schemes[] = {
  &ob_lgvi_cayley, &ob_lgvi_exp, &ob_lgrk3, &ob_rk3, &ob_ref,
  &htl_exp, &htl_cay, &htl_dir, NULL
};
