/* lgrepro.c: the public library over the table, the models and the schemes. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include "api/lgrepro.h"
#include "core/lg.h"
#include "model/multibody-coord.h"
#include "model/mjcf.h"
#include "model/multibody.h"

#define M_(m) ((const lg_model *)(const void *)(m))
#define S_(s) ((const lg_scheme_type *)(const void *)(s))

struct lgr_rx {
  mb_work *w;            /* the factorisation of A */
  double *buf;           /* 6 nb accelerations, then nc multipliers */
  double *col;           /* the reaction columns, in the order of mb_reactions */
  long k;                /* the step they belong to, or -1 */
  int st;                /* the status of their solve */
};
struct lgr_sim {
  const lg_model *m;
  const lg_scheme_type *s;
  void *par;             /* m->par_size bytes */
  lg_opts opt;
  int reortho;
  int assemble;          /* the option assemble */
  int reactions;         /* the option reactions: lgr_value reads Fk_c, Mk_c */
  struct lgr_rx *rx;     /* with it: every reaction column of step rx->k */
  int coords;            /* the option joint-coordinates: lgr_value reads qK, qdK, ... */
  mb_coord *coord;       /* with it: the reference at t = 0 and the last angles, */
  double *cval;          /* and the coordinates of the current state */
  int assembled;         /* the last lgr_init assembled */
  mb_assembly assembly;  /* what it did; moved: 4 numbers per body */
  int redundant;         /* redundant constraint rows at t = 0 (lgr_redundant) */
  void *ws;              /* the scheme's workspace; NULL before lgr_init */
  lg_state st;
  double h;              /* the step of lgr_init */
  unsigned carried;      /* the finite fields of the initial state */
  long k;                /* steps since lgr_init */
  int status;            /* of the last step: a failed run stays failed */
  double *row;           /* m->ncol numbers, rewritten by every reader */
  char err[640];         /* the message of the last failure (lgr_last_error) */
  lgr_force_fn ufn;      /* the force callback of lgr_set_force, or NULL */
  lgr_force_jac_fn ujac;
  void *uctx;
  lgr_body *uq;          /* nb bodies: the state handed to the callback */
  mb_topo utopo;         /* at lgr_init with a callback: the model's topology */
  mb_loads uld;          /* and its loads, with the callback */
};

static void rx_free(lgr_sim *sim)
{
  if (!sim->rx) return;
  mb_work_free(sim->rx->w);
  free(sim->rx->buf);
  free(sim->rx);
  sim->rx = NULL;
}

static int rx_alloc(lgr_sim *sim)
{
  const mb_topo *t = ((const mb_par *)sim->par)->topo;
  struct lgr_rx *x = calloc(1, sizeof *x);
  if (x) {
    x->w = mb_work_alloc(t);
    x->buf = malloc((6 * (size_t)t->nb + (size_t)t->nc + (size_t)mb_reaction_ncol(t)) *
                    sizeof *x->buf);
    x->col = x->buf ? x->buf + 6 * (size_t)t->nb + (size_t)t->nc : NULL;
    x->k = -1;
  }
  if (!x || !x->w || !x->buf) {
    if (x) { mb_work_free(x->w); free(x->buf); free(x); }
    return LGR_ENOMEM;
  }
  sim->rx = x;
  return LGR_OK;
}
const char *lgr_version(void) { return LG_VERSION; }

const char *lgr_strerror(int status)
{
  switch (status) {
  case LGR_OK: return "success";
  case LGR_EINVAL: return "bad name, value or argument, or a call out of order";
  case LGR_ENEWTON: return "the Newton iteration of an implicit step did not converge";
  case LGR_ENOMEM: return "out of memory";
  case LGR_ESOLVER: return "an ODE solver or another numerical routine failed";
  case LGR_EOUTPUT: return "writing output failed";
  case LGR_ENONFINITE: return "the state became infinite or NaN";
  case LGR_EWORK: return "the adaptive reference reached its bound on the work of a step";
  case LGR_ERANK: return "the constraint Jacobian lost rank";
  default: return "unknown status code";
  }
}

static int lgr_code(int st)                       /* a framework status as the library's */
{
  switch (st) {
  case LG_OK: return LGR_OK;
  case LG_EINVAL: return LGR_EINVAL;
  case LG_ENEWTON: return LGR_ENEWTON;
  case LG_ENOMEM: return LGR_ENOMEM;
  case LG_EOUTPUT: return LGR_EOUTPUT;
  case LG_ENONFINITE: return LGR_ENONFINITE;
  case LG_EWORK: return LGR_EWORK;
  case LG_ESINGULAR: return LGR_ERANK;
  default: return LGR_ESOLVER;                    /* LG_ESOLVER, and any code added later */
  }
}

const char *lgr_last_error(const lgr_sim *sim) { return sim ? sim->err : ""; }

/* a failure of a call on sim: the message in sim's buffer and in the caller's */
static int sim_fail(lgr_sim *sim, int st, char *msg, size_t msglen, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 5, 6)))
#endif
  ;
