/* bai2015-fig06.c: orthogonality error of R (bai2015 Fig. 6). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void)
{
  bai_header("Fig. 6");
  bai_runs("t orth_err dL W1 W2 W3", 1, 0, 0);
  return 0;
}
