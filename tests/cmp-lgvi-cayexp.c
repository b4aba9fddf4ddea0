/* cmp-lgvi-cayexp.c: agreement of the LGVI variants. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
static double upto(const blk *b, int j, double T)
{
  double m = 0;
  for (int i = 0; i < b->nrow && at(b, i, 0) <= T + 1e-9; i++) m = fmax(m, at(b, i, j));
  return m;
}
static double mean(const blk *b, int j)
{
  double s = 0;
  for (int i = 1; i < b->nrow; i++) s += at(b, i, j);
  return s / (b->nrow - 1);
}
int main(void)
{
  blk b[3];
  if (read_blocks("data/cmp-lgvi-cayexp.dat", b, 3) != 3) return 2;
  claim("cmp-lgvi-cayexp-a", fmax(upto(&b[0], 1, 1), upto(&b[1], 1, 1)));
  claim("cmp-lgvi-cayexp-b", upto(&b[2], 1, 5));
  claim("cmp-lgvi-cayexp-c", fabs(mean(&b[2], 3) - mean(&b[2], 4)));
  return 0;
}