static void library_words(char *s, size_t n);

static int sim_fail(lgr_sim *sim, int st, char *msg, size_t msglen, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sim->err, sizeof sim->err, fmt, ap);
  va_end(ap);
  library_words(sim->err, sizeof sim->err);
  if (msg && msglen) snprintf(msg, msglen, "%s", sim->err);
  return st;
}

/* a NULL argument of a call on sim: "no WHAT given", in sim's buffer too if
   sim is one */
static int null_arg(lgr_sim *sim, char *msg, size_t msglen, const char *what)
{
  if (!sim) return lg_fail(msg, msglen, LGR_EINVAL, "no %s given", what);
  return sim_fail(sim, LGR_EINVAL, msg, msglen, "no %s given", what);
}
static void library_words(char *s, size_t n)
{
  static const struct { const char *cli, *lib; } word[] = {
    {"--set: model ", "model "},                  /* an unknown parameter */
    {"--set: ", "lgr_set: "},                     /* not NAME=VALUE */
    {"--set ", "parameter "},                     /* a bad value of a named parameter */
    {"--reortho", "the option reortho"},
    {"--assemble", "the option assemble"},
  };
  char out[640];
  size_t o = 0;
  for (const char *c = s; *c && o + 1 < sizeof out;) {
    size_t i = 0, len = 0;
    for (; i < sizeof word / sizeof word[0]; i++)
      if (strncmp(c, word[i].cli, len = strlen(word[i].cli)) == 0) break;
    if (i < sizeof word / sizeof word[0]) {
      o += (size_t)snprintf(out + o, sizeof out - o, "%s", word[i].lib);
      c += len;
    } else if (strncmp(c, "(see lgsim list ", 16) == 0 && strchr(c, ')')) {
      o += (size_t)snprintf(out + o, sizeof out - o, "(lgr_param_name lists them)");
      c = strchr(c, ')') + 1;
    } else
      out[o++] = *c++;
    if (o >= sizeof out) o = sizeof out - 1;
  }
  out[o] = '\0';
  snprintf(s, n, "%s", out);
}
static int lgr_status(int st)                    /* a status of lg_read_* as the library's */
{
  return st == LG_OK ? LGR_OK : st == LG_ENOMEM ? LGR_ENOMEM : LGR_EINVAL;
}
size_t lgr_nmodels(void) { return lg_nmodels(); }
const lgr_model *lgr_model_at(size_t i)
{
  return (const lgr_model *)(const void *)lg_model_at(i);
}

const lgr_model *lgr_model_find(const char *name, char *msg, size_t msglen)
{
  if (!name) {
    lg_fail(msg, msglen, LGR_EINVAL, "no model name given");
    return NULL;
  }
  const lg_model *m = lg_model_find(name);
  if (!m) lg_fail(msg, msglen, LGR_EINVAL, "unknown model '%s' (lgr_model_at lists them)", name);
  return (const lgr_model *)(const void *)m;
}

const char *lgr_model_name(const lgr_model *m) { return m ? M_(m)->name : NULL; }
const char *lgr_model_family(const lgr_model *m) { return m ? M_(m)->family : NULL; }
const char *lgr_model_source(const lgr_model *m) { return m ? M_(m)->source : NULL; }
const char *lgr_model_doc(const lgr_model *m) { return m ? M_(m)->doc : NULL; }
const char *lgr_model_columns(const lgr_model *m) { return m ? M_(m)->columns : NULL; }
int lgr_model_ncolumns(const lgr_model *m) { return m ? M_(m)->ncol : 0; }

static const lg_param *param_at(const lgr_model *m, size_t i)
{
  if (!m) return NULL;
  const lg_param *p = M_(m)->params;
  for (size_t k = 0; k < i && p->name; k++) p++;
  return p->name ? p : NULL;
}

const char *lgr_param_name(const lgr_model *m, size_t i)
{
  const lg_param *p = param_at(m, i);
  return p ? p->name : NULL;
}
int lgr_param_len(const lgr_model *m, size_t i)
{
  const lg_param *p = param_at(m, i);
  return p ? p->len : 0;
}
const char *lgr_param_unit(const lgr_model *m, size_t i)
{
  const lg_param *p = param_at(m, i);
  return p ? p->unit : NULL;
}
const char *lgr_param_doc(const lgr_model *m, size_t i)
{
  const lg_param *p = param_at(m, i);
  return p ? p->doc : NULL;
}

size_t lgr_nschemes(void) { return lg_nschemes(); }
const lgr_scheme *lgr_scheme_at(size_t i)
{
  return (const lgr_scheme *)(const void *)lg_scheme_at(i);
}

