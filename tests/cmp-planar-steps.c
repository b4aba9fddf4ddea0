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
  for (int r = 0; r < 2; r++) {
    pend2dchk_use(r ? "g=9.81" : "");
    const char *others[] = { "angle", "fform", "liealg", "cayley" };
    double ratio_red = fabs(at("reduced", 2, 1) / at("reduced", 0, 1));
    /* sensitivity to the step: how far the lag moves from h = 0.01 to 0.05 */
    double sens_com = fabs(at("complete", 2, 1) - at("complete", 0, 1));
    double sens_lie = fabs(at("liealg", 2, 1) - at("liealg", 0, 1));
    double best = INFINITY;
    for (int k = 0; k < 4; k++) best = fmin(best, fabs(at(others[k], 2, 1)));
    CLAIM("cmp-planar-steps-a", at("rk4", 2, 2));
    CLAIM("cmp-planar-steps-b", at("angle", 2, 1));
    CLAIM("cmp-planar-steps-c", ratio_red);
    CLAIM("cmp-planar-steps-d", sens_com);
    CLAIM("cmp-planar-steps-e", sens_lie / sens_com);
    CLAIM("cmp-planar-steps-f", fabs(at("complete", 2, 1)) / best);
    CLAIM("cmp-planar-steps-g", at("complete", 2, 3) / at("angle", 2, 3));
    CLAIM("cmp-planar-steps-h", sens_lie / sens_com);   /* the magnitude of -e */
  }
  /* "best long-time behaviour" read on the energy, the open reading of -f
     (the number of -g, under the chapter's g) */
  pend2dchk_use("");
  double best_energy = at("complete", 2, 3) / at("angle", 2, 3);
  printf("cmp-planar-steps-f\t%.6g\tbest=energy\n", best_energy);
  return 0;
}
