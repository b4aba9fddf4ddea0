/* Check of cmp-work-precision-mast: slopes, RKMK4 with projection at equal cost. */
#include <stdio.h>
#include "lib/cmpchk.h"
int main(void)
{
  return cmpchk_figure("mast", "data/cmp-work-precision-mast.dat", "rkmk4-proj", "rattlie");
}
