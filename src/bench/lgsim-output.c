/* lgsim-output.c: cost of writing CSV against computing, and against writing with
   fprintf %.17g; lgsim start-up; memory. */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "core/lg.h"
#include "io/csv.h"
#include "bench/lib/benchtime.h"

typedef struct {
  const lg_model *m;
  const void *par;
  csv_writer *w;
  FILE *pf;         /* the C library's alternative: fprintf into a 1 MiB stdio buffer */
  int implicit;     /* the row ends with the step's Newton iterations, as lgsim's does */
  int ncol;         /* the length of the last row */
  long iters;
  double row[512];  /* the widest row of the package, the mast's, has 329 numbers */
} bench_ctx;

static int bench_row(bench_ctx *c, const lg_state *s)   /* the row lgsim writes; its length */
{
  int ncol = s->own ? s->own->ncol : c->m->ncol;
  if (s->own) s->own->row(c->par, s, c->row);
  else c->m->row(c->par, s, c->row);
  if (c->implicit) c->row[ncol++] = s->newton_iters;
  return c->ncol = ncol;
}

static int emit_row_only(void *ctx, const lg_state *s)
{
  bench_ctx *c = ctx;
  bench_row(c, s);
  c->iters += s->newton_iters;
  return 0;
}

static int emit_csv(void *ctx, const lg_state *s)
{
  bench_ctx *c = ctx;
  int n = bench_row(c, s);
  return csv_put_row(c->w, c->row, (size_t)n);
}

static int emit_printf(void *ctx, const lg_state *s)
{
  bench_ctx *c = ctx;
  int n = bench_row(c, s);
  for (int i = 0; i < n; i++) fprintf(c->pf, i ? ",%.17g" : "%.17g", c->row[i]);
  return putc('\n', c->pf) == EOF;
}

enum { OUT_STEPS, OUT_ROW, OUT_CSV, OUT_PRINTF, OUT_MODES };
static const double OUT_H = 1e-3;

/* One run of n steps in one of the four modes, in ns per step (-1: the run
   failed); the CSV goes to /dev/null. */
static double output_run(const lg_scheme_type *s, bench_ctx *c, const lg_opts *opt, int mode,
                         long n)
{
  static const lg_emit_fn emit[OUT_MODES] = {NULL, emit_row_only, emit_csv, emit_printf};
  double t0 = bench_now_ns();
  int st = lg_run(s, c->par, opt, OUT_H, n, 1, emit[mode], mode == OUT_STEPS ? NULL : c, NULL);
  if (mode == OUT_CSV) csv_flush(c->w);
  if (mode == OUT_PRINTF) fflush(c->pf);
  return st == LG_OK ? (bench_now_ns() - t0) / (double)n : -1;
}

/* Instructions per row of each mode: the difference of two run lengths under
   Callgrind, so that start-up and table set-up cancel; -1 without Valgrind. */
static void output_instructions(const char *self, const char *model, const char *scheme,
                                double ins[OUT_MODES])
{
  const long n1 = 2000, n2 = 12000;
  for (int mode = 0; mode < OUT_MODES; mode++) {
    char m[8], a[24], b[24];
    snprintf(m, sizeof m, "%d", mode);
    snprintf(a, sizeof a, "%ld", n1);
    snprintf(b, sizeof b, "%ld", n2);
    char *run1[] = {(char *)self, "--count", m, a, (char *)model, (char *)scheme, NULL};
    char *run2[] = {(char *)self, "--count", m, b, (char *)model, (char *)scheme, NULL};
    double i1 = bench_instructions(run1), i2 = i1 < 0 ? -1 : bench_instructions(run2);
    ins[mode] = i1 < 0 || i2 < 0 ? -1 : (i2 - i1) / (double)(n2 - n1);
  }
}

