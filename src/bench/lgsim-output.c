/* lgsim-output.c: cost of writing CSV against computing; lgsim start-up; memory. */
#include <fcntl.h>
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
  double row[64];
  long iters;
} bench_ctx;

static int emit_row_only(void *ctx, const lg_state *s)
{
  bench_ctx *c = ctx;
  c->m->row(c->par, s, c->row);
  c->iters += s->newton_iters;
  return 0;
}

static int emit_csv(void *ctx, const lg_state *s)
{
  bench_ctx *c = ctx;
  c->m->row(c->par, s, c->row);
  return csv_put_row(c->w, c->row, (size_t)c->m->ncol);
}

static int bench_output(const char *model, const char *scheme)
{
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *s = m ? lg_scheme_find(m->family, scheme) : NULL;
  if (!m || !s || m->ncol > 64) {
    printf("FAIL output: model %s with scheme %s is not in the table\n", model, scheme);
    return 1;
  }
  enum { REPEAT = 21 };
  const long n = 50000;
  const double h = 1e-3;
  void *par = calloc(1, m->par_size);
  lg_opts opt;
  lg_opts_default(&opt);
  lg_params_default(m, par);
  FILE *devnull = fopen("/dev/null", "w");
  bench_ctx c = {m, par, csv_writer_alloc(devnull, 0), {0}, 0};
  double t_comp[REPEAT], t_row[REPEAT], t_full[REPEAT];
  for (int r = 0; r < REPEAT; r++) {
    double t0 = bench_now_ns();
    lg_run(s, par, &opt, h, n, 1, NULL, NULL, NULL);
    double t1 = bench_now_ns();
    lg_run(s, par, &opt, h, n, 1, emit_row_only, &c, NULL);
    double t2 = bench_now_ns();
    lg_run(s, par, &opt, h, n, 1, emit_csv, &c, NULL);
    csv_flush(c.w);
    double t3 = bench_now_ns();
    t_comp[r] = (t1 - t0) / (double)n;
    t_row[r] = (t2 - t1) / (double)n;
    t_full[r] = (t3 - t2) / (double)n;
  }
  double comp = bench_median(t_comp, REPEAT), row = bench_median(t_row, REPEAT), full = bench_median(t_full, REPEAT);
  double diag = row - comp, write = full - row;
  printf("lgsim-output: model %s, scheme %s, h = %g, %ld steps, every step written, "
         "median of %d runs\n", model, scheme, h, n, REPEAT);
  printf("  %-48s %10s %14s\n", "what", "ns/step", "Newton it/step");
  printf("  %-48s %10.1f %14.2f\n", "steps (lg_run, no output)", comp,
         (double)c.iters / (double)(REPEAT * (n + 1)));
  printf("  %-48s %10.1f\n", "steps + model row (no formatting)", row);
  printf("  %-48s %10.1f\n", "steps + model row + CSV to /dev/null", full);
  printf("  %-48s %10.1f\n", "computing: steps + row of diagnostics", row);
  printf("  %-48s %10.1f\n", "  of which the model row", diag);
  printf("  %-48s %10.1f\n", "writing: format, buffer, fwrite", write);
  printf("%s output: writing %.1f ns/row <= computing %.1f ns/row (steps alone %.1f)\n",
         write <= row ? "PASS" : "FAIL", write, row, comp);
  printf("info output: with the model row counted as output, %.1f ns/row against "
         "%.1f ns/step (ratio %.2f)\n", full - comp, comp, (full - comp) / comp);
  csv_writer_free(c.w);
  fclose(devnull);
  free(par);
  return write <= row ? 0 : 1;
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
                     "--T", "10000", "-o", "/dev/null", NULL};
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
  const char *model = argc > 1 ? argv[1] : "pendulum3d";
  const char *scheme = argc > 2 ? argv[2] : "rk4";
  const char *lgsim = getenv("LGSIM") ? getenv("LGSIM") : "build/bin/lgsim";
  int fails = 0;
  fails += bench_output(model, scheme);
  fails += bench_startup(lgsim);
  fails += bench_memory(lgsim, model, scheme);
  return fails ? 1 : 0;
}
