/* schemes.c: the table of huang2022's schemes. */
#include "core/lg.h"
#include "scheme/huang2022.h"
#include "scheme/huang2022/internal.h"
const lg_scheme_type *const huang2022_schemes[] = {
  &hg_scheme_dh, &hg_scheme_rl, &hg_scheme_dl, &hg_scheme_ga, &hg_scheme_htrl, &hg_scheme_htga,
      NULL
};
