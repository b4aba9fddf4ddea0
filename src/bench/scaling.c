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
#include "bench/lib/mbgen.h"

static const char *const scheme[] = {"ref", "dh", "rattlie", "dl", "galpha",
                                     "rkmk4", "rkmk4-proj", "imid-index2"};
enum { NS = 8 };

int main(void)
{
  const char *tmp = getenv("TMPDIR");
  char dir[256], f16[300], f128[300], msg[256];
  snprintf(dir, sizeof dir, "%s/lgscale.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return 1;
  snprintf(f16, sizeof f16, "%s/chain16.mb", dir);
  snprintf(f128, sizeof f128, "%s/chain128.mb", dir);
  if (mbgen_chain(f16, 16) || mbgen_chain(f128, 128)) return 1;
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
    double i16 = mbgen_step_instructions(f16, scheme[s], 10, 20),
           i128 = mbgen_step_instructions(f128, scheme[s], 10, 20);
    /* best of 7, the two sizes alternately, so that both see the same machine
       (best of 3 of each in turn let a slow spell fall on one size only) */
    double t16 = INFINITY, t128 = INFINITY;
    for (int r = 0; r < 7; r++) {
      t16 = fmin(t16, mbgen_step_seconds(m16, scheme[s], 800));
      t128 = fmin(t128, mbgen_step_seconds(m128, scheme[s], 100));
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
  if (mbgen_hanging(f64, 64, 1) || mbgen_hanging(f1k, 1024, 1)) return 1;
  lg_model *m64 = mb_model_read(f64, msg, sizeof msg), *m1k = mb_model_read(f1k, msg, sizeof msg);
  if (!m64 || !m1k) { fprintf(stderr, "scaling: %s\n", msg); return 1; }
  printf("# hanging chains of 64 and 1024 rods at rest, h = 1e-3: as above; bar: ratio <= 20\n");
  printf("%-12s %12s %12s %7s %10s %10s %7s\n", "scheme", "instr N=64", "instr N=1024", "ratio",
         "us N=64", "us N=1024", "ratio");
  static const char *const vi[] = {"dh", "rattlie"};
  for (int s = 0; s < 2; s++) {
    double i64 = mbgen_step_instructions(f64, vi[s], 10, 20),
           i1k = mbgen_step_instructions(f1k, vi[s], 10, 20);
    double t64 = INFINITY, t1k = INFINITY;
    for (int r = 0; r < 5; r++) {
      t64 = fmin(t64, mbgen_step_seconds(m64, vi[s], 1600));
      t1k = fmin(t1k, mbgen_step_seconds(m1k, vi[s], 100));
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
