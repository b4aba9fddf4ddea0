/* scaling.c (bench): instructions and processor time per step of every
   multibody scheme on chains of 16 and 128 spinning rods, their ratios
   against the bar of 12, DH at 128 rods against 4e6 instructions, and DH
   and RATTLie on hanging chains of 64 and 1,024 rods against a bar of 20. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/lg.h"
#include "model/multibody.h"
#include "bench/lib/benchtime.h"

static const char *const scheme[] = {"ref", "dh", "rattlie", "dl", "galpha",
                                     "rkmk4", "rkmk4-proj", "imid-index2"};
enum { NS = 8 };

/* the chain of n rods, as in the scaling figure, written to path */
static int write_chain(const char *path, int n)
{
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  fprintf(f, "model chain%d\ngravity 9.81 0 0 1\n", n);
  for (int i = 0; i < n; i++)
    fprintf(f, "body r%d\n mass 1\n inertia 0.0834 0.002 0.0833\n position 0 %d.5 0\n"
               " angvel 0 %d 0\n", i, i, 3 + i % 5);
  fprintf(f, "joint ground 0 0 0 r0 0 -0.5 0\n");
  for (int i = 1; i < n; i++) fprintf(f, "joint r%d 0 0.5 0 r%d 0 -0.5 0\n", i - 1, i);
  return fclose(f);
}

/* instructions per step of lgsim on the file (10 and 20 steps, differenced) */
static double instr(const char *file, const char *sch)
{
  char *a1[] = {"build/bin/lgsim", "run", "--model-file", (char *)file, (char *)sch, "--h",
                "0.001", "--T", "0.01", "--every", "1000", "-o", "/dev/null", NULL};
  double i1 = bench_instructions(a1);
  a1[8] = "0.02";
  double i2 = bench_instructions(a1);
  return i1 < 0 || i2 < 0 ? NAN : (i2 - i1) / 10;
}

/* the hanging chain of n rods of the large mechanisms' test, at rest,
   tilted by 0.1 rad, written to path */
static int write_hanging(const char *path, int n)
{
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  const double s = sin(0.1), c = cos(0.1);
  fprintf(f, "model hanging%d\ngravity 9.81 0 0 -1\n", n);
  for (int i = 1; i <= n; i++)
    fprintf(f, "body b%d\n mass 0.1\n inertia 0.00083333 0.00083333 0.0001\n"
               " rotation 1 0 0 0 %.17g %.17g 0 %.17g %.17g\n position 0 %.17g %.17g\n",
            i, c, -s, s, c, (i - 0.5) * 0.1 * s, -(i - 0.5) * 0.1 * c);
  fprintf(f, "joint ground 0 0 0 b1 0 0 0.05\n");
  for (int i = 2; i <= n; i++) fprintf(f, "joint b%d 0 0 -0.05 b%d 0 0 0.05\n", i - 1, i);
  return fclose(f);
}

/* processor seconds per step of one run of nsteps */
static double cpu(const lg_model *m, const char *sch, long nsteps)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", sch);
  void *par = calloc(1, m->par_size);
  lg_opts opt;
  lg_opts_default(&opt);
  double best = INFINITY;
  if (!S || !par) exit(1);
  lg_params_default(m, par);
  {
    lg_state st;
    void *ws = S->alloc(par, &opt);
    if (!ws || S->init(ws, par, 1e-3, &st) != LG_OK) exit(1);
    double t0 = bench_cpu_ns();
    for (long k = 0; k < nsteps; k++)
      if (S->step(ws, &st) != LG_OK) exit(1);
    best = fmin(best, (bench_cpu_ns() - t0) * 1e-9 / (double)nsteps);
    S->free(ws);
  }
  free(par);
  return best;
}

