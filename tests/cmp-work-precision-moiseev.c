/* Check of cmp-work-precision-moiseev: slopes, same maps, RK4 at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
static int check_wp(const char *fig, const char *path, const char *rival)
{
  cmpchk_wp d;
  char id[128];
  if (cmpchk_read(&d, path) != 0) return 1;
  for (int i = 0; i < d.nb; i++) {
    snprintf(id, sizeof id, "cmp-work-precision-%s-slope-%s", fig, d.b[i].name);
    cmpchk_claim(id, cmpchk_slope(&d, &d.b[i]));
  }
  snprintf(id, sizeof id, "cmp-work-precision-%s-same", fig);
  cmpchk_claim(id, cmpchk_same(&d));
  snprintf(id, sizeof id, "cmp-work-precision-%s-rk4-%s", fig, rival);
  cmpchk_claim(id, cmpchk_equal_cost(cmpchk_find(&d, "rk4"), cmpchk_find(&d, rival)));
  return 0;
}
int main(void)
{
  return check_wp("moiseev", "data/cmp-work-precision-moiseev.dat", "lgvi-exp");
}
