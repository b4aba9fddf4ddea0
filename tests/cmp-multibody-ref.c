/* cmp-multibody-ref.c: checks of the multibody reference on huang2022's
   double pendulum (index 2 of the data file is one summary row). */
#include <stdio.h>

int main(void)
{
  FILE *f = fopen("data/cmp-multibody-ref.dat", "r");
  char line[4096];
  int index = 0, blanks = 0;
  double v[11];
  int have = 0;
  if (!f) return 1;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (line[0] == '\n') {
      if (++blanks == 2) {
        index++;
        blanks = 0;
      }
      continue;
    }
    blanks = 0;
    if (index == 2)
      have = sscanf(line, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2],
                    &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10])
             == 11;
  }
  fclose(f);
  if (!have) return 1;
  printf("cmp-multibody-ref-a\t%.6g\n", v[1]);
  printf("cmp-multibody-ref-b\t%.6g\n", v[2]);
  printf("cmp-multibody-ref-c\t%.6g\n", v[0]);
  printf("cmp-multibody-ref-d\t%.6g\n", v[3]);
  printf("cmp-multibody-ref-e\t%.6g\n", v[8]);
  printf("cmp-multibody-ref-f\t%.6g\n", v[7]);
  printf("cmp-multibody-ref-g\t%.6g\n", v[6]);
  printf("cmp-multibody-ref-h\t%.6g\n", v[10]);
  return 0;
}