int main(void)
{
  const char *tmp = getenv("TMPDIR");
  char dir[256], f16[300], f128[300], msg[256];
  snprintf(dir, sizeof dir, "%s/lgscale.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return 1;
  snprintf(f16, sizeof f16, "%s/chain16.mb", dir);
  snprintf(f128, sizeof f128, "%s/chain128.mb", dir);
  if (write_chain(f16, 16) || write_chain(f128, 128)) return 1;
  lg_model *m16 = mb_model_read(f16, msg, sizeof msg), *m128 = mb_model_read(f128, msg, sizeof msg);
  if (!m16 || !m128) { fprintf(stderr, "scaling: %s\n", msg); return 1; }
  int ok = 1;
  printf("# chains of 16 and 128 spinning rods, h = 1e-3: instructions per step (Callgrind,\n"
         "# lgsim, 20 - 10 steps) and processor time per step (best of 7, sizes\n"
         "# alternating); bar: ratio <= 12\n");
  printf("%-12s %12s %12s %7s %10s %10s %7s\n", "scheme", "instr N=16", "instr N=128", "ratio",
         "us N=16", "us N=128", "ratio");
  double dh128 = NAN;
  for (int s = 0; s < NS; s++) {
    double i16 = instr(f16, scheme[s]), i128 = instr(f128, scheme[s]);
    /* best of 7, the two sizes alternately, so that both see the same machine
       (best of 3 of each in turn let a slow spell fall on one size only) */
    double t16 = INFINITY, t128 = INFINITY;
    for (int r = 0; r < 7; r++) {
      t16 = fmin(t16, cpu(m16, scheme[s], 800));
      t128 = fmin(t128, cpu(m128, scheme[s], 100));
    }
    int pass = !(i128 / i16 > 12) && t128 / t16 <= 12;
    if (strcmp(scheme[s], "dh") == 0) dh128 = i128;
    ok = ok && pass;
    printf("%-12s %12.0f %12.0f %7.2f %10.1f %10.1f %7.2f  %s\n", scheme[s], i16, i128,
           i128 / i16, t16 * 1e6, t128 * 1e6, t128 / t16, pass ? "PASS" : "FAIL");
  }
  int pdh = !(dh128 > 4e6);
  printf("bar: DH at 128 rods at most 4e6 instructions per step: %.3g: %s\n", dh128,
         pdh ? "PASS" : "FAIL");
  /* the hanging chain of 64 and 1,024 rods, DH and RATTLie: bar 20 */
  char f64[300], f1k[300];
  snprintf(f64, sizeof f64, "%s/hanging64.mb", dir);
  snprintf(f1k, sizeof f1k, "%s/hanging1024.mb", dir);
  if (write_hanging(f64, 64) || write_hanging(f1k, 1024)) return 1;
  lg_model *m64 = mb_model_read(f64, msg, sizeof msg), *m1k = mb_model_read(f1k, msg, sizeof msg);
  if (!m64 || !m1k) { fprintf(stderr, "scaling: %s\n", msg); return 1; }
  printf("# hanging chains of 64 and 1024 rods at rest, h = 1e-3: as above; bar: ratio <= 20\n");
  printf("%-12s %12s %12s %7s %10s %10s %7s\n", "scheme", "instr N=64", "instr N=1024", "ratio",
         "us N=64", "us N=1024", "ratio");
  static const char *const vi[] = {"dh", "rattlie"};
  for (int s = 0; s < 2; s++) {
    double i64 = instr(f64, vi[s]), i1k = instr(f1k, vi[s]);
    double t64 = INFINITY, t1k = INFINITY;
    for (int r = 0; r < 5; r++) {
      t64 = fmin(t64, cpu(m64, vi[s], 1600));
      t1k = fmin(t1k, cpu(m1k, vi[s], 100));
    }
    int pass = t1k / t64 <= 20;
    ok = ok && pass;
    printf("%-12s %12.0f %12.0f %7.2f %10.1f %10.1f %7.2f  %s\n", vi[s], i64, i1k, i1k / i64,
           t64 * 1e6, t1k * 1e6, t1k / t64, pass ? "PASS" : "FAIL");
  }
  mb_model_free(m64);
  mb_model_free(m1k);
  mb_model_free(m16);
  mb_model_free(m128);
  remove(f16);
  remove(f128);
  remove(f64);
  remove(f1k);
  rmdir(dir);
  return ok && pdh ? 0 : 1;
}
