/* moiseev2024-fig07.c: total energy (moiseev2024 Fig. 7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/lgvichk.h"
static const char *const moiseev_start[4] = {"dW0=1e-12", "dW0=-1e-12", "dW0=1e-10",
                                             "dW0=-1e-10"};

/* D(T)/D(T/2) of a scheme's energy error over 1e6 steps, from the summary of
   the long run of the comparative chapter; NAN if absent */
static double longtime_ratio(const char *scheme)
{
  char line[512], name[64];
  long done;
  double mE, mL, mO, ratio = NAN, r, it;
  int summary = 0;
  FILE *f = fopen("data/cmp-longtime-moiseev.dat", "r");
  if (!f) return NAN;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "# summary", 9) == 0) { summary = 1; continue; }
    if (summary && sscanf(line, "%63s %ld %lf %lf %lf %lf %lf", name, &done, &mE, &mL, &mO,
                          &r, &it) == 7 && strcmp(name, scheme) == 0 && done == 1000000)
      ratio = r;
  }
  fclose(f);
  return ratio;
}

int main(void)
{
  blk b[23];
  if (read_blocks("data/moiseev2024-fig07.dat", b, 23) != 23) return 2;
  for (int k = 0; k < 4; k++) {
    const blk *lg = &b[7 + 2 * k], *rk = &b[8 + 2 * k];
    claim_under(moiseev_start[k], "moiseev2024-fig07-a", drift_ratio(rk, 2, 30));
    claim_under(moiseev_start[k], "moiseev2024-fig07-b", drift_ratio(lg, 2, 30));
    claim_under(moiseev_start[k], "moiseev2024-fig07-c", colmax(lg, 2, 1) / colmax(rk, 2, 1));
    /* the upright start's findings on its own ensemble (indices 15-22) */
    claim_under(moiseev_start[k], "moiseev2024-fig07-d", drift_ratio(&b[16 + 2 * k], 2, 30));
    claim_under(moiseev_start[k], "moiseev2024-fig07-e", drift_ratio(&b[15 + 2 * k], 2, 30));
  }
  claim_under("g=9.81", "moiseev2024-fig07-a", drift_ratio(&b[6], 2, 30));
  claim_under("g=9.81", "moiseev2024-fig07-b", drift_ratio(&b[5], 2, 30));
  claim_under("g=9.81", "moiseev2024-fig07-c", colmax(&b[5], 2, 1) / colmax(&b[6], 2, 1));
  claim_under("gdir=-e3", "moiseev2024-fig07-a", drift_ratio(&b[4], 2, 30));
  claim_under("gdir=-e3", "moiseev2024-fig07-b", drift_ratio(&b[3], 2, 30));
  claim_under("gdir=-e3", "moiseev2024-fig07-c", colmax(&b[3], 2, 1) / colmax(&b[4], 2, 1));
  claim("moiseev2024-fig07-a", drift_ratio(&b[1], 2, 30));
  claim("moiseev2024-fig07-b", drift_ratio(&b[0], 2, 30));
  /* the same statement over 1e6 steps: the run of cmp-longtime-moiseev */
  claim_under("steps=1e6", "moiseev2024-fig07-b", longtime_ratio("lgvi-exp"));
  claim("moiseev2024-fig07-c", colmax(&b[0], 2, 1) / colmax(&b[1], 2, 1));
  claim("moiseev2024-fig07-d", drift_ratio(&b[4], 2, 30));
  claim("moiseev2024-fig07-e", drift_ratio(&b[3], 2, 30));
  return 0;
}