const lgr_scheme *lgr_scheme_find(const lgr_model *model, const char *name, char *msg,
                                  size_t msglen)
{
  const lg_model *m = M_(model);
  if (!m || !name) {
    lg_fail(msg, msglen, LGR_EINVAL, "no %s given", !m ? "model" : "scheme name");
    return NULL;
  }
  const lg_scheme_type *s = lg_scheme_find(m->family, name);
  if (s) return (const lgr_scheme *)(const void *)s;
  for (size_t k = 0; k < lg_nschemes(); k++)
    if (strcmp(lg_scheme_at(k)->name, name) == 0) {
      lg_fail(msg, msglen, LGR_EINVAL,
           "scheme '%s' integrates the %s family, not model %s (family %s)",
           name, lg_scheme_at(k)->family, m->name, m->family);
      return NULL;
    }
  lg_fail(msg, msglen, LGR_EINVAL, "unknown scheme '%s' for model %s (lgr_scheme_at lists them)",
          name, m->name);
  return NULL;
}

const char *lgr_scheme_name(const lgr_scheme *s) { return s ? S_(s)->name : NULL; }
const char *lgr_scheme_family(const lgr_scheme *s) { return s ? S_(s)->family : NULL; }
const char *lgr_scheme_source(const lgr_scheme *s) { return s ? S_(s)->source : NULL; }
const char *lgr_scheme_doc(const lgr_scheme *s) { return s ? S_(s)->doc : NULL; }
int lgr_scheme_implicit(const lgr_scheme *s) { return s ? S_(s)->implicit : -1; }
lgr_model *lgr_model_parse(const char *text, const char *where, char *msg, size_t msglen)
{
  char buf[1] = "";
  if (!text) {
    lg_fail(msg, msglen, LGR_EINVAL, "no model text given");
    return NULL;
  }
  lg_model *m = mb_model_parse(text, where ? where : "model", msg ? msg : buf, msg ? msglen : 1);
  return (lgr_model *)(void *)m;
}

lgr_model *lgr_model_read(const char *path, char *msg, size_t msglen)
{
  char buf[1] = "";
  if (!path) {
    lg_fail(msg, msglen, LGR_EINVAL, "no model file given");
    return NULL;
  }
  return (lgr_model *)(void *)mb_model_read(path, msg ? msg : buf, msg ? msglen : 1);
}

void lgr_model_free(lgr_model *m)
{
  if (!m) return;
  for (size_t k = 0; k < lg_nmodels(); k++)
    if (lg_model_at(k) == M_(m)) return;
  mb_model_free((lg_model *)(void *)m);
}

int lgr_model_write_mjcf(const lgr_model *model, const char *path, char *msg, size_t msglen)
{
  const lg_model *m = M_(model);
  if (!m || !path)
    return lg_fail(msg, msglen, LGR_EINVAL, "no %s given", !m ? "model" : "file name");
  if (strcmp(m->family, "multibody") != 0)
    return lg_fail(msg, msglen, LGR_EINVAL, "model %s is of the %s family: only a multibody "
                   "model is written as MJCF", m->name, m->family);
  char why[512] = "", *tmp = malloc(strlen(path) + 5);
  mb_par *par = malloc(m->par_size);
  if (!tmp || !par) {
    free(tmp);
    free(par);
    return lg_fail(msg, msglen, LGR_ENOMEM, "out of memory");
  }
  lg_params_default(m, par);
  int st = lgr_status(m->check ? m->check(par, 0, why, sizeof why) : LG_OK);
  if (st == LGR_OK) st = lgr_status(mb_mjcf_check(par, why, sizeof why));
  sprintf(tmp, "%s.tmp", path);
  FILE *f = st == LGR_OK ? fopen(tmp, "wx") : NULL;
  if (st == LGR_OK && !f)
    st = LGR_EOUTPUT, snprintf(why, sizeof why, "cannot create %s: %s", tmp, strerror(errno));
  if (f) {
    st = lgr_status(mb_mjcf_write(par, m->name, f, why, sizeof why));
    int bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
      if (st == LGR_OK) st = LGR_EOUTPUT, snprintf(why, sizeof why, "write error on %s", tmp);
    }
    if (st == LGR_OK && rename(tmp, path) != 0)
      st = LGR_EOUTPUT, snprintf(why, sizeof why, "cannot rename %s to %s: %s", tmp, path,
                                 strerror(errno));
    if (st != LGR_OK) remove(tmp);
  }
  free(tmp);
  free(par);
  return st == LGR_OK ? st : lg_fail(msg, msglen, st, "%s", why);
}
lgr_sim *lgr_alloc(const lgr_model *model, const char *scheme, char *msg, size_t msglen)
{
  if (!model) {
    lg_fail(msg, msglen, LGR_EINVAL, "no model given");
    return NULL;
  }
  const lg_model *m = M_(model);
  const lgr_scheme *s = lgr_scheme_find(model, scheme, msg, msglen);
  if (!s) return NULL;
  lgr_sim *sim = calloc(1, sizeof *sim);
  if (sim) {
    sim->par = calloc(1, m->par_size ? m->par_size : 1);
    sim->row = calloc((size_t)m->ncol + 1, sizeof(double));
  }
  if (!sim || !sim->par || !sim->row) {
    lgr_free(sim);
    lg_fail(msg, msglen, LGR_ENOMEM, "out of memory");
    return NULL;
  }
  sim->m = m;
  sim->s = S_(s);
  lg_params_default(m, sim->par);
  lg_opts_default(&sim->opt);
  return sim;
}

