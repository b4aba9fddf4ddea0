/* sun2022-fig27.c: Fig. 27 of sun2022, attitude of Eq. (87), h = 0.01, 0.005. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 27", "p3d-cardan", 0.01, 0.005); }
