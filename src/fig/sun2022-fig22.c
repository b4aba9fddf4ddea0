/* sun2022-fig22.c: Fig. 22 of sun2022, angular velocity of Eq. (83), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 22", "p3d-clg", 0.1, 0.01); }