static int bench_output(const char *self, const char *model, const char *scheme, int count_mode,
                        long count_n)
{
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *s = m ? lg_scheme_find(m->family, scheme) : NULL;
  if (!m || !s || m->ncol >= 500) {
    printf("FAIL output: model %s with scheme %s is not in the table\n", model, scheme);
    return 1;
  }
  enum { REPEAT = 300 };
  const long n = 5000;
  const struct timespec pause = {0, 20000000};  /* 20 ms between repeats: about 8 s in all */
  void *par = calloc(1, m->par_size);
  lg_opts opt;
  lg_opts_default(&opt);
  lg_params_default(m, par);
  if (m->check) m->check(par, 1, NULL, 0);         /* as lgsim does, --reortho included */
  FILE *devnull = fopen("/dev/null", "w"), *pf = fopen("/dev/null", "w");
  if (!devnull || !pf || setvbuf(pf, NULL, _IOFBF, (size_t)1 << 20) != 0) {
    printf("FAIL output: cannot open /dev/null\n");
    return 1;
  }
  bench_ctx c = {m, par, csv_writer_alloc(devnull, 0), pf, s->implicit, 0, 0, {0}};
  if (count_mode != -1 && (count_mode < 0 || count_mode >= OUT_MODES || count_n < 1)) {
    fprintf(stderr, "lgsim-output: --count wants a mode 0..3 and a positive step count\n");
    return 1;
  }
  if (count_mode >= 0) {                         /* a child run under Callgrind */
    output_run(s, &c, &opt, count_mode, count_n);
    csv_writer_free(c.w);
    fclose(devnull);
    fclose(pf);
    free(par);
    return 0;
  }
  double t[OUT_MODES][REPEAT], tw[REPEAT], tp[REPEAT], tmin[OUT_MODES], tmed[OUT_MODES],
      ins[OUT_MODES];
  double t_start = bench_now_ns();
  for (int r = 0; r < REPEAT; r++) {
    for (int mode = 0; mode < OUT_MODES; mode++) t[mode][r] = output_run(s, &c, &opt, mode, n);
    tw[r] = t[OUT_CSV][r] - t[OUT_ROW][r];
    tp[r] = t[OUT_PRINTF][r] - t[OUT_ROW][r];
    nanosleep(&pause, NULL);
  }
  for (int mode = 0; mode < OUT_MODES; mode++) {
    tmin[mode] = bench_min(t[mode], REPEAT);
    tmed[mode] = bench_median(t[mode], REPEAT);
  }
  output_instructions(self, model, scheme, ins);
  double wmin = tmin[OUT_CSV] - tmin[OUT_ROW], wmed = bench_median(tw, REPEAT);
  double rt = wmin / tmin[OUT_ROW];
  int have_ins = ins[0] >= 0 && ins[1] >= 0 && ins[2] >= 0 && ins[3] >= 0;
  double wins = have_ins ? ins[OUT_CSV] - ins[OUT_ROW] : -1,
      ri = have_ins ? wins / ins[OUT_ROW] : -1;
  double pmin = tmin[OUT_PRINTF] - tmin[OUT_ROW], pmed = bench_median(tp, REPEAT),
      pins = have_ins ? ins[OUT_PRINTF] - ins[OUT_ROW] : -1;
  printf("lgsim-output: model %s, scheme %s, h = %g, every step written; %d interleaved "
         "repeats of %ld steps over %.1f s\n", model, scheme, OUT_H, REPEAT, n,
             (bench_now_ns() - t_start) * 1e-9);
  printf("  %-40s %12s %12s %14s %10s\n", "what", "min ns/row", "median", "instructions",
         "Newton it");
  const char *what[OUT_MODES] = {"steps (lg_run, no output)", "steps + model row",
                                 "steps + model row + CSV to /dev/null",
                                 "steps + model row + fprintf %.17g"};
  for (int mode = 0; mode < OUT_MODES; mode++) {
    printf("  %-40s %12.1f %12.1f %14.0f", what[mode], tmin[mode], tmed[mode], ins[mode]);
    if (mode == OUT_STEPS) printf(" %10.2f", (double)c.iters / (double)(REPEAT * (n + 1)));
    printf("\n");
  }
  printf("  %-40s %12.1f %12.1f %14.0f\n", "computing: steps + row of diagnostics",
         tmin[OUT_ROW], tmed[OUT_ROW], ins[OUT_ROW]);
  printf("  %-40s %12.1f %12.1f %14.0f\n", "writing: format, buffer, fwrite", wmin, wmed, wins);
  printf("  %-40s %12.1f %12.1f %14.0f\n", "writing with printf %.17g", pmin, pmed, pins);
  double k = (double)c.ncol;
  printf("  %-40s %12.1f %12.1f %14.0f\n", "  per number: csv_fmt_g17 and writer", wmin / k,
         wmed / k, wins / k);
  printf("  %-40s %12.1f %12.1f %14.0f\n", "  per number: fprintf %.17g", pmin / k, pmed / k,
         pins / k);
  int pass = rt <= 1 && (!have_ins || ri <= 1);
  printf("%s output: writing %.1f ns/row <= computing %.1f ns/row (ratio %.2f, fastest of %d)",
         pass ? "PASS" : "FAIL", wmin, tmin[OUT_ROW], rt, REPEAT);
  if (have_ins)
    printf("; %.0f <= %.0f instructions/row (ratio %.2f)\n", wins, ins[OUT_ROW], ri);
  else
    printf("; instructions not counted (valgrind not found)\n");
  printf("info output: medians %.1f against %.1f ns/row (ratio %.2f); with the model row counted "
         "as output, %.1f ns/row against %.1f ns/step (ratio %.2f)\n", wmed, tmed[OUT_ROW],
         wmed / tmed[OUT_ROW], tmin[OUT_CSV] - tmin[OUT_STEPS], tmin[OUT_STEPS],
         (tmin[OUT_CSV] - tmin[OUT_STEPS]) / tmin[OUT_STEPS]);
  printf("info printf: writing with fprintf %%.17g costs %.1f times computing (fastest), "
         "%.1f times in instructions; the bar would need --every %.0f\n", pmin / tmin[OUT_ROW],
         have_ins ? pins / ins[OUT_ROW] : -1, ceil(fmax(pmin / tmin[OUT_ROW],
                                                         have_ins ? pins / ins[OUT_ROW] : 0)));
  csv_writer_free(c.w);
  fclose(devnull);
  fclose(pf);
  free(par);
  return pass ? 0 : 1;
}
/* Every model with every scheme of its family, by time alone: the fastest of
   REP interleaved repeats of each mode, each run about 0.25 ms long, after each
   pair has run for about 20 ms (caches, branch history, clock). */
