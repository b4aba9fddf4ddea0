/* huang2022-fig05.c: energy errors of DH, RATTLie, generalized-alpha and DL
   (index 2: one row per scheme, the maximum over 50 s, then per 5-s window;
   index 3: the same at g = 9.81; indices 4-7: the ensemble of perturbed
   starts, each an open assumption w1x=W, rod 1's initial spin about X). */
#include <math.h>
#include <stddef.h>
#include "lib/lgvichk.h"

/* The five measurements on one block of four rows (dh rattlie galpha dl). */
static void measure(const blk *e, const char *assumption)
{
  double dh = at(e, 0, 0), rl = at(e, 1, 0), ga = at(e, 2, 0), dl = at(e, 3, 0);
  const char *id[5] = {"huang2022-fig05-a", "huang2022-fig05-b", "huang2022-fig05-c",
                       "huang2022-fig05-d", "huang2022-fig05-e"};
  /* DH's drift: D(50 s)/D(25 s), the largest error over the run over that
     over its first five 5-s windows */
  double d25 = 0;
  for (int j = 1; j <= 5; j++) d25 = fmax(d25, at(e, 0, j));
  double v[5] = {ga / fmax(dh, rl), dh / rl, dh / d25,
                 ga / fmax(dh, rl), dh / dl};
  for (int i = 0; i < 5; i++)
    if (assumption) claim_under(assumption, id[i], v[i]); else claim(id[i], v[i]);
}

int main(void)
{
  static const char *const spin[4] = {"w1x=1e-12", "w1x=-1e-12", "w1x=1e-10",
                                      "w1x=-1e-10"};
  blk b[8];
  if (read_blocks("data/huang2022-fig05.dat", b, 8) != 8) return 2;
  for (int k = 2; k < 8; k++)
    if (b[k].nrow != 4) return 2;
  measure(&b[2], NULL);
  measure(&b[3], "g=9.81");
  for (int k = 0; k < 4; k++) measure(&b[4 + k], spin[k]);
  return 0;
}
