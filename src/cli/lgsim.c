/* lgsim.c: list the models and schemes of the package; run one scheme on one
   model and write the trajectory as CSV. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "core/lg.h"
#include "io/csv.h"
#include "lie/so3.h"
#include "model/multibody.h"

enum {
  LGSIM_EXIT_OK = 0,      /* success */
  LGSIM_EXIT_FAIL = 1,    /* write error, allocation or solver failure */
  LGSIM_EXIT_USAGE = 2,   /* bad command line or parameter */
  LGSIM_EXIT_NEWTON = 3   /* a Newton iteration did not converge */
};
static char tmp_path[PATH_MAX];            /* temporary output file */
static volatile sig_atomic_t tmp_active;   /* 1 while tmp_path exists */

static void remove_tmp(void)
{
  if (tmp_active) { unlink(tmp_path); tmp_active = 0; }
}

static void on_signal(int sig)
{
  if (tmp_active) unlink(tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void die(int status, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((noreturn, format(printf, 2, 3)))
#endif
  ;

static void die(int status, const char *fmt, ...)
{
  va_list ap;
  remove_tmp();
  fflush(stdout);
  fputs("lgsim: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(status);
}

static void *xmalloc(size_t n)
{
  void *p = calloc(1, n ? n : 1);
  if (!p) die(LGSIM_EXIT_FAIL, "out of memory");
  return p;
}

static int finish_stdout(void)             /* exit status after printing text */
{
  if (fflush(stdout) != 0 || ferror(stdout))
    die(LGSIM_EXIT_FAIL, "write error on standard output: %s", strerror(errno ? errno : EIO));
  return LGSIM_EXIT_OK;
}
static double parse_real(const char *what, const char *s)
{
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || *end != '\0' || *s == ' ' || *s == '\t')
    die(LGSIM_EXIT_USAGE, "%s: '%s' is not a number", what, s);
  if (!isfinite(v)) die(LGSIM_EXIT_USAGE, "%s: '%s' is not a finite number", what, s);
  return v;
}

static long parse_count(const char *what, const char *s, long max)
{
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || *s == ' ' || *s == '\t')
    die(LGSIM_EXIT_USAGE, "%s: '%s' is not an integer", what, s);
  if (v <= 0) die(LGSIM_EXIT_USAGE, "%s: %s is not positive", what, s);
  if (errno == ERANGE || v > max) die(LGSIM_EXIT_USAGE, "%s: %s is too large (at most %ld)", what, s, max);
  return v;
}

static void parse_vector(const char *what, const char *s, double *v, int len)
{
  int n = 1;
  for (const char *c = s; *c; c++) n += *c == ',';
  if (n != len)
    die(LGSIM_EXIT_USAGE, "%s: '%s' has %d component%s, expected %d", what, s, n,
        n == 1 ? "" : "s", len);
  char *copy = xmalloc(strlen(s) + 1), *c = copy;
  strcpy(copy, s);
  for (int i = 0; i < len; i++) {
    char *comma = strchr(c, ',');
    if (comma) *comma = '\0';
    v[i] = parse_real(what, c);
    c = comma + 1;
  }
  free(copy);
}
static const struct { const char *name; int code; } solvers[] = {
  {"direct", LG_NEWTON_DIRECT}, {"newton", LG_NEWTON_PLAIN}, {"hybridsj", LG_NEWTON_HYBRIDSJ}
};

static int solver_code(const char *name)         /* -1 if unknown */
{
  for (size_t i = 0; i < sizeof solvers / sizeof solvers[0]; i++)
    if (strcmp(solvers[i].name, name) == 0) return solvers[i].code;
  return -1;
}

static const char *solver_name(int code)
{
  for (size_t i = 0; i < sizeof solvers / sizeof solvers[0]; i++)
    if (solvers[i].code == code) return solvers[i].name;
  return "?";
}

static void fmt_shortest(char *buf, size_t n, double x)
{
  char c[64];
  buf[0] = '\0';
  for (int prec = 1; prec <= 17; prec++) {      /* "10", not "1e+01" */
    snprintf(c, sizeof c, "%.*g", prec, x);
    if (strtod(c, NULL) == x && (!buf[0] || strlen(c) < strlen(buf))) snprintf(buf, n, "%s", c);
  }
}

static void fmt_param(char *buf, size_t n, const double *v, int len, int shortest)
{
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < len && k + CSV_G17_MAX + 2 < n; i++) {
    char num[CSV_G17_MAX];
    if (shortest) fmt_shortest(num, sizeof num, v[i]); else csv_fmt_g17(num, v[i]);
    k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? "," : "", num);
  }
}
static void example_pair(const char **model, const char **scheme, const lg_param **vec)
{
  *model = "MODEL"; *scheme = "SCHEME"; *vec = NULL;
  for (size_t i = 0; i < lg_nmodels(); i++) {
    const lg_model *m = lg_model_at(i);
    for (size_t k = 0; k < lg_nschemes(); k++)
      if (strcmp(lg_scheme_at(k)->family, m->family) == 0) {
        *model = m->name;
        *scheme = lg_scheme_at(k)->name;
        for (const lg_param *p = m->params; p->name; p++)
          if (p->len == 3 && !*vec) *vec = p;
        return;
      }
  }
}

