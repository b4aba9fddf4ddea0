/* rigidbody.c: classical RK4 and the rk8pd reference for the heavy top. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "num/rk.h"
#include "model/heavytop.h"

typedef struct {
  ht_params p;
  rk_fixed *rk;        /* classical RK4, or NULL */
  ref_solver *ref;     /* rk8pd reference, or NULL */
  double h, y[12];
  long k;              /* steps taken */
} ht_ws;
static ht_ws *ht_ws_new(const void *par)
{
  ht_ws *w = calloc(1, sizeof *w);
  if (w) memcpy(&w->p, par, sizeof w->p);
  return w;
}

static void *ht_rk4_alloc(const void *par, const lg_opts *opt)
{
  ht_ws *w = ht_ws_new(par);
  (void)opt;
  if (w && !(w->rk = rk_fixed_alloc(rk_classical4, 12, ht_rhs, &w->p))) {
    free(w);
    return NULL;
  }
  return w;
}

static void *ht_ref_alloc(const void *par, const lg_opts *opt)
{
  ht_ws *w = ht_ws_new(par);
  if (w && !(w->ref = ref_alloc(12, ht_rhs, &w->p, opt->ref_tol))) {
    free(w);
    return NULL;
  }
  return w;
}

static void ht_put_state(const ht_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  memcpy(s->R, w->y, 9 * sizeof(double));
  memcpy(s->W, w->y + 9, 3 * sizeof(double));
}

static int ht_init(void *ws, const void *par, double h, lg_state *s)
{
  ht_ws *w = ws;
  ht_params q;
  memcpy(&q, par, sizeof q);
  if (ht_check(&q, 0, NULL, 0) != LG_OK || !(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  memcpy(w->y, w->p.R0, 9 * sizeof(double));
  memcpy(w->y + 9, w->p.W0, 3 * sizeof(double));
  s->theta = s->omega = NAN;
  for (int i = 0; i < 3; i++) s->x[i] = s->v[i] = NAN;
  s->newton_iters = 0;
  s->newton_resid = NAN;
  ht_put_state(w, s);
  return LG_OK;
}

static int ht_step(void *ws, lg_state *s)
{
  ht_ws *w = ws;
  double t = (double)w->k * w->h;
  int st = w->rk ? rk_fixed_step(w->rk, t, w->h, w->y)
                 : ref_advance(w->ref, &t, (double)(w->k + 1) * w->h, w->y);
  if (st != LG_OK) {
    if (w->ref) s->why = ref_why(w->ref);
    return st;
  }
  w->k++;
  ht_put_state(w, s);
  return LG_OK;
}

static void ht_free(void *ws)
{
  ht_ws *w = ws;
  if (!w) return;
  rk_fixed_free(w->rk);
  ref_free(w->ref);
  free(w);
}
static const lg_scheme_type ht_scheme_rk4 = {
  "rk4", "heavytop", "classical RK4 on (R, W) in R^12 (the papers' baseline)",
  "classical fourth-order Runge-Kutta; R drifts off SO(3)", 0,
  ht_rk4_alloc, ht_init, ht_step, ht_free
};

static const lg_scheme_type ht_scheme_ref = {
  "ref", "heavytop", "GSL rk8pd, adaptive, tolerance ref_tol",
  "reference solution: rk8pd stopping at every grid point", 0,
  ht_ref_alloc, ht_init, ht_step, ht_free
};

const lg_scheme_type *const rb_schemes[] = {&ht_scheme_rk4, &ht_scheme_ref, NULL};
