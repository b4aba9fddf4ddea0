/* Check of cmp-planar-steps: the conclusions of Sec. 7 about the planar pendulum. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

/* Column j of the row with step h (rows h = 0.01, 0.02, 0.05). */
static double at(const char *name, int row, int j)
{
  const pend2d_set *s = FIND(name);
  return s->v[row * s->ncol + j];
}

int main(void)
{
  READ_SETS("data/cmp-planar-steps.dat");
  const char *others[] = { "angle", "fform", "liealg", "cayley" };
  double ratio_red = fabs(at("reduced", 2, 1) / at("reduced", 0, 1));
  double ratio_com = fabs(at("complete", 2, 1) / at("complete", 0, 1));
  double ratio_lie = fabs(at("liealg", 2, 1) / at("liealg", 0, 1));
  double best = INFINITY;
  for (int k = 0; k < 4; k++) best = fmin(best, fabs(at(others[k], 2, 1)));
  printf("cmp-planar-steps-a\t%.6g\n", at("rk4", 2, 2));
  printf("cmp-planar-steps-b\t%.6g\n", at("angle", 2, 1));
  printf("cmp-planar-steps-c\t%.6g\n", ratio_red);
  printf("cmp-planar-steps-d\t%.6g\n", ratio_com);
  printf("cmp-planar-steps-e\t%.6g\n", ratio_lie / ratio_com);
  printf("cmp-planar-steps-f\t%.6g\n", fabs(at("complete", 2, 1)) / best);
  printf("cmp-planar-steps-g\t%.6g\n", at("complete", 2, 3) / at("angle", 2, 3));
  return 0;
}
