/* liang2023-fig03.c: position, velocity and acceleration residuals of the
   joints of the two monitored bars (L30, a longeron, and T30, a batten, of
   the bottom unit) over 10 s at h = 1e-3, for each scheme of the chapter;
   the quantities of the claims of Fig. 3 at every span. */
#include <math.h>
#include <stdio.h>
#include "fig/lib/liang23drv.h"

#define LIANG_H 1e-3              /* the paper's step */
/* the span of the benchmark, fixed before any claim was measured */
#define LIANG_T 10.0
static const double spans[] = {1, 2, 3, 5, 10};   /* other plausible spans, for the sensitivity */
#define NSPAN (int)(sizeof spans / sizeof spans[0])
static const char *const scheme[] = {"rkmk4", "rkmk4-proj", "imid-index2"};

int main(void)
{
  ld_run r[3];
  printf("# liang2023-fig03: model mast, h = %g, T = %g; rows every 10 steps hold the largest\n"
         "# value over the 10 steps that end there\n", LIANG_H, LIANG_T);
  for (int m = 0; m < 3; m++) {
    ld_simulate(&r[m], "mast", scheme[m], LIANG_H, LIANG_T, NULL, 0);
    printf("# index %d: %s: t |Phi| |BV| |acc| of L30, the same of T30, orth L30, orth T30,"
           " |Phi| |BV| |acc| orth of all, |E - E0|\n", m, scheme[m]);
    const double E0 = r[m].v[0][LD_E];
    static const int col[] = {LD_PHI_L, LD_BV_L, LD_ACC_L, LD_PHI_T, LD_BV_T, LD_ACC_T, LD_ORTH_L,
                              LD_ORTH_T, LD_PHI_ALL, LD_BV_ALL, LD_ACC_ALL, LD_ORTH_ALL};
    for (long k = 0; k < r[m].n; k += 10) {
      printf("%.4f", r[m].v[k][LD_T]);
      for (int c = 0; c < 12; c++) printf(" %.4e", ld_max(&r[m], col[c], k - 9, k));
      double dE = 0;
      for (long j = k - 9 < 0 ? 0 : k - 9; j <= k; j++) dE = fmax(dE, fabs(r[m].v[j][LD_E] - E0));
      printf(" %.4e\n", dE);
    }
    printf("\n\n");
  }
  printf("# index 3: scheme (0 rkmk4, 1 rkmk4-proj, 2 imid-index2), span T, completed fraction,\n"
         "# max |acc| (monitored), |BV| and |Phi| max over [0, T] / max over [0, T/2] (monitored),\n"
         "# max orth (monitored), max |Phi|, |BV|, |acc| (all joints), max |E - E0|,\n"
         "# Newton iterations per step, largest final Newton residual (processor times: make "
         "bench)\n");
  for (int m = 0; m < 3; m++)
    for (int j = 0; j < NSPAN; j++) {
      double c[6], dE = 0, it = 0;
      long N = lround(spans[j] / LIANG_H);
      ld_claims(&r[m], LIANG_H, spans[j], c);
      for (long k = 0; k <= N && k < r[m].n; k++) {
        dE = fmax(dE, fabs(r[m].v[k][LD_E] - r[m].v[0][LD_E]));
        it += r[m].v[k][LD_NEWTON];
      }
      printf("%d %g %.17g %.6e %.6e %.6e %.6e %.6e %.6e %.6e %.6e %.3f %.3e\n", m, spans[j],
             c[0], c[2],
             c[3], c[4], c[5], ld_max(&r[m], LD_PHI_ALL, 0, N), ld_max(&r[m], LD_BV_ALL, 0, N),
             ld_max(&r[m], LD_ACC_ALL, 0, N), dE, it / (double)N,
                 ld_max(&r[m], LD_NRES, 1, N));
    }
  for (int m = 0; m < 3; m++) ld_free(&r[m]);
  return 0;
}
