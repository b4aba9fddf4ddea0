/* table.c: the table of every scheme. */
#include <string.h>
#include "core/lg.h"

extern const lg_scheme_type *const rb_schemes[];
extern const lg_scheme_type *const pend2d_schemes[];
extern const lg_scheme_type *const p3d_schemes[];
extern const lg_scheme_type *const lgvi_schemes[];
extern const lg_scheme_type *const mb_schemes[];
extern const lg_scheme_type *const liang_schemes[];
extern const lg_scheme_type *const huang2022_schemes[];

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

size_t lg_nschemes(void)
{
  size_t n = 0;
  for (size_t g = 0; scheme_groups[g]; g++)
    for (size_t i = 0; scheme_groups[g][i]; i++) n++;
  return n;
}

const lg_scheme_type *lg_scheme_at(size_t k)
{
  for (size_t g = 0; scheme_groups[g]; g++)
    for (size_t i = 0; scheme_groups[g][i]; i++)
      if (k-- == 0) return scheme_groups[g][i];
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
