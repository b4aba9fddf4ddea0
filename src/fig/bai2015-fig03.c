/* bai2015-fig03.c: third row of R, the vertical seen in the body (bai2015 Fig. 3). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void)
{
  bai_header("Fig. 3");
  bai_runs("t R31 R32 R33", 0, 0, 0);
  return 0;
}
