/* args.c: parse and check the command line of lgsim run: options, numbers,
   parameters, the model's check, the number of steps and the output size. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/lib/args.h"
#include "io/sha256.h"
#include "model/multibody.h"

static int usage(char *msg, size_t n, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 3, 4)))
#endif
  ;

static int usage(char *msg, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (msg && n) vsnprintf(msg, n, fmt, ap);
  va_end(ap);
  return LGSIM_EXIT_USAGE;
}
const char *status_words(int status)
{
  switch (status) {
  case LG_EINVAL: return "the scheme rejected its parameters or state";
  case LG_ENEWTON: return "a Newton iteration did not converge";
  case LG_ENOMEM: return "out of memory";
  case LG_ESOLVER: return "a solver of the GSL library failed";
  case LG_EOUTPUT: return "the output could not be written";
  case LG_ENONFINITE: return "the state became infinite or NaN";
  case LG_EWORK: return "the adaptive solver reached its bound on work";
  case LG_ESINGULAR: return "a matrix that must be invertible became singular";
  default: return "an unknown failure";
  }
}
static int parse_real(const char *what, const char *s, double *v, char *msg, size_t n)
{
  return lg_read_real(what, s, v, msg, n) == LG_OK ? LGSIM_EXIT_OK : LGSIM_EXIT_USAGE;
}

static int parse_count(const char *what, const char *s, long max, long *v, char *msg, size_t n)
{
  return lg_read_count(what, s, max, v, msg, n) == LG_OK ? LGSIM_EXIT_OK : LGSIM_EXIT_USAGE;
}

static int parse_size(const char *what, const char *s, double *v, char *msg, size_t n)
{
  char num[32];
  size_t len = strlen(s);
  double mult = 1;
  const char *suf = "kMGT";
  if (len && strchr(suf, s[len - 1])) {
    for (const char *c = suf; *c != s[len - 1]; c++) mult *= 1000;
    mult *= 1000;
    len--;
  }
  if (len == 0 || len >= sizeof num)
    return usage(msg, n, "%s: '%s' is not a size (bytes, e.g. 1000000 or 5G)", what, s);
  memcpy(num, s, len);
  num[len] = '\0';
  long x;
  if (lg_parse_count(num, LONG_MAX, &x) != LG_PARSE_OK)
    return usage(msg, n, "%s: '%s' is not a size (bytes, e.g. 1000000 or 5G)", what, s);
  *v = (double)x * mult;
  return LGSIM_EXIT_OK;
}
int lgsim_parse_run(run_args *a, int argc, char **argv, char *msg, size_t n)
{
  memset(a, 0, sizeof *a);
  a->h = 0.01; a->h_str = "0.01";
  a->T = 10; a->T_str = "10";
  a->every = 1;
  a->max_output = LGSIM_MAX_OUTPUT; a->max_output_str = "1G";
  lg_opts_default(&a->opt);
  if (!(a->sets = calloc((size_t)argc + 1, sizeof *a->sets))) return usage(msg, n,
      "out of memory");
  for (int i = 0; i < argc; i++) {
    char *arg = argv[i], name[64];
    const char *val = NULL, *eq = strchr(arg, '=');
    int st = LGSIM_EXIT_OK;
    if (arg[0] != '-' || strcmp(arg, "-") == 0) {         /* positional */
      if (!a->model && !a->model_file) a->model = arg;
      else if (!a->scheme) a->scheme = arg;
      else return usage(msg, n, "run: unexpected argument '%s' (see lgsim help run)", arg);
      continue;
    }
    snprintf(name, sizeof name, "%.*s", eq && arg[1] == '-' ? (int)(eq - arg) : (int)strlen(arg),
             arg);
    if (eq && arg[1] == '-') val = eq + 1;
    #define VALUE()                                                              \
      do {                                                                       \
        if (!val) {                                                              \
          if (i + 1 >= argc) return usage(msg, n, "%s: missing value", name);   \
          val = argv[++i];                                                       \
        }                                                                        \
      } while (0)
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
      a->help = 1;
      return LGSIM_EXIT_OK;
    } else if (strcmp(name, "--h") == 0) {
      VALUE();
      a->h_str = val;
      if (!(st = parse_real(name, val, &a->h, msg, n)) && !(a->h > 0))
        st = usage(msg, n, "--h: %s is not positive", val);
    } else if (strcmp(name, "--T") == 0) {
      VALUE();
      a->T_str = val;
      if (!(st = parse_real(name, val, &a->T, msg, n)) && a->T < 0)
        st = usage(msg, n, "--T: %s is negative", val);
    } else if (strcmp(name, "--set") == 0) {
      VALUE();
      a->sets[a->nsets++] = val;
    } else if (strcmp(name, "--every") == 0) {
      VALUE();
      st = parse_count(name, val, LONG_MAX, &a->every, msg, n);
    } else if (strcmp(name, "-o") == 0) {
      if (i + 1 >= argc) return usage(msg, n, "-o: missing file name");
      a->out = argv[++i];
      size_t len = strlen(a->out);
      if (len == 0) st = usage(msg, n, "-o: the file name is empty");
      else if (a->out[len - 1] == '/') st = usage(msg, n, "-o: '%s' names a directory, not a file",
                                                  a->out);
    } else if (strcmp(name, "--model-file") == 0) {
      if (a->model_file) return usage(msg, n, "--model-file: given twice");
      VALUE();
      a->model_file = val;
    } else if (strcmp(name, "--newton-tol") == 0) {
      VALUE();
      if (!a->newton_opt) a->newton_opt = "--newton-tol";
      if (!(st = parse_real(name, val, &a->opt.newton_tol, msg, n)) && !(a->opt.newton_tol > 0))
        st = usage(msg, n, "%s: %s is not positive", name, val);
    } else if (strcmp(name, "--newton-maxiter") == 0) {
      long k = 0;
      VALUE();
      if (!a->newton_opt) a->newton_opt = "--newton-maxiter";
      if (!(st = parse_count(name, val, INT_MAX, &k, msg, n))) a->opt.newton_maxiter = (int)k;
    } else if (strcmp(name, "--newton-solver") == 0) {
      VALUE();
      if (!a->newton_opt) a->newton_opt = "--newton-solver";
      a->opt.newton_solver = lg_newton_solver_code(val);
      if (a->opt.newton_solver < 0)
        st = usage(msg, n, "%s: unknown solver '%s' (direct, newton or hybridsj)", name, val);
    } else if (strcmp(name, "--ref-tol") == 0) {
      VALUE();
      if (!(st = parse_real(name, val, &a->opt.ref_tol, msg, n)) && !(a->opt.ref_tol > 0))
        st = usage(msg, n, "%s: %s is not positive", name, val);
    } else if (strcmp(name, "--max-output") == 0) {
      VALUE();
      a->max_output_str = val;
      st = parse_size(name, val, &a->max_output, msg, n);
    } else if (strcmp(arg, "--reortho") == 0) {
      a->reortho = 1;
    } else if (strcmp(arg, "--assemble") == 0) {
      a->assemble = 1;
    } else if (strcmp(arg, "--reactions") == 0) {
      a->reactions = 1;
    } else if (strcmp(arg, "--joint-coordinates") == 0) {
      a->coords = 1;
    } else if (strcmp(arg, "--strict") == 0) {
      a->strict = 1;
    } else
      return usage(msg, n, "unknown option '%s' (see lgsim help run)", arg);
    #undef VALUE
    if (st != LGSIM_EXIT_OK) return st;
  }
  if (a->model_file && a->model && !a->scheme) { a->scheme = a->model; a->model = NULL; }
  if (a->model_file && a->model)
    return usage(msg, n, "run: --model-file %s and model '%s': give one of them", a->model_file,
                 a->model);
  if (!a->model && !a->model_file) return usage(msg, n,
                                                "run: missing MODEL and SCHEME (see lgsim list)");
  if (!a->scheme) return usage(msg, n, "run: missing SCHEME after model '%s' (see lgsim list %s)",
                               a->model ? a->model : a->model_file, a->model ? a->model : "");
  return LGSIM_EXIT_OK;
}
/* one --set; for a model file's model the hint names the file's listing */
static int set_param(const run_args *a, const char *arg, char *msg, size_t n)
{
  if (lg_set_param(a->m, a->par, arg, msg, n) == LG_OK) return LGSIM_EXIT_OK;
  const char *eq = strchr(arg, '=');
  char what[80];
  if (a->model_file && eq && (size_t)(eq - arg) < sizeof what) {
    snprintf(what, sizeof what, "%.*s", (int)(eq - arg), arg);
    if (!lg_param_find(a->m, what))
      snprintf(msg, n, "--set: model file %s has no parameter '%s' (see lgsim list "
               "--model-file %s)", a->model_file, what, a->model_file);
  }
  return LGSIM_EXIT_USAGE;
}

