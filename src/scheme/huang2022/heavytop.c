/* heavytop.c: RATTLie and the generalized-alpha method on the heavy top,
   one workspace and one step for the two. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "model/multibody.h"
#include "scheme/huang2022.h"
#include "scheme/huang2022/internal.h"
/* ---------------------------------------------------------------- the heavy top */
void hg_ht_torque(double tau[3], const ht_params *p, const double R[9])
{
  double gb[3];
  so3_mtv(gb, R, p->gdir);
  so3_cross(tau, p->rho, gb);
  for (int a = 0; a < 3; a++) tau[a] *= p->m * p->g;
}

int hg_ht_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_ht *e = par;
  const ht_params *p = e->p;
  const double *J = p->J;
  if (e->kind == HG_HT_RL) {
    double G[3];
    hg_G(HG_FORM_RL, J, z, G, Jac);
    for (int a = 0; a < 3; a++) r[a] = G[a] - e->c[a];
  } else {
    double th[3], F[9], JW[3], gy[3], tau[3];
    for (int a = 0; a < 3; a++) {
      th[a] = e->c[a] + z[a];
      e->W1[a] = e->V0[a] + e->cvq * z[a];
      JW[a] = J[a] * e->W1[a];
    }
    so3_exp(F, th);
    so3_mul(e->R1, e->R0, F);
    so3_cross(gy, JW, e->W1);
    hg_ht_torque(tau, p, e->R1);
    for (int a = 0; a < 3; a++) r[a] = z[a] - e->cq * (gy[a] + tau[a]) / J[a];
    if (Jac) {
      /* I + c_v J^{-1} (hat(W) J - hat(J W)) - c_q J^{-1} m g hat(rho) hat(R^T gdir) T */
      const double cv = e->cq * e->cvq, mg = p->m * p->g;
      double Hw[9], Hj[9], gb[3], Hr[9], Hg[9], K[9], T[9], KT[9];
      so3_hat(Hw, e->W1);
      so3_hat(Hj, JW);
      so3_mtv(gb, e->R1, p->gdir);
      so3_hat(Hr, p->rho);
      so3_hat(Hg, gb);
      so3_mul(K, Hr, Hg);
      so3_dexp(T, th);
      so3_mul(KT, K, T);
      for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++)
          Jac[3 * a + b] = (cv * (Hw[3 * a + b] * J[b] - Hj[3 * a + b]) -
                            e->cq * mg * KT[3 * a + b]) / J[a];
        Jac[4 * a] += 1.0;
      }
    }
  }
  memcpy(e->zlast, z, sizeof e->zlast);
  return 0;
}

typedef struct {
  int kind;
  ht_params p;
  double h, tol, am, af, gam, beta;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_ht e;
  double R[9], W[3], Wd[3], a[3];
  double tau[3];         /* RL: the torque at R */
  double zh[4][3];       /* RL: the last four solutions, newest first */
  int nh;
} hg_ht_ws;

static void hg_htw_free(void *ws)
{
  hg_ht_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  free(w);
}

static void *hg_htw_alloc(int kind, const void *par, const lg_opts *opt)
{
  hg_ht_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->kind = kind;
  memcpy(&w->p, par, sizeof w->p);
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  hg_ga_coef(HG_RHO, &w->am, &w->af, &w->gam, &w->beta);
  w->nw = newton_alloc(3, opt->newton_solver);
  if (!w->nw) { free(w); return NULL; }
  newton_set_eager(w->nw, 1);                  /* two iterations a step: J with F after the first */
  newton_set_floor(w->nw, !(opt->newton_tol > 0));   /* to round-off: the tolerance a floor */
  w->e.p = &w->p;
  w->e.kind = kind;
  return w;
}
static void *hg_htrl_alloc(const void *par, const lg_opts *opt)
{
  return hg_htw_alloc(HG_HT_RL, par, opt);
}
static void *hg_htga_alloc(const void *par, const lg_opts *opt)
{
  return hg_htw_alloc(HG_HT_GA, par, opt);
}

static void hg_htw_put(const hg_ht_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  memcpy(s->R, w->R, sizeof s->R);
  memcpy(s->W, w->W, sizeof s->W);
  memset(s->x, 0, sizeof s->x);
  memset(s->v, 0, sizeof s->v);
  s->nbody = 0;
  s->body = NULL;
}

