/* sun2022-fig20.c: Fig. 20 of sun2022, angular velocity of Eq. (78), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 20", "p3d-ra", 0.1, 0.01); }
