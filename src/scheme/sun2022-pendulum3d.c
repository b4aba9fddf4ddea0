/* sun2022-pendulum3d.c: the five 3D pendulum schemes of sun2022, Eqs. 69-87. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lie/so3.h"
#include "scheme/sun2022-pendulum3d.h"

void p3d_gamma(double G[3], const double gdir[3], const double R[9])
{
  for (int j = 0; j < 3; j++) {
    G[j] = 0.0;
    for (int i = 0; i < 3; i++)
      if (gdir[i] != 0.0) G[j] += gdir[i] * R[3*i+j];
  }
}

void p3d_cardan_angles(double a[3], const double R[9])
{
  /* R = Rx(a0) Ry(a1) Rz(a2): R13 = sin a1, R23 = -sin a0 cos a1,
     R33 = cos a0 cos a1, R12 = -cos a1 sin a2, R11 = cos a1 cos a2 */
  double s = R[2] > 1.0 ? 1.0 : (R[2] < -1.0 ? -1.0 : R[2]);
  a[1] = asin(s);
  a[0] = atan2(-R[5], R[8]);
  a[2] = atan2(-R[1], R[0]);
}

void p3d_point_set(p3d_point *pt, const double gdir[3], const double R[9],
                   const double W[3])
{
  memcpy(pt->W, W, sizeof pt->W);
  memcpy(pt->G, R, sizeof pt->G);
  p3d_gamma(pt->Gg, gdir, R);
  p3d_cardan_angles(pt->th, R);
}

double p3d_energy(const ht_params *p, const double R[9], const double W[3])
{
  double G[3], e = 0.0;
  p3d_gamma(G, p->gdir, R);
  for (int i = 0; i < 3; i++)
    e += 0.5 * p->J[i] * W[i] * W[i] - p->m * p->g * p->rho[i] * G[i];
  return e;
}

double p3d_lvert(const ht_params *p, const double R[9], const double W[3])
{
  double G[3], l = 0.0;
  p3d_gamma(G, p->gdir, R);
  for (int i = 0; i < 3; i++) l -= p->J[i] * W[i] * G[i];
  return l;
}
/* s = 2 W_k + dW, the sum of the angular velocities at both ends */
static void p3d_sum_w(double s[3], const p3d_step *st, const double dW[3])
{
  for (int i = 0; i < 3; i++) s[i] = 2.0 * st->W[i] + dW[i];
}

/* f_w = 4 J dW + h s x J s - 2 h m g rho x Gsum, Gsum = Gamma_k + Gamma_k+1 */
static void p3d_res_w(double f[3], const p3d_step *st, const double dW[3],
                      const double Gsum[3])
{
  const ht_params *p = &st->p;
  double s[3], Js[3], sJs[3], rG[3];
  p3d_sum_w(s, st, dW);
  for (int i = 0; i < 3; i++) Js[i] = p->J[i] * s[i];
  so3_cross(sJs, s, Js);
  so3_cross(rG, p->rho, Gsum);
  for (int i = 0; i < 3; i++)
    f[i] = 4.0 * p->J[i] * dW[i] + st->h * sJs[i]
           - 2.0 * st->h * p->m * p->g * rG[i];
}

/* d f_w / d dW = 4 J + h (S(s) J - S(J s)) */
static void p3d_jac_w_w(double A[9], const p3d_step *st, const double dW[3])
{
  const ht_params *p = &st->p;
  double s[3], Js[3], Ss[9], SJs[9];
  p3d_sum_w(s, st, dW);
  for (int i = 0; i < 3; i++) Js[i] = p->J[i] * s[i];
  so3_hat(Ss, s);
  so3_hat(SJs, Js);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      A[3*i+j] = (i == j ? 4.0 * p->J[i] : 0.0)
                 + st->h * (Ss[3*i+j] * p->J[j] - SJs[3*i+j]);
}

/* d f_w / d Gamma_k+1 = -2 h m g S(rho), times a weight c */
static void p3d_jac_w_g(double A[9], const p3d_step *st, double c)
{
  double Sr[9];
  so3_hat(Sr, st->p.rho);
  for (int i = 0; i < 9; i++)
    A[i] = -2.0 * c * st->h * st->p.m * st->p.g * Sr[i];
}