static int hg_htw_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_ht_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  w->nh = 0;
  memcpy(w->R, w->p.R0, sizeof w->R);
  memcpy(w->W, w->p.W0, sizeof w->W);
  ht_rhs_w(w->Wd, &w->p, w->R, w->W);           /* consistent initial acceleration */
  memcpy(w->a, w->Wd, sizeof w->a);
  hg_ht_torque(w->tau, &w->p, w->R);
  s->newton_iters = 0;
  s->newton_resid = 0;
  hg_htw_put(w, s);
  return LG_OK;
}

static int hg_htw_step(void *ws, lg_state *s)
{
  hg_ht_ws *w = ws;
  hg_ht *e = &w->e;
  const double h = w->h, *J = w->p.J;
  double z[3], scale = 0;
  int it;
  double res;
  memcpy(e->R0, w->R, sizeof e->R0);
  if (w->kind == HG_HT_RL) {
    for (int a = 0; a < 3; a++) {
      e->c[a] = h * (J[a] * w->W[a] + 0.5 * h * w->tau[a]);
      z[a] = w->nh == 4 ? 4 * w->zh[0][a] - 6 * w->zh[1][a] + 4 * w->zh[2][a] - w->zh[3][a]
           : w->nh == 3 ? 3 * w->zh[0][a] - 3 * w->zh[1][a] + w->zh[2][a]
           : w->nh == 2 ? 2 * w->zh[0][a] - w->zh[1][a] : e->c[a] / J[a];
    }
  } else {
    const double c = (1 - w->af) / (1 - w->am);
    e->cq = h * h * w->beta * c;
    e->cvq = w->gam / (h * w->beta);
    for (int a = 0; a < 3; a++) {
      const double aa = (w->af * w->Wd[a] - w->am * w->a[a]) / (1 - w->am);
      e->c[a] = h * w->W[a] + h * h * (0.5 - w->beta) * w->a[a] + h * h * w->beta * aa;
      e->V0[a] = w->W[a] + h * (1 - w->gam) * w->a[a] + h * w->gam * aa;
      z[a] = e->cq * w->Wd[a];
    }
  }
  scale = hg_amax(e->c, 3);
  e->zlast[0] = NAN;
  int st = newton_solve(w->nw, hg_ht_fdf, e, z, fmax(w->tol, HG_FLOOR * scale), w->maxiter, &it,
                        &res);
  s->newton_iters = it;
  s->newton_resid = res;
  if (st != LG_OK) return st;
  if (w->kind == HG_HT_RL) {
    double F[9], Pi[3];
    for (int a = 0; a < 3; a++) Pi[a] = e->c[a] / h;
    so3_exp(F, z);
    so3_mul(w->R, w->R, F);
    so3_mtv(w->W, F, Pi);                        /* F^T Pi+ = -G(-theta)/h */
    hg_ht_torque(w->tau, &w->p, w->R);
    for (int a = 0; a < 3; a++) w->W[a] = (w->W[a] + 0.5 * h * w->tau[a]) / J[a];
    memmove(w->zh[1], w->zh[0], 3 * sizeof w->zh[0]);
    memcpy(w->zh[0], z, sizeof w->zh[0]);
    if (w->nh < 4) w->nh++;
  } else {
    double r[3];
    if (memcmp(e->zlast, z, sizeof z) != 0) hg_ht_fdf(z, e, r, NULL);
    const double c = (1 - w->af) / (1 - w->am);
    for (int a = 0; a < 3; a++) {
      const double aa = (w->af * w->Wd[a] - w->am * w->a[a]) / (1 - w->am);
      w->Wd[a] = z[a] / e->cq;
      w->a[a] = aa + c * w->Wd[a];
    }
    memcpy(w->R, e->R1, sizeof w->R);
    memcpy(w->W, e->W1, sizeof w->W);
  }
  w->k++;
  hg_htw_put(w, s);
  return LG_OK;
}
const lg_scheme_type hg_scheme_htrl = {
  "rattlie", "heavytop", "huang2022 Eqs. 15-23 on the heavy top (no constraints)",
  "RATTLie: log-map angular velocity, T^{-T} at -theta and +theta", 1,
  hg_htrl_alloc, hg_htw_init, hg_htw_step, hg_htw_free
};
const lg_scheme_type hg_scheme_htga = {
  "galpha", "heavytop", "huang2022 Sec. 3 generalized-alpha on the heavy top",
  "Lie group generalized-alpha, spectral radius 0.9 at infinity", 1,
  hg_htga_alloc, hg_htw_init, hg_htw_step, hg_htw_free
};
