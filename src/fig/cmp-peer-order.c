/* cmp-peer-order.c: error at T = 1 s against the step, on a chain of four
   spinning rods on spherical joints and a chain of four rods on revolute
   joints, for MuJoCo's three integrators and the package's RKMK4 and
   RATTLie, against the package's reference; the fitted slopes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "peer/lib/mjpeer.h"

static const char *const name[] = {"mujoco-euler", "mujoco-implicit", "mujoco-rk4", "rkmk4",
                                   "rattlie"};
static const char *const joint[] = {"spherical", "revolute"};
enum { NS = 5, NJ = 2, NH = 7, NB = 4, N0 = 100, NREF = 1000 };

int main(void)
{
  char msg[512];
  printf("# cmp-peer-order: error at T = 1 s against h on chains of %d rods; one block per\n"
         "# chain (0 spherical joints, spinning; 1 revolute joints), columns h, then the error of\n"
         "#", NB);
  for (int s = 0; s < NS; s++) printf(" %s", name[s]);
  printf("\n");
  for (int c = 0; c < NJ; c++) {
    lgr_model *lm = mjp_chain(joint[c], NB);
    lgr_body ref[NB], ref2[NB], b[NB];
    mjp_job r;
    mjp_job_init(&r, lm, "ref", 1.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF, ref, 1, NULL) != 0) return 1;
    mjp_job_init(&r, lm, "ref", 2.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF / 2, ref2, 1, NULL) != 0) return 1;
    double eref = mjp_distance(NB, ref, ref2, 1.0);
    printf("# %s chain: reference rk8pd on a grid of %g s, its error %.3g\n", joint[c],
           1.0 / NREF, eref);
    double err[NS][NH];
    for (int s = 0; s < NS; s++)
      for (int k = 0; k < NH; k++) {
        long n = (long)N0 << k;
        mjp_job j;
        if (mjp_job_init(&j, lm, name[s], 1.0 / (double)n, msg, sizeof msg) != 0) {
          fprintf(stderr, "cmp-peer-order: %s\n", msg);
          return 1;
        }
        err[s][k] = mjp_job_run(&j, n, b, 1, NULL) == 0 ? mjp_distance(NB, b, ref, 1.0) : NAN;
        mjp_job_free(&j);
      }
    for (int k = 0; k < NH; k++) {
      printf("%.6g", 1.0 / (double)(N0 << k));
      for (int s = 0; s < NS; s++) printf(" %.6g", err[s][k]);
      printf("\n");
    }
    printf("\n\n");
    lgr_model_free(lm);
  }
  return 0;
}
