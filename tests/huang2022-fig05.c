/* huang2022-fig05.c: energy errors of DH, RATTLie, generalized-alpha and DL
   (index 2: one row per scheme, the maximum over 50 s, then per 10-s window;
   index 3: the same at g = 9.81). */
#include <math.h>
#include <stddef.h>
#include "lib/lgvichk.h"

/* The five measurements on one block of four rows (dh rattlie galpha dl). */
static void measure(const blk *e, const char *assumption)
{
  double dh = at(e, 0, 0), rl = at(e, 1, 0), ga = at(e, 2, 0), dl = at(e, 3, 0);
  const char *id[5] = {"huang2022-fig05-a", "huang2022-fig05-b", "huang2022-fig05-c",
                       "huang2022-fig05-d", "huang2022-fig05-e"};
  /* DH's drift: D(40 s)/D(20 s) from the 10-s windows, the longest halves
     they give */
  const double d40 = fmax(fmax(at(e, 0, 1), at(e, 0, 2)), fmax(at(e, 0, 3), at(e, 0, 4)));
  double v[5] = {ga / fmax(dh, rl), dh / rl, d40 / fmax(at(e, 0, 1), at(e, 0, 2)),
                 ga / fmax(dh, rl), dh / dl};
  for (int i = 0; i < 5; i++)
    if (assumption) claim_under(assumption, id[i], v[i]); else claim(id[i], v[i]);
}

int main(void)
{
  blk b[4];
  if (read_blocks("data/huang2022-fig05.dat", b, 4) != 4 || b[2].nrow != 4 || b[3].nrow != 4)
    return 2;
  measure(&b[2], NULL);
  measure(&b[3], "g=9.81");
  return 0;
}
