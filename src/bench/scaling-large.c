/* scaling-large.c (bench): processor time and instructions per step of
   every multibody scheme on hanging chains (N = 256, 1024, 4096), planar
   closed loops (N = 64, 256, 1024) and hanging chains with a mass ratio of
   1e4 (N = 256 .. 4096); the fitted exponents of N against the bars 1.1
   (instructions) and 1.25 (time). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/lg.h"
#include "model/multibody.h"
#include "bench/lib/mbgen.h"

static const char *const scheme[] = {"ref", "dh", "rattlie", "dl", "galpha",
                                     "rkmk4", "rkmk4-proj", "imid-index2"};
enum { NS = 8, NN = 3, NF = 3 };
static const struct {
  const char *name;
  int size[NN];
  double ratio;       /* the hanging chains' */
  int loop;
} family[NF] = {{"hanging chain", {256, 1024, 4096}, 1, 0},
                {"planar loop", {64, 256, 1024}, 1, 1},
                {"mass ratio 1e4", {256, 1024, 4096}, 1e4, 0}};

/* the least-squares exponent of y against N over the finite entries */
static double slope(const int *n, const double *y)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int m = 0;
  for (int k = 0; k < NN; k++) {
    if (!isfinite(y[k]) || !(y[k] > 0)) continue;
    const double x = log((double)n[k]), v = log(y[k]);
    sx += x; sy += v; sxx += x * x; sxy += x * v;
    m++;
  }
  return m < 2 ? NAN : (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

int main(void)
{
  const char *tmp = getenv("TMPDIR");
  char dir[256], file[NF][NN][300], msg[256];
  lg_model *m[NF][NN];
  snprintf(dir, sizeof dir, "%s/lglarge.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return 1;
  for (int f = 0; f < NF; f++)
    for (int k = 0; k < NN; k++) {
      const int n = family[f].size[k];
      snprintf(file[f][k], sizeof file[f][k], "%s/f%d-%d.mb", dir, f, n);
      if ((family[f].loop ? mbgen_loop(file[f][k], n)
                          : mbgen_hanging(file[f][k], n, family[f].ratio)) != 0
          || !(m[f][k] = mb_model_read(file[f][k], msg, sizeof msg))) {
        fprintf(stderr, "scaling-large: %s\n", msg);
        return 1;
      }
    }
  int ok = 1;
  printf("# processor time per step (us, best of 3 runs of max(2, 8192/N) steps of\n"
         "# h = 1e-3 s) and instructions per step (Callgrind, lgsim, 3 - 1 steps);\n"
         "# exponent p of cost ~ N^p; bars: instructions p <= 1.1, time p <= 1.25\n");
  for (int f = 0; f < NF; f++) {
    const int *n = family[f].size;
    printf("%s, N = %d, %d, %d\n", family[f].name, n[0], n[1], n[2]);
    printf("%-12s %10s %10s %10s %6s %12s %12s %12s %6s\n", "scheme", "us", "us", "us", "p",
           "instr", "instr", "instr", "p");
    for (int s = 0; s < NS; s++) {
      const int ref = strcmp(scheme[s], "ref") == 0;
      if (ref && family[f].ratio != 1) {
        printf("%-12s (left out: explicit adaptive steps on a stiff system)\n", scheme[s]);
        continue;
      }
      double t[NN], in[NN];
      for (int k = 0; k < NN; k++) {
        const long steps = n[k] < 4096 ? 8192 / n[k] : 2;
        t[k] = INFINITY;
        for (int r = 0; r < 3; r++) t[k] = fmin(t[k], mbgen_step_seconds(m[f][k], scheme[s], steps));
        in[k] = ref && n[k] >= 4096 ? NAN : mbgen_step_instructions(file[f][k], scheme[s], 1, 3);
      }
      const double pt = slope(n, t), pi = slope(n, in);
      const int pass = ref || (pi <= 1.1 && pt <= 1.25);
      ok = ok && pass;
      printf("%-12s %10.1f %10.1f %10.1f %6.3f %12.0f %12.0f %12.0f %6.3f  %s\n", scheme[s],
             t[0] * 1e6, t[1] * 1e6, t[2] * 1e6, pt, in[0], in[1], in[2], pi,
             ref ? "(no bar)" : pass ? "PASS" : "FAIL");
    }
  }
  for (int f = 0; f < NF; f++)
    for (int k = 0; k < NN; k++) {
      mb_model_free(m[f][k]);
      remove(file[f][k]);
    }
  rmdir(dir);
  return ok ? 0 : 1;
}
