/* cmp-peer-energy.c: the energy error |E - E0| over 1e5 steps of h = 1e-3 s on
   the huang2022 double pendulum, for the package's DH, RATTLie and RKMK4 and
   MuJoCo's three integrators: its largest value in each window of 1,000
   steps (checked every 10 steps). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "peer/lib/mjpeer.h"

static const char *const name[] = {"dh", "rattlie", "rkmk4", "mujoco-euler", "mujoco-implicit",
                                   "mujoco-rk4"};
enum { NS = 6, NSTEP = 100000, WIN = 1000, EVERY = 10, NW = NSTEP / WIN };
static const double H = 1e-3;

int main(void)
{
  char msg[512];
  static double dE[NS][NW];
  lgr_model *lm = lgr_model_read("src/model/doublependulum.mb", msg, sizeof msg);
  if (!lm) { fprintf(stderr, "cmp-peer-energy: %s\n", msg); return 1; }
  for (int s = 0; s < NS; s++) {
    mjp_job j;
    if (mjp_job_init(&j, lm, name[s], H, msg, sizeof msg) != 0) {
      fprintf(stderr, "cmp-peer-energy: %s\n", msg);
      return 1;
    }
    lgr_sim *p = j.mujoco ? NULL : lgr_alloc(lm, name[s], msg, sizeof msg);
    if (!j.mujoco && (!p || lgr_init(p, H, msg, sizeof msg) != LGR_OK)) {
      fprintf(stderr, "cmp-peer-energy: %s: %s\n", name[s], msg);
      return 1;
    }
    if (j.mujoco) mjp_reset(&j.s), mjp_sync(&j.s);
    double e0 = j.mujoco ? mjp_energy(&j.s) : lgr_energy(p);
    for (int w = 0; w < NW; w++) {
      dE[s][w] = 0;
      for (int k = 0; k < WIN / EVERY; k++) {
        double e;
        if (j.mujoco) {
          mjp_steps(&j.s, EVERY);
          mjp_sync(&j.s);
          e = mjp_energy(&j.s);
        } else {
          for (int i = 0; i < EVERY; i++)
            if (lgr_step(p) != LGR_OK) {
              fprintf(stderr, "cmp-peer-energy: %s: %s\n", name[s], lgr_last_error(p));
              return 1;
            }
          e = lgr_energy(p);
        }
        dE[s][w] = fmax(dE[s][w], fabs(e - e0));   /* NaN stays NaN: fmax drops it */
        if (!isfinite(e)) dE[s][w] = NAN;
      }
    }
    lgr_free(p);
    mjp_job_free(&j);
  }
  printf("# cmp-peer-energy: largest |E - E0| (J) in each window of %d steps of h = %g s on the\n"
         "# huang2022 double pendulum (E0 = 0: it starts at rest, horizontal), checked every %d\n"
         "# steps; columns: t at the end of the window, then", WIN, H, EVERY);
  for (int s = 0; s < NS; s++) printf(" %s", name[s]);
  printf("\n");
  for (int w = 0; w < NW; w++) {
    printf("%g", (double)(w + 1) * WIN * H);
    for (int s = 0; s < NS; s++) printf(" %.6g", dE[s][w]);
    printf("\n");
  }
  lgr_model_free(lm);
  return 0;
}