/* f_G = 4 (G1 - G0) + h s x (G0 + G1) */
static void p3d_res_g(double f[3], const p3d_step *st, const double dW[3],
                      const double G0[3], const double G1[3])
{
  double s[3], Gs[3], c[3];
  p3d_sum_w(s, st, dW);
  for (int i = 0; i < 3; i++) Gs[i] = G0[i] + G1[i];
  so3_cross(c, s, Gs);
  for (int i = 0; i < 3; i++) f[i] = 4.0 * (G1[i] - G0[i]) + st->h * c[i];
}

/* d f_G / d dW = -h S(G0 + G1) */
static void p3d_jac_g_w(double A[9], const p3d_step *st,
                        const double G0[3], const double G1[3])
{
  double Gs[3];
  for (int i = 0; i < 3; i++) Gs[i] = G0[i] + G1[i];
  so3_hat(A, Gs);
  for (int i = 0; i < 9; i++) A[i] *= -st->h;
}

/* d f_G / d G1 = 4 I + h S(s) */
static void p3d_jac_g_g(double A[9], const p3d_step *st, const double dW[3])
{
  double s[3];
  p3d_sum_w(s, st, dW);
  so3_hat(A, s);
  for (int i = 0; i < 9; i++) A[i] *= st->h;
  for (int i = 0; i < 3; i++) A[4*i] += 4.0;
}

/* copy a 3x3 block into the n x n Jacobian at block row r, block column c */
static void p3d_block(double *Jm, size_t n, int r, int c, const double B[9])
{
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      Jm[(size_t)(3*r+i) * n + (size_t)(3*c+j)] = B[3*i+j];
}
/* residual and Jacobian at (dW, G1), for unknowns that are these up to a translation */
static inline int p3d_fdf_at(const p3d_step *st, const double *dW, const double *G1,
                             double *f, double *Jm)
{
  const double *G0 = st->pt.Gg;
  double Gs[3], A[9];
  for (int i = 0; i < 3; i++) Gs[i] = G0[i] + G1[i];
  p3d_res_w(f, st, dW, Gs);
  p3d_res_g(f + 3, st, dW, G0, G1);
  if (Jm) {
    p3d_jac_w_w(A, st, dW);     p3d_block(Jm, 6, 0, 0, A);
    p3d_jac_w_g(A, st, 1.0);    p3d_block(Jm, 6, 0, 1, A);
    p3d_jac_g_w(A, st, G0, G1); p3d_block(Jm, 6, 1, 0, A);
    p3d_jac_g_g(A, st, dW);     p3d_block(Jm, 6, 1, 1, A);
  }
  return 0;
}
static int p3d_fdf_f(const double *x, void *params, double *f, double *Jm)
{
  return p3d_fdf_at(params, x, x + 3, f, Jm);
}

static void p3d_x_f(double *x, const p3d_step *st, const p3d_point *q)
{
  for (int i = 0; i < 3; i++) { x[i] = q->W[i] - st->W[i]; x[3+i] = q->Gg[i]; }
}

/* omega_k+1 from dW; R_k+1 = R_k cay(h s / 4), Eq. (69); Gamma from R_k+1 */
static void p3d_next_f(p3d_point *q, const p3d_step *st, const double *x)
{
  double s[3], a[3], F[9];
  p3d_sum_w(s, st, x);
  for (int i = 0; i < 3; i++) { q->W[i] = st->W[i] + x[i]; a[i] = 0.25 * st->h * s[i]; }
  so3_cay(F, a);
  so3_mul(q->G, st->pt.G, F);
  p3d_gamma(q->Gg, st->p.gdir, q->G);
}
static int p3d_fdf_ra(const double *x, void *params, double *f, double *Jm)
{
  const p3d_step *st = params;
  double dW[3];
  for (int i = 0; i < 3; i++) dW[i] = x[i] - st->W[i];
  return p3d_fdf_at(st, dW, x + 3, f, Jm);
}

static void p3d_x_ra(double *x, const p3d_step *st, const p3d_point *q)
{
  (void)st;
  memcpy(x, q->W, 3 * sizeof(double));
  memcpy(x + 3, q->Gg, 3 * sizeof(double));
}