static int find_scheme(run_args *a, char *msg, size_t n)
{
  const lg_model *m = a->m;
  if ((a->s = lg_scheme_find(m->family, a->scheme))) return LGSIM_EXIT_OK;
  for (size_t k = 0; k < lg_nschemes(); k++)
    if (strcmp(lg_scheme_at(k)->name, a->scheme) == 0)
      return usage(msg, n, "scheme '%s' integrates the %s family, not model %s (family %s)",
                   a->scheme, lg_scheme_at(k)->family, m->name, m->family);
  return usage(msg, n, "unknown scheme '%s' (see lgsim list %s)", a->scheme, m->name);
}
static int number_of_steps(run_args *a, char *msg, size_t n)
{
  double r = a->T / a->h;
  if (!(r <= 1e9))
    return usage(msg, n, "--T %s with --h %s gives %.3g steps, more than 1e9", a->T_str,
                 a->h_str, r);
  a->nsteps = (long)llround(r);
  if (fabs((double)a->nsteps * a->h - a->T) > 1e-9 * a->T) {
    char lo[40], hi[40], ratio[40];
    lg_fmt_shortest(lo, sizeof lo, floor(r) * a->h);
    lg_fmt_shortest(hi, sizeof hi, ceil(r) * a->h);
    snprintf(ratio, sizeof ratio, "%.6g", r);
    return usage(msg, n, "--T %s is not a whole number of steps of --h %s (%s steps); "
                 "the nearest valid final times are --T %s and --T %s", a->T_str, a->h_str,
                 ratio, lo, hi);
  }
  return LGSIM_EXIT_OK;
}

