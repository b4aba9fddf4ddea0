/* Check of sun2022-fig14: the two complete Lie group forms at h = 0.05. */
#include <math.h>
#include "scheme/sun2022-planar-sets.h"

#include "lib/pend2dchk.h"

int main(void)
{
  READ_SETS("data/sun2022-fig14.dat");
  static const char *const readings[] = {"", "g=9.81"};
  for (int r = 0; r < 2; r++) {
    pend2dchk_use(readings[r]);
    const pend2d_set *a = FIND("complete"), *b = FIND("complete_inc");
    CLAIM("sun2022-fig14-a", pend2d_maxdiff(a, b, PEND2D_THETA, 0, 45));
    pend2dchk_claim_note("sun2022-fig14-b", pend2d_maxdiff(a, b, PEND2D_THETA, 45, 50),
                         "refuted by derivation: the new-state and the increment form are "
                         "one Newton iteration, so no correct package separates them");
    CLAIM("sun2022-fig14-c", pend2d_maxdiff(FIND("complete_tol1e-3"),
                                                       FIND("complete_inc_warm_tol1e-3"),
                                                       PEND2D_THETA, 45, 50));
  }
  return 0;
}