static void help_main(FILE *f)
{
  const char *m, *s;
  const lg_param *v;
  example_pair(&m, &s, &v);
  fprintf(f,
    "Usage: lgsim COMMAND [ARGUMENTS]\n"
    "Run the models of the lgrepro package with its integration schemes.\n"
    "\n"
    "Commands:\n"
    "  list [--tsv]            list every model with its parameters (name, default,\n"
    "                          unit, meaning) and every scheme with the paper and\n"
    "                          equations it implements; --tsv: one tab-separated\n"
    "                          row per model-scheme pair (model, scheme, source,\n"
    "                          parameters as NAME=DEFAULT separated by spaces)\n"
    "  run MODEL SCHEME [OPTIONS]\n"
    "                          integrate MODEL with SCHEME and write CSV; see\n"
    "                          'lgsim run --help' for the options\n"
    "  --help                  this text\n"
    "  --version               the package version\n"
    "\n"
    "Exit status: 0 success; 1 write error or other failure; 2 bad command line\n"
    "or parameter (nothing is written); 3 a Newton iteration did not converge.\n"
    "\n"
    "Examples:\n"
    "  lgsim list\n"
    "  lgsim list --tsv\n"
    "  lgsim run %s %s --h 0.001 --T 2 -o out.csv\n", m, s);
}