void lgr_free(lgr_sim *sim)
{
  if (!sim) return;
  free(sim->uq);
  rx_free(sim);
  mb_coord_free(sim->coord);
  free(sim->cval);
  if (sim->ws) sim->s->free(sim->ws);
  free(sim->assembly.moved);
  free(sim->par);
  free(sim->row);
  free(sim);
}
int lgr_set(lgr_sim *sim, const char *arg, char *msg, size_t msglen)
{
  if (!sim || !arg) return null_arg(sim, msg, msglen, !sim ? "simulation" : "assignment");
  char why[512] = "";
  int st = lgr_status(lg_set_param(sim->m, sim->par, arg, why, sizeof why));
  return st == LGR_OK ? st : sim_fail(sim, st, msg, msglen, "%s", why);
}

int lgr_set_values(lgr_sim *sim, const char *name, const double *v, int len, char *msg,
                   size_t msglen)
{
  if (!sim || !name || !v)
    return null_arg(sim, msg, msglen, !sim ? "simulation" : !name ? "parameter name" : "values");
  const lg_param *p = lg_param_find(sim->m, name);
  if (!p)
    return sim_fail(sim, LGR_EINVAL, msg, msglen,
                    "model %s has no parameter '%s' (lgr_param_name lists them)",
                    sim->m->name, name);
  if (len != p->len)
    return sim_fail(sim, LGR_EINVAL, msg, msglen, "parameter %s: %d component%s given, "
                    "expected %d", p->name, len, len == 1 ? "" : "s", p->len);
  for (int i = 0; i < len; i++)
    if (!isfinite(v[i]))
      return sim_fail(sim, LGR_EINVAL, msg, msglen,
                      "parameter %s: component %d is not a finite number", p->name, i + 1);
  memcpy(lg_param_ptr(p, sim->par), v, (size_t)len * sizeof(double));
  return LGR_OK;
}

int lgr_get(const lgr_sim *sim, const char *name, double *v, int len)
{
  const lg_param *p = sim && name ? lg_param_find(sim->m, name) : NULL;
  if (!p || len < 0 || (!v && len > 0)) return 0;
  for (int i = 0; i < len && i < p->len; i++) v[i] = lg_param_ptr(p, sim->par)[i];
  return p->len;
}
/* the bodies' states as the caller's lgr_body records, in sim->uq */
static const lgr_body *user_bodies(lgr_sim *sim, int nb, const lg_body *q)
{
  for (int i = 0; i < nb; i++) {
    memcpy(sim->uq[i].R, q[i].R, sizeof q[i].R);
    memcpy(sim->uq[i].x, q[i].x, sizeof q[i].x);
    memcpy(sim->uq[i].W, q[i].W, sizeof q[i].W);
    memcpy(sim->uq[i].v, q[i].v, sizeof q[i].v);
  }
  return sim->uq;
}

static void force_tramp(void *ctx, double t, int nb, const lg_body *q, double *f)
{
  lgr_sim *sim = ctx;
  sim->ufn(sim->uctx, t, nb, user_bodies(sim, nb, q), f);
}

static void jac_tramp(void *ctx, double t, int nb, const lg_body *q, double *Kq, double *Kv)
{
  lgr_sim *sim = ctx;
  sim->ujac(sim->uctx, t, nb, user_bodies(sim, nb, q), Kq, Kv);
}

int lgr_set_force(lgr_sim *sim, lgr_force_fn fn, lgr_force_jac_fn jac, void *ctx, char *msg,
                  size_t msglen)
{
  if (!sim) return lg_fail(msg, msglen, LGR_EINVAL, "no simulation given");
  if (strcmp(sim->m->family, "multibody") != 0)
    return sim_fail(sim, LGR_EINVAL, msg, msglen, "model %s (family %s) takes no force "
                    "callback; the multibody models do", sim->m->name, sim->m->family);
  const int nb = ((const mb_par *)sim->par)->topo->nb;
  if (fn && !sim->uq && !(sim->uq = calloc((size_t)nb, sizeof *sim->uq)))
    return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
  sim->ufn = fn;
  sim->ujac = fn ? jac : NULL;
  sim->uctx = fn ? ctx : NULL;
  return LGR_OK;
}

