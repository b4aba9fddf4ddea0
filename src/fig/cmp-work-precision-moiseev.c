/* cmp-work-precision-moiseev: error against cost on the moiseev2024 pendulum. */
#include "fig/lib/cmpdrv.h"
int main(int argc, char **argv) { return cmp_work_precision(argc, argv, "moiseev"); }
