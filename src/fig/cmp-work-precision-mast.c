/* cmp-work-precision-mast: error against cost on the deployable mast. */
#include "fig/lib/cmpdrv.h"
int main(int argc, char **argv) { return cmp_work_precision(argc, argv, "mast"); }
