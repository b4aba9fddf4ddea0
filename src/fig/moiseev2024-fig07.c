/* moiseev2024-fig07.c: total energy, LGVI and RK4 (moiseev2024 Fig. 7). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void) { moiseev_runs("Fig. 7", "t energy dE", 1); return 0; }