static int probe_columns(run_args *a, char *msg, size_t n)
{
  lg_state st = {0};
  void *ws = a->s->alloc(a->par, &a->opt);
  if (!ws) return usage(msg, n, "scheme %s could not start on model %s (out of memory)",
                        a->s->name, a->m->name);
  int status = a->s->init(ws, a->par, a->h, &st);
  a->ncol = (st.own ? st.own->ncol : a->m->ncol) + a->nreact + a->ncoord + (a->s->implicit != 0);
  a->colbytes = (double)strlen(st.own ? st.own->columns : a->cols ? a->cols : a->m->columns) + 15;
  a->s->free(ws);
  if (status == LG_EINVAL)
    return usage(msg, n, "scheme %s could not start on model %s with these parameters: %s",
                 a->s->name, a->m->name, st.why ? st.why : status_words(status));
  if (status != LG_OK) {
    snprintf(msg, n, "scheme %s could not start on model %s at t = 0: %s", a->s->name,
             a->m->name, st.why ? st.why : status_words(status));
    return status == LG_ENOMEM ? LGSIM_EXIT_FAIL : LGSIM_EXIT_NEWTON;
  }
  return LGSIM_EXIT_OK;
}

/* the provenance lines of a model file: "# KIND K = A B\n" is at most 24
   bytes besides its three words (K has at most 11 digits) */
