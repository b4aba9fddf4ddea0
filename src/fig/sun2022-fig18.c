/* sun2022-fig18.c: Fig. 18 of sun2022, angular velocity of Eq. (70), h = 0.05. */
#include "fig/p3d-driver.h"
int main(void) { return p3d_paper_figure("Fig. 18", "p3d-f", 0.05, 0.01); }
