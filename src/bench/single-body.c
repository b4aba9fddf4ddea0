/* single-body.c (bench): instructions per step of every single-body scheme
   through lgsim run, against the hand-written yardstick and against the
   counts before the fast paths. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/lib/benchtime.h"

typedef struct { const char *model, *scheme; double before; } sb_pair;
static const sb_pair sb_pairs[] = {
  {"pendulum3d-moiseev", "lgvi-exp", 3074}, {"pendulum3d-moiseev", "rk4", 1390},
  {"pendulum3d-moiseev", "ref", 7681}, {"pendulum3d-moiseev", "p3d-f", 7563},
  {"pendulum3d-moiseev", "p3d-ra", 7393}, {"pendulum3d-moiseev", "p3d-ra-inc", 7432},
  {"pendulum3d-moiseev", "p3d-clg", 22357}, {"pendulum3d-moiseev", "p3d-cardan", 14155},
  {"pendulum3d-moiseev", "lgvi-cayley", 2259}, {"pendulum3d-moiseev", "lgvi-exp-direct", 2511},
  {"pendulum3d-moiseev", "rattlie", 3233}, {"pendulum3d-moiseev", "galpha", 4943},
  {"planar", "angle", 2288}, {"planar", "angle_inc", 2302}, {"planar", "reduced", 2439},
  {"planar", "reduced_inc", 2445}, {"planar", "fform", 3939}, {"planar", "complete", 4001},
  {"planar", "complete_inc", 4011}, {"planar", "liealg", 2834}, {"planar", "liealg_inc", 2789},
  {"planar", "cayley", 2258}, {"planar", "rk4", 945}, {"planar", "ref", 3087},
  {"planar", "exact", 1901},
  {"offsetbody", "lgvi-cayley", 2383}, {"offsetbody", "lgvi-exp", 3212},
  {"offsetbody", "lgrk3", 1731}, {"offsetbody", "rk3", 1626}, {"offsetbody", "ref", 10522},
};
/* (count of 2e4 steps - count of 1e4 steps) / 1e4; NaN if either run fails */
static double differenced(double a, double b)
{
  return a < 0 || b < 0 ? NAN : (b - a) / 1e4;
}

static double lgsim_per_step(const char *lgsim, const char *model, const char *scheme)
{
  int ob = strcmp(model, "offsetbody") == 0;
  char *a[16], *b[16];
  int k = 0;
  const char *common[] = {lgsim, "run", model, scheme, "--set", "g=9.81", "--h", "0.01"};
  for (size_t i = 0; i < sizeof common / sizeof common[0]; i++, k++)
    a[k] = b[k] = (char *)common[i];
  if (ob) { a[k] = b[k] = "--reortho"; k++; }
  a[k] = "--T"; b[k] = "--T"; k++;
  a[k] = "100"; b[k] = "200"; k++;
  a[k] = "--every"; b[k] = "--every"; k++;
  a[k] = "10000"; b[k] = "20000"; k++;
  a[k] = b[k] = "-o"; k++;
  a[k] = b[k] = "/dev/null"; k++;
  a[k] = b[k] = NULL;
  return differenced(bench_instructions(a), bench_instructions(b));
}

static double yardstick_per_step(const char *bin, const char *mode)
{
  char *a[] = {(char *)bin, (char *)mode, "10000", NULL};
  char *b[] = {(char *)bin, (char *)mode, "20000", NULL};
  return differenced(bench_instructions(a), bench_instructions(b));
}

int main(void)
{
  const char *lgsim = getenv("LGSIM") ? getenv("LGSIM") : "build/bin/lgsim";
  const char *ybin = getenv("YARDSTICK_BIN"), *ydir = getenv("YARDSTICK");
  int fails = 0, have_y = ybin && *ybin && access(ybin, X_OK) == 0;
  double ylgvi = NAN, yrk4 = NAN;
  printf("# instructions per step (Callgrind, runs of 1e4 and 2e4 steps differenced)\n");
  if (have_y) {
    ylgvi = yardstick_per_step(ybin, "lgvi");
    yrk4 = yardstick_per_step(ybin, "rk4");
    printf("yardstick (%s): LGVI %.0f, RK4 %.0f\n", ydir ? ydir : ybin, ylgvi, yrk4);
  } else
    printf("yardstick: folder %s not found; the yardstick rows are skipped\n",
           ydir && *ydir ? ydir : "(YARDSTICK unset)");
  printf("%-20s %-16s %8s %8s %7s  %s\n", "model", "scheme", "before", "now", "ratio", "bar");
  for (size_t i = 0; i < sizeof sb_pairs / sizeof sb_pairs[0]; i++) {
    const sb_pair *p = &sb_pairs[i];
    double n = lgsim_per_step(lgsim, p->model, p->scheme);
    const char *v = isnan(n) ? "not measured" : n <= p->before ? "PASS" : "FAIL";
    fails += strcmp(v, "FAIL") == 0;
    printf("%-20s %-16s %8.0f %8.0f %7.2f  <= before: %s\n", p->model, p->scheme, p->before, n,
           n / p->before, v);
    double y = strcmp(p->model, "pendulum3d-moiseev") ? NAN
             : strcmp(p->scheme, "lgvi-exp") == 0 ? ylgvi
             : strcmp(p->scheme, "rk4") == 0 ? yrk4 : NAN;
    if (!isnan(y) && have_y) {
      const char *w = isnan(n) ? "not measured" : n <= 1.5 * y ? "PASS" : "FAIL";
      fails += strcmp(w, "FAIL") == 0;
      printf("%-20s %-16s %8s %8.0f %7.2f  <= 1.5 x yardstick %s (%.0f): %s\n", "", "", "", n,
             n / y, strcmp(p->scheme, "rk4") ? "LGVI" : "RK4", y, w);
    }
  }
  return fails ? 1 : 0;
}
