/* moiseev2024-fig06.c: orthogonality error, LGVI and RK4 (moiseev2024 Fig. 6). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void) { moiseev_runs("Fig. 6", "t orth_err", 0); return 0; }
