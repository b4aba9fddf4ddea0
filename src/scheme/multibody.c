/* multibody.c: the reference solution of the multibody family: the index-1
   equations integrated by rk8pd, projected onto the constraints each step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/rk.h"
#include "model/multibody.h"
typedef struct {
  const mb_par *p;
  int nb;
  mb_work *mw;
  ref_solver *ref;
  lg_body *q; /* the state, and scratch for the right-hand side */
  lg_body *qs;
  double *y, *dV;
  double h;
  long k;
  int rhs_st;     /* the status of the last failed right-hand side */
  const char *rank_why; /* the words of a change of rank inside the step, or NULL */
} mbref_ws;
static void mb_pack(double *y, const lg_body *q, int nb)
{
  for (int i = 0; i < nb; i++, y += 18) {
    memcpy(y, q[i].R, 9 * sizeof(double));
    memcpy(y + 9, q[i].x, 3 * sizeof(double));
    memcpy(y + 12, q[i].W, 3 * sizeof(double));
    memcpy(y + 15, q[i].v, 3 * sizeof(double));
  }
}

static void mb_unpack(lg_body *q, const double *y, int nb)
{
  for (int i = 0; i < nb; i++, y += 18) {
    memcpy(q[i].R, y, 9 * sizeof(double));
    memcpy(q[i].x, y + 9, 3 * sizeof(double));
    memcpy(q[i].W, y + 12, 3 * sizeof(double));
    memcpy(q[i].v, y + 15, 3 * sizeof(double));
  }
}
/* y' for y = (R, x, W, v) of every body: R' = R hat(W), x' = v, and the
   constrained accelerations of the index-1 system */
static int mbref_rhs(double t, const double *y, double *dy, void *params)
{
  mbref_ws *w = params;
  mb_at(w->p, t);                       /* for a force callback */
  mb_drive_at(w->p, t);                 /* and the drives' rows (section sec:mb-drive) */
  mb_unpack(w->qs, y, w->nb);
  if ((w->rhs_st = mb_accel(w->p, w->qs, w->mw, w->dV, NULL)) != LG_OK) {
    if (w->rhs_st == LG_ESINGULAR && mb_rank_gained(w->mw)) {  /* halving cannot cure it */
      lg_state s = {0};
      mb_failed(w->mw, LG_ESINGULAR, &s);
      w->rank_why = s.why;
    }
    return GSL_FAILURE;
  }
  for (int i = 0; i < w->nb; i++) {
    const double *yi = y + 18 * i;
    double *di = dy + 18 * i, S[9];
    so3_hat(S, yi + 12);
    so3_mul(di, yi, S);
    memcpy(di + 9, yi + 15, 3 * sizeof(double));
    memcpy(di + 12, w->dV + 6 * i, 6 * sizeof(double));
  }
  return GSL_SUCCESS;
}
static void mbref_free(void *ws)
{
  mbref_ws *w = ws;
  if (!w) return;
  mb_work_free(w->mw);
  ref_free(w->ref);
  free(w->q);
  free(w->qs);
  free(w->y);
  free(w->dV);
  free(w);
}

static void *mbref_alloc(const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  mbref_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->p = p;
  w->nb = p->topo->nb;
  size_t nb = (size_t)w->nb;
  w->mw = mb_work_alloc(p->topo);
  w->q = malloc(nb * sizeof *w->q);
  w->qs = malloc(nb * sizeof *w->qs);
  w->y = malloc(18 * nb * sizeof *w->y);
  w->dV = malloc(6 * nb * sizeof *w->dV);
  w->ref = ref_alloc(18 * nb, mbref_rhs, w, opt->ref_tol);
  if (!w->mw || !w->q || !w->qs || !w->y || !w->dV || !w->ref) {
    mbref_free(w);
    return NULL;
  }
  return w;
}
static void mbref_put(const mbref_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->nbody = w->nb;
  s->body = w->q;
}

static int mbref_init(void *ws, const void *par, double h, lg_state *s)
{
  mbref_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  mb_initial(w->p, w->q);
  mb_drive_at(w->p, 0);
  int st = mb_project(w->p, w->q, w->mw);
  if (st != LG_OK) return mb_failed(w->mw, st, s);
  mb_pack(w->y, w->q, w->nb);
  s->theta = s->omega = NAN;
  s->newton_iters = 0;
  s->newton_resid = NAN;
  mbref_put(w, s);
  return LG_OK;
}

static int mbref_step(void *ws, lg_state *s)
{
  mbref_ws *w = ws;
  double t = (double)w->k * w->h;
  w->rhs_st = LG_OK;
  w->rank_why = NULL;
  int st = ref_advance(w->ref, &t, (double)(w->k + 1) * w->h, w->y);
  if (st != LG_OK && w->rank_why) {     /* redundant rows became independent */
    s->why = w->rank_why;
    return LG_ESINGULAR;
  }
  if (st == LG_ESOLVER && w->rhs_st != LG_OK) return mb_failed(w->mw, w->rhs_st, s);
  if (st != LG_OK) {
    s->why = ref_why(w->ref);
    return st;
  }
  mb_unpack(w->q, w->y, w->nb);
  mb_drive_at(w->p, (double)(w->k + 1) * w->h);   /* the projection's time */
  if ((st = mb_project(w->p, w->q, w->mw)) != LG_OK) return mb_failed(w->mw, st, s);
  mb_pack(w->y, w->q, w->nb);
  ref_restart(w->ref);                  /* y moved: no stored first stage */
  w->k++;
  mbref_put(w, s);
  return LG_OK;
}
const lg_scheme_type mb_scheme_ref = {
    "ref",
    "multibody",
    "GSL rk8pd on the index-1 equations, projected onto the constraints every step",
    "reference solution: rk8pd to every grid point, then position and velocity projection",
    0,
    mbref_alloc,
    mbref_init,
    mbref_step,
    mbref_free};

const lg_scheme_type *const mb_schemes[] = {&mb_scheme_ref, NULL};
