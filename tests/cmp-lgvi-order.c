/* cmp-lgvi-order.c: observed orders of convergence. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
int main(void)
{
  blk b[7];
  const char *ids[7] = {"cmp-lgvi-order-a", "cmp-lgvi-order-b", "cmp-lgvi-order-c",
                        "cmp-lgvi-order-d",
                        "cmp-lgvi-order-e", "cmp-lgvi-order-f", "cmp-lgvi-order-g"};
  if (read_blocks("data/cmp-lgvi-order.dat", b, 7) != 7) return 2;
  for (int i = 0; i < 7; i++) claim(ids[i], at(&b[i], b[i].nrow - 1, 2));
  return 0;
}
