/* cmp-work-precision-doublependulum: error against cost on the huang2022 double pendulum. */
#include "fig/lib/cmpdrv.h"
int main(int argc, char **argv) { return cmp_work_precision(argc, argv, "doublependulum"); }