static void help_run(FILE *f)
{
  const char *m, *s;
  const lg_param *v;
  lg_opts o;
  char tol[CSV_G17_MAX], ref[CSV_G17_MAX], vec[256] = "";
  lg_opts_default(&o);
  fmt_shortest(tol, sizeof tol, o.newton_tol);
  fmt_shortest(ref, sizeof ref, o.ref_tol);
  example_pair(&m, &s, &v);
  if (v) {
    char def[200];
    fmt_param(def, sizeof def, v->def, v->len, 1);
    snprintf(vec, sizeof vec, " --set %s=%s", v->name, def);
  }
  fprintf(f,
    "Usage: lgsim run MODEL SCHEME [OPTIONS]\n"
    "       lgsim run --model-file FILE SCHEME [OPTIONS]\n"
    "Integrate MODEL with SCHEME (a scheme of the model's family; see 'lgsim list')\n"
    "from t = 0 for n = round(T/h) steps of size h, ending at t = n h, and write\n"
    "CSV: '#' lines recording the package version, the model, the scheme, every\n"
    "parameter and every option; one line of column names (the model's columns,\n"
    "and newton_iters for implicit schemes); one row per written step. Every\n"
    "number is printed as printf(\"%%.17g\") prints it. A value may follow its\n"
    "option as the next argument or after '=' (--h=0.001).\n"
    "\n"
    "Options:\n"
    "  --h H               step size, > 0 (default 0.01)\n"
    "  --T T               final time, >= 0 (default 10); at most 1e9 steps\n"
    "  --set NAME=VALUE    set a parameter of the model (repeatable; see\n"
    "                      'lgsim list'). Vectors and matrices take their\n"
    "                      components separated by commas, matrices row by row\n"
    "                      (--set R0=r11,r12,r13,r21,r22,r23,r31,r32,r33); a 3x3\n"
    "                      parameter also takes cardan:A,B,C, the rotation\n"
    "                      Rx(A) Ry(B) Rz(C) with angles in radians\n"
    "  --model-file FILE   read a multibody model from FILE (bodies, joints,\n"
    "                      gravity; the format is in the report's multibody\n"
    "                      chapter and in the files src/model/*.mb) instead of\n"
    "                      naming a built-in MODEL; --set then sets its\n"
    "                      parameters (m1, J1, R1, x1, W1, v1, ..., P1a, P1b, ...)\n"
    "  --every N           write step 0, every N-th step and the last (default 1)\n"
    "  -o FILE             write to FILE instead of standard output ('-' is\n"
    "                      standard output); FILE appears only when the run\n"
    "                      succeeds (the rows go to a temporary file beside it,\n"
    "                      renamed at the end)\n"
    "  --newton-tol TOL    residual tolerance of implicit steps (default %s)\n"
    "  --newton-maxiter N  iteration cap of implicit steps (default %d)\n"
    "  --newton-solver S   direct (Newton with an unblocked LU, as a GSL solver\n"
    "                      type), newton or hybridsj (GSL's own; default %s)\n"
    "  --ref-tol TOL       tolerance of the adaptive reference solver (default %s)\n"
    "  --reortho           let the model replace a nearly orthogonal initial\n"
    "                      rotation by the nearest rotation instead of rejecting it\n"
    "  --help              this text\n"
    "\n"
    "Bad values (unknown names, non-numbers, NaN, wrong number of components,\n"
    "h <= 0, T < 0, parameters the model rejects) stop the program with one\n"
    "line naming the value and exit status 2, before anything is written. A\n"
    "Newton failure gives exit status 3, a write error exit status 1; with -o the\n"
    "temporary file is removed. Runs longer than two seconds show their progress\n"
    "when the standard error is a terminal.\n"
    "\n"
    "Examples:\n"
    "  lgsim run %s %s\n"
    "  lgsim run %s %s --h 0.001 --T 2 --every 10 -o out.csv\n"
    "  lgsim run %s %s%s --set R0=cardan:0.1,0.2,0.3\n"
    "  lgsim run %s %s --newton-tol 1e-14 --newton-maxiter 20 --newton-solver hybridsj\n",
    tol, o.newton_maxiter, solver_name(o.newton_solver), ref, m, s, m, s, m, s, vec, m, s);
}
static void list_text(void)
{
  char buf[512];
  printf("Models (lgsim run MODEL SCHEME [--set NAME=VALUE]...):\n");
  for (size_t i = 0; i < lg_nmodels(); i++) {
    const lg_model *m = lg_model_at(i);
    int wn = 4, wd = 7;
    for (const lg_param *p = m->params; p->name; p++) {
      fmt_param(buf, sizeof buf, p->def, p->len, 1);
      if ((int)strlen(p->name) > wn) wn = (int)strlen(p->name);
      if ((int)strlen(buf) > wd) wd = (int)strlen(buf);
    }
    if (wd > 24) wd = 24;                        /* a long default pushes its line only */
    printf("\n%s: %s\n  family %s; defaults from %s\n", m->name, m->doc, m->family, m->source);
    printf("  %-*s  %-*s  %-8s  %s\n", wn, "name", wd, "default", "unit", "meaning");
    for (const lg_param *p = m->params; p->name; p++) {
      fmt_param(buf, sizeof buf, p->def, p->len, 1);
      printf("  %-*s  %-*s  %-8s  %s\n", wn, p->name, wd, buf, p->unit, p->doc);
    }
    printf("  schemes:");
    for (size_t k = 0; k < lg_nschemes(); k++)
      if (strcmp(lg_scheme_at(k)->family, m->family) == 0) printf(" %s", lg_scheme_at(k)->name);
    printf("\n");
  }
  printf("\nSchemes (family/name: source; description):\n");
  for (size_t k = 0; k < lg_nschemes(); k++) {
    const lg_scheme_type *s = lg_scheme_at(k);
    printf("  %s/%s: %s; %s%s\n", s->family, s->name, s->source, s->doc,
           s->implicit ? " (implicit)" : "");
  }
}