typedef struct {
  const mb_topo *t;
  double bytes;
} connection_bytes;

static void count_connection(void *ctx, const char *kind, int k, int a, int b)
{
  connection_bytes *c = ctx;
  (void)k;
  c->bytes += (double)strlen(kind) + 24;
  c->bytes += a == MB_GROUND ? 6 : (double)strlen(c->t->name[a]);
  c->bytes += b == MB_GROUND ? 6 : (double)strlen(c->t->name[b]);
}

static double provenance_bytes(const lg_model *own)
{
  const mb_topo *t = mb_model_topo(own);
  if (!t) return 0;
  connection_bytes c = {t, 0};
  c.bytes = 24 + 4.0 * (double)strlen(t->file) + 24 + SHA256_HEX;  /* each byte escaped: 4 */
  for (int i = 0; i < t->nb; i++) c.bytes += 24 + (double)strlen(t->name[i]);
  mb_each_connection(t, count_connection, &c);
  return c.bytes;
}

/* a bound on the bytes of the comment lines and the column names: every
   "# param" line at 25 bytes a number, the provenance of a model file as
   counted above, the other lines at most 8 KiB with the model's and
   scheme's texts, and an error line on standard output */
static double header_bytes(const run_args *a)
{
  double b = 8192 + 4 * 1024 + a->colbytes + provenance_bytes(a->own_model);
  b += (double)strlen(a->m->source) + strlen(a->m->doc) + strlen(a->s->source);
  for (const lg_param *p = a->m->params; p->name; p++)
    b += (double)strlen(p->name) + strlen(p->unit) + 25.0 * p->len + 20;
  return b;
}

