/* Check of cmp-work-precision-fasttop: slopes, same maps, RK4 at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
int main(void)
{
  return cmpchk_figure("fasttop", "data/cmp-work-precision-fasttop.dat", "rk4", "lgvi-exp");
}
