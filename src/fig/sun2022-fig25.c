/* sun2022-fig25.c: Fig. 25 of sun2022, attitude of the z axis, Eq. (83), h = 0.1. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 25", "p3d-clg", 0.1, 0.01); }