static void p3d_next_ra(p3d_point *q, const p3d_step *st, const double *x)
{
  (void)st;
  memcpy(q->W, x, 3 * sizeof(double));
  memcpy(q->Gg, x + 3, 3 * sizeof(double));
}
static int p3d_fdf_rainc(const double *x, void *params, double *f, double *Jm)
{
  const p3d_step *st = params;
  double G1[3];
  for (int i = 0; i < 3; i++) G1[i] = st->pt.Gg[i] + x[3+i];
  return p3d_fdf_at(st, x, G1, f, Jm);
}

static void p3d_x_rainc(double *x, const p3d_step *st, const p3d_point *q)
{
  for (int i = 0; i < 3; i++) {
    x[i] = q->W[i] - st->W[i];
    x[3+i] = q->Gg[i] - st->pt.Gg[i];
  }
}

static void p3d_next_rainc(p3d_point *q, const p3d_step *st, const double *x)
{
  for (int i = 0; i < 3; i++) {
    q->W[i] = st->W[i] + x[i];
    q->Gg[i] = st->pt.Gg[i] + x[3+i];
  }
}
static int p3d_fdf_clg(const double *x, void *params, double *f, double *Jm)
{
  const p3d_step *st = params;
  const double *dW = x, *d = st->p.gdir;
  double Gs[3] = {0, 0, 0}, G0[3], G1[3], A[9];
  for (int r = 0; r < 3; r++)
    for (int j = 0; j < 3; j++)
      Gs[j] += d[r] * (2.0 * st->pt.G[3*r+j] + x[3+3*r+j]);
  double Awg[9], Agg[9];
  p3d_res_w(f, st, dW, Gs);
  if (Jm) {
    memset(Jm, 0, 144 * sizeof(double));
    p3d_jac_w_w(A, st, dW); p3d_block(Jm, 12, 0, 0, A);
    p3d_jac_w_g(Awg, st, 1.0);          /* scaled by d_r below */
    p3d_jac_g_g(Agg, st, dW);           /* the same for every row */
  }
  for (int r = 0; r < 3; r++) {
    for (int j = 0; j < 3; j++) {
      G0[j] = st->pt.G[3*r+j];
      G1[j] = G0[j] + x[3+3*r+j];
    }
    p3d_res_g(f + 3 + 3*r, st, dW, G0, G1);
    if (Jm) {
      if (d[r] != 0.0) {
        for (int i = 0; i < 9; i++) A[i] = d[r] * Awg[i];
        p3d_block(Jm, 12, 0, 1 + r, A);
      }
      p3d_jac_g_w(A, st, G0, G1); p3d_block(Jm, 12, 1 + r, 0, A);
      p3d_block(Jm, 12, 1 + r, 1 + r, Agg);
    }
  }
  return 0;
}

static void p3d_x_clg(double *x, const p3d_step *st, const p3d_point *q)
{
  for (int i = 0; i < 3; i++) x[i] = q->W[i] - st->W[i];
  for (int i = 0; i < 9; i++) x[3+i] = q->G[i] - st->pt.G[i];
}

static void p3d_next_clg(p3d_point *q, const p3d_step *st, const double *x)
{
  for (int i = 0; i < 3; i++) q->W[i] = st->W[i] + x[i];
  for (int i = 0; i < 9; i++) q->G[i] = st->pt.G[i] + x[3+i];
  p3d_gamma(q->Gg, st->p.gdir, q->G);
}
/* the columns b_j of B(th), Eq. (p3d-B), and their derivatives dB[j][i] = d b_i / d th_j */
static void p3d_cardan_B(double b[3][3], double dB[3][3][3], const double th[3])
{
  double cy = cos(th[1]), sy = sin(th[1]), cz = cos(th[2]), sz = sin(th[2]);
  double b0[3] = {cy * cz, -cy * sz, sy}, b1[3] = {sz, cz, 0.0}, b2[3] = {0, 0, 1};
  memcpy(b[0], b0, sizeof b0); memcpy(b[1], b1, sizeof b1); memcpy(b[2], b2, sizeof b2);
  memset(dB, 0, 27 * sizeof(double));
  dB[1][0][0] = -sy * cz; dB[1][0][1] = sy * sz;  dB[1][0][2] = cy;   /* d b0 / d th_y */
  dB[2][0][0] = -cy * sz; dB[2][0][1] = -cy * cz;                      /* d b0 / d th_z */
  dB[2][1][0] = cz;       dB[2][1][1] = -sz;                           /* d b1 / d th_z */
}

