/* sun2022-fig24.c: Fig. 24 of sun2022, attitude of the y axis, Eq. (83), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 24", "p3d-clg", 0.1, 0.01); }
