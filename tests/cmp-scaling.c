/* cmp-scaling.c: the largest fitted exponent of the cost per step over the
   multibody schemes, on chains (a) and on binary trees (b). */
#include <stdio.h>

int main(void)
{
  FILE *f = fopen("data/cmp-scaling.dat", "r");
  char line[4096];
  int index = 0, blanks = 0, got[2] = {0, 0};
  double worst[2] = {0, 0};
  if (!f) return 1;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (line[0] == '\n') {
      if (++blanks == 2) { index++; blanks = 0; }
      continue;
    }
    blanks = 0;
    double v[9];
    if (index == 2 && sscanf(line, "%lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2],
                             &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]) == 9
        && (v[0] == 0 || v[0] == 1)) {
      int t = (int)v[0];
      for (int s = 1; s < 9; s++) if (!(v[s] <= worst[t])) worst[t] = v[s];
      got[t] = 1;
    }
  }
  fclose(f);
  if (!got[0] || !got[1]) return 1;
  printf("cmp-scaling-a\t%.4g\n", worst[0]);
  printf("cmp-scaling-b\t%.4g\n", worst[1]);
  return 0;
}
