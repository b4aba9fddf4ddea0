/* lgsim.c: list the models and schemes of the package; run one scheme on one
   model and write the trajectory as CSV. */
#define _GNU_SOURCE                       /* O_TMPFILE, linkat */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <dirent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli/lib/animate.h"
#include "cli/lib/args.h"
#include "core/lg.h"
#include "io/csv.h"
#include "model/mjcf.h"
#include "model/multibody.h"
#include "num/rk.h"

static char tmp_path[PATH_MAX];            /* a named temporary output file */
static volatile sig_atomic_t tmp_active;   /* 1 while tmp_path exists */

static void remove_tmp(void)
{
  if (tmp_active) { unlink(tmp_path); tmp_active = 0; }
}

static void die(int status, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((noreturn, format(printf, 2, 3)))
#endif
  ;

static void die(int status, const char *fmt, ...)
{
  char raw[2048], esc[4 * sizeof raw];
  va_list ap;
  remove_tmp();
  fflush(stdout);
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  lg_escape(esc, sizeof esc, raw);
  fprintf(stderr, "lgsim: %s\n", esc);
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
static void fmt_param(char *buf, size_t n, const double *v, int len, int shortest)
{
  size_t k = 0;
  buf[0] = '\0';
  for (int i = 0; i < len && k + CSV_G17_MAX + 2 < n; i++) {
    char num[CSV_G17_MAX];
    if (shortest) lg_fmt_shortest(num, sizeof num, v[i]); else csv_fmt_g17(num, v[i]);
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
    "  list MODEL [--tsv]      one model: its parameters and output columns, each\n"
    "                          with its unit and meaning, and its schemes\n"
    "  list --model-file FILE [--tsv] [--assemble]\n"
    "                          the same for the model described in FILE\n"
    "  run MODEL SCHEME [OPTIONS]\n"
    "                          integrate MODEL with SCHEME and write CSV; see\n"
    "                          'lgsim help run' for the options\n"
    "  animate RUN.csv -o FILE.gif [OPTIONS]\n"
    "                          draw a multibody run with gnuplot, as an animated\n"
    "                          GIF or a filmstrip; see 'lgsim help animate'\n"
    "  export --mjcf --model-file FILE [-o OUT]\n"
    "                          write the mechanism of FILE as MuJoCo's MJCF\n"
    "  help [list|run|animate|export]\n"
    "                          this text, or the help of one command\n"
    "  --help, -h              this text (after a command: that command's help)\n"
    "  --version               the package version\n"
    "\n"
    "Exit status: 0 success; 1 write error or other failure; 2 bad command line\n"
    "or parameter (nothing is written); 3 the run failed: a Newton iteration did\n"
    "not converge or the state became infinite or NaN (nothing is written with -o).\n"
    "The manual page lgsim(1) describes every model, parameter and column.\n"
    "\n"
    "Examples:\n"
    "  lgsim list\n"
    "  lgsim list %s\n"
    "  lgsim list --tsv\n"
    "  lgsim run %s %s --h 0.001 --T 2 -o out.csv\n", m, m, s);
}

static void help_list(FILE *f)
{
  fprintf(f,
    "Usage: lgsim list [--tsv]\n"
    "       lgsim list MODEL [--tsv]\n"
    "       lgsim list --model-file FILE [--tsv] [--assemble]\n"
    "Without MODEL: every model (description, family, source of its defaults,\n"
    "parameters with default, unit and meaning, the schemes that integrate it),\n"
    "then every scheme (family, source, description, implicit or not).\n"
    "--tsv: one tab-separated row per model-scheme pair: model, scheme, source,\n"
    "parameters as NAME=DEFAULT separated by spaces (for scripts).\n"
    "With MODEL: that model alone, with every parameter and every output column,\n"
    "each with its unit and meaning, the columns of schemes that write a state\n"
    "of their own and, for a multibody model, its bodies and the two bodies each\n"
    "joint joins; with --tsv, its rows alone.\n"
    "With --model-file FILE: the model described in FILE (lgrepro-model(5)),\n"
    "listed as a built-in model is; a file that 'lgsim run --model-file' refuses\n"
    "is refused with the same message. --assemble: accept a start written to a\n"
    "few digits, as 'lgsim run --assemble' does (the listing shows the file's\n"
    "values).\n");
}

static void help_run(FILE *f)
{
  const char *m, *s;
  const lg_param *v;
  lg_opts o;
  char tol[CSV_G17_MAX], ref[CSV_G17_MAX], vec[256] = "";
  lg_opts_default(&o);
  lg_fmt_shortest(tol, sizeof tol, o.newton_tol);
  lg_fmt_shortest(ref, sizeof ref, o.ref_tol);
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
    "from t = 0 for n = T/h steps of size h, and write CSV: '#' lines recording\n"
    "the package version, the model, the scheme, every parameter and every\n"
    "option (with --model-file also the file's name, its SHA-256 and which\n"
    "bodies each joint joins); one line of column names (the model's columns,\n"
    "or those of a scheme that carries a state of its own, and newton_iters for\n"
    "implicit schemes; 'lgsim list MODEL' gives their units and meanings); one\n"
    "row per written step. Every number is printed as printf(\"%%.17g\") prints it.\n"
    "Numbers are decimal (0.01, 1e-3, -2.5). A value may follow its option as\n"
    "the next argument or after '=' (--h=0.001).\n"
    "\n"
    "Options:\n"
    "  --h H               step size, > 0 (default 0.01)\n"
    "  --T T               final time, >= 0 (default 10), a whole number of steps\n"
    "                      (T/h within 1e-9 relative of an integer); at most 1e9 steps\n"
    "  --set NAME=VALUE    set a parameter of the model (repeatable; see\n"
    "                      'lgsim list MODEL'). Vectors and matrices take their\n"
    "                      components separated by commas, matrices row by row\n"
    "                      (--set R0=r11,r12,r13,r21,r22,r23,r31,r32,r33); a 3x3\n"
    "                      parameter also takes cardan:A,B,C, the rotation\n"
    "                      Rx(A) Ry(B) Rz(C) with angles in radians\n"
    "  --model-file FILE   read a multibody model from FILE (bodies, joints,\n"
    "                      gravity; the format is in lgrepro-model(5), examples\n"
    "                      in share/lgrepro/models/ when installed, src/model/\n"
    "                      of the sources) instead of naming a built-in MODEL;\n"
    "                      --set then sets its parameters (m1, J1, R1, x1, W1,\n"
    "                      v1, ..., P1a, P1b, ..., K1, C1, L1, F1, T1, ...)\n"
    "  --every N           write step 0, every N-th step and the last (default 1)\n"
    "  -o FILE             write to FILE instead of standard output ('-' is\n"
    "                      standard output); FILE appears only when the run\n"
    "                      succeeds, complete, and nothing appears beside it\n"
    "  --max-output SIZE   refuse a run whose output could exceed SIZE bytes\n"
    "                      (suffixes k, M, G, T; default 1G)\n"
    "  --newton-tol TOL    residual tolerance of implicit steps, > 0 (default %s:\n"
    "                      every step solved to round-off)\n"
    "  --newton-maxiter N  iteration cap of implicit steps (default %d)\n"
    "  --newton-solver S   direct (Newton with an unblocked LU, as a GSL solver\n"
    "                      type), direct-gsl (the same, always through GSL's\n"
    "                      calls), newton or hybridsj (GSL's own; default %s);\n"
    "                      the --newton options are refused with an explicit scheme\n"
    "  --ref-tol TOL       tolerance of the adaptive reference solver (default %s)\n",
    tol, o.newton_maxiter, lg_newton_solver_name(o.newton_solver), ref);
  fprintf(f,   /* in two parts: ISO C promises string literals of 4095 characters */
    "  --strict            fail (exit 3) where a drift warning would be printed\n"
    "  --reortho           let the model replace a nearly orthogonal initial\n"
    "                      rotation by the nearest rotation instead of rejecting it\n"
    "  --assemble          move a multibody model's initial positions onto its\n"
    "                      joints (Gauss-Newton, shortest correction in the mass\n"
    "                      metric) and its velocities onto the joints' velocity\n"
    "                      constraints before the run, as the model file's\n"
    "                      'assemble' line does; prints how far each body moved\n"
    "                      on the standard error; joints that cannot all hold\n"
    "                      give exit status 2 naming them (lgrepro-model(5))\n"
    "  --reactions         for a multibody model: append the force Fk_1..Fk_3 (N)\n"
    "                      of each joint k on its second side, in space, and\n"
    "                      for a joint that removes rotations the torque\n"
    "                      Mk_1..Mk_3 (N m) about that side's joint point, from\n"
    "                      the index-1 multipliers at each written state, and\n"
    "                      driveK (N m or N), what the drive of joint K supplies\n"
    "  --joint-coordinates for a multibody model: append each joint's coordinates\n"
    "                      and rates: qK, qdK (rad, rad/s; m, m/s) of a revolute\n"
    "                      or prismatic joint K, qK_1, qK_2, qdK_1, qdK_2 of a\n"
    "                      cylindrical (angle, travel) or universal joint (two\n"
    "                      angles); angles about the axes as written, from zero\n"
    "                      at t = 0 and continuous through pi\n"
    "  --help, -h          this text\n"
    "\n"
    "Bad values (unknown names, non-numbers, wrong number of components, h <= 0,\n"
    "T < 0 or not a whole number of steps, parameters the model rejects, an\n"
    "output larger than --max-output) stop the program with one line naming the\n"
    "value and exit status 2, before anything is written. A run that fails (a\n"
    "Newton iteration that does not converge, a state that becomes infinite or\n"
    "NaN) gives exit status 3 and names the step, the time and what failed; a\n"
    "write error gives exit status 1. Runs longer than two seconds show their\n"
    "progress when the standard error is a terminal.\n"
    "\n"
    "Examples:\n"
    "  lgsim run %s %s\n"
    "  lgsim run %s %s --h 0.001 --T 2 --every 10 -o out.csv\n"
    "  lgsim run %s %s%s --set R0=cardan:0.1,0.2,0.3\n"
    "  lgsim run %s %s --every 100 --max-output 5G\n",
    m, s, m, s, m, s, vec, m, s);
}
static void help_animate(FILE *f)
{
  fprintf(f,
    "Usage: lgsim animate RUN.csv -o FILE.gif [OPTIONS]\n"
    "       lgsim animate RUN.csv --filmstrip N -o FILE.pdf|FILE.png [OPTIONS]\n"
    "Draw the mechanism of a multibody run (the CSV of lgsim run) with gnuplot:\n"
    "each body as the segments from its mass centre to its joint and spring\n"
    "points, joints as dots, springs as thin lines, the ground's points as\n"
    "squares, in a fixed 3D view, the time in the corner.  The model is the\n"
    "one the CSV's header names (# model, or # model_file looked up as given\n"
    "and beside the CSV); the joint points are the header's # param lines.\n"
    "\n"
    "Options:\n"
    "  -o FILE             the picture: an animated GIF, or with --filmstrip a\n"
    "                      PDF or PNG; written complete or not at all\n"
    "  --every N           one frame every N rows (default: at most 100 frames)\n"
    "  --filmstrip N       N frames (at most 24) spread from the first row to the\n"
    "                      last, side by side\n"
    "  --view ROT_X,ROT_Z  the view, in degrees as gnuplot's set view (default:\n"
    "                      face on to a plane of motion, else 60,30)\n"
    "  --model-file FILE   the model file of the run, where the CSV's is not found\n"
    "  --help, -h          this text\n"
    "\n"
    "A CSV without rows or model, a model without joints, a bad option value:\n"
    "exit status 2, nothing written.  gnuplot missing or failing: exit status 1.\n"
    "\n"
    "Examples:\n"
    "  lgsim run doublependulum dh --T 5 -o run.csv\n"
    "  lgsim animate run.csv -o run.gif\n"
    "  lgsim animate run.csv --filmstrip 6 -o strip.pdf --view 90,0\n");
}
/* the model of a file, checked on its defaults as lgsim run checks it
   (assembled first with --assemble, as the run would be) */
static lg_model *list_read_file(const char *file, int assemble)
{
  char msg[1024] = "";
  lg_model *m = mb_model_read(file, msg, sizeof msg);
  if (!m) die(LGSIM_EXIT_USAGE, "%s", msg);
  void *par = xmalloc(m->par_size);
  lg_params_default(m, par);
  msg[0] = '\0';
  int st = m->check ? m->check(par, assemble ? MB_CHECK_ASSEMBLE : 0, msg, sizeof msg) : LG_OK;
  free(par);
  if (st != LG_OK) {
    if (!msg[0]) snprintf(msg, sizeof msg, "model %s rejected the parameters", m->name);
    mb_model_free(m);
    die(LGSIM_EXIT_USAGE, "%s", msg);
  }
  return m;
}

static const char *side_name(const mb_topo *t, int b)
{
  return b == MB_GROUND ? "ground" : t->name[b];
}

static void print_connection(void *ctx, const char *kind, int k, int a, int b)
{
  const mb_topo *t = ctx;
  printf("  %s %d = %s %s\n", kind, k, side_name(t, a), side_name(t, b));
}

/* a multibody model's bodies and what joins them; nothing for other models */
static void print_topology(const lg_model *m)
{
  const mb_topo *t = mb_model_topo(m);
  if (!t) return;
  printf("\nBodies and connections (each with the two bodies it joins):\n");
  for (int i = 0; i < t->nb; i++) printf("  body %d = %s\n", i + 1, t->name[i]);
  mb_each_connection(t, print_connection, (void *)t);
}
static void print_params(const lg_model *m)
{
  char buf[512];
  int wn = 4, wd = 7;
  for (const lg_param *p = m->params; p->name; p++) {
    fmt_param(buf, sizeof buf, p->def, p->len, 1);
    if ((int)strlen(p->name) > wn) wn = (int)strlen(p->name);
    if ((int)strlen(buf) > wd) wd = (int)strlen(buf);
  }
  if (wd > 24) wd = 24;                        /* a long default pushes its line only */
  printf("  %-*s  %-*s  %-8s  %s\n", wn, "name", wd, "default", "unit", "meaning");
  for (const lg_param *p = m->params; p->name; p++) {
    fmt_param(buf, sizeof buf, p->def, p->len, 1);
    printf("  %-*s  %-*s  %-8s  %s\n", wn, p->name, wd, buf, p->unit, p->doc);
  }
}

static void list_text(void)
{
  printf("Models (lgsim run MODEL SCHEME [--set NAME=VALUE]...; lgsim list MODEL for one):\n");
  for (size_t i = 0; i < lg_nmodels(); i++) {
    const lg_model *m = lg_model_at(i);
    printf("\n%s: %s\n  family %s; defaults from %s\n", m->name, m->doc, m->family, m->source);
    print_params(m);
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

static void tsv_rows(const lg_model *m)
{
  char buf[512];
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

/* the rows of model only, or of every model if only is NULL */
static void list_tsv(const lg_model *only)
{
  printf("model\tscheme\tsource\tparameters\n");
  if (only) tsv_rows(only);
  else
    for (size_t i = 0; i < lg_nmodels(); i++) tsv_rows(lg_model_at(i));
}

static void print_columns(const char *columns, int implicit)
{
  char col[64], unit[32], doc[300];
  const char *c = columns;
  while (*c) {
    size_t n = strcspn(c, ",");
    snprintf(col, sizeof col, "%.*s", (int)n, c);
    if (!lg_column_doc(col, unit, sizeof unit, doc, sizeof doc))
      snprintf(unit, sizeof unit, "?"),
          snprintf(doc, sizeof doc, "(not in the column vocabulary)");
    printf("  %-13s %-9s %s\n", col, unit, doc);
    c += n + (c[n] == ',');
  }
  if (implicit && lg_column_doc("newton_iters", unit, sizeof unit, doc, sizeof doc))
    printf("  %-13s %-9s %s\n", "newton_iters", unit, doc);
}

/* the own row of scheme s on the defaults of m, or NULL */
static const lg_rowdef *own_row(const lg_model *m, const lg_scheme_type *s)
{
  lg_opts o;
  lg_state st = {0};
  const lg_rowdef *r = NULL;
  void *par = xmalloc(m->par_size), *ws;
  lg_opts_default(&o);
  lg_params_default(m, par);
  if (m->check) m->check(par, 1, NULL, 0);
  if ((ws = s->alloc(par, &o))) {
    if (s->init(ws, par, 0.01, &st) == LG_OK) r = st.own;
    s->free(ws);
  }
  free(par);
  return r;
}

static void list_model(const lg_model *m)
{
  int any_implicit = 0;
  printf("%s: %s\n  family %s; defaults from %s\n", m->name, m->doc, m->family, m->source);
  printf("\nParameters (--set NAME=VALUE):\n");
  print_params(m);
  print_topology(m);
  printf("\nSchemes:\n");
  for (size_t k = 0; k < lg_nschemes(); k++) {
    const lg_scheme_type *s = lg_scheme_at(k);
    if (strcmp(s->family, m->family) != 0) continue;
    printf("  %-13s %s; %s%s\n", s->name, s->source, s->doc, s->implicit ? " (implicit)" : "");
    any_implicit |= s->implicit;
  }
  printf("\nOutput columns (units in SI; newton_iters only with implicit schemes):\n");
  print_columns(m->columns, any_implicit);
  const lg_rowdef *seen[16];
  int nseen = 0;
  for (size_t k = 0; k < lg_nschemes(); k++) {
    const lg_scheme_type *s = lg_scheme_at(k);
    if (strcmp(s->family, m->family) != 0) continue;
    const lg_rowdef *r = own_row(m, s);
    int dup = 0;
    for (int i = 0; i < nseen; i++) dup |= seen[i] == r;
    if (!r || dup || nseen == 16) continue;
    seen[nseen++] = r;
    printf("\nSchemes");
    for (size_t j = k; j < lg_nschemes(); j++)
      if (strcmp(lg_scheme_at(j)->family, m->family) == 0 && own_row(m, lg_scheme_at(j)) == r)
        printf(" %s", lg_scheme_at(j)->name);
    printf(" carry a state of their own and write these columns instead:\n");
    print_columns(r->columns, 0);
  }
}

static int cmd_list(int argc, char **argv)
{
  int tsv = 0, assemble = 0;
  const char *model = NULL, *file = NULL;
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "--tsv") == 0) tsv = 1;
    else if (strcmp(arg, "--assemble") == 0) assemble = 1;
    else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      help_list(stdout);
      return finish_stdout();
    } else if (strncmp(arg, "--model-file", 12) == 0 && (arg[12] == '\0' || arg[12] == '=')) {
      if (file) die(LGSIM_EXIT_USAGE, "--model-file: given twice");
      if (arg[12] == '=') file = arg + 13;
      else if (i + 1 < argc) file = argv[++i];
      else die(LGSIM_EXIT_USAGE, "--model-file: missing value");
    } else if (arg[0] != '-' && !model) model = arg;
    else die(LGSIM_EXIT_USAGE, "list: unknown argument '%s' (see lgsim help list)", arg);
  }
  if (file && model)
    die(LGSIM_EXIT_USAGE, "list: --model-file %s and model '%s': give one of them", file, model);
  if (assemble && !file)
    die(LGSIM_EXIT_USAGE, "list: --assemble is for --model-file FILE");
  lg_model *own = file ? list_read_file(file, assemble) : NULL;
  const lg_model *m = own;
  if (model && !(m = lg_model_find(model)))
    die(LGSIM_EXIT_USAGE, "list: unknown model '%s' (see lgsim list)", model);
  if (tsv) list_tsv(m);
  else if (m) list_model(m);
  else list_text();
  mb_model_free(own);
  return finish_stdout();
}
static int out_fd = -1;                    /* the unnamed file, or -1 */
static char out_dir[PATH_MAX];

