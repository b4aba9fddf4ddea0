/* huang2022-fig03.c: rod 2's mass centre, x-coordinate, DH, RATTLie and
   generalized-alpha against the reference (the paper's Fig. 3). */
#include "fig/lib/hgdrv.h"

int main(void)
{
  hg_trajectory_figure(0);
  return 0;
}
