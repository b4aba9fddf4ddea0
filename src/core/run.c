/* run.c: the loop over time shared by every program. */
#include <math.h>
#include "core/lg.h"

int lg_run(const lg_scheme_type *sch, const void *par, const lg_opts *opt,
           double h, long nsteps, long every, lg_emit_fn emit, void *ctx,
           lg_failure *fail)
{
  lg_state s = {0};
  int status = LG_OK;
  void *ws = sch->alloc(par, opt);
  if (!ws) return LG_ENOMEM;
  if (every < 1) every = 1;
  status = sch->init(ws, par, h, &s);
  if (status == LG_OK && emit && emit(ctx, &s) != 0) status = LG_EOUTPUT;
  for (long k = 1; status == LG_OK && k <= nsteps; k++) {
    double t0 = s.t;
    status = sch->step(ws, &s);
    if (status != LG_OK) {
      if (fail) {
        fail->step = k;
        fail->t = t0;
        fail->resid = s.newton_resid;
        fail->status = status;
      }
      break;
    }
    if (emit && (k % every == 0 || k == nsteps) && emit(ctx, &s) != 0)
      status = LG_EOUTPUT;
  }
  sch->free(ws);
  return status;
}