int lgr_set_option(lgr_sim *sim, const char *option, const char *value, char *msg, size_t msglen)
{
  if (!sim || !option || !value)
    return null_arg(sim, msg, msglen,
                    !sim ? "simulation" : !option ? "option name" : "option value");
  const char *o = strncmp(option, "--", 2) == 0 ? option + 2 : option;
  char name[80], why[512] = "";
  snprintf(name, sizeof name, "option %.60s", o);
  double x;
  long n;
  int st;
  /* as lgsim: a Newton option is first read, then refused for an explicit scheme */
  const int explicit_newton = strncmp(o, "newton-", 7) == 0 && !sim->s->implicit;
#define LGR_REFUSE_EXPLICIT()                                                              \
  if (explicit_newton)                                                                     \
  return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: scheme %s is explicit and solves no " \
                  "Newton iteration; drop the option", name, sim->s->name)
  if (strcmp(o, "newton-tol") == 0 || strcmp(o, "ref-tol") == 0) {
    if ((st = lgr_status(lg_read_real(name, value, &x, why, sizeof why))) != LGR_OK)
      return sim_fail(sim, st, msg, msglen, "%s", why);
    if (!(x > 0)) return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: %s is not positive", name,
                                  value);
    LGR_REFUSE_EXPLICIT();
    *(o[0] == 'n' ? &sim->opt.newton_tol : &sim->opt.ref_tol) = x;
  } else if (strcmp(o, "newton-maxiter") == 0) {
    if ((st = lgr_status(lg_read_count(name, value, INT_MAX, &n, why, sizeof why))) != LGR_OK)
      return sim_fail(sim, st, msg, msglen, "%s", why);
    LGR_REFUSE_EXPLICIT();
    sim->opt.newton_maxiter = (int)n;
  } else if (strcmp(o, "newton-solver") == 0) {
    int code = lg_newton_solver_code(value);
    if (code < 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen,
                      "%s: unknown solver '%s' (direct, newton or hybridsj)", name, value);
    LGR_REFUSE_EXPLICIT();
    sim->opt.newton_solver = code;
  } else if (strcmp(o, "reortho") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: '%s' is not 0 or 1", name, value);
    sim->reortho = value[0] == '1';
  } else if (strcmp(o, "assemble") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: '%s' is not 0 or 1", name, value);
    if (value[0] == '1' && strcmp(sim->m->family, "multibody") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: model %s (family %s) has no joints "
                      "to assemble", name, sim->m->name, sim->m->family);
    sim->assemble = value[0] == '1';
  } else if (strcmp(o, "reactions") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: '%s' is not 0 or 1", name, value);
    if (value[0] == '1' && strcmp(sim->m->family, "multibody") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: model %s (family %s) has no joints",
                      name, sim->m->name, sim->m->family);
    sim->reactions = value[0] == '1';
    if (sim->reactions && sim->ws && !sim->rx && rx_alloc(sim) != LGR_OK)
      return sim_fail(sim, LGR_ENOMEM, msg, msglen, "%s: out of memory", name);
  } else if (strcmp(o, "joint-coordinates") == 0) {
    if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: '%s' is not 0 or 1", name, value);
    if (value[0] == '1' && strcmp(sim->m->family, "multibody") != 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: model %s (family %s) has no joints",
                      name, sim->m->name, sim->m->family);
    if (value[0] == '1' && mb_coord_ncol(((const mb_par *)sim->par)->topo) == 0)
      return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s: model %s has no joint with a coordinate "
                      "(revolute, prismatic, cylindrical or universal)", name, sim->m->name);
    sim->coords = value[0] == '1';
  } else
    return sim_fail(sim, LGR_EINVAL, msg, msglen, "unknown option '%s' (newton-tol, "
                    "newton-maxiter, newton-solver, ref-tol, reortho, assemble, reactions, "
                    "joint-coordinates)", option);
#undef LGR_REFUSE_EXPLICIT
  return LGR_OK;
}
static pthread_mutex_t gsl_lock = PTHREAD_MUTEX_INITIALIZER;
static int gsl_inside;                            /* calls inside lgr_init or lgr_step */
static gsl_error_handler_t *gsl_caller_handler;   /* the caller's, while gsl_inside > 0 */

static void gsl_quiet(void)
{
  pthread_mutex_lock(&gsl_lock);
  if (gsl_inside++ == 0) gsl_caller_handler = gsl_set_error_handler_off();
  pthread_mutex_unlock(&gsl_lock);
}

static void gsl_restore(void)
{
  pthread_mutex_lock(&gsl_lock);
  if (--gsl_inside == 0) gsl_set_error_handler(gsl_caller_handler);
  pthread_mutex_unlock(&gsl_lock);
}
static int init(lgr_sim *sim, double h, char *msg, size_t msglen);

int lgr_init(lgr_sim *sim, double h, char *msg, size_t msglen)
{
  if (!sim) return lg_fail(msg, msglen, LGR_EINVAL, "no simulation given");
  gsl_quiet();
  int st = init(sim, h, msg, msglen);
  gsl_restore();
  if (st == LGR_OK) sim->err[0] = '\0';
  return st;
}

