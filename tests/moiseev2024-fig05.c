/* moiseev2024-fig05.c: angular velocities of RK4 and the LGVI (moiseev2024 Fig. 5). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[5], hb[4];
  if (read_blocks("data/moiseev2024-fig05.dat", b, 5) != 5) return 2;
  /* the problem's horizon: the pendulum's reference, W0 perturbed by 1e-12,
     leaves the reference by a line width, 0.16 rad/s */
  if (read_blocks("data/cmp-lgvi-horizon.dat", hb, 4) != 4) return 2;
  const double hz = first_above(&hb[2], 1, 0.16);
  for (int r = 0; r < 2; r++) {          /* blocks 0, 1 at g = 9.8; 3, 4 at g = 9.81 */
    const blk *l = &b[r ? 3 : 0], *k = &b[r ? 4 : 1];
    double tsep = 30;
    for (int i = 0; i < l->nrow && i < k->nrow; i++) {
      double d = 0;
      for (int j = 1; j <= 3; j++) d = fmax(d, fabs(at(l, i, j) - at(k, i, j)));
      if (d > 0.16) { tsep = at(l, i, 0); break; }   /* 1 % of the 16 rad/s axis */
    }
    if (r) claim_under("g=9.81", "moiseev2024-fig05-a", tsep);
    else claim_horizon("moiseev2024-fig05-a", tsep, hz, "RK4 and the LGVI");
  }
  return 0;
}
