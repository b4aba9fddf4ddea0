/* Check of cmp-work-precision-planar: slopes, same maps, RK4 at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
int main(void)
{
  return cmpchk_figure("planar", "data/cmp-work-precision-planar.dat", "rk4", "reduced");
}
