/* table.c: the table of every model. */
#include <pthread.h>
#include <string.h>
#include "core/lg.h"

extern const lg_model *const rb_models[];
extern const lg_model *const pend2d_models[];
extern const lg_model *const lgvi_models[];
extern const lg_model *const cmp_models[];
extern const lg_model *mb_models[];
void mb_models_init(void);

static const lg_model *const *const model_groups[] = {
  rb_models,
  pend2d_models,
  lgvi_models,
  cmp_models,
  mb_models,
  NULL
};

static pthread_once_t models_once = PTHREAD_ONCE_INIT;

size_t lg_nmodels(void)
{
  size_t n = 0;
  pthread_once(&models_once, mb_models_init);
  for (size_t g = 0; model_groups[g]; g++)
    for (size_t i = 0; model_groups[g][i]; i++) n++;
  return n;
}

const lg_model *lg_model_at(size_t k)
{
  pthread_once(&models_once, mb_models_init);
  for (size_t g = 0; model_groups[g]; g++)
    for (size_t i = 0; model_groups[g][i]; i++)
      if (k-- == 0) return model_groups[g][i];
  return NULL;
}

const lg_model *lg_model_find(const char *name)
{
  for (size_t k = 0; k < lg_nmodels(); k++)
    if (strcmp(lg_model_at(k)->name, name) == 0) return lg_model_at(k);
  return NULL;
}