static int init(lgr_sim *sim, double h, char *msg, size_t msglen)
{
  if (sim->ws) sim->s->free(sim->ws);
  sim->ws = NULL;
  memset(&sim->st, 0, sizeof sim->st);
  sim->k = 0;
  sim->status = LGR_EINVAL;
  if (!isfinite(h))
    return sim_fail(sim, LGR_EINVAL, msg, msglen, "h: %g is not a finite number", h);
  if (!(h > 0)) return sim_fail(sim, LGR_EINVAL, msg, msglen, "h: %.17g is not positive", h);
  char why[512] = "";
  if (strcmp(sim->m->family, "multibody") == 0) {
    mb_par *p = sim->par;
    const mb_topo *t = mb_model_topo(sim->m);
    p->topo = t;
    if (sim->ufn && t) {
      sim->utopo = *t;
      sim->uld = *t->ld;
      sim->uld.ufn = force_tramp;
      sim->uld.ujac = sim->ujac ? jac_tramp : NULL;
      sim->uld.uctx = sim;
      sim->uld.t = 0;
      sim->utopo.ld = &sim->uld;
      p->topo = &sim->utopo;
    }
  }
  rx_free(sim);
  if (sim->reactions && strcmp(sim->m->family, "multibody") == 0 && rx_alloc(sim) != LGR_OK)
    return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
  const int mb = strcmp(sim->m->family, "multibody") == 0;
  int flags = sim->reortho;
  mb_par *given = NULL;                          /* the parameters before assembly */
  sim->assembled = 0;
  if (mb && (sim->assemble || ((const mb_par *)sim->par)->topo->assemble)) {
    flags |= MB_CHECK_ASSEMBLE;
    if (!sim->assembly.moved) {
      const int nb = ((const mb_par *)sim->par)->topo->nb;
      sim->assembly.moved = calloc(4 * (size_t)nb + 1, sizeof *sim->assembly.moved);
    }
    if (!sim->assembly.moved || !(given = malloc(sim->m->par_size)))
      return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
    memcpy(given, sim->par, sim->m->par_size);
    sim->assembled = 1;
  }
  const int checked = !sim->m->check
                      || sim->m->check(sim->par, flags, why, sizeof why) == LG_OK;
  int rst = LG_OK;
  if (checked && given) rst = mb_assembly_report(given, &sim->assembly);
  free(given);
  if (rst != LG_OK) return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
  if (!checked)
    return sim_fail(sim, LGR_EINVAL, msg, msglen, "%s",
                    why[0] ? why : "the model rejected the parameters");
  if (!(sim->ws = sim->s->alloc(sim->par, &sim->opt)))
    return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
  int st = lgr_code(sim->s->init(sim->ws, sim->par, h, &sim->st));
  if (st != LGR_OK) {                            /* why may live in the workspace */
    const char *why = sim->st.why && sim->st.why[0] ? sim->st.why : NULL;
    /* LG_EINVAL at the start: the scheme does not take this model (a spring
       for DH, say), a refusal that names itself, not a numerical failure */
    if (st == LGR_EINVAL)
      st = sim_fail(sim, st, msg, msglen, "scheme %s does not take model %s: %s", sim->s->name,
                    sim->m->name, why ? why : "the scheme refused the model");
    else
      st = sim_fail(sim, st, msg, msglen, "scheme %s could not start on model %s: %s%s%s%s",
                    sim->s->name, sim->m->name, lgr_strerror(st), why ? " (" : "",
                    why ? why : "", why ? ")" : "");
    sim->s->free(sim->ws);
    sim->ws = NULL;
    return st;
  }
  sim->h = h;
  sim->carried = lg_finite_fields(&sim->st);
  sim->redundant = 0;
  if (mb) {
    const mb_par *p = sim->par;
    lg_body *q = malloc(((size_t)p->topo->nb + 1) * sizeof *q);
    if (q) {
      mb_initial(p, q);
      const int r = mb_redundancy(p, q, NULL, 0);
      sim->redundant = r > 0 ? r : 0;
    }
    free(q);
  }
  mb_coord_free(sim->coord);
  free(sim->cval);
  sim->coord = NULL;
  sim->cval = NULL;
  if (sim->coords && mb) {
    const mb_par *p = sim->par;
    sim->coord = mb_coord_alloc(p);
    sim->cval = malloc(((size_t)mb_coord_ncol(p->topo) + 1) * sizeof *sim->cval);
    if (!sim->coord || !sim->cval) {
      sim->s->free(sim->ws);
      sim->ws = NULL;
      return sim_fail(sim, LGR_ENOMEM, msg, msglen, "out of memory");
    }
    mb_coord_eval(sim->coord, p, sim->st.body, sim->st.t, sim->cval);
  }
  return sim->status = LGR_OK;
}
static int step_fail(lgr_sim *sim, int st, double t0, const char *what);

