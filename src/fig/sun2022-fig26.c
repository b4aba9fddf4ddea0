/* sun2022-fig26.c: Fig. 26 of sun2022, angular velocity of Eq. (87), h = 0.01, 0.005. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 26", "p3d-cardan", 0.01, 0.005); }