int lgsim_prepare(run_args *a, char *msg, size_t n)
{
  int st;
  if (a->model_file &&
      !(a->own_model = mb_model_read_digest(a->model_file, a->digest, msg, n)))
    return LGSIM_EXIT_USAGE;
  a->m = a->own_model ? a->own_model : lg_model_find(a->model);
  if (!a->m) return usage(msg, n, "unknown model '%s' (see lgsim list)", a->model);
  if ((st = find_scheme(a, msg, n))) return st;
  if (!(a->par = calloc(1, a->m->par_size))) return usage(msg, n, "out of memory");
  lg_params_default(a->m, a->par);
  for (int i = 0; i < a->nsets; i++)
    if ((st = set_param(a, a->sets[i], msg, n))) return st;
  if (msg && n) msg[0] = '\0';
  const int mb = strcmp(a->m->family, "multibody") == 0;
  if (a->assemble && !mb)
    return usage(msg, n, "--assemble: model %s (family %s) has no joints to assemble; the "
                 "option is for multibody models", a->m->name, a->m->family);
  int flags = a->reortho;
  mb_par *given = NULL;                          /* the parameters before assembly */
  if (mb && (a->assemble || ((const mb_par *)a->par)->topo->assemble)) {
    flags |= MB_CHECK_ASSEMBLE;
    a->assembled = 1;
    if (!(given = malloc(a->m->par_size))) return usage(msg, n, "out of memory");
    memcpy(given, a->par, a->m->par_size);
  }
  if (a->reactions && !mb)
    return usage(msg, n, "--reactions: model %s (family %s) has no joints; the option is for "
                 "multibody models", a->m->name, a->m->family);
  if (a->reactions) {
    const mb_topo *t = ((const mb_par *)a->par)->topo;
    const size_t len = strlen(a->m->columns) + mb_reaction_columns(t, NULL, 0) + 2;
    a->nreact = mb_reaction_ncol(t);
    a->cols = malloc(len);
    a->rbuf = malloc((6 * (size_t)t->nb + (size_t)t->nc + 1) * sizeof *a->rbuf);
    a->rw = mb_work_alloc(t);
    if (!a->cols || !a->rbuf || !a->rw) {
      free(given);
      return usage(msg, n, "out of memory");
    }
    const size_t m0 = (size_t)snprintf(a->cols, len, "%s%s", a->m->columns, a->nreact ? "," : "");
    mb_reaction_columns(t, a->cols + m0, len - m0);
  }
  if (a->coords && !mb)
    return usage(msg, n, "--joint-coordinates: model %s (family %s) has no joints; the option "
                 "is for multibody models", a->m->name, a->m->family);
  if (a->coords) {
    const mb_topo *t = ((const mb_par *)a->par)->topo;
    const char *have = a->cols ? a->cols : a->m->columns;
    a->ncoord = mb_coord_ncol(t);
    if (a->ncoord == 0) {
      free(given);
      return usage(msg, n, "--joint-coordinates: model %s has no joint with a coordinate "
                   "(revolute, prismatic, cylindrical or universal)", a->m->name);
    }
    const size_t len = strlen(have) + mb_coord_columns(t, NULL, 0) + 2;
    char *cols = malloc(len);
    if (!cols) {
      free(given);
      return usage(msg, n, "out of memory");
    }
    const size_t m0 = (size_t)snprintf(cols, len, "%s,", have);
    mb_coord_columns(t, cols + m0, len - m0);
    free(a->cols);
    a->cols = cols;
  }
  const int checked = !a->m->check || a->m->check(a->par, flags, msg, n) == LG_OK;
  if (checked && given) {                      /* what the check's assembly did */
    a->assembly.moved = calloc(4 * (size_t)given->topo->nb + 1, sizeof *a->assembly.moved);
    st = a->assembly.moved ? mb_assembly_report(given, &a->assembly) : LG_ENOMEM;
    free(given);
    if (st != LG_OK) return usage(msg, n, "out of memory");
  } else free(given);
  if (!checked) {
    if (msg && n && !msg[0]) snprintf(msg, n, "model %s rejected the parameters", a->m->name);
    return LGSIM_EXIT_USAGE;
  }
  if (a->newton_opt && !a->s->implicit)
    return usage(msg, n,
                 "%s: scheme %s is explicit and solves no Newton iteration; drop the option",
                 a->newton_opt, a->s->name);
  if (mb) {
    const mb_par *p = a->par;
    lg_body *q = malloc(((size_t)p->topo->nb + 1) * sizeof *q);
    if (!q) return usage(msg, n, "out of memory");
    mb_initial(p, q);
    a->redundant = mb_redundancy(p, q, a->redundant_txt, sizeof a->redundant_txt);
    free(q);
    if (a->redundant == -LG_ENOMEM) return usage(msg, n, "out of memory");
  }
  if (a->ncoord && !(a->coord = mb_coord_alloc(a->par))) return usage(msg, n, "out of memory");
  if ((st = number_of_steps(a, msg, n)) || (st = probe_columns(a, msg, n))) return st;
  a->max_bytes = ((double)(a->nsteps / a->every) + 2) * a->ncol * 25 + header_bytes(a);
  if (a->max_bytes > a->max_output)
    return usage(msg, n, "the output could reach %.3g bytes (%.3g rows of %d numbers), more than "
                 "--max-output %s; write fewer rows with --every, or raise the limit",
                 a->max_bytes, (double)(a->nsteps / a->every) + 2, a->ncol, a->max_output_str);
  return LGSIM_EXIT_OK;
}

void lgsim_args_free(run_args *a)
{
  free(a->cols);
  free(a->rbuf);
  mb_work_free(a->rw);
  mb_coord_free(a->coord);
  a->coord = NULL;
  a->cols = NULL;
  a->rbuf = NULL;
  a->rw = NULL;
  free(a->assembly.moved);
  a->assembly.moved = NULL;
  free(a->par);
  free(a->sets);
  mb_model_free(a->own_model);
  a->par = NULL;
  a->sets = NULL;
  a->own_model = NULL;
}