/* Gamma(th) = R(th)^T d and its derivatives dG[j] = d Gamma / d th_j */
static void p3d_cardan_gamma(double G[3], double dG[3][3], const double th[3],
                             const double d[3])
{
  double Rx[9], Ry[9], Rz[9], Se[9], e[3] = {0, 0, 0}, T1[9], T2[9], D[9];
  so3_rotx(Rx, th[0]); so3_roty(Ry, th[1]); so3_rotz(Rz, th[2]);
  so3_mul(T1, Rx, Ry); so3_mul(T2, T1, Rz);          /* R */
  so3_mtv(G, T2, d);
  for (int j = 0; j < 3; j++) {
    e[0] = e[1] = e[2] = 0.0; e[j] = 1.0;
    so3_hat(Se, e);
    if (j == 0) { so3_mul(T1, Rx, Se); so3_mul(D, T1, Ry); so3_mul(T1, D, Rz); }
    else if (j == 1) { so3_mul(T1, Rx, Ry); so3_mul(D, T1, Se); so3_mul(T1, D, Rz); }
    else { so3_mul(T1, T2, Se); }
    so3_mtv(dG[j], T1, d);
  }
}

static int p3d_fdf_cardan(const double *x, void *params, double *f, double *Jm)
{
  const p3d_step *st = params;
  const ht_params *p = &st->p;
  const double *dW = x, *dth = x + 3, h = st->h;
  double thm[3], G[3], dG[3][3], b[3][3], dB[3][3][3], s[3], Gs[3], A[9], Sr[9];
  for (int i = 0; i < 3; i++) thm[i] = st->pt.th[i] + 0.5 * dth[i];
  p3d_cardan_gamma(G, dG, thm, p->gdir);
  p3d_cardan_B(b, dB, thm);
  for (int i = 0; i < 3; i++) Gs[i] = 2.0 * G[i];   /* 4 h m g = 2 h m g * 2 */
  p3d_res_w(f, st, dW, Gs);
  p3d_sum_w(s, st, dW);
  for (int i = 0; i < 3; i++)
    f[3+i] = h * s[i] - 2.0 * (b[0][i] * dth[0] + b[1][i] * dth[1] + b[2][i] * dth[2]);
  if (Jm) {
    memset(Jm, 0, 36 * sizeof(double));
    p3d_jac_w_w(A, st, dW); p3d_block(Jm, 6, 0, 0, A);
    so3_hat(Sr, p->rho);
    for (int j = 0; j < 3; j++) {
      double c[3];
      so3_mv(c, Sr, dG[j]);
      for (int i = 0; i < 3; i++) {
        Jm[i*6 + 3 + j] = -2.0 * h * p->m * p->g * c[i];
        Jm[(3+i)*6 + 3 + j] = -2.0 * b[j][i]
          - (dth[0] * dB[j][0][i] + dth[1] * dB[j][1][i] + dth[2] * dB[j][2][i]);
      }
      Jm[(3+j)*6 + j] = h;
    }
  }
  return 0;
}

static void p3d_x_cardan(double *x, const p3d_step *st, const p3d_point *q)
{
  for (int i = 0; i < 3; i++) { x[i] = q->W[i] - st->W[i]; x[3+i] = q->th[i] - st->pt.th[i]; }
}

static void p3d_next_cardan(p3d_point *q, const p3d_step *st, const double *x)
{
  for (int i = 0; i < 3; i++) { q->W[i] = st->W[i] + x[i]; q->th[i] = st->pt.th[i] + x[3+i]; }
  so3_cardan(q->G, q->th);
  p3d_gamma(q->Gg, st->p.gdir, q->G);
}
static const p3d_form p3d_forms[] = {
  {"p3d-f",      6, p3d_fdf_f,      p3d_x_f,      p3d_next_f,      1},
  {"p3d-ra",     6, p3d_fdf_ra,     p3d_x_ra,     p3d_next_ra,     0},
  {"p3d-ra-inc", 6, p3d_fdf_rainc,  p3d_x_rainc,  p3d_next_rainc,  0},
  {"p3d-clg",   12, p3d_fdf_clg,    p3d_x_clg,    p3d_next_clg,    1},
  {"p3d-cardan", 6, p3d_fdf_cardan, p3d_x_cardan, p3d_next_cardan, 1},
  {NULL, 0, NULL, NULL, NULL, 0}
};

