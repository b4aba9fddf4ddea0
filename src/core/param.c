/* param.c: the default options, and a model's parameters by name. */
#include <string.h>
#include "core/lg.h"

void lg_opts_default(lg_opts *opt)
{
  opt->newton_tol = 0;                         /* to round-off (chapter ch:newton) */
  opt->newton_maxiter = 50;
  opt->newton_solver = LG_NEWTON_DIRECT;
  opt->ref_tol = 1e-13;
}

double *lg_param_ptr(const lg_param *p, void *par)
{
  return (double *)((char *)par + p->offset);
}

const lg_param *lg_param_find(const lg_model *m, const char *name)
{
  for (const lg_param *p = m->params; p->name; p++)
    if (strcmp(p->name, name) == 0) return p;
  return NULL;
}

void lg_params_default(const lg_model *m, void *par)
{
  memset(par, 0, m->par_size);
  for (const lg_param *p = m->params; p->name; p++)
    memcpy(lg_param_ptr(p, par), p->def, (size_t)p->len * sizeof(double));
  if (m->par_init) m->par_init(m, par);
}
