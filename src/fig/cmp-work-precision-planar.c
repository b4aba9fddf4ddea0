/* cmp-work-precision-planar: error against cost on the sun2022 planar pendulum. */
#include "fig/lib/cmpdrv.h"
int main(int argc, char **argv) { return cmp_work_precision(argc, argv, "planar"); }
