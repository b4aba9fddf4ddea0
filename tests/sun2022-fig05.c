/* Check of sun2022-fig05: amplitude losses over 50 s, from the energy. */
#include <math.h>
#include <stdio.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig05.dat");
  static const char *const readings[] = {"", "h=0.05", "g=9.81"};
  for (int r = 0; r < 3; r++) {
    pend2dchk_use(readings[r]);
    CLAIM("sun2022-fig05-a", pend2d_ampl_loss(FIND("rk4")));
    CLAIM("sun2022-fig05-b", fabs(pend2d_ampl_loss(FIND("angle"))));
    if (r == 1) continue;      /* the adaptive runs choose their own steps */
    CLAIM("sun2022-fig05-c", pend2d_ampl_loss(FIND("rkf45")));
    CLAIM("sun2022-fig05-d", pend2d_ampl_loss(FIND("rk4_doubling")));
    CLAIM("sun2022-fig05-e", pend2d_ampl_loss(FIND("rk4_doubling_1e-2")));
  }
  return 0;
}
