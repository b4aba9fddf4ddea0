/* huang2022-fig04.c: rod 2's body angular velocity about its body X axis,
   DH, RATTLie and generalized-alpha against the reference (Fig. 4). */
#include "fig/lib/hgdrv.h"

int main(void)
{
  hg_trajectory_figure(1);
  return 0;
}
