/* bai2015-fig04.c: velocity of the body origin in the body frame (bai2015 Fig. 4). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void)
{
  bai_header("Fig. 4");
  bai_runs("t v1 v2 v3 x1 x2 x3", 0, 1, 0);
  return 0;
}