const p3d_form *p3d_form_find(const char *name)
{
  for (const p3d_form *f = p3d_forms; f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}

void p3d_step_init(p3d_step *st, const ht_params *p, double h,
                   const double R[9], const double W[3])
{
  st->p = *p;
  st->h = h;
  p3d_point_set(&st->pt, p->gdir, R, W);
  memcpy(st->W, W, sizeof st->W);
}
/* the rates of every variable at a point: dW, the rows, Gamma, the angles */
static void p3d_rates(p3d_point *d, const ht_params *p, const p3d_point *x)
{
  const double *W = x->W;
  double JW[3], c1[3], c2[3];
  for (int i = 0; i < 3; i++) JW[i] = p->J[i] * W[i];
  so3_cross(c1, JW, W);
  so3_cross(c2, p->rho, x->Gg);
  for (int i = 0; i < 3; i++) d->W[i] = (c1[i] + p->m * p->g * c2[i]) / p->J[i];
  so3_cross(d->Gg, x->Gg, W);
  for (int r = 0; r < 3; r++) so3_cross(d->G + 3*r, x->G + 3*r, W);
  double cy = cos(x->th[1]), sy = sin(x->th[1]), cz = cos(x->th[2]), sz = sin(x->th[2]);
  d->th[0] = fabs(cy) > 1e-8 ? (W[0] * cz - W[1] * sz) / cy : 0.0;
  d->th[1] = W[0] * sz + W[1] * cz;
  d->th[2] = W[2] - sy * d->th[0];
}

/* y + c d, every variable */
static void p3d_axpy(p3d_point *q, const p3d_point *y, double c, const p3d_point *d)
{
  for (int i = 0; i < 3; i++) {
    q->W[i] = y->W[i] + c * d->W[i];
    q->Gg[i] = y->Gg[i] + c * d->Gg[i];
    q->th[i] = y->th[i] + c * d->th[i];
  }
  for (int i = 0; i < 9; i++) q->G[i] = y->G[i] + c * d->G[i];
}

/* one classical RK4 step in all variables */
static void p3d_predict(p3d_point *q, const p3d_step *st)
{
  const double h = st->h;
  p3d_point k1, k2, k3, k4, y;
  p3d_rates(&k1, &st->p, &st->pt);
  p3d_axpy(&y, &st->pt, 0.5 * h, &k1);
  p3d_rates(&k2, &st->p, &y);
  p3d_axpy(&y, &st->pt, 0.5 * h, &k2);
  p3d_rates(&k3, &st->p, &y);
  p3d_axpy(&y, &st->pt, h, &k3);
  p3d_rates(&k4, &st->p, &y);
  p3d_axpy(&y, &k1, 2.0, &k2);
  p3d_axpy(&y, &y, 2.0, &k3);
  p3d_axpy(&y, &y, 1.0, &k4);
  p3d_axpy(q, &st->pt, h / 6.0, &y);
}
typedef struct {
  const p3d_form *form;
  newton_ws *nw;
  p3d_step st;
  lg_opts opt;
  long k;
} p3d_ws;

static void *p3d_alloc(const p3d_form *form, const void *par, const lg_opts *opt)
{
  p3d_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->form = form;
  w->opt = *opt;
  w->st.p = *(const ht_params *)par;
  w->nw = newton_alloc(form->n, opt->newton_solver);
  if (!w->nw) { free(w); return NULL; }
  return w;
}

static void p3d_free(void *ws)
{
  p3d_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  free(w);
}

static void p3d_reduced_out(const void *par, const lg_state *s, double *out)
{
  const ht_params *p = par;
  const double *G = s->aux, *W = s->W;
  double JW[3] = {p->J[0] * W[0], p->J[1] * W[1], p->J[2] * W[2]};
  out[0] = s->t;
  memcpy(out + 1, G, 3 * sizeof(double));
  memcpy(out + 4, W, 3 * sizeof(double));
  out[7] = 0.5 * so3_dot(W, JW) - p->m * p->g * so3_dot(G, p->rho);
  out[8] = -so3_dot(G, JW);
  out[9] = fabs(so3_norm(G) - 1);
}

static const lg_rowdef p3d_reduced_row = {
  "t,Gamma1,Gamma2,Gamma3,W1,W2,W3,energy,Lvert,gamma_err", 10, p3d_reduced_out };

/* the canonical state: a reduced form knows only the row of R along gdir */
static void p3d_write(const p3d_ws *w, lg_state *s)
{
  const double *d = w->st.p.gdir;
  s->t = (double)w->k * w->st.h;
  memcpy(s->W, w->st.pt.W, sizeof s->W);
  if (w->form->full_R) { memcpy(s->R, w->st.pt.G, sizeof s->R); return; }
  s->own = &p3d_reduced_row;
  memcpy(s->aux, w->st.pt.Gg, 3 * sizeof(double));
  int axis = -1, nz = 0;
  for (int i = 0; i < 3; i++) if (d[i] != 0.0) { nz++; axis = i; }
  for (int i = 0; i < 9; i++) s->R[i] = NAN;
  if (nz == 1)
    for (int j = 0; j < 3; j++) s->R[3*axis+j] = w->st.pt.Gg[j] / d[axis];
}

static int p3d_init(void *ws, const void *par, double h, lg_state *s)
{
  p3d_ws *w = ws;
  const ht_params *p = par;
  if (!(h > 0.0)) return LG_EINVAL;
  p3d_step_init(&w->st, p, h, p->R0, p->W0);
  w->k = 0;
  s->newton_iters = 0;
  s->newton_resid = 0.0;
  p3d_write(w, s);
  return LG_OK;
}

static int p3d_step_fn(void *ws, lg_state *s)
{
  p3d_ws *w = ws;
  double x[12];
  int iters = 0;
  double resid = 0.0;
  p3d_point q;
  p3d_predict(&q, &w->st);
  w->form->unknowns(x, &w->st, &q);
  int st = newton_solve(w->nw, w->form->fdf, &w->st, x, w->opt.newton_tol,
                        w->opt.newton_maxiter, &iters, &resid);
  s->newton_iters = iters;
  s->newton_resid = resid;
  if (st != LG_OK) return LG_ENEWTON;
  q = w->st.pt;
  if (!w->form->full_R)
    for (int i = 0; i < 9; i++) q.G[i] = NAN;
  w->form->next(&q, &w->st, x);
  /* only the Cardan form uses the angles; the others leave them as they were */
  w->st.pt = q;
  memcpy(w->st.W, q.W, sizeof w->st.W);
  w->k++;
  p3d_write(w, s);
  return LG_OK;
}

#define P3D_SCHEME(ID, FORM, NAME, SRC, DOC)                                   \
  static void *p3d_alloc_##ID(const void *par, const lg_opts *opt)           \
  { return p3d_alloc(&p3d_forms[FORM], par, opt); }                          \
  static const lg_scheme_type p3d_type_##ID = {                              \
    NAME, "heavytop", SRC, DOC, 1, p3d_alloc_##ID, p3d_init, p3d_step_fn,     \
    p3d_free };

P3D_SCHEME(f, 0, "p3d-f", "sun2022 Eqs. 69-74",
           "midpoint rule, unknowns (dW, X = F^T R^T d), R_k+1 = R_k cay(h s/4)")
P3D_SCHEME(ra, 1, "p3d-ra", "sun2022 Eqs. 75-80",
           "midpoint rule on (W, Gamma), unknowns (W_k+1, Gamma_k+1); writes Gamma, not R")
P3D_SCHEME(rainc, 2, "p3d-ra-inc", "sun2022 Eqs. 81-82",
           "midpoint rule on (W, Gamma), unknowns (dW, dGamma); writes Gamma, not R")
P3D_SCHEME(clg, 3, "p3d-clg", "sun2022 Eqs. 83-84",
           "complete Lie group: midpoint rule on W and the three rows of R")
P3D_SCHEME(cardan, 4, "p3d-cardan", "sun2022 Eqs. 85-87",
           "midpoint rule on (W, Cardan angles), R = Rx Ry Rz")
const lg_scheme_type *const p3d_schemes[] = {
  &p3d_type_f, &p3d_type_ra, &p3d_type_rainc, &p3d_type_clg, &p3d_type_cardan, NULL
};
