/* Check of sun2022-fig05: amplitude losses over 50 s, from the energy. */
#include <math.h>
#include <stdio.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig05.dat");
  printf("sun2022-fig05-a\t%.6g\n", pend2d_ampl_loss(FIND("rk4")));
  printf("sun2022-fig05-b\t%.6g\n", fabs(pend2d_ampl_loss(FIND("angle"))));
  printf("sun2022-fig05-c\t%.6g\n", pend2d_ampl_loss(FIND("rkf45")));
  printf("sun2022-fig05-d\t%.6g\n", pend2d_ampl_loss(FIND("rk4_doubling")));
  printf("sun2022-fig05-e\t%.6g\n", pend2d_ampl_loss(FIND("rk4_doubling_1e-2")));
  return 0;
}