int lgr_step(lgr_sim *sim)
{
  if (!sim) return LGR_EINVAL;
  if (!sim->ws)
    return sim_fail(sim, LGR_EINVAL, NULL, 0, "lgr_step: the simulation is not started "
                    "(lgr_init has not succeeded)");
  if (sim->status != LGR_OK) return sim->status;
  double t0 = sim->st.t;
  char name[40];
  const char *what = NULL;
  gsl_quiet();
  int st = lgr_code(sim->s->step(sim->ws, &sim->st));
  gsl_restore();
  if (st == LGR_EINVAL) st = LGR_ESOLVER;
  if ((st == LGR_OK || st == LGR_ENONFINITE)
      && (what = lg_lost_field(&sim->st, sim->carried, name, sizeof name)))
    st = LGR_ENONFINITE;
  if (st == LGR_ENONFINITE && !what)
    what = sim->st.why && sim->st.why[0] ? sim->st.why : LG_INSIDE_STEP;
  if (st != LGR_OK) return sim->status = step_fail(sim, st, t0, what);
  sim->k++;
  if (sim->coord) mb_coord_eval(sim->coord, sim->par, sim->st.body, sim->st.t, sim->cval);
  return LGR_OK;
}

static int step_fail(lgr_sim *sim, int st, double t0, const char *what)
{
  char t[32], h[32], tol[32], head[96];
  lg_fmt_shortest(t, sizeof t, t0);
  lg_fmt_shortest(h, sizeof h, sim->h);
  lg_fmt_shortest(tol, sizeof tol, sim->opt.newton_tol);
  snprintf(head, sizeof head, "step %ld, t = %s", sim->k + 1, t);
  if (st == LGR_ENEWTON)
    return sim_fail(sim, st, NULL, 0, "%s: the Newton iteration of scheme %s did not converge "
                    "(residual %.3g after %d iterations, tolerance %s, at most %d iterations); "
                    "a smaller h, a larger newton-maxiter or another newton-solver may help",
                    head, sim->s->name, sim->st.newton_resid, sim->st.newton_iters, tol,
                    sim->opt.newton_maxiter);
  if (st == LGR_ENONFINITE)
    return sim_fail(sim, st, NULL, 0, "%s: the state became infinite or NaN (%s); scheme %s is "
                    "unstable at h = %s on this problem, a smaller h may help", head,
                    what, sim->s->name, h);
  const char *why = sim->st.why && sim->st.why[0] ? sim->st.why : NULL;
  if (st == LGR_ERANK)
    return sim_fail(sim, st, NULL, 0, "%s: the constraint Jacobian changed rank under scheme "
                    "%s (model %s passes a singular configuration)%s%s", head, sim->s->name,
                    sim->m->name, why ? ": " : "", why ? why : "");
  return sim_fail(sim, st, NULL, 0, "%s: scheme %s failed: %s%s%s", head, sim->s->name,
                  lgr_strerror(st), why ? ": " : "", why ? why : "");
}
int lgr_redundant(const lgr_sim *sim)
{
  return sim && sim->ws ? sim->redundant : 0;
}

int lgr_assembly(const lgr_sim *sim, double resid[4])
{
  if (!sim || !sim->ws || !sim->assembled || !resid) return LGR_EINVAL;
  const mb_assembly *a = &sim->assembly;
  resid[0] = a->phi0;
  resid[1] = a->phi;
  resid[2] = a->dphi0;
  resid[3] = a->dphi;
  return LGR_OK;
}

int lgr_assembly_moved(const lgr_sim *sim, int i, double moved[4])
{
  if (!sim || !sim->ws || !sim->assembled || !moved || i < 0
      || i >= ((const mb_par *)sim->par)->topo->nb)
    return LGR_EINVAL;
  memcpy(moved, sim->assembly.moved + 4 * i, 4 * sizeof *moved);
  return LGR_OK;
}
double lgr_time(const lgr_sim *sim) { return sim && sim->ws ? sim->st.t : NAN; }
long lgr_nsteps(const lgr_sim *sim) { return sim && sim->ws ? sim->k : 0; }
int lgr_newton_iters(const lgr_sim *sim) { return sim && sim->ws ? sim->st.newton_iters : 0; }
double lgr_newton_resid(const lgr_sim *sim)
{
  return sim && sim->ws ? sim->st.newton_resid : NAN;
}

int lgr_nbodies(const lgr_sim *sim)
{
  if (!sim || !sim->ws) return 0;
  return sim->st.nbody > 0 ? sim->st.nbody : 1;
}

int lgr_get_body(const lgr_sim *sim, int i, lgr_body *b)
{
  if (!sim || !b || i < 0 || i >= lgr_nbodies(sim)) return LGR_EINVAL;
  const lg_state *s = &sim->st;
  const double *R = s->R, *x = s->x, *W = s->W, *v = s->v;
  lg_body u;
  if (s->nbody > 0) {
    R = s->body[i].R; x = s->body[i].x; W = s->body[i].W; v = s->body[i].v;
    if (strcmp(sim->m->family, "multibody") == 0 && ((const mb_par *)sim->par)->topo->user) {
      /* a full tensor: the file's frame */
      mb_user_body(sim->par, i, &s->body[i], &u);
      R = u.R;
      W = u.W;
    }
  }
  memcpy(b->R, R, sizeof b->R);
  memcpy(b->x, x, sizeof b->x);
  memcpy(b->W, W, sizeof b->W);
  memcpy(b->v, v, sizeof b->v);
  return LGR_OK;
}

