/* bai2015-fig05.c: error of the vertical momentum e3^T R Pi (bai2015 Fig. 5). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void)
{
  bai_header("Fig. 5");
  bai_runs("t dL dE orth_err", 1, 0, 0);
  return 0;
}
