/* huang2022-fig07.c: the velocity-constraint violation at joint A: DH's largest
   over 0-50 s (index 1), a bound on round-off; the level (median over every step,
   index 2: dh rattlie galpha dl dl-one-sided) of generalized-alpha and DL, DL's
   with the velocity its definition gives (the one-sided one in a note); the levels
   again on the ensemble
   of perturbed starts (indices 3-6: galpha dl dl-one-sided). */
#include <stdio.h>
#include "lib/lgvichk.h"
int main(void)
{
  static const char *const spin[4] = {"w1x=1e-12", "w1x=-1e-12", "w1x=1e-10",
                                      "w1x=-1e-10"};
  blk b[7];
  if (read_blocks("data/huang2022-fig07.dat", b, 7) != 7) return 2;
  claim("huang2022-fig07-a", at(&b[1], 0, 0));
  claim("huang2022-fig07-b", at(&b[2], 0, 2));
  /* DL's velocity: the average of p- and p+ (the chapter's reading); the
     paper does not say which velocity DL reports, so the one-sided M^-1 p-
     is the open reading vel=one-sided */
  claim("huang2022-fig07-c", at(&b[2], 0, 3));
  claim_under("vel=one-sided", "huang2022-fig07-c", at(&b[2], 0, 4));
  /* the maximum over 0-50 s (index 1), the statistic before the second pass */
  claim_under("stat=max", "huang2022-fig07-b", at(&b[1], 0, 2));
  claim_under("stat=max", "huang2022-fig07-c", at(&b[1], 0, 3));
  for (int k = 0; k < 4; k++) {   /* the ensemble of perturbed starts (indices 3-6) */
    claim_under(spin[k], "huang2022-fig07-b", at(&b[3 + k], 0, 0));
    claim_under(spin[k], "huang2022-fig07-c", at(&b[3 + k], 0, 1));
  }
  return 0;
}
