/* bai2015-fig02.c: body angular velocity of the three schemes (bai2015 Fig. 2). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void)
{
  bai_header("Fig. 2");
  bai_runs("t W1 W2 W3", 0, 0, 1);
  return 0;
}
