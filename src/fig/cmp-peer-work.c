/* cmp-peer-work.c: error at T = 1 s against instructions per simulated
   second on the huang2022 double pendulum and on a chain of four rods on
   revolute joints, for MuJoCo's three integrators and the package's RKMK4,
   DH and RATTLie, against the package's reference.  With --count, only the
   counted runs (under Callgrind). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fig/lib/cmpdrv.h"
#include "peer/lib/mjpeer.h"

static const char *const name[] = {"mujoco-euler", "mujoco-implicit", "mujoco-rk4", "rkmk4",
                                   "dh", "rattlie"};
enum { NS = 6, NM = 2, NH = 9, N0 = 25, NREF = 1000, NC1 = 20, NC2 = 100, NBMAX = 4 };
static const double HC = 0.01;         /* the step of the counted runs */

static lgr_model *model(int k)
{
  char msg[256];
  lgr_model *m = k == 0 ? lgr_model_read("src/model/doublependulum.mb", msg, sizeof msg)
                        : mjp_chain("revolute", 4);
  if (!m) { fprintf(stderr, "cmp-peer-work: %s\n", msg); exit(1); }
  return m;
}

int main(int argc, char **argv)
{
  char msg[512];
  mjp_job job[NM * NS];
  for (int k = 0; k < NM * NS; k++)
    if (mjp_job_init(&job[k], model(k / NS), name[k % NS], HC, msg, sizeof msg) != 0) {
      fprintf(stderr, "cmp-peer-work: %s\n", msg);
      return 1;
    }
  if (argc > 1 && strcmp(argv[1], "--count") == 0) {
    for (int k = 0; k < NM * NS; k++) mjp_count(&job[k], NC1), mjp_count(&job[k], NC2);
    return 0;
  }
  long n1[NM * NS], n2[NM * NS];
  double ips[NM * NS];
  for (int k = 0; k < NM * NS; k++) n1[k] = NC1, n2[k] = NC2;
  char *self[] = {argv[0], "--count", NULL};
  if (cmp_callgrind(self, MJP_COUNTED, 1, NM * NS, n1, n2, ips, "cmp-peer-work") != 0) return 1;
  printf("# cmp-peer-work: error at T = 1 s against instructions per simulated second\n"
         "# (Callgrind: steps %d to %d of h = %g s, differenced); block 0 the huang2022 double\n"
         "# pendulum, block 1 a chain of four rods on revolute joints; columns n, h, then per\n"
         "# integrator its error and its instructions per simulated second:\n#", NC1 + 1, NC2,
         HC);
  for (int s = 0; s < NS; s++) printf(" %s", name[s]);
  printf("\n");
  for (int m = 0; m < NM; m++) {
    lgr_body ref[NBMAX], ref2[NBMAX], b[NBMAX];
    mjp_job r;
    const lgr_model *lm = job[m * NS].lm;
    mjp_job_init(&r, lm, "ref", 1.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF, ref, 1, NULL) != 0) return 1;
    mjp_job_init(&r, lm, "ref", 2.0 / NREF, msg, sizeof msg);
    if (mjp_job_run(&r, NREF / 2, ref2, 1, NULL) != 0) return 1;
    int nb = m == 0 ? 2 : 4;
    double ws = 0;
    for (int i = 0; i < nb; i++)
      ws = fmax(ws, sqrt(ref[i].W[0] * ref[i].W[0] + ref[i].W[1] * ref[i].W[1]
                         + ref[i].W[2] * ref[i].W[2]));
    printf("# %s: reference rk8pd on a grid of %g s, its error %.3g; w_s = %.6g rad/s;"
           " instructions per step:", m == 0 ? "double pendulum" : "revolute chain",
           1.0 / NREF, mjp_distance(nb, ref, ref2, ws), ws);
    for (int s = 0; s < NS; s++) printf(" %.6g", ips[m * NS + s]);
    printf("\n");
    for (int k = 0; k < NH; k++) {
      long n = (long)N0 << k;
      printf("%ld %.6g", n, 1.0 / (double)n);
      for (int s = 0; s < NS; s++) {
        mjp_job j;
        if (mjp_job_init(&j, lm, name[s], 1.0 / (double)n, msg, sizeof msg) != 0) return 1;
        double e = mjp_job_run(&j, n, b, 1, NULL) == 0 ? mjp_distance(nb, b, ref, ws) : NAN;
        mjp_job_free(&j);
        printf(" %.6g %.6g", e, ips[m * NS + s] * (double)n);
      }
      printf("\n");
    }
    printf("\n\n");
  }
  for (int k = 0; k < NM * NS; k++) mjp_job_free(&job[k]);
  return 0;
}