int lgr_row(const lgr_sim *sim, double *out)
{
  if (!sim || !sim->ws || !out) return LGR_EINVAL;
  sim->m->row(sim->par, &sim->st, out);
  return LGR_OK;
}

static int column_index(const lg_model *m, const char *name)
{
  size_t n = strlen(name);
  const char *c = m->columns;
  for (int i = 0; i < m->ncol && c; i++) {
    const char *end = strchr(c, ',');
    size_t len = end ? (size_t)(end - c) : strlen(c);
    if (len == n && strncmp(c, name, n) == 0) return i;
    c = end ? end + 1 : NULL;
  }
  return -1;
}

/* column Fk_c or Mk_c of the option reactions (section (mb-reactions)):
   joint k's force on its side b or torque about b's joint point, in space,
   at the current state; NaN for another name or a singular A.  The first
   read after a step solves for every joint's (mb_reactions), the others of
   that step read what it left. */
static double reaction_value(const lgr_sim *sim, const char *column)
{
  const mb_par *p = sim->par;
  const mb_topo *t = p->topo;
  struct lgr_rx *x = sim->rx;
  char kind, again[40];
  int k, c, d = -1;
  if (sscanf(column, "drive%d", &k) == 1 && k >= 1 && k <= t->nj) {  /* section sec:mb-drive */
    snprintf(again, sizeof again, "drive%d", k);
    if (strcmp(again, column) != 0 || t->ld->nd == 0 || (d = t->ld->jdrive[k - 1]) < 0)
      return NAN;
  } else if (sscanf(column, "%c%d_%d", &kind, &k, &c) != 3 || (kind != 'F' && kind != 'M') || k < 1
      || k > t->nj || c < 1 || c > 3 || (kind == 'M' && mb_jkind(t, k - 1) == MB_SPHERICAL))
    return NAN;
  if (d < 0) snprintf(again, sizeof again, "%c%d_%d", kind, k, c);
  if (strcmp(again, column) != 0 || !x) return NAN;  /* "F01_1", "F1_1x": not a column */
  if (x->k != sim->k) {
    mb_at(p, sim->st.t);
    mb_drive_at(p, sim->st.t);
    x->st = mb_reactions(p, sim->st.body, x->w, x->buf, x->buf + 6 * t->nb, x->col);
    x->k = sim->k;
  }
  if (d >= 0) return x->st == LG_OK ? x->col[mb_reaction_ncol(t) - t->ld->nd + d] : NAN;
  int at = 0;                                 /* joint k's first column */
  for (int l = 0; l < k - 1; l++) at += mb_jkind(t, l) == MB_SPHERICAL ? 3 : 6;
  return x->st == LG_OK ? x->col[at + (kind == 'M' ? 3 : 0) + c - 1] : NAN;
}

/* column qK, qdK, qK_c or qdK_c of the option joint-coordinates at the
   current state; NaN for another name */
static double coord_value(const lgr_sim *sim, const char *column)
{
  const mb_topo *t = ((const mb_par *)sim->par)->topo;
  const size_t n = strlen(column);
  if (n == 0 || column[0] != 'q') return NAN;
  char *names = malloc(mb_coord_columns(t, NULL, 0) + 1);
  if (!names) return NAN;
  mb_coord_columns(t, names, mb_coord_columns(t, NULL, 0) + 1);
  int at = -1;
  const char *c = names;
  for (int i = 0; c && at < 0; i++) {
    const char *end = strchr(c, ',');
    const size_t len = end ? (size_t)(end - c) : strlen(c);
    if (len == n && strncmp(c, column, n) == 0) at = i;
    c = end ? end + 1 : NULL;
  }
  free(names);
  return at < 0 ? NAN : sim->cval[at];
}

double lgr_value(const lgr_sim *sim, const char *column)
{
  if (!sim || !sim->ws || !column) return NAN;
  int i = column_index(sim->m, column);
  if (i < 0 && sim->coord) {
    const double v = coord_value(sim, column);
    if (!isnan(v)) return v;
  }
  if (i < 0) return sim->reactions ? reaction_value(sim, column) : NAN;
  sim->m->row(sim->par, &sim->st, sim->row);
  return sim->row[i];
}

/* a model whose dampers or torques do work names the column energy_nc */
double lgr_energy(const lgr_sim *sim)
{
  const double e = lgr_value(sim, "energy");
  return isnan(e) && sim && sim->ws ? lgr_value(sim, "energy_nc") : e;
}
double lgr_orth_err(const lgr_sim *sim) { return lgr_value(sim, "orth_err"); }
double lgr_phi_err(const lgr_sim *sim) { return lgr_value(sim, "phi_err"); }
double lgr_dphi_err(const lgr_sim *sim) { return lgr_value(sim, "dphi_err"); }
