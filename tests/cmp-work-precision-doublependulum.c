/* Check of cmp-work-precision-doublependulum: slopes, RKMK4 with projection at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
int main(void)
{
  return cmpchk_figure("doublependulum", "data/cmp-work-precision-doublependulum.dat",
                       "rkmk4-proj", "rattlie");
}