static void on_signal(int sig)
{
  if (tmp_active) unlink(tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void catch_signals(void)
{
  for (int sig = 1; sig < NSIG; sig++) {
    struct sigaction old, sa;
    if (sig == SIGKILL || sig == SIGSTOP || sig == SIGCHLD || sig == SIGCONT || sig == SIGURG
        || sig == SIGWINCH || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU)
      continue;                            /* not catchable, or not fatal by default */
    if (sigaction(sig, NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
  }
}

/* remove DIR/.BASE.lgsim-PID-XXXXXX of the processes PID that no longer exist */
static void remove_stale_tmp(const char *base)
{
  char pre[PATH_MAX], p[PATH_MAX + 300];
  snprintf(pre, sizeof pre, ".%s.lgsim-", base);
  size_t n = strlen(pre);
  DIR *d = opendir(out_dir);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d));) {
    char *end;
    if (strncmp(e->d_name, pre, n) != 0) continue;
    long pid = strtol(e->d_name + n, &end, 10);
    if (end == e->d_name + n || *end != '-' || strlen(end) != 7 || pid <= 0) continue;
    if (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    int len = snprintf(p, sizeof p, "%s/%s", out_dir, e->d_name);
    struct stat st;
    if (len < 0 || (size_t)len >= sizeof p) continue;
    if (lstat(p, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid()) unlink(p);
  }
  closedir(d);
}

static FILE *open_named_tmp(const char *path)
{
  const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
  remove_stale_tmp(base);
  int len = snprintf(tmp_path, sizeof tmp_path, "%s/.%s.lgsim-%ld-XXXXXX", out_dir, base,
                     (long)getpid());
  if (len < 0 || (size_t)len >= sizeof tmp_path) die(LGSIM_EXIT_USAGE, "-o: file name too long");
  int fd = mkstemp(tmp_path);
  if (fd < 0) die(LGSIM_EXIT_FAIL, "-o %s: cannot create a file in its directory: %s", path,
                  strerror(errno));
  tmp_active = 1;
  mode_t mask = umask(0);
  umask(mask);
  if (fchmod(fd, 0666 & ~mask) != 0)
    die(LGSIM_EXIT_FAIL, "-o %s: cannot set the permissions: %s", path, strerror(errno));
  FILE *f = fdopen(fd, "w");
  if (!f) die(LGSIM_EXIT_FAIL, "-o %s: %s", path, strerror(errno));
  return f;
}

static FILE *open_output(const char *path)
{
  struct stat st;
  if (!path || strcmp(path, "-") == 0) return stdout;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    die(LGSIM_EXIT_USAGE, "-o: '%s' is a directory, not a file", path);
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    FILE *f = fopen(path, "w");
    if (!f) die(LGSIM_EXIT_FAIL, "cannot open %s: %s", path, strerror(errno));
    return f;
  }
  catch_signals();
  const char *slash = strrchr(path, '/');
  if (strlen(path) >= sizeof out_dir) die(LGSIM_EXIT_USAGE, "-o: file name too long");
  if (!slash) snprintf(out_dir, sizeof out_dir, ".");
  else if (slash == path) snprintf(out_dir, sizeof out_dir, "/");
  else snprintf(out_dir, sizeof out_dir, "%.*s", (int)(slash - path), path);
#ifdef O_TMPFILE
  if (!getenv("LGSIM_NO_O_TMPFILE"))       /* the tests' way to reach the fallback */
    out_fd = open(out_dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  else
    errno = EOPNOTSUPP;
  if (out_fd >= 0) {
    FILE *f = fdopen(out_fd, "w");
    if (!f) die(LGSIM_EXIT_FAIL, "-o %s: %s", path, strerror(errno));
    return f;
  }
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
    die(LGSIM_EXIT_FAIL, "-o %s: cannot create a file in %s: %s", path, out_dir, strerror(errno));
#endif
  return open_named_tmp(path);
}
static int link_fd(int fd, const char *name)
{
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0) return 0;
  if (errno == EEXIST) return -1;
#ifdef AT_EMPTY_PATH
  if (linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0) return 0;
#endif
  return -1;
}

static void name_output(const char *path)
{
  if (link_fd(out_fd, path) == 0) return;
  if (errno != EEXIST) die(LGSIM_EXIT_FAIL, "cannot give the output its name %s: %s", path,
                           strerror(errno));
  for (unsigned k = 0;; k++) {
    if (strlen(path) + 24 > sizeof tmp_path) die(LGSIM_EXIT_USAGE, "-o: file name too long");
    snprintf(tmp_path, sizeof tmp_path, "%s.%ld.%u", path, (long)getpid(), k);
    if (link_fd(out_fd, tmp_path) == 0) break;
    if (errno != EEXIST || k > 100) die(LGSIM_EXIT_FAIL,
                                        "cannot give the output a name beside %s: %s", path,
        strerror(errno));
  }
  tmp_active = 1;
  if (rename(tmp_path, path) != 0)
    die(LGSIM_EXIT_FAIL, "cannot replace %s: %s", path, strerror(errno));
  tmp_active = 0;
}

static void close_output(FILE *f, const char *path)
{
  if (f == stdout) return;
  if (fflush(f) != 0 || ferror(f)) die(LGSIM_EXIT_FAIL, "write error on %s: %s", path,
                                       strerror(errno));
  if (out_fd >= 0) name_output(path);
  if (fclose(f) != 0) die(LGSIM_EXIT_FAIL, "write error on %s: %s", path, strerror(errno));
  if (tmp_active) {
    if (rename(tmp_path, path) != 0)
      die(LGSIM_EXIT_FAIL, "cannot rename the output to %s: %s", path, strerror(errno));
    tmp_active = 0;
  }
}
typedef struct {
  csv_writer *w;
  const mb_topo *t;
  int st;
} header_topo;

static void header_connection(void *ctx, const char *kind, int k, int a, int b)
{
  header_topo *h = ctx;
  h->st |= csv_printf(h->w, "# %s %d = %s %s\n", kind, k, side_name(h->t, a),
                      side_name(h->t, b));
}

/* the file, digest and topology lines of a model read from a file */
static int write_provenance(csv_writer *w, const run_args *a)
{
  static char esc[4 * PATH_MAX + 8];
  const mb_topo *t = mb_model_topo(a->own_model);
  if (!t) return LG_OK;
  lg_escape(esc, sizeof esc, t->file);
  header_topo h = {w, t, LG_OK};
  h.st |= csv_printf(w, "# model_file = %s\n# model_sha256 = %s\n", esc, a->digest);
  for (int i = 0; i < t->nb; i++) h.st |= csv_printf(w, "# body %d = %s\n", i + 1, t->name[i]);
  mb_each_connection(t, header_connection, &h);
  return h.st;
}

static int write_header(csv_writer *w, const run_args *a)
{
  const lg_model *m = a->m;
  const lg_scheme_type *s = a->s;
  char b1[CSV_G17_MAX], b2[CSV_G17_MAX], buf[512];
  int st = LG_OK;
  st |= csv_printf(w, "# lgsim %s\n", LG_VERSION);
  st |= csv_printf(w, "# model = %s\n# model_family = %s\n# model_source = %s\n",
                   m->name, m->family, m->source);
  st |= write_provenance(w, a);
  st |= csv_printf(w, "# scheme = %s\n# scheme_source = %s\n# scheme_implicit = %d\n",
                   s->name, s->source, s->implicit);
  for (const lg_param *p = m->params; p->name; p++) {
    fmt_param(buf, sizeof buf, lg_param_ptr(p, a->par), p->len, 0);
    st |= csv_printf(w, "# param %s = %s [%s]\n", p->name, buf, p->unit);
  }
  csv_fmt_g17(b1, a->h);
  csv_fmt_g17(b2, a->T);
  st |= csv_printf(w, "# h = %s\n# T = %s\n# steps = %ld\n", b1, b2, a->nsteps);
  csv_fmt_g17(b1, (double)a->nsteps * a->h);
  st |= csv_printf(w, "# t_end = %s\n# every = %ld\n", b1, a->every);
  csv_fmt_g17(b1, a->opt.newton_tol);
  csv_fmt_g17(b2, a->opt.ref_tol);
  st |= csv_printf(w, "# newton_tol = %s\n# newton_maxiter = %d\n# newton_solver = %s\n"
                   "# ref_tol = %s\n# reortho = %d\n", b1, a->opt.newton_maxiter,
                   lg_newton_solver_name(a->opt.newton_solver),
                   b2, a->reortho);
  if (a->assembled)
    st |= csv_printf(w, "# assemble = 1\n");
  if (a->reactions)
    st |= csv_printf(w, "# reactions = 1\n");
  if (a->coords)
    st |= csv_printf(w, "# joint_coordinates = 1\n");
  if (a->redundant > 0)
    st |= csv_printf(w, "# redundant = %d: %s\n", a->redundant, a->redundant_txt);
  return st ? LG_EOUTPUT : LG_OK;
}
typedef struct {
  csv_writer *w;
  const run_args *a;
  int implicit;
  int started;      /* the column names are written */
  double *row;      /* at most a->ncol numbers */
  long bad_step;    /* a non-finite number: its step, and its column */
  char bad_col[64];
  int phi_col, e_col;   /* the columns phi_err and energy, or -1 */
  double e0;            /* the energy of the first row */
  double ke_max;        /* multibody: the largest kinetic energy written so far,
                           at least a round-off floor */
  int drifted;          /* the warning is out (or, with --strict, the run failed) */
  char drift[300];      /* its words */
} emitter;

#define LGSIM_DRIFT_PHI 1e-2     /* m: the largest joint residual tolerated */
#define LGSIM_DRIFT_ENERGY 0.1   /* relative energy drift tolerated */
/* the index of column name in the comma-separated list cols, or -1 */
static int column_index(const char *cols, const char *name)
{
  size_t n = strlen(name);
  for (int i = 0; cols; i++) {
    if (strncmp(cols, name, n) == 0 && (cols[n] == ',' || cols[n] == '\0')) return i;
    cols = strchr(cols, ',');
    if (cols) cols++;
  }
  return -1;
}

/* 1 if the row in e->row passes a threshold (the words in e->drift; a
   warning on stderr unless --strict) */
static int watch_drift(emitter *e, const lg_state *s)
{
  char tt[40];
  const double t = s->t;
  long k = llround(t / e->a->h);
  const int mb = e->e_col >= 0 && !s->own && s->nbody > 0 &&
                 strcmp(e->a->m->family, "multibody") == 0;
  if (e->e_col >= 0 && isnan(e->e0)) {
    e->e0 = e->row[e->e_col];
    e->ke_max = 0;
    if (mb) {           /* round-off: 1e-9 of each weight times the system's size */
      const mb_par *p = e->a->par;
      for (int i = 0; i < s->nbody; i++) {
        const double *x = s->body[i].x;
        double size = fmax(1, fmax(fabs(x[0]), fmax(fabs(x[1]), fabs(x[2]))));
        e->ke_max += 1e-9 * mb_body_par(p, i)[MB_M] * p->val[MB_G] * size;
      }
    }
  }
  if (mb) e->ke_max = fmax(e->ke_max, mb_kinetic(e->a->par, s->body));
  const double scale = fmax(fabs(e->e0), e->ke_max);
  snprintf(tt, sizeof tt, "%.15g", t);
  if (e->phi_col >= 0 && e->row[e->phi_col] > LGSIM_DRIFT_PHI)
    snprintf(e->drift, sizeof e->drift, "at step %ld, t = %s, the joint residual phi_err = "
             "%.3g m exceeds %g m: scheme %s leaves the joints at --h %s (try a smaller --h "
             "or a scheme that projects)", k, tt, e->row[e->phi_col], LGSIM_DRIFT_PHI,
             e->a->s->name, e->a->h_str);
  else if (e->e_col >= 0 && scale != 0 &&
           fabs(e->row[e->e_col] - e->e0) > LGSIM_DRIFT_ENERGY * scale)
    snprintf(e->drift, sizeof e->drift, "at step %ld, t = %s, the energy %.6g J differs from "
             "its initial %.6g J by %.3g of %s %.6g J, more than %g: scheme %s is not "
             "accurate at --h %s (try a smaller --h)", k, tt, e->row[e->e_col], e->e0,
             fabs(e->row[e->e_col] - e->e0) / scale,
             scale > fabs(e->e0) ? "the largest kinetic energy" : "its magnitude", scale,
             LGSIM_DRIFT_ENERGY, e->a->s->name, e->a->h_str);
  else
    return 0;
  e->drifted = 1;
  return 1;
}

static int emit_row(void *ctx, const lg_state *s)
{
  emitter *e = ctx;
  const char *cols = s->own ? s->own->columns : e->a->cols ? e->a->cols : e->a->m->columns;
  int ncol = s->own ? s->own->ncol : e->a->m->ncol;
  if (!e->started) {
    e->started = 1;
    e->phi_col = column_index(cols, "phi_err");
    e->e_col = column_index(cols, "energy");
    e->e0 = NAN;
    if (csv_printf(e->w, "%s%s\n", cols, e->implicit ? ",newton_iters" : "") != LG_OK) return 1;
  }
  if (s->own) s->own->row(e->a->par, s, e->row);
  else e->a->m->row(e->a->par, s, e->row);
  if (e->a->nreact && !s->own) {            /* NaN where the index-1 solve fails */
    const mb_par *p = e->a->par;
    mb_at(p, s->t);
    mb_drive_at(p, s->t);                  /* the drives' rows (section sec:mb-drive) */
    mb_reactions(p, s->body, e->a->rw, e->a->rbuf, e->a->rbuf + 6 * p->topo->nb, e->row + ncol);
    ncol += e->a->nreact;
  }
  if (e->a->ncoord && !s->own) {
    mb_coord_eval(e->a->coord, e->a->par, s->body, s->t, e->row + ncol);
    ncol += e->a->ncoord;
  }
  if (e->implicit) e->row[ncol] = s->newton_iters;
  for (int i = 0; i < ncol; i++)
    if (!isfinite(e->row[i])) {
      const char *c = cols;
      for (int k = 0; k < i && strchr(c, ','); k++) c = strchr(c, ',') + 1;
      snprintf(e->bad_col, sizeof e->bad_col, "%.*s", (int)strcspn(c, ","), c);
      e->bad_step = llround(s->t / e->a->h);
      return 1;
    }
  if (!e->drifted && watch_drift(e, s) && e->a->strict) return 1;
  return csv_put_row(e->w, e->row, (size_t)ncol + (size_t)e->implicit);
}
static const lg_scheme_type *progress_inner;
static long progress_k, progress_n, progress_stride = 1, progress_k1;
static double progress_t0, progress_next, progress_c1, progress_cr, progress_h;
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
  if (++progress_k % progress_stride == 0) {
    double c = now_seconds();
    /* look at the clock about every 0.1 s, however long a step takes */
    if (c - progress_cr < 0.05 && progress_stride < (1L << 20)) progress_stride *= 2;
    else if (c - progress_cr > 0.2 && progress_stride > 1) progress_stride /= 2;
    progress_cr = c;
    if (c >= progress_next) {
      /* the rate of the last interval, not of the whole run: a run that
         slows down says so at once */
      double rate = (double)(progress_k - progress_k1) / fmax(c - progress_c1, 1e-9);
      fprintf(stderr, "\rlgsim: t = %.6g/%.6g, step %ld/%ld, %.2g s/step, %.0f s, ~%.0f s "
              "left  ", s->t, (double)progress_n * progress_h, progress_k, progress_n,
              1 / rate, c - progress_t0, (double)(progress_n - progress_k) / rate);
      progress_shown = 1;
      progress_next = c + 0.5;
      progress_k1 = progress_k;
      progress_c1 = c;
    }
  }
  return status;
}

/* from inside a long step of the reference: the time and its step size */
static void progress_watch(void *ctx, double t, double h)
{
  double c = now_seconds();
  (void)ctx;
  if (c < progress_next) return;
  fprintf(stderr, "\rlgsim: t = %.6g/%.6g, inside step %ld/%ld, ref step %.2g s, %.0f s  ",
          t, (double)progress_n * progress_h, progress_k + 1, progress_n, h, c - progress_t0);
  progress_shown = 1;
  progress_next = c + 0.5;
}

static const lg_scheme_type *progress_wrap(const lg_scheme_type *s, lg_scheme_type *copy,
                                           long nsteps, double h)
{
  if (!isatty(STDERR_FILENO) || nsteps == 0) return s;
  *copy = *s;
  copy->step = progress_step;
  progress_inner = s;
  progress_n = nsteps;
  progress_h = h;
  progress_t0 = progress_c1 = progress_cr = now_seconds();
  ref_set_watch(progress_watch, NULL);
  progress_next = progress_t0 + 2.0;
  return copy;
}

static void progress_end(void)
{
  if (progress_shown) fprintf(stderr, "\r%78s\r", "");
}
/* 1 if the first step of size h converges with the run's options */
static int first_step_converges(const run_args *a, double h)
{
  return lg_run(a->s, a->par, &a->opt, h, 1, 1, NULL, NULL, NULL) == LG_OK;
}

#define NEWTON_HINT_STEPS 1000   /* rerun only a failure at most this many steps in */
#define NEWTON_HINT_AHEAD 1000   /* a remedy is checked this many steps past the failure */
#define NEWTON_HINT_HALVE 3      /* the smaller steps checked: h/2, h/4, h/8 */
#define NEWTON_HINT_DENSE 32     /* the dense solvers tried only up to this many bodies */
#define NEWTON_HINT_WORK 1e6     /* body-steps that all the reruns together may take */
/* the step (of size h) a remedy is checked to: the end of the run, or
   NEWTON_HINT_AHEAD steps past the failing one */
static long hint_horizon(const run_args *a, const lg_failure *fail)
{
  return a->nsteps - fail->step > NEWTON_HINT_AHEAD ? fail->step + NEWTON_HINT_AHEAD
                                                    : a->nsteps;
}

/* how far a remedy checked to step H went, in words */
static const char *hint_reach(const run_args *a, long H, char *buf, size_t n)
{
  if (H == a->nsteps) snprintf(buf, n, "to the end of the run");
  else snprintf(buf, n, "to t = %.15g (checked that far)", (double)H * a->h);
  return buf;
}

/* 1 if the run with options o and the step h / 2^k reaches the time of step H */
static int hint_runs(const run_args *a, const lg_opts *o, int k, long H)
{
  const long n = H * (1L << k);
  return lg_run(a->s, a->par, o, ldexp(a->h, -k), n, n, NULL, NULL, NULL) == LG_OK;
}

/* the first k of 1 .. NEWTON_HINT_HALVE whose step h / 2^k runs with options
   o to the time of step H, or 0 */
static int hint_halve(const run_args *a, const lg_opts *o, long H)
{
  for (int k = 1; k <= NEWTON_HINT_HALVE; k++)
    if (hint_runs(a, o, k, H)) return k;
  return 0;
}

static void newton_hint(const run_args *a, const lg_failure *fail, char *buf, size_t n)
{
  static const int solver[3] = {LG_NEWTON_DIRECT, LG_NEWTON_HYBRIDSJ, LG_NEWTON_PLAIN};
  const double hmin = ldexp(a->h, -NEWTON_HINT_HALVE);
  char reach[80], none[160];
  int k;
  const int nb = strcmp(a->m->family, "multibody") == 0
                 ? ((const mb_par *)a->par)->topo->nb : 1;
  /* the reruns together take at most 16 H steps (two solvers at h, then
     h/2, h/4 and h/8), so on a large model they check less far */
  const long Hwork = (long)(NEWTON_HINT_WORK / (16.0 * nb));
  const long Hrun = hint_horizon(a, fail), H = Hrun < Hwork ? Hrun : Hwork;
  if (fail->step > NEWTON_HINT_STEPS) {   /* too long to rerun: what might help, unchecked */
    snprintf(buf, n, "no remedy was checked (the failure is past step %d, and a check would "
             "rerun the run): a smaller --h, or %s, may get past it", NEWTON_HINT_STEPS,
             a->newton_opt ? "the default --newton options" : "another --newton-solver");
    return;
  }
  if (H < Hrun && H <= fail->step) {     /* too many bodies to rerun that far */
    snprintf(buf, n, "no remedy was checked (a check past step %ld would rerun more than "
             "%.0e steps of one body, %d bodies a step): a smaller --h, or %s, may get past it",
             fail->step, NEWTON_HINT_WORK, nb,
             a->newton_opt ? "the default --newton options" : "another --newton-solver");
    return;
  }
  hint_reach(a, H, reach, sizeof reach);
  if (a->newton_opt) {                   /* the user's Newton options: the defaults first */
    lg_opts o;
    lg_opts_default(&o);
    o.ref_tol = a->opt.ref_tol;
    if (hint_runs(a, &o, 0, H))
      snprintf(buf, n, "the default Newton options (no --newton option) run %s", reach);
    else if ((k = hint_halve(a, &a->opt, H)) > 0)
      snprintf(buf, n, "--h %.3g with the same options runs %s", ldexp(a->h, -k), reach);
    else
      snprintf(buf, n, "neither the default Newton options nor --h down to %.3g with these "
               "runs %s", hmin, reach);
    return;
  }
  const int dense = nb > NEWTON_HINT_DENSE && a->opt.newton_solver == LG_NEWTON_DIRECT;
  if (dense)               /* the other solvers not tried: no word on the equations */
    snprintf(none, sizeof none, "the other Newton solvers, newton and hybridsj, are dense and "
             "were not tried on %d bodies", nb);
  else {
    for (int i = 0; i < 3; i++) {
      if (solver[i] == a->opt.newton_solver) continue;
      lg_opts o = a->opt;
      o.newton_solver = solver[i];
      if (hint_runs(a, &o, 0, H)) {
        snprintf(buf, n, "--newton-solver %s runs %s", lg_newton_solver_name(solver[i]), reach);
        return;
      }
    }
    snprintf(none, sizeof none, "no Newton solver (direct, newton, hybridsj) at --h %s runs %s",
             a->h_str, reach);
  }
  if (fail->step != 1) {
    if ((k = hint_halve(a, &a->opt, H)) > 0)
      snprintf(buf, n, "%s; --h %.3g runs %s", none, ldexp(a->h, -k), reach);
    else
      snprintf(buf, n, "%s, nor does %s at --h down to %.3g: no remedy was found", none,
               lg_newton_solver_name(a->opt.newton_solver), hmin);
    return;
  }
  double good = 0, bad = a->h;
  for (int j = 0; j < 40 && good == 0; j++) {
    if (first_step_converges(a, 0.5 * bad)) good = 0.5 * bad;
    else bad *= 0.5;
  }
  for (int j = 0; j < 20 && good > 0 && bad - good > 1e-3 * good; j++) {
    double h = 0.5 * (good + bad);
    if (first_step_converges(a, h)) good = h;
    else bad = h;
  }
  if (good > 0 && dense)
    snprintf(buf, n, "%s; the first step converges up to about --h %.3g", none, good);
  else if (good > 0)
    snprintf(buf, n, "%s: the discrete equations of the first step have no solution "
             "reachable from the initial state at this step; the first step converges up to "
             "about --h %.3g", none, good);
  else
    snprintf(buf, n, "%s, nor does the first step at any step down to %.3g: the scheme "
             "cannot start from this initial state", none, bad);
}
static void report_assembly(const run_args *a)
{
  const mb_assembly *r = &a->assembly;
  const mb_par *p = a->par;
  if (r->rounds == 0 && r->dphi0 == r->dphi) {
    fprintf(stderr, "lgsim: assembly: the initial state of model %s already holds its joints "
            "(phi_err %.3g m, dphi_err %.3g m/s); nothing moved\n", a->m->name, r->phi0,
            r->dphi0);
    return;
  }
  fprintf(stderr, "lgsim: assembly of model %s: phi_err %.3g -> %.3g m (tolerance %.3g m), "
          "dphi_err %.3g -> %.3g m/s (tolerance %.3g m/s)\n", a->m->name, r->phi0, r->phi,
          r->tol, r->dphi0, r->dphi, r->vtol);
  for (int i = 0; i < p->topo->nb; i++) {
    const double *d = r->moved + 4 * i;
    if (d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 0) continue;
    fprintf(stderr, "lgsim:   body %d (%s): moved %.3g m, turned %.3g rad; velocity changed by "
            "%.3g m/s, angular velocity by %.3g rad/s\n", i + 1, p->topo->name[i], d[0], d[1],
            d[2], d[3]);
  }
}

static int cmd_run(int argc, char **argv)
{
  run_args a;
  char msg[1024] = "";
  int st = lgsim_parse_run(&a, argc, argv, msg, sizeof msg);
  if (st == LGSIM_EXIT_OK && a.help) {
    lgsim_args_free(&a);
    help_run(stdout);
    return finish_stdout();
  }
  if (st == LGSIM_EXIT_OK) st = lgsim_prepare(&a, msg, sizeof msg);
  if (st != LGSIM_EXIT_OK) {
    lgsim_args_free(&a);
    die(st, "%s", msg);
  }
  if (a.assembled) report_assembly(&a);
  if (a.redundant > 0)
    fprintf(stderr, "lgsim: %d redundant constraint%s at t = 0: %s; scheme %s takes %s, with "
            "minimum-norm multipliers\n", a.redundant, a.redundant > 1 ? "s" : "",
            a.redundant_txt, a.s->name, a.redundant > 1 ? "them" : "it");
  const lg_scheme_type *s = a.s;
  FILE *f = open_output(a.out);
  const char *where = f == stdout ? "standard output" : a.out;
  csv_writer *w = csv_writer_alloc(f, 0);
  if (!w) die(LGSIM_EXIT_FAIL, "out of memory");
  emitter e = {w, &a, s->implicit != 0, 0, xmalloc((size_t)a.ncol * sizeof(double)), -1, "",
               -1, -1, NAN, 0, 0, ""};
  lg_failure fail = {0};
  lg_scheme_type wrapped;
  int status = write_header(w, &a);
  if (status == LG_OK)
    status = lg_run(progress_wrap(s, &wrapped, a.nsteps, a.h), a.par, &a.opt, a.h, a.nsteps, a.every,
                    emit_row, &e, &fail);
  progress_end();
  const int strict_fail = status == LG_EOUTPUT && e.drifted && a.strict;
  if (status == LG_EOUTPUT && e.bad_step >= 0) {
    status = LG_ENONFINITE;
    fail.step = e.bad_step;
    fail.t = (double)e.bad_step * a.h;
    snprintf(fail.what, sizeof fail.what, "column %.30s", e.bad_col);
  }
  if (status == LG_OK && csv_flush(w) != LG_OK) status = LG_EOUTPUT;
  if (status != LG_OK) {
    char t[CSV_G17_MAX], why[900], tol[40], hint[400] = "";
    snprintf(t, sizeof t, "%.15g", fail.t);
    if (a.opt.newton_tol > 0) lg_fmt_shortest(tol, sizeof tol, a.opt.newton_tol);
    else snprintf(tol, sizeof tol, "round-off");
    if (strict_fail)
      snprintf(why, sizeof why, "%s (--strict)", e.drift);
    else if (status == LG_ENEWTON) {
      newton_hint(&a, &fail, hint, sizeof hint);
      snprintf(why, sizeof why, "Newton iteration failed at step %ld, t = %s, residual %.3g "
               "after %d iterations (tolerance %s, at most %d iterations); %s", fail.step, t,
               fail.resid, fail.iters, tol, a.opt.newton_maxiter, hint);
    } else if (status == LG_ENONFINITE && fail.what[0] == 'c')
      snprintf(why, sizeof why, "the row at step %ld, t = %s, has a %s that is not finite "
               "(inf or NaN): its value overflows a double (with huge parameters, smaller ones; "
               "with a scheme going unstable, a smaller --h)", fail.step, t, fail.what);
    else if (status == LG_ENONFINITE && fail.what[0])
      snprintf(why, sizeof why, "the state became infinite or NaN at step %ld, t = %s: %s "
               "(scheme %s is unstable at --h %s on this problem; try a smaller --h)",
               fail.step, t, fail.what, s->name, a.h_str);
    else if (status == LG_ENONFINITE)
      snprintf(why, sizeof why, "the state became infinite or NaN at step %ld, t = %s: %s "
               "(try a smaller --h)", fail.step, t, fail.why[0] ? fail.why : "inside the step");
    else if (status == LG_EOUTPUT)
      snprintf(why, sizeof why, "write error on %s: %s", where, strerror(csv_errno(w)));
    else if (status == LG_ENOMEM)
      snprintf(why, sizeof why, "out of memory");
    else
      snprintf(why, sizeof why, "scheme %s failed at step %ld, t = %s: %s", s->name,
               fail.step, t, fail.why[0] ? fail.why : status_words(status));
    if (f == stdout && (status != LG_EOUTPUT || strict_fail)) {
      char esc[4 * sizeof why];
      lg_escape(esc, sizeof esc, why);
      csv_printf(w, "# error: %s\n", esc);
      csv_flush(w);
    }
    die(!strict_fail && (status == LG_EOUTPUT || status == LG_ENOMEM) ? LGSIM_EXIT_FAIL
        : LGSIM_EXIT_NEWTON, "%s", why);
  }
  close_output(f, a.out);
  if (e.drifted) fprintf(stderr, "lgsim: warning: %s\n", e.drift);
  csv_writer_free(w);
  free(e.row);
  lgsim_args_free(&a);
  return LGSIM_EXIT_OK;
}
static char anim_dir[PATH_MAX];            /* the frames and the script, or "" */

static void anim_clean(void)
{
  static const char *const name[] = {"bodies.dat", "springs.dat", "joints.dat", "centres.dat",
                                     "ground.dat", "anim.gp"};
  char p[PATH_MAX + 32];
  if (!anim_dir[0]) return;
  for (size_t i = 0; i < sizeof name / sizeof *name; i++) {
    snprintf(p, sizeof p, "%s/%s", anim_dir, name[i]);
    unlink(p);
  }
  rmdir(anim_dir);
  anim_dir[0] = '\0';
}

/* gnuplot on script: 0 if it succeeded; its other lines into err */
static int run_gnuplot(const char *script, int nframes, int progress, char *err, size_t n)
{
  int fd[2], status = 0;
  err[0] = '\0';
  if (pipe(fd) != 0) return snprintf(err, n, "pipe: %s", strerror(errno)), 1;
  fflush(NULL);
  const pid_t pid = fork();
  if (pid < 0) return snprintf(err, n, "fork: %s", strerror(errno)), 1;
  if (pid == 0) {
    dup2(fd[1], STDERR_FILENO);
    dup2(fd[1], STDOUT_FILENO);
    close(fd[0]);
    close(fd[1]);
    execlp("gnuplot", "gnuplot", script, (char *)NULL);
    fprintf(stderr, "cannot run gnuplot: %s\n", strerror(errno));
    _exit(127);
  }
  close(fd[1]);
  FILE *in = fdopen(fd[0], "r");
  char line[1024];
  size_t used = 0;
  while (in && fgets(line, sizeof line, in)) {
    int k;
    if (sscanf(line, "lgsim-frame %d", &k) == 1) {
      if (progress) fprintf(stderr, "\rlgsim: animate: frame %d/%d  ", k, nframes);
      continue;
    }
    if (sscanf(line, "%d frames in animation sequence", &k) == 1) continue;  /* gnuplot's count */
    line[strcspn(line, "\n")] = '\0';
    if (!line[0] || used + 3 >= n) continue;
    used += (size_t)snprintf(err + used, n - used, "%s%s", used ? "; " : "", line);
    if (used >= n) used = n - 1;
  }
  if (in) fclose(in);
  else close(fd[0]);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (progress) fprintf(stderr, "\r%60s\r", "");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
  if (!err[0]) snprintf(err, n, "gnuplot ended with status %d", WIFEXITED(status)
                        ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
  return 1;
}

static int cmd_animate(int argc, char **argv)
{
  anim_args a;
  anim_frames f;
  char msg[1024] = "", err[1024];
  struct stat sb;
  int st = anim_parse(&a, argc, argv, msg, sizeof msg);
  if (st == LGSIM_EXIT_OK && a.help) {
    help_animate(stdout);
    return finish_stdout();
  }
  if (st != LGSIM_EXIT_OK) die(st, "%s", msg);
  if (a.out[strlen(a.out) - 1] == '/' || (stat(a.out, &sb) == 0 && S_ISDIR(sb.st_mode)))
    die(LGSIM_EXIT_USAGE, "-o: '%s' is a directory, not a file", a.out);
  if ((st = anim_read(&a, &f, msg, sizeof msg)) != LGSIM_EXIT_OK) {
    anim_free(&f);
    die(st, "%s", msg);
  }
  if (f.note[0]) fprintf(stderr, "lgsim: %s\n", f.note);
  const char *tmpdir = getenv("TMPDIR");
  snprintf(anim_dir, sizeof anim_dir, "%s/lgsim-animate-XXXXXX",
           tmpdir && tmpdir[0] ? tmpdir : "/tmp");
  if (!mkdtemp(anim_dir)) {
    snprintf(msg, sizeof msg, "cannot make a directory for the frames (%.200s): %s", anim_dir,
             strerror(errno));
    anim_dir[0] = '\0';
    anim_free(&f);
    die(LGSIM_EXIT_FAIL, "%s", msg);
  }
  atexit(anim_clean);
  const char *slash = strrchr(a.out, '/');
  if (strlen(a.out) >= sizeof out_dir) die(LGSIM_EXIT_USAGE, "-o: file name too long");
  if (!slash) snprintf(out_dir, sizeof out_dir, ".");
  else if (slash == a.out) snprintf(out_dir, sizeof out_dir, "/");
  else snprintf(out_dir, sizeof out_dir, "%.*s", (int)(slash - a.out), a.out);
  catch_signals();
  fclose(open_named_tmp(a.out));
  const int progress = isatty(STDERR_FILENO) && f.nframes >= 20;
  st = anim_write(&a, &f, anim_dir, tmp_path, progress, msg, sizeof msg);
  if (st != LGSIM_EXIT_OK) die(st, "%s", msg);
  char script[PATH_MAX + 16];
  snprintf(script, sizeof script, "%s/anim.gp", anim_dir);
  if (run_gnuplot(script, f.nframes, progress, err, sizeof err) != 0)
    die(LGSIM_EXIT_FAIL, "animate: gnuplot did not draw %s: %s", a.out, err);
  if (stat(tmp_path, &sb) != 0 || sb.st_size == 0)
    die(LGSIM_EXIT_FAIL, "animate: gnuplot exited without drawing %s%s%s", a.out,
        err[0] ? ": " : "", err);
  if (rename(tmp_path, a.out) != 0)
    die(LGSIM_EXIT_FAIL, "cannot rename the picture to %s: %s", a.out, strerror(errno));
  tmp_active = 0;
  if (err[0]) fprintf(stderr, "lgsim: animate: gnuplot said: %s\n", err);
  anim_free(&f);
  return LGSIM_EXIT_OK;
}
static void help_export(FILE *f)
{
  fprintf(f,
    "Usage: lgsim export --mjcf --model-file FILE [-o OUT]\n"
    "Write the mechanism of FILE at its initial state as MuJoCo's XML (MJCF): nested\n"
    "bodies, ball, hinge and slide joints, free joints for bodies the ground does\n"
    "not reach, gravity, and the initial state as the keyframe 'initial'.  Closed\n"
    "loops, cylindrical and universal joints, springs, forces and torques, and trees\n"
    "deeper than %d bodies are refused (exit status 2, no file).  Without -o the\n"
    "text goes to the standard output.\n", MB_MJCF_MAXDEPTH);
}

static int cmd_export(int argc, char **argv)
{
  const char *file = NULL, *out = NULL;
  int mjcf = 0;
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      help_export(stdout);
      return finish_stdout();
    }
    if (strcmp(arg, "--mjcf") == 0) mjcf = 1;
    else if (strcmp(arg, "--model-file") == 0 && i + 1 < argc) file = argv[++i];
    else if (strncmp(arg, "--model-file=", 13) == 0) file = arg + 13;
    else if (strcmp(arg, "-o") == 0 && i + 1 < argc) out = argv[++i];
    else die(LGSIM_EXIT_USAGE, "export: unknown or incomplete argument '%s' (usage: lgsim "
             "export --mjcf --model-file FILE [-o OUT])", arg);
  }
  if (!mjcf) die(LGSIM_EXIT_USAGE, "export: no format given (--mjcf)");
  if (!file) die(LGSIM_EXIT_USAGE, "export: no --model-file FILE given");
  char msg[1024] = "";
  lg_model *m = mb_model_read(file, msg, sizeof msg);
  if (!m) die(LGSIM_EXIT_USAGE, "%s", msg);
  mb_par *par = xmalloc(m->par_size);
  lg_params_default(m, par);
  int st = m->check ? m->check(par, 0, msg, sizeof msg) : LG_OK;
  if (st == LG_OK) st = mb_mjcf_check(par, msg, sizeof msg);
  if (st != LG_OK) die(LGSIM_EXIT_USAGE, "export: %s: %s", file, msg);
  FILE *f = open_output(out);
  st = mb_mjcf_write(par, m->name, f, msg, sizeof msg);
  if (st != LG_OK) die(LGSIM_EXIT_FAIL, "export: %s", msg);
  close_output(f, out ? out : "-");
  free(par);
  mb_model_free(m);
  return f == stdout ? finish_stdout() : LGSIM_EXIT_OK;
}
int main(int argc, char **argv)
{
  if (argc < 2) die(LGSIM_EXIT_USAGE, "no command (list, run or help; see lgsim --help)");
  const char *cmd = argv[1];
  if (strcmp(cmd, "--version") == 0) {
    printf("lgsim %s\n", LG_VERSION);
    return finish_stdout();
  }
  if (strcmp(cmd, "help") == 0) {
    const char *what = argc > 2 ? argv[2] : NULL;
    if (argc > 3) die(LGSIM_EXIT_USAGE, "help: unexpected argument '%s'", argv[3]);
    if (!what || strcmp(what, "-h") == 0 || strcmp(what, "--help") == 0) help_main(stdout);
    else if (strcmp(what, "list") == 0) help_list(stdout);
    else if (strcmp(what, "run") == 0) help_run(stdout);
    else if (strcmp(what, "animate") == 0) help_animate(stdout);
    else if (strcmp(what, "export") == 0) help_export(stdout);
    else die(LGSIM_EXIT_USAGE, "help: no command '%s' (list, run, animate or export)", what);
    return finish_stdout();
  }
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
    help_main(stdout);
    return finish_stdout();
  }
  if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
  if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
  if (strcmp(cmd, "animate") == 0) return cmd_animate(argc - 2, argv + 2);
  if (strcmp(cmd, "export") == 0) return cmd_export(argc - 2, argv + 2);
  die(LGSIM_EXIT_USAGE, "unknown command '%s' (see lgsim help)", cmd);
}