static int bench_output_all(void)
{
  enum { REP = 41 };
  lg_opts opt;
  lg_opts_default(&opt);
  FILE *devnull = fopen("/dev/null", "w");
  csv_writer *w = devnull ? csv_writer_alloc(devnull, 0) : NULL;
  if (!w) { printf("FAIL output, every pair: cannot open /dev/null\n"); return 1; }
  int pairs = 0, over1 = 0, over2 = 0, failed = 0;
  double worst1 = 0, worst2 = 0, worst_strict = 0;
  char at1[64] = "", at2[64] = "", at_strict[64] = "";
  printf("output, every model and scheme at h = %g, every step written; ns per step, fastest "
         "of %d repeats\n  %-20s %-16s %5s %9s %9s %9s %7s %7s %7s\n", OUT_H, REP, "model",
         "scheme", "cols", "steps", "+row", "+CSV", "w/c", "every 2", "strict");
  for (size_t i = 0; i < lg_nmodels(); i++) {
    const lg_model *m = lg_model_at(i);
    void *par = calloc(1, m->par_size);
    if (!par) { failed++; continue; }
    lg_params_default(m, par);
    if (m->check && m->check(par, 1, NULL, 0) != LG_OK) { failed++; free(par); continue; }
    for (size_t j = 0; j < lg_nschemes(); j++) {
      const lg_scheme_type *s = lg_scheme_at(j);
      if (strcmp(s->family, m->family) != 0) continue;
      bench_ctx c = {m, par, w, NULL, s->implicit, 0, 0, {0}};
      double t0 = output_run(s, &c, &opt, OUT_STEPS, 100);
      long n = t0 > 0 ? (long)fmin(5000, fmax(10, 2.5e5 / t0)) : 0;
      for (int r = 0; r < 80 && n; r++)
        if (output_run(s, &c, &opt, r % 3 ? OUT_STEPS : OUT_CSV, n) < 0) n = 0;
      double t[3][REP];
      for (int r = 0; r < REP && n; r++)
        for (int mode = OUT_STEPS; mode <= OUT_CSV && n; mode++)
          if ((t[mode][r] = output_run(s, &c, &opt, mode, n)) < 0) n = 0;
      if (!n) { printf("FAIL output: %s with %s: the run failed\n", m->name, s->name); failed++; continue; }
      double st = bench_min(t[OUT_STEPS], REP), row = bench_min(t[OUT_ROW], REP),
          csv = bench_min(t[OUT_CSV], REP), wr = csv - row;
      double r1 = wr / row, r2 = wr / (row + st), rs = (csv - st) / st;
      char name[64];
      snprintf(name, sizeof name, "%s %s", m->name, s->name);
      pairs++;
      over1 += r1 > 1;
      over2 += r2 > 1;
      if (r1 > worst1) { worst1 = r1; snprintf(at1, sizeof at1, "%s", name); }
      if (r2 > worst2) { worst2 = r2; snprintf(at2, sizeof at2, "%s", name); }
      if (rs > worst_strict) { worst_strict = rs; snprintf(at_strict, sizeof at_strict, "%s", name); }
      printf("  %-20s %-16s %5d %9.1f %9.1f %9.1f %7.2f %7.2f %7.2f\n", m->name, s->name,
             c.ncol, st, row, csv, r1, r2, rs);
    }
    free(par);
  }
  printf("%s output, every pair at --every 1: writing costs more than computing (step and "
         "row) in %d of %d pairs; the largest ratio %.2f (%s)\n", over1 ? "FAIL" : "PASS", over1,
         pairs, worst1, at1);
  printf("%s output, every pair at --every 2: in %d of %d pairs; the largest ratio %.2f (%s)\n",
         over2 ? "FAIL" : "PASS", over2, pairs, worst2, at2);
  printf("info output: with the row counted as output, writing every step costs at most %.2f "
         "times the bare step (%s)\n", worst_strict, at_strict);
  if (failed) printf("FAIL output: %d models or pairs could not be run\n", failed);
  csv_writer_free(w);
  fclose(devnull);
  return over1 || over2 || failed;
}
static double spawn_ms(const char *prog, char *const args[])
{
  double t0 = bench_now_ns();
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open("/dev/null", O_WRONLY);
    dup2(fd, STDOUT_FILENO);
    execv(prog, args);
    _exit(127);
  }
  int st;
  if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) return -1;
  return (bench_now_ns() - t0) * 1e-6;
}

