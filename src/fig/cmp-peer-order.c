/* cmp-peer-order.c: error at T = 1 s against the step, on a chain of four
   spinning rods on spherical joints and a chain of four rods on revolute
   joints, for MuJoCo's three integrators, the package's RKMK4 and RATTLie,
   and Simbody's Runge-Kutta-Merson rule at a fixed step (its program
   lgpeer-simbody, beside this driver's directory), against the package's
   reference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peer/lib/mjpeer.h"

static const char *const name[] = {"mujoco-euler", "mujoco-implicit", "mujoco-rk4", "rkmk4",
                                   "rattlie"};
static const char *const joint[] = {"spherical", "revolute"};
enum { NS = 5, NJ = 2, NH = 7, NHS = 5, NB = 4, N0 = 100, NREF = 1000 };  /* Simbody: NHS steps */

int main(int argc, char **argv)
{
  char msg[512], sb[1024];
  (void)argc;
  /* build/bin/fig/cmp-peer-order -> build/bin/peer/lgpeer-simbody */
  snprintf(sb, sizeof sb, "%s", argv[0]);
  char *slash = strrchr(sb, '/');
  if (!slash) { fprintf(stderr, "cmp-peer-order: run me by my path\n"); return 1; }
  snprintf(slash + 1, sizeof sb - (size_t)(slash + 1 - sb), "../peer/lgpeer-simbody");
  printf("# cmp-peer-order: error at T = 1 s against h on chains of %d rods; one block per\n"
         "# chain (0 spherical joints, spinning; 1 revolute joints), columns h, then the error of\n"
         "#", NB);
  for (int s = 0; s < NS; s++) printf(" %s", name[s]);
  printf(" simbody-rkm (the %d coarsest steps)\n", NHS);
  for (int c = 0; c < NJ; c++) {
    lgr_model *lm = mjp_chain(joint[c], NB);
    char *text = mjp_chain_text(joint[c], NB);
    lgr_body ref[NB], ref2[NB], b[NB];
    mjp_job r;
    mjp_job_init(&r, lm, "ref", 1.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF, ref, 1, NULL) != 0) return 1;
    mjp_job_init(&r, lm, "ref", 2.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF / 2, ref2, 1, NULL) != 0) return 1;
    double eref = mjp_distance(NB, ref, ref2, 1.0);
    printf("# %s chain: reference rk8pd on a grid of %g s, its error %.3g\n", joint[c],
           1.0 / NREF, eref);
    double err[NS + 1][NH];
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
      long n = (long)N0 << k;
      err[NS][k] = k < NHS && mjp_peer_run(sb, text, "rkm", 1.0 / (double)n, n, NB, b) == 0
                   ? mjp_distance(NB, b, ref, 1.0) : NAN;
    }
    free(text);
    for (int k = 0; k < NH; k++) {
      printf("%.6g", 1.0 / (double)(N0 << k));
      for (int s = 0; s <= NS; s++) printf(" %.6g", err[s][k]);
      printf("\n");
    }
    printf("\n\n");
    lgr_model_free(lm);
  }
  return 0;
}
