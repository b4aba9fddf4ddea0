/* cmp-liang2023-rank.c: the constraints of the mast stay independent. */
#include <stdio.h>
#include "lib/liang23chk.h"

int main(void)
{
  double r[1][LC_MAXCOL];
  if (lc_read("data/cmp-liang2023-rank.dat", 1, r, 1) != 1) return 1;
  printf("cmp-liang2023-rank-a\t%.6g\n", r[0][1]);
  printf("cmp-liang2023-rank-b\t%.6g\n", r[0][2]);
  return 0;
}
