/* moiseev2024-fig05.c: body angular velocity, LGVI and RK4 (moiseev2024 Fig. 5). */
#include <stdio.h>
#include "fig/lib/lgvidrv.h"
int main(void) { moiseev_runs("Fig. 5", "t W1 W2 W3", 0); return 0; }
