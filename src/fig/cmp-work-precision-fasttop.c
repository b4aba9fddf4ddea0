/* cmp-work-precision-fasttop: error against cost on the fast heavy top. */
#include "fig/lib/cmpdrv.h"
int main(int argc, char **argv) { return cmp_work_precision(argc, argv, "fasttop"); }
