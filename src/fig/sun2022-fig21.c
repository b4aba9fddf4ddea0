/* sun2022-fig21.c: Fig. 21 of sun2022, reduced attitude of Eq. (78), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 21", "p3d-ra", 0.1, 0.01); }
