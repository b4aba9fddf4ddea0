/* mujoco.c: a model file of the package run in MuJoCo, written as CSV in the
   columns of lgsim run (per body position, rotation, angular velocity in the
   body frame, velocity; then the energy), and with --ref the distance of
   each written state from the package's reference at the same time.
   Usage: lgpeer-mujoco --model-file FILE [--integrator euler|implicit|rk4]
                        [--h H] [--T T] [--every K] [--ref] [-o OUT] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peer/lib/mjpeer.h"

static void usage(void)
{
  fprintf(stderr, "Usage: lgpeer-mujoco --model-file FILE [--integrator euler|implicit|rk4]"
                  " [--h H] [--T T] [--every K] [--ref] [-o OUT]\n");
  exit(2);
}

static double number(const char *opt, const char *s)
{
  char *end;
  double x = s ? strtod(s, &end) : NAN;
  if (!s || *end || !(x > 0) || !isfinite(x)) {
    fprintf(stderr, "lgpeer-mujoco: %s wants a positive number, not '%s'\n", opt, s ? s : "");
    exit(2);
  }
  return x;
}

/* the largest over the bodies of the largest entry of R_i - R_i' and of
   |W_i - W_i'|_inf / ws (ws = 1 rad/s here) */
static double distance(int nb, const lgr_body *a, const lgr_body *b)
{
  double e = 0;
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 9; k++) {
      e = fmax(e, fabs(a[i].R[k] - b[i].R[k]));
      if (k < 3) e = fmax(e, fabs(a[i].W[k] - b[i].W[k]));
    }
  return e;
}

int main(int argc, char **argv)
{
  const char *file = NULL, *integ = "rk4", *out = NULL;
  double h = 1e-3, T = 1;
  long every = 1;
  int ref = 0;
  char msg[512];
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--ref") == 0) ref = 1;
    else if (!v) usage();
    else if (strcmp(a, "--model-file") == 0) file = v, i++;
    else if (strcmp(a, "--integrator") == 0) integ = v, i++;
    else if (strcmp(a, "-o") == 0) out = v, i++;
    else if (strcmp(a, "--h") == 0) h = number(a, v), i++;
    else if (strcmp(a, "--T") == 0) T = number(a, v), i++;
    else if (strcmp(a, "--every") == 0) every = (long)number(a, v), i++;
    else usage();
  }
  if (!file || mjp_integrator(integ) < 0 || every < 1) usage();
  long n = lround(T / h);
  if (fabs((double)n * h - T) > 1e-9 * T) {
    fprintf(stderr, "lgpeer-mujoco: --T %g is not a whole number of steps of %g\n", T, h);
    return 2;
  }
  lgr_model *lm = lgr_model_read(file, msg, sizeof msg);
  mjp_sim s;
  if (!lm || mjp_alloc(&s, lm, integ, h, msg, sizeof msg) != 0) {
    fprintf(stderr, "lgpeer-mujoco: %s\n", msg);
    lgr_model_free(lm);
    return 2;
  }
  lgr_sim *r = NULL;
  FILE *f = NULL;
  lgr_body *b = malloc(2 * (size_t)s.nb * sizeof *b);
  int st = 0;
  if (ref && (!(r = lgr_alloc(lm, "ref", msg, sizeof msg))
              || lgr_init(r, h, msg, sizeof msg) != LGR_OK)) {
    fprintf(stderr, "lgpeer-mujoco: the reference: %s\n", msg);
    st = 3;
  } else if (!(f = out ? fopen(out, "w") : stdout)) {
    perror(out);
    st = 2;
  } else if (!b) st = 3;
  if (st != 0) {
    free(b);
    lgr_free(r);
    mjp_free(&s);
    lgr_model_free(lm);
    return st;
  }
  fprintf(f, "# lgpeer-mujoco %s, MuJoCo %d\n# model_file = %s\n# integrator = %s\n"
             "# h = %.17g\n# T = %.17g\nt", lgr_version(), mj_version(), file, integ, h, T);
  for (int i = 1; i <= s.nb; i++) {
    for (int j = 1; j <= 3; j++) fprintf(f, ",x%d_%d", i, j);
    for (int j = 1; j <= 9; j++) fprintf(f, ",R%d_%d%d", i, (j + 2) / 3, (j - 1) % 3 + 1);
    for (int j = 1; j <= 3; j++) fprintf(f, ",W%d_%d", i, j);
    for (int j = 1; j <= 3; j++) fprintf(f, ",v%d_%d", i, j);
  }
  fprintf(f, ",energy%s\n", ref ? ",err_ref" : "");
  for (long k = 0; k <= n; k++) {
    if (k > 0) {
      mjp_steps(&s, 1);
      if (r && lgr_step(r) != LGR_OK) {
        fprintf(stderr, "lgpeer-mujoco: the reference: %s\n", lgr_last_error(r));
        st = 3;
        break;
      }
    }
    if (k % every != 0 && k != n) continue;
    mjp_sync(&s);
    fprintf(f, "%.17g", (double)k * h);
    for (int i = 0; i < s.nb; i++) {
      lgr_body *q = &b[i];
      mjp_body(&s, i, q);
      for (int j = 0; j < 3; j++) fprintf(f, ",%.17g", q->x[j]);
      for (int j = 0; j < 9; j++) fprintf(f, ",%.17g", q->R[j]);
      for (int j = 0; j < 3; j++) fprintf(f, ",%.17g", q->W[j]);
      for (int j = 0; j < 3; j++) fprintf(f, ",%.17g", q->v[j]);
      if (r) lgr_get_body(r, i, &b[s.nb + i]);
    }
    fprintf(f, ",%.17g", mjp_energy(&s));
    if (r) fprintf(f, ",%.17g", distance(s.nb, b, b + s.nb));
    fprintf(f, "\n");
  }
  if (f != stdout && fclose(f) != 0 && st == 0) {
    perror(out);
    st = 2;
  }
  free(b);
  lgr_free(r);
  mjp_free(&s);
  lgr_model_free(lm);
  return st;
}
