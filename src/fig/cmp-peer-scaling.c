/* cmp-peer-scaling.c: instructions per step of MuJoCo's Euler and RK4 and
   the package's RKMK4, DH and RATTLie on chains of N = 4, 16, 64 spinning
   rods on spherical joints, and the fitted exponents of the growth.  With
   --count, only the counted runs (under Callgrind). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fig/lib/cmpdrv.h"
#include "peer/lib/mjpeer.h"

static const char *const name[] = {"mujoco-euler", "mujoco-rk4", "rkmk4", "dh", "rattlie"};
enum { NS = 5, NN = 3, NC1 = 1, NC2 = 2 };
static const int size[NN] = {4, 16, 64};

int main(int argc, char **argv)
{
  char msg[512];
  mjp_job job[NN * NS];
  lgr_model *lm[NN];
  for (int k = 0; k < NN; k++) lm[k] = mjp_chain("spherical", size[k]);
  for (int k = 0; k < NN * NS; k++)
    if (mjp_job_init(&job[k], lm[k / NS], name[k % NS], 1e-3, msg, sizeof msg) != 0) {
      fprintf(stderr, "cmp-peer-scaling: %s\n", msg);
      return 1;
    }
  if (argc > 1 && strcmp(argv[1], "--count") == 0) {
    for (int k = 0; k < NN * NS; k++) mjp_count(&job[k], NC1), mjp_count(&job[k], NC2);
    return 0;
  }
  long n1[NN * NS], n2[NN * NS];
  double ips[NN * NS];
  for (int k = 0; k < NN * NS; k++) n1[k] = NC1, n2[k] = NC2;
  char *self[] = {argv[0], "--count", NULL};
  if (cmp_callgrind(self, MJP_COUNTED, 1, NN * NS, n1, n2, ips, "cmp-peer-scaling") != 0) return 1;
  printf("# cmp-peer-scaling: instructions per step (Callgrind, the second step of h = 1e-3 s)\n"
         "# on chains of N spinning rods on spherical joints; index 0: columns N, then:");
  for (int s = 0; s < NS; s++) printf(" %s", name[s]);
  printf("\n");
  for (int k = 0; k < NN; k++) {
    printf("%d", size[k]);
    for (int s = 0; s < NS; s++) printf(" %.6g", ips[k * NS + s]);
    printf("\n");
  }
  printf("\n\n# index 1: the exponent p of cost ~ N^p, least squares over N = 4, 16, 64, per"
         " integrator\n");
  for (int s = 0; s < NS; s++) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int k = 0; k < NN; k++) {
      double x = log((double)size[k]), y = log(ips[k * NS + s]);
      sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    printf("%s%.4f", s ? " " : "", (NN * sxy - sx * sy) / (NN * sxx - sx * sx));
  }
  printf("\n");
  for (int k = 0; k < NN * NS; k++) mjp_job_free(&job[k]);
  for (int k = 0; k < NN; k++) lgr_model_free(lm[k]);
  return 0;
}
