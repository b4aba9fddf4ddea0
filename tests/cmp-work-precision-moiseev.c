/* Check of cmp-work-precision-moiseev: slopes, same maps, RK4 at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
int main(void)
{
  return cmpchk_figure("moiseev", "data/cmp-work-precision-moiseev.dat", "rk4", "lgvi-exp");
}
