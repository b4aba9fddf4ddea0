/* moiseev2024-fig08.c: vertical angular momentum, LGVI and RK4 (moiseev2024 Fig. 8). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void) { moiseev_runs("Fig. 8", "t Lvert dL", 1); return 0; }