static void list_tsv(void)
{
  char buf[512];
  printf("model\tscheme\tsource\tparameters\n");
  for (size_t i = 0; i < lg_nmodels(); i++) {
    const lg_model *m = lg_model_at(i);
    for (size_t k = 0; k < lg_nschemes(); k++) {
      const lg_scheme_type *s = lg_scheme_at(k);
      if (strcmp(s->family, m->family) != 0) continue;
      printf("%s\t%s\t%s\t", m->name, s->name, s->source);
      for (const lg_param *p = m->params; p->name; p++) {
        fmt_param(buf, sizeof buf, p->def, p->len, 1);
        printf("%s%s=%s", p == m->params ? "" : " ", p->name, buf);
      }
      printf("\n");
    }
  }
}

static int cmd_list(int argc, char **argv)
{
  int tsv = 0;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--tsv") == 0) tsv = 1;
    else if (strcmp(argv[i], "--help") == 0) { help_main(stdout); return finish_stdout(); }
    else die(LGSIM_EXIT_USAGE, "list: unknown argument '%s' (see lgsim --help)", argv[i]);
  }
  if (tsv) list_tsv(); else list_text();
  return finish_stdout();
}
typedef struct {
  const char *model, *scheme;   /* positional arguments */
  const char *model_file;       /* --model-file, or NULL */
  double h, T;
  const char *h_str, *T_str;    /* as typed, for messages */
  long every;
  const char *out;              /* NULL or "-": standard output */
  lg_opts opt;
  int reortho;
  char **sets;                  /* the NAME=VALUE of every --set, in order */
  int nsets;
} run_args;
static const char *option_value(int argc, char **argv, int *i, const char *name,
                                const char *inline_value)
{
  if (inline_value) return inline_value;
  if (*i + 1 >= argc) die(LGSIM_EXIT_USAGE, "%s: missing value", name);
  return argv[++*i];
}

