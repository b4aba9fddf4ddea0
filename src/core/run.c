/* run.c: the loop over time shared by every program. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/lg.h"

enum { F_T = 1, F_THETA = 2, F_OMEGA = 4, F_R = 8, F_W = 16, F_X = 32, F_V = 64, F_AUX = 128 };

static int all_finite(const double *v, int n)
{
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

unsigned lg_finite_fields(const lg_state *s)
{
  return (isfinite(s->t) ? F_T : 0) | (isfinite(s->theta) ? F_THETA : 0)
       | (isfinite(s->omega) ? F_OMEGA : 0) | (all_finite(s->R, 9) ? F_R : 0)
       | (all_finite(s->W, 3) ? F_W : 0) | (all_finite(s->x, 3) ? F_X : 0)
       | (all_finite(s->v, 3) ? F_V : 0)
       | (s->own && all_finite(s->aux, 12) ? F_AUX : 0);
}

const char *lg_lost_field(const lg_state *s, unsigned carried, char *buf, size_t n)
{
  unsigned now = lg_finite_fields(s), lost = carried & ~now;
  static const struct { unsigned bit; const char *name; } f[] = {
    {F_THETA, "theta"}, {F_OMEGA, "omega"}, {F_R, "R"}, {F_W, "W"},
    {F_X, "x"}, {F_V, "v"}, {F_AUX, "the scheme's own state"}, {F_T, "t"}
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (lost & f[i].bit) return f[i].name;
  for (int b = 0; b < s->nbody; b++) {
    const lg_body *q = &s->body[b];
    const char *w = !all_finite(q->R, 9) ? "R" : !all_finite(q->W, 3) ? "W"
                  : !all_finite(q->x, 3) ? "x" : !all_finite(q->v, 3) ? "v" : NULL;
    if (w) { snprintf(buf, n, "%s of body %d", w, b + 1); return buf; }
  }
  return NULL;
}

/* 1 when the sum of every carried field and every body is finite, which it
   is not if one of them is infinite or NaN; 0 sends lg_lost_field to look */
#if defined(__GNUC__) && !defined(__clang__)
#define RUN_UNROLL _Pragma("GCC unroll 12")
#else
#define RUN_UNROLL
#endif
static inline double sum_of(const double *v, int n)
{
  double z = 0;
  RUN_UNROLL for (int i = 0; i < n; i++) z += v[i];
  return z;
}

static int still_finite(const lg_state *s, unsigned carried)
{
  double z = s->t;
  if (carried & F_THETA) z += s->theta;
  if (carried & F_OMEGA) z += s->omega;
  if (carried & F_R) z += sum_of(s->R, 9);
  if (carried & F_W) z += sum_of(s->W, 3);
  if (carried & F_X) z += sum_of(s->x, 3);
  if (carried & F_V) z += sum_of(s->v, 3);
  if (carried & F_AUX) z += sum_of(s->aux, 12);
  for (int b = 0; b < s->nbody; b++) {
    const lg_body *q = &s->body[b];
    z += sum_of(q->R, 9) + sum_of(q->W, 3) + sum_of(q->x, 3) + sum_of(q->v, 3);
  }
  return z - z == 0;
}

int lg_run(const lg_scheme_type *sch, const void *par, const lg_opts *opt,
           double h, long nsteps, long every, lg_emit_fn emit, void *ctx,
           lg_failure *fail)
{
  lg_state s = {0};
  int status = LG_OK;
  unsigned carried = 0;
  const char *what = NULL;
  char name[40];
  void *ws = sch->alloc(par, opt);
  if (!ws) return LG_ENOMEM;
  if (every < 1) every = 1;
  status = sch->init(ws, par, h, &s);
  if (status == LG_OK) carried = lg_finite_fields(&s);
  else if (fail) {
    memset(fail, 0, sizeof *fail);
    fail->t = s.t;
    fail->status = status;
    snprintf(fail->why, sizeof fail->why, "%s", s.why ? s.why : "");
  }
  if (status == LG_OK && emit && emit(ctx, &s) != 0) status = LG_EOUTPUT;
  for (long k = 1; status == LG_OK && k <= nsteps; k++) {
    double t0 = s.t;
    status = sch->step(ws, &s);
    if (status == LG_OK && !still_finite(&s, carried)
        && (what = lg_lost_field(&s, carried, name, sizeof name)))
      status = LG_ENONFINITE;
    if (status != LG_OK) {
      if (fail) {
        fail->step = k;
        fail->t = t0;
        fail->resid = s.newton_resid;
        fail->iters = s.newton_iters;
        fail->status = status;
        snprintf(fail->what, sizeof fail->what, "%s", what ? what : "");
        snprintf(fail->why, sizeof fail->why, "%s", s.why ? s.why : "");
      }
      break;
    }
    if (emit && (k % every == 0 || k == nsteps) && emit(ctx, &s) != 0)
      status = LG_EOUTPUT;
  }
  sch->free(ws);
  return status;
}
