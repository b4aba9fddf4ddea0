/* cmp-huang2022-order.c: observed orders and Jacobians (index 3 of the data file). */
#include "lib/lgvichk.h"
int main(void)
{
  blk b[4];
  if (read_blocks("data/cmp-huang2022-order.dat", b, 4) != 4) return 2;
  claim("cmp-huang2022-order-a", at(&b[3], 0, 0));
  claim("cmp-huang2022-order-b", at(&b[3], 0, 1));
  claim("cmp-huang2022-order-c", at(&b[3], 0, 2));
  return 0;
}