static void parse_run_args(run_args *a, int argc, char **argv)
{
  memset(a, 0, sizeof *a);
  a->h = 0.01; a->h_str = "0.01";
  a->T = 10; a->T_str = "10";
  a->every = 1;
  lg_opts_default(&a->opt);
  a->sets = xmalloc((size_t)argc * sizeof *a->sets);
  for (int i = 0; i < argc; i++) {
    char *arg = argv[i], name[64];
    const char *val = NULL, *eq = strchr(arg, '=');
    if (arg[0] != '-' || strcmp(arg, "-") == 0) {         /* positional */
      if (!a->model && !a->model_file) a->model = arg;
      else if (!a->scheme) a->scheme = arg;
      else die(LGSIM_EXIT_USAGE, "run: unexpected argument '%s' (see lgsim run --help)", arg);
      continue;
    }
    snprintf(name, sizeof name, "%.*s", eq && arg[1] == '-' ? (int)(eq - arg) : (int)strlen(arg), arg);
    if (eq && arg[1] == '-') val = eq + 1;
    if (strcmp(name, "--help") == 0) {
      help_run(stdout);
      exit(finish_stdout());
    } else if (strcmp(name, "--h") == 0) {
      a->h_str = option_value(argc, argv, &i, name, val);
      a->h = parse_real(name, a->h_str);
      if (!(a->h > 0)) die(LGSIM_EXIT_USAGE, "--h: %s is not positive", a->h_str);
    } else if (strcmp(name, "--T") == 0) {
      a->T_str = option_value(argc, argv, &i, name, val);
      a->T = parse_real(name, a->T_str);
      if (a->T < 0) die(LGSIM_EXIT_USAGE, "--T: %s is negative", a->T_str);
    } else if (strcmp(name, "--set") == 0) {
      a->sets[a->nsets++] = (char *)option_value(argc, argv, &i, name, val);
    } else if (strcmp(name, "--every") == 0) {
      a->every = parse_count(name, option_value(argc, argv, &i, name, val), LONG_MAX);
    } else if (strcmp(name, "-o") == 0) {
      a->out = option_value(argc, argv, &i, name, NULL);
    } else if (strcmp(name, "--model-file") == 0) {
      if (a->model_file) die(LGSIM_EXIT_USAGE, "--model-file: given twice");
      a->model_file = option_value(argc, argv, &i, name, val);
    } else if (strcmp(name, "--newton-tol") == 0) {
      const char *s = option_value(argc, argv, &i, name, val);
      a->opt.newton_tol = parse_real(name, s);
      if (!(a->opt.newton_tol > 0)) die(LGSIM_EXIT_USAGE, "%s: %s is not positive", name, s);
    } else if (strcmp(name, "--newton-maxiter") == 0) {
      a->opt.newton_maxiter = (int)parse_count(name, option_value(argc, argv, &i, name, val), INT_MAX);
    } else if (strcmp(name, "--newton-solver") == 0) {
      const char *s = option_value(argc, argv, &i, name, val);
      a->opt.newton_solver = solver_code(s);
      if (a->opt.newton_solver < 0)
        die(LGSIM_EXIT_USAGE, "%s: unknown solver '%s' (direct, newton or hybridsj)", name, s);
    } else if (strcmp(name, "--ref-tol") == 0) {
      const char *s = option_value(argc, argv, &i, name, val);
      a->opt.ref_tol = parse_real(name, s);
      if (!(a->opt.ref_tol > 0)) die(LGSIM_EXIT_USAGE, "%s: %s is not positive", name, s);
    } else if (strcmp(arg, "--reortho") == 0) {
      a->reortho = 1;
    } else
      die(LGSIM_EXIT_USAGE, "unknown option '%s' (see lgsim run --help)", arg);
  }
  if (a->model_file && a->model && !a->scheme) { a->scheme = a->model; a->model = NULL; }
  if (a->model_file && a->model)
    die(LGSIM_EXIT_USAGE, "run: --model-file %s and model '%s': give one of them", a->model_file, a->model);
  if (!a->model && !a->model_file) die(LGSIM_EXIT_USAGE, "run: missing MODEL and SCHEME (see lgsim list)");
  if (!a->scheme) die(LGSIM_EXIT_USAGE, "run: missing SCHEME after model '%s' (see lgsim list)",
                      a->model ? a->model : a->model_file);
}
static void set_param(const lg_model *m, void *par, const char *arg)
{
  const char *eq = strchr(arg, '=');
  char what[80];
  if (!eq) die(LGSIM_EXIT_USAGE, "--set: '%s' is not NAME=VALUE", arg);
  snprintf(what, sizeof what, "%.*s", (int)(eq - arg), arg);
  const lg_param *p = lg_param_find(m, what);
  if (!p) die(LGSIM_EXIT_USAGE, "--set: model %s has no parameter '%s' (see lgsim list)", m->name, what);
  snprintf(what, sizeof what, "--set %s", p->name);
  double v[9];
  const char *val = eq + 1;
  if (p->len == 9 && strncmp(val, "cardan:", 7) == 0) {
    double ang[3];
    parse_vector(what, val + 7, ang, 3);
    so3_cardan(v, ang);
  } else
    parse_vector(what, val, v, p->len);
  memcpy(lg_param_ptr(p, par), v, (size_t)p->len * sizeof(double));
}

static const lg_scheme_type *find_scheme(const lg_model *m, const char *name)
{
  const lg_scheme_type *s = lg_scheme_find(m->family, name);
  if (s) return s;
  for (size_t k = 0; k < lg_nschemes(); k++)
    if (strcmp(lg_scheme_at(k)->name, name) == 0)
      die(LGSIM_EXIT_USAGE, "scheme '%s' integrates the %s family, not model %s (family %s)",
          name, lg_scheme_at(k)->family, m->name, m->family);
  die(LGSIM_EXIT_USAGE, "unknown scheme '%s' (see lgsim list)", name);
}

static long number_of_steps(const run_args *a)
{
  double r = a->T / a->h;
  if (!(r <= 1e9))
    die(LGSIM_EXIT_USAGE, "--T %s with --h %s gives %.3g steps, more than 1e9",
        a->T_str, a->h_str, r);
  return (long)llround(r);
}
static FILE *open_output(const char *path)
{
  struct stat st;
  if (!path || strcmp(path, "-") == 0) return stdout;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    FILE *f = fopen(path, "w");
    if (!f) die(LGSIM_EXIT_FAIL, "cannot open %s: %s", path, strerror(errno));
    return f;
  }
  if (strlen(path) + 8 > sizeof tmp_path) die(LGSIM_EXIT_USAGE, "-o: file name too long");
  snprintf(tmp_path, sizeof tmp_path, "%s.XXXXXX", path);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  int fd = mkstemp(tmp_path);
  if (fd < 0) die(LGSIM_EXIT_FAIL, "-o %s: cannot create a temporary file beside it: %s", path, strerror(errno));
  tmp_active = 1;
  mode_t mask = umask(0);
  umask(mask);
  if (fchmod(fd, 0666 & ~mask) != 0)
    die(LGSIM_EXIT_FAIL, "cannot set the permissions of %s: %s", tmp_path, strerror(errno));
  FILE *f = fdopen(fd, "w");
  if (!f) die(LGSIM_EXIT_FAIL, "cannot open %s: %s", tmp_path, strerror(errno));
  return f;
}

