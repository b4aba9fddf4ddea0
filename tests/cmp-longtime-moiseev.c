/* Check of cmp-longtime-moiseev: drift, boundedness, invariants, the Cardan form's stop. */
#include <math.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
  char line[512], name[64];
  long done;
  double mE, mL, mO, ratio, it;
  int summary = 0;
  FILE *f = fopen("data/cmp-longtime-moiseev.dat", "r");
  if (!f) { perror("data/cmp-longtime-moiseev.dat"); return 1; }
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "# summary", 9) == 0) { summary = 1; continue; }
    if (!summary || sscanf(line, "%63s %ld %lf %lf %lf %lf %lf", name, &done, &mE, &mL, &mO,
                           &ratio, &it) != 7) continue;
    if (strcmp(name, "rk4") == 0) printf("cmp-longtime-moiseev-rk4-drift\t%.6g\n", ratio);
    /* the LGVI's bounded energy over these steps is row moiseev2024-fig07-b */
    if (strcmp(name, "lgvi-exp") == 0) printf("cmp-longtime-moiseev-lgvi-lvert\t%.6g\n", mL);
    if (strcmp(name, "p3d-f") == 0)
      printf("cmp-longtime-moiseev-midpoint-energy\t%.6g\n", done == 1000000 ? mE : NAN);
    if (strcmp(name, "p3d-cardan") == 0)
      printf("cmp-longtime-moiseev-cardan-stops\t%ld\n", done);
  }
  fclose(f);
  return 0;
}