static int bench_startup(const char *lgsim)
{
  enum { RUNS = 200 };
  char *version[] = {(char *)lgsim, "--version", NULL}, *list[] = {(char *)lgsim, "list", NULL};
  char *const *cmds[2] = {version, list};
  int fails = 0;
  for (int k = 0; k < 2; k++) {
    double t[RUNS];
    for (int i = 0; i < RUNS; i++)
      if ((t[i] = spawn_ms(lgsim, cmds[k])) < 0) {
        printf("FAIL startup: %s %s does not run\n", lgsim, cmds[k][1]);
        return 1;
      }
    double med = bench_median(t, RUNS);
    printf("%s startup: lgsim %s takes %.2f ms (median of %d, fork to exit; bar 5 ms)\n",
           med < 5 ? "PASS" : "FAIL", cmds[k][1], med, RUNS);
    fails += med >= 5;
  }
  return fails;
}
static long max_rss_kib(void)
{
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  return ru.ru_maxrss;
}

static int bench_memory(const char *lgsim, const char *model, const char *scheme)
{
  char *shortrun[] = {(char *)lgsim, "run", (char *)model, (char *)scheme, "--h", "0.001",
                      "--T", "10", "-o", "/dev/null", NULL};
  char *longrun[] = {(char *)lgsim, "run", (char *)model, (char *)scheme, "--h", "0.001",
                     "--T", "10000", "--max-output", "10G", "-o", "/dev/null", NULL};
  if (spawn_ms(lgsim, shortrun) < 0) { printf("FAIL memory: the short run failed\n"); return 1; }
  long a = max_rss_kib();
  double ms = spawn_ms(lgsim, longrun);
  if (ms < 0) { printf("FAIL memory: the long run failed\n"); return 1; }
  long b = max_rss_kib();
  printf("%s memory: peak resident size %ld KiB for 1e4 steps, %ld KiB for 1e7 steps "
         "(%.1f s), every step written\n", b - a < 1024 ? "PASS" : "FAIL", a, b, ms * 1e-3);
  return b - a < 1024 ? 0 : 1;
}

int main(int argc, char **argv)
{
  if (argc == 6 && !strcmp(argv[1], "--count"))  /* lgsim-output --count MODE N MODEL SCHEME */
    return bench_output(argv[0], argv[4], argv[5], atoi(argv[2]), atol(argv[3]));
  const char *model = argc > 1 ? argv[1] : "pendulum3d";
  const char *scheme = argc > 2 ? argv[2] : "rk4";
  const char *lgsim = getenv("LGSIM") ? getenv("LGSIM") : "build/bin/lgsim";
  int fails = 0;
  fails += bench_memory(lgsim, model, scheme);   /* first: the peak of all children so far */
  fails += bench_startup(lgsim);
  fails += bench_output(argv[0], model, scheme, -1, 0);
  fails += bench_output_all();
  return fails ? 1 : 0;
}