static void close_output(FILE *f, const char *path)
{
  if (f == stdout) return;
  if (fclose(f) != 0)
    die(LGSIM_EXIT_FAIL, "write error on %s: %s", tmp_active ? tmp_path : path, strerror(errno));
  if (tmp_active) {
    if (rename(tmp_path, path) != 0)
      die(LGSIM_EXIT_FAIL, "cannot rename %s to %s: %s", tmp_path, path, strerror(errno));
    tmp_active = 0;
  }
}
static int write_header(csv_writer *w, const run_args *a, const lg_model *m,
                        const lg_scheme_type *s, const void *par, long nsteps)
{
  char b1[CSV_G17_MAX], b2[CSV_G17_MAX], buf[512];
  int st = LG_OK;
  st |= csv_printf(w, "# lgsim %s\n", LG_VERSION);
  st |= csv_printf(w, "# model = %s\n# model_family = %s\n# model_source = %s\n",
                   m->name, m->family, m->source);
  st |= csv_printf(w, "# scheme = %s\n# scheme_source = %s\n# scheme_implicit = %d\n",
                   s->name, s->source, s->implicit);
  for (const lg_param *p = m->params; p->name; p++) {
    fmt_param(buf, sizeof buf, lg_param_ptr(p, (void *)par), p->len, 0);
    st |= csv_printf(w, "# param %s = %s [%s]\n", p->name, buf, p->unit);
  }
  csv_fmt_g17(b1, a->h);
  csv_fmt_g17(b2, a->T);
  st |= csv_printf(w, "# h = %s\n# T = %s\n# steps = %ld\n", b1, b2, nsteps);
  csv_fmt_g17(b1, (double)nsteps * a->h);
  st |= csv_printf(w, "# t_end = %s\n# every = %ld\n", b1, a->every);
  csv_fmt_g17(b1, a->opt.newton_tol);
  csv_fmt_g17(b2, a->opt.ref_tol);
  st |= csv_printf(w, "# newton_tol = %s\n# newton_maxiter = %d\n# newton_solver = %s\n"
                   "# ref_tol = %s\n# reortho = %d\n", b1, a->opt.newton_maxiter,
                   solver_name(a->opt.newton_solver),
                   b2, a->reortho);
  st |= csv_printf(w, "%s%s\n", m->columns, s->implicit ? ",newton_iters" : "");
  return st ? LG_EOUTPUT : LG_OK;
}
typedef struct {
  csv_writer *w;
  const lg_model *m;
  const void *par;
  int implicit;
  double *row;      /* ncol (+1) numbers */
} emitter;

static int emit_row(void *ctx, const lg_state *s)
{
  emitter *e = ctx;
  e->m->row(e->par, s, e->row);
  if (e->implicit) e->row[e->m->ncol] = s->newton_iters;
  return csv_put_row(e->w, e->row, (size_t)e->m->ncol + (size_t)e->implicit);
}
static const lg_scheme_type *progress_inner;
static long progress_k, progress_n;
static double progress_t0, progress_next;
static int progress_shown;

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int progress_step(void *ws, lg_state *s)
{
  int status = progress_inner->step(ws, s);
  if ((++progress_k & 255) == 0) {
    double t = now_seconds();
    if (t >= progress_next) {
      double el = t - progress_t0, frac = (double)progress_k / (double)progress_n;
      fprintf(stderr, "\rlgsim: step %ld of %ld (%.0f%%), %.0f s so far, about %.0f s to go  ",
              progress_k, progress_n, 100 * frac, el, el * (1 - frac) / frac);
      progress_shown = 1;
      progress_next = t + 0.5;
    }
  }
  return status;
}

