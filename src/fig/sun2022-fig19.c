/* sun2022-fig19.c: Fig. 19 of sun2022, attitude of Eq. (70), h = 0.05. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 19", "p3d-f", 0.05, 0.01); }
