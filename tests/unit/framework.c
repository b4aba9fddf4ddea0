/* Unit test of the framework's shortest number form against its definition. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"

static void by_definition(char *buf, size_t n, double x)
{
  char c[40], best[40] = "";
  for (int p = 1; p <= 17; p++) {
    snprintf(c, sizeof c, "%.*g", p, x);
    if ((strtod(c, NULL) == x || x != x) && (!best[0] || strlen(c) < strlen(best)))
      memcpy(best, c, sizeof c);
  }
  snprintf(buf, n, "%s", best);
}

int main(void)
{
  static const double special[] = {0, -0.0, 1, 10, 100, 1e5, 1e6, 1e15, 1e16, 1e17, 1e22, 0.1,
                                   0.5, 0.3, 0.1 + 0.2, 1.0 / 3, 9.999999999999999,
                                   999999999999999.0, 1e-5, 1e-300, 5e-324, 1e-310,
                                   2.2250738585072009e-308, 2.2250738585072014e-308,
                                   1.7976931348623157e308, 9.81, 0.0771, 61.6538, -4.61538,
                                   NAN, INFINITY, -INFINITY};
  unsigned long long s = 0x9E3779B97F4A7C15ULL;
  long bad = 0, n = 0;
  for (int i = 0; i < 300000 + (int)(sizeof special / sizeof special[0]); i++) {
    double x;
    if (i < (int)(sizeof special / sizeof special[0])) x = special[i];
    else {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;   /* Knuth's MMIX LCG */
      if (i % 2) { memcpy(&x, &s, sizeof x); if (x != x) continue; }
      else x = (double)(s % 100000) * pow(10, (double)((s >> 30) % 40) - 20);
    }
    char a[48], b[48];
    by_definition(a, sizeof a, x);
    lg_fmt_shortest(b, sizeof b, x);
    n++;
    if (strcmp(a, b) != 0 && bad++ < 5) printf("%.17g: %s by definition, %s by bisection\n", x,
                                               a, b);
  }
  gsl_test(bad != 0, "lg_fmt_shortest equals its definition on %ld values (%ld differ)", n, bad);
  exit(gsl_test_summary());
}
