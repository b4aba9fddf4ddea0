/* table.c: the table of every model and scheme, and parameter access. */
#include <pthread.h>
#include <string.h>
#include "core/lg.h"

extern const lg_model *const rb_models[];
extern const lg_model *const pend2d_models[];
extern const lg_model *const lgvi_models[];
extern const lg_model *const cmp_models[];
extern const lg_scheme_type *const rb_schemes[];
extern const lg_scheme_type *const pend2d_schemes[];
extern const lg_scheme_type *const p3d_schemes[];
extern const lg_scheme_type *const lgvi_schemes[];
extern const lg_model *mb_models[];
extern const lg_scheme_type *const mb_schemes[];
extern const lg_scheme_type *const liang_schemes[];
void mb_models_init(void);
extern const lg_scheme_type *const huang2022_schemes[];

static const lg_model *const *const model_groups[] = {
  rb_models,
  pend2d_models,
  lgvi_models,
  cmp_models,
  mb_models,
  NULL
};

static const lg_scheme_type *const *const scheme_groups[] = {
  rb_schemes,
  pend2d_schemes,
  p3d_schemes,
  lgvi_schemes,
  mb_schemes,
  huang2022_schemes,
  liang_schemes,
  NULL
};

static pthread_once_t models_once = PTHREAD_ONCE_INIT;

static void models_ready(void)
{
  pthread_once(&models_once, mb_models_init);
}

static void schemes_ready(void) {}

#define DEFINE_AT(TYPE, WHAT, GROUPS, READY)                            \
  size_t lg_n##WHAT##s(void)                                            \
  {                                                                     \
    size_t n = 0;                                                       \
    READY();                                                            \
    for (size_t g = 0; GROUPS[g]; g++)                                  \
      for (size_t i = 0; GROUPS[g][i]; i++) n++;                        \
    return n;                                                           \
  }                                                                     \
  const TYPE *lg_##WHAT##_at(size_t k)                                  \
  {                                                                     \
    READY();                                                            \
    for (size_t g = 0; GROUPS[g]; g++)                                  \
      for (size_t i = 0; GROUPS[g][i]; i++)                             \
        if (k-- == 0) return GROUPS[g][i];                              \
    return NULL;                                                        \
  }

DEFINE_AT(lg_model, model, model_groups, models_ready)
DEFINE_AT(lg_scheme_type, scheme, scheme_groups, schemes_ready)

const lg_model *lg_model_find(const char *name)
{
  for (size_t k = 0; k < lg_nmodels(); k++)
    if (strcmp(lg_model_at(k)->name, name) == 0) return lg_model_at(k);
  return NULL;
}

const lg_scheme_type *lg_scheme_find(const char *family, const char *name)
{
  for (size_t k = 0; k < lg_nschemes(); k++) {
    const lg_scheme_type *s = lg_scheme_at(k);
    if (strcmp(s->family, family) == 0 && strcmp(s->name, name) == 0) return s;
  }
  return NULL;
}
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
