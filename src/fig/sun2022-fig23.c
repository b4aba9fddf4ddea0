/* sun2022-fig23.c: Fig. 23 of sun2022, attitude of the x axis, Eq. (83), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 23", "p3d-clg", 0.1, 0.01); }