static const lg_scheme_type *progress_wrap(const lg_scheme_type *s, lg_scheme_type *copy,
                                           long nsteps)
{
  if (!isatty(STDERR_FILENO) || nsteps == 0) return s;
  *copy = *s;
  copy->step = progress_step;
  progress_inner = s;
  progress_n = nsteps;
  progress_t0 = now_seconds();
  progress_next = progress_t0 + 2.0;
  return copy;
}

static void progress_end(void)
{
  if (progress_shown) fprintf(stderr, "\r%78s\r", "");
}
static int cmd_run(int argc, char **argv)
{
  run_args a;
  parse_run_args(&a, argc, argv);
  char msg[512] = "";
  lg_model *own = NULL;
  if (a.model_file && !(own = mb_model_read(a.model_file, msg, sizeof msg)))
    die(LGSIM_EXIT_USAGE, "%s", msg);
  const lg_model *m = own ? own : lg_model_find(a.model);
  if (!m) die(LGSIM_EXIT_USAGE, "unknown model '%s' (see lgsim list)", a.model);
  const lg_scheme_type *s = find_scheme(m, a.scheme);
  void *par = xmalloc(m->par_size);
  lg_params_default(m, par);
  for (int i = 0; i < a.nsets; i++) set_param(m, par, a.sets[i]);
  if (m->check && m->check(par, a.reortho, msg, sizeof msg) != LG_OK)
    die(LGSIM_EXIT_USAGE, "%s", msg[0] ? msg : "the model rejected the parameters");
  long nsteps = number_of_steps(&a);

  FILE *f = open_output(a.out);
  const char *where = f == stdout ? "standard output" : a.out;
  csv_writer *w = csv_writer_alloc(f, 0);
  if (!w) die(LGSIM_EXIT_FAIL, "out of memory");
  emitter e = {w, m, par, s->implicit != 0, xmalloc(((size_t)m->ncol + 1) * sizeof(double))};
  lg_failure fail = {0};
  lg_scheme_type wrapped;
  int status = write_header(w, &a, m, s, par, nsteps);
  if (status == LG_OK)
    status = lg_run(progress_wrap(s, &wrapped, nsteps), par, &a.opt, a.h, nsteps, a.every,
                    emit_row, &e, &fail);
  progress_end();
  if (status == LG_OK && csv_flush(w) != LG_OK) status = LG_EOUTPUT;
  if (status != LG_OK) {
    char t[CSV_G17_MAX], why[300];
    csv_fmt_g17(t, fail.t);
    if (status == LG_ENEWTON)
      snprintf(why, sizeof why, "Newton iteration failed at step %ld, t = %s, residual %.3g",
               fail.step, t, fail.resid);
    else if (status == LG_EOUTPUT)
      snprintf(why, sizeof why, "write error on %s: %s", where, strerror(csv_errno(w)));
    else if (status == LG_ENOMEM)
      snprintf(why, sizeof why, "out of memory");
    else if (fail.step == 0)
      snprintf(why, sizeof why, "scheme %s could not start on model %s (status %d)",
               s->name, m->name, status);
    else
      snprintf(why, sizeof why, "scheme %s failed at step %ld, t = %s (status %d)",
               s->name, fail.step, t, status);
    if (f == stdout && status != LG_EOUTPUT) {
      csv_printf(w, "# error: %s\n", why);
      csv_flush(w);
    }
    die(status == LG_ENEWTON ? LGSIM_EXIT_NEWTON
        : status == LG_EINVAL && fail.step == 0 ? LGSIM_EXIT_USAGE : LGSIM_EXIT_FAIL, "%s", why);
  }
  close_output(f, a.out);
  csv_writer_free(w);
  free(e.row);
  free(par);
  free(a.sets);
  mb_model_free(own);
  return LGSIM_EXIT_OK;
}
int main(int argc, char **argv)
{
  if (argc < 2) {
    help_main(stderr);
    return LGSIM_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--version") == 0) {
    printf("lgsim %s\n", LG_VERSION);
    return finish_stdout();
  }
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    help_main(stdout);
    return finish_stdout();
  }
  if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
  die(LGSIM_EXIT_USAGE, "unknown command '%s' (see lgsim --help)", cmd);
}
