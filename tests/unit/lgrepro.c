/* Unit tests of the public library (api/lgrepro); with arguments, the first
   message the library gives for an lgsim-style command line. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_test.h>
#include "api/lgrepro.h"
#include "core/lg.h"

typedef struct {
  const char *model, *scheme, *set;
  double h;
  int steps;
  int status;
  long k;
  double R[9], W[3], x[3];
  char err[640];
} run_case;

static const run_case thread_cases[] = {
  {"doublependulum", "dh", NULL, 0.01, 200, 0, 0, {0}, {0}, {0}, ""},
  {"pendulum3d-moiseev", "lgvi-exp", NULL, 0.01, 1000, 0, 0, {0}, {0}, {0}, ""},
  {"doublependulum", "ref", "g=1e12", 0.01, 10, 0, 0, {0}, {0}, {0}, ""},
  {"mast", "rkmk4-proj", NULL, 0.01, 100, 0, 0, {0}, {0}, {0}, ""},
  {"pendulum3d-moiseev", "rk4", NULL, 1, 10, 0, 0, {0}, {0}, {0}, ""},
};
enum { NCASE = sizeof thread_cases / sizeof thread_cases[0] };

static void run_case_once(run_case *c)
{
  const lgr_model *m = lgr_model_find(c->model, NULL, 0);
  lgr_sim *sim = m ? lgr_alloc(m, c->scheme, NULL, 0) : NULL;
  int st = !sim ? LGR_EINVAL : c->set ? lgr_set(sim, c->set, NULL, 0) : LGR_OK;
  if (st == LGR_OK) st = lgr_init(sim, c->h, NULL, 0);
  for (int k = 0; k < c->steps && st == LGR_OK; k++) st = lgr_step(sim);
  lgr_body b = {{0}, {0}, {0}, {0}};
  if (sim) lgr_get_body(sim, lgr_nbodies(sim) - 1, &b);
  c->status = st;
  c->k = lgr_nsteps(sim);
  memcpy(c->R, b.R, sizeof c->R);
  memcpy(c->W, b.W, sizeof c->W);
  memcpy(c->x, b.x, sizeof c->x);
  snprintf(c->err, sizeof c->err, "%s", lgr_last_error(sim));
  lgr_free(sim);
}

typedef struct { run_case c[NCASE]; int reverse; } thread_job;

static void *run_cases(void *arg)
{
  thread_job *j = arg;
  for (int i = 0; i < NCASE; i++) run_case_once(&j->c[j->reverse ? NCASE - 1 - i : i]);
  return NULL;
}

static int own_handler_calls;
static void own_handler(const char *reason, const char *file, int line, int gsl_errno)
{
  (void)reason; (void)file; (void)line; (void)gsl_errno;
  own_handler_calls++;
}

static void test_threads(void)
{
  gsl_error_handler_t *before = gsl_set_error_handler(own_handler);
  thread_job job[2], one;
  pthread_t tid[2];
  int started = 0;
  for (int t = 0; t < 2; t++) {
    memcpy(job[t].c, thread_cases, sizeof job[t].c);
    job[t].reverse = t;
    started += pthread_create(&tid[t], NULL, run_cases, &job[t]) == 0;
  }
  for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
  gsl_test(started != 2, "two threads started");
  memcpy(one.c, thread_cases, sizeof one.c);
  one.reverse = 0;
  run_cases(&one);
  for (int i = 0; i < NCASE; i++)
    for (int t = 0; t < started; t++) {
      const run_case *a = &one.c[i], *b = &job[t].c[i];
      gsl_test(a->status != b->status || a->k != b->k || memcmp(a->R, b->R, sizeof a->R) != 0
               || memcmp(a->W, b->W, sizeof a->W) != 0 || memcmp(a->x, b->x, sizeof a->x) != 0
               || strcmp(a->err, b->err) != 0,
               "%s %s in thread %d: %s after %ld steps, as in one thread (%s after %ld)",
               a->model, a->scheme, t + 1, lgr_strerror(b->status), b->k,
               lgr_strerror(a->status), a->k);
    }
  gsl_test(one.c[2].status != LGR_EWORK || one.c[4].status != LGR_ENONFINITE
           || one.c[0].status != LGR_OK || one.c[3].status != LGR_OK,
           "the runs end as chosen: %s, %s, %s, %s", lgr_strerror(one.c[0].status),
           lgr_strerror(one.c[2].status), lgr_strerror(one.c[3].status),
           lgr_strerror(one.c[4].status));
  gsl_error_handler_t *after = gsl_set_error_handler(before);
  gsl_test(after != own_handler || own_handler_calls != 0,
           "the program's GSL handler is back and was never called inside a step (%d calls)",
           own_handler_calls);
}
static void test_table(void)
{
  char msg[256];
  gsl_test(strcmp(LGR_VERSION, LG_VERSION) != 0, "LGR_VERSION %s is LG_VERSION", LGR_VERSION);
  gsl_test(strcmp(lgr_version(), LGR_VERSION) != 0, "lgr_version() is LGR_VERSION");
  static const int codes[] = {LGR_OK, LGR_EINVAL, LGR_ENEWTON, LGR_ENOMEM, LGR_ESOLVER,
                              LGR_EOUTPUT, LGR_ENONFINITE, LGR_EWORK, LGR_ERANK};
  const int ncodes = (int)(sizeof codes / sizeof codes[0]);
  for (int i = 0; i < ncodes; i++)
    gsl_test(codes[i] != i, "status code %d keeps its number", i);
  for (int a = LGR_OK; a <= ncodes; a++)
    for (int b = a + 1; b <= ncodes; b++)
      gsl_test(strcmp(lgr_strerror(a), lgr_strerror(b)) == 0,
               "codes %d and %d have different messages", a, b);
  gsl_test(strcmp(lgr_strerror(ncodes), "unknown status code") != 0
           || strcmp(lgr_strerror(-1), "unknown status code") != 0, "no code beyond the last");

  gsl_test(lgr_nmodels() != lg_nmodels() || lgr_nschemes() != lg_nschemes(), "table sizes");
  for (size_t i = 0; i < lgr_nmodels(); i++) {
    const lgr_model *m = lgr_model_at(i);
    gsl_test(strcmp(lgr_model_name(m), lg_model_at(i)->name) != 0
             || lgr_model_find(lgr_model_name(m), NULL, 0) != m, "model %zu found by its name",
                 i);
    size_t np = 0;
    while (lgr_param_name(m, np)) np++;
    size_t nq = 0;
    for (const lg_param *p = lg_model_at(i)->params; p->name; p++) nq++;
    gsl_test(np != nq || lgr_param_len(m, 0) != lg_model_at(i)->params[0].len,
             "model %s: %zu parameters", lgr_model_name(m), np);
  }
  for (size_t k = 0; k < lgr_nschemes(); k++)
    gsl_test(strcmp(lgr_scheme_name(lgr_scheme_at(k)), lg_scheme_at(k)->name) != 0,
             "scheme %zu named as in the table", k);
  gsl_test(lgr_model_find("nosuchmodel", msg, sizeof msg) != NULL
           || strcmp(msg, "unknown model 'nosuchmodel' (lgr_model_at lists them)") != 0,
               "unknown model: %s", msg);
  const lgr_model *m = lgr_model_find("pendulum3d-moiseev", msg, sizeof msg);
  gsl_test(!m, "pendulum3d-moiseev is in the table");
  gsl_test(lgr_scheme_find(m, "nosuchscheme", msg, sizeof msg) != NULL
           || strcmp(msg,
                     "unknown scheme 'nosuchscheme' for model pendulum3d-moiseev "
                     "(lgr_scheme_at lists them)") != 0,
               "unknown scheme: %s", msg);
  gsl_test(lgr_alloc(m, "angle", msg, sizeof msg) != NULL
           || strcmp(msg,
                     "scheme 'angle' integrates the planar family, not model pendulum3d-moiseev "
                     "(family heavytop)") != 0, "scheme of another family: %s", msg);
  const lgr_scheme *s = lgr_scheme_find(m, "lgvi-exp", msg, sizeof msg);
  gsl_test(!s || !lgr_scheme_implicit(s) || strcmp(lgr_scheme_family(s), "heavytop") != 0,
           "lgvi-exp: an implicit scheme of the heavytop family");
}
static void test_params(void)
{
  static const struct { const char *set, *msg; } bad[] = {
    {"m", "lgr_set: 'm' is not NAME=VALUE"},
    {"nosuchparam=1", "model pendulum3d-moiseev has no parameter 'nosuchparam' "
                      "(lgr_param_name lists them)"},
    {"m=xyz", "parameter m: 'xyz' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m=nan", "parameter m: 'nan' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m= 1", "parameter m: ' 1' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m=1,2", "parameter m: '1,2' has 2 components, expected 1"},
    {"J=1,2", "parameter J: '1,2' has 2 components, expected 3"},
    {"J=1,inf,1", "parameter J: 'inf' is not a number (decimal, as 0.01 or 1e-3)"},
    {"J=1,q,1", "parameter J: 'q' is not a number (decimal, as 0.01 or 1e-3)"},
    {"R0=1,0,0", "parameter R0: '1,0,0' has 3 components, expected 9"},
    {"R0=cardan:1,2", "parameter R0: '1,2' has 2 components, expected 3"},
  };
  static const struct { const char *opt, *val, *msg; } badopt[] = {
    {"newton-tol", "0", "option newton-tol: 0 is not positive"},
    {"--ref-tol", "-1", "option ref-tol: -1 is not positive"},
    {"newton-maxiter", "0", "option newton-maxiter: 0 is not positive"},
    {"newton-maxiter", "2.5", "option newton-maxiter: '2.5' is not an integer (decimal digits)"},
    {"newton-maxiter", "99999999999",
     "option newton-maxiter: 99999999999 is too large (at most 2147483647)"},
    {"newton-solver", "frobnicate",
     "option newton-solver: unknown solver 'frobnicate' (direct, newton or hybridsj)"},
    {"reortho", "yes", "option reortho: 'yes' is not 0 or 1"},
    {"bogus", "1",
     "unknown option 'bogus' (newton-tol, newton-maxiter, newton-solver, ref-tol, reortho, "
     "assemble, reactions, joint-coordinates)"},
  };
  char msg[256];
  const lgr_model *m = lgr_model_find("pendulum3d-moiseev", msg, sizeof msg);
  lgr_sim *sim = lgr_alloc(m, "lgvi-exp", msg, sizeof msg);
  double J0[3], J[3], R[9];
  lgr_get(sim, "J", J0, 3);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    msg[0] = '\0';
    int st = lgr_set(sim, bad[i].set, msg, sizeof msg);
    lgr_get(sim, "J", J, 3);
    gsl_test(st != LGR_EINVAL || strcmp(msg, bad[i].msg) != 0 || memcmp(J, J0, sizeof J) != 0,
             "parameter %s: %s", bad[i].set, msg);
  }
  for (size_t i = 0; i < sizeof badopt / sizeof badopt[0]; i++) {
    msg[0] = '\0';
    int st = lgr_set_option(sim, badopt[i].opt, badopt[i].val, msg, sizeof msg);
    gsl_test(st != LGR_EINVAL || strcmp(msg, badopt[i].msg) != 0, "option %s %s: %s",
             badopt[i].opt, badopt[i].val, msg);
  }
  gsl_test(lgr_set(sim, "R0=cardan:0,0,0.5", msg, sizeof msg) != LGR_OK
           || lgr_get(sim, "R0", R, 9) != 9
           || fabs(R[0] - cos(0.5)) > 1e-15 || fabs(R[1] + sin(0.5)) > 1e-15,
           "cardan:0,0,0.5 is Rz(0.5): R11 %.17g R12 %.17g", R[0], R[1]);
  const double Jnew[3] = {0.2, 0.3, 0.4}, bad3[3] = {1, NAN, 1};
  gsl_test(lgr_set_values(sim, "J", Jnew, 3, msg, sizeof msg) != LGR_OK
           || lgr_get(sim, "J", J, 3) != 3
           || memcmp(J, Jnew, sizeof J) != 0, "lgr_set_values sets J");
  gsl_test(lgr_set_values(sim, "J", bad3, 3, msg, sizeof msg) != LGR_EINVAL
           || strcmp(msg, "parameter J: component 2 is not a finite number") != 0,
               "NaN rejected: %s", msg);
  gsl_test(lgr_set_values(sim, "J", Jnew, 2, msg, sizeof msg) != LGR_EINVAL
           || strcmp(msg, "parameter J: 2 components given, expected 3") != 0, "length checked: %s",
               msg);
  gsl_test(lgr_get(sim, "nosuch", J, 3) != 0, "lgr_get of an unknown name returns 0");
  gsl_test(lgr_set(sim, "J=0.1,0.2,0.5", msg, sizeof msg) != LGR_OK
           || lgr_init(sim, 0.01, msg, sizeof msg) != LGR_EINVAL || !strstr(msg, "J"),
           "the model's check rejects J = 0.1,0.2,0.5 at lgr_init: %s", msg);
  gsl_test(lgr_set(sim, "J=0.13,0.28,0.17", msg, sizeof msg) != LGR_OK
           || lgr_init(sim, 0, msg, sizeof msg) != LGR_EINVAL
               || strcmp(msg, "h: 0 is not positive") != 0,
           "h = 0 rejected: %s", msg);
  gsl_test(lgr_init(sim, 0.01, msg, sizeof msg) != LGR_OK, "restored parameters accepted");
  lgr_free(sim);
}
static int keep_last(void *ctx, const lg_state *s)
{
  *(lg_state *)ctx = *s;
  return 0;
}

static void test_readme_case(void)
{
  char msg[256];
  lgr_sim *sim = lgr_alloc(lgr_model_find("pendulum3d-moiseev", msg, sizeof msg), "lgvi-exp",
                           msg, sizeof msg);
  gsl_test(!sim || lgr_init(sim, 0.01, msg, sizeof msg) != LGR_OK, "README case starts: %s", msg);
  double e0 = lgr_energy(sim), de = 0, orth = 0;
  for (int k = 0; k < 1000; k++) {
    if (lgr_step(sim) != LGR_OK) break;
    de = fmax(de, fabs(lgr_energy(sim) - e0) / fabs(e0));
    orth = fmax(orth, lgr_orth_err(sim));
  }
  gsl_test(lgr_nsteps(sim) != 1000, "1000 steps taken");
  gsl_test_rel(lgr_time(sim), 10.0, 1e-12, "t = 10 after 1000 steps");
  gsl_test(!(de < 5e-3), "largest relative energy error %.3g < 5e-3", de);
  gsl_test(!(orth < 1e-13), "largest orthogonality error %.3g < 1e-13", orth);
  gsl_test(!isnan(lgr_phi_err(sim)) || !isnan(lgr_value(sim, "nosuchcolumn")),
           "a single body has no joint residual; unknown columns are NaN");

  const lg_model *m = lg_model_find("pendulum3d-moiseev");
  void *par = malloc(m->par_size);
  lg_opts opt;
  lg_state last;
  lg_params_default(m, par);
  lg_opts_default(&opt);
  int st = lg_run(lg_scheme_find("heavytop", "lgvi-exp"), par, &opt, 0.01, 1000, 1000,
                  keep_last, &last, NULL);
  lgr_body b;
  gsl_test(st != LG_OK || lgr_nbodies(sim) != 1 || lgr_get_body(sim, 0, &b) != LGR_OK
           || memcmp(b.R, last.R, sizeof b.R) != 0 || memcmp(b.W, last.W, sizeof b.W) != 0,
           "the library's final R and W are lg_run's, bit for bit");
  double row[64];
  m->row(par, &last, row);
  gsl_test(lgr_energy(sim) != row[13] || lgr_value(sim, "Lvert") != row[14],
           "energy and Lvert by name are the row's columns");
  free(par);
  lgr_free(sim);
}
static void test_own_model(void)
{
  char text[1024], msg[256];
  snprintf(text, sizeof text,
           "model chain2\ngravity 9.81 0 0 -1\n"
           "body a\nmass 1\ninertia 0.0836 0.0836 0.0005\nposition 0 0 -0.5\nangvel 0 0 2\n"
           "body b\nmass 1\ninertia 0.0836 0.0836 0.0005\nposition 0 0 -1.5\nangvel 0 3 0\n"
           "velocity %.17g 0 0\n"
           "joint ground 0 0 0 a 0 0 0.5\njoint a 0 0 -0.5 b 0 0 0.5\n", -1.5);
  lgr_model *m = lgr_model_parse(text, "chain2", msg, sizeof msg);
  gsl_test(!m, "the chain parses: %s", m ? "" : msg);
  if (!m) return;
  lgr_sim *sim = lgr_alloc(m, "ref", msg, sizeof msg);
  gsl_test(!sim, "the multibody reference integrates it: %s", sim ? "" : msg);
  if (!sim) { lgr_model_free(m); return; }
  int st = lgr_init(sim, 0.01, msg, sizeof msg);
  gsl_test(st != LGR_OK, "lgr_init: %s", st ? msg : "");
  double e0 = lgr_energy(sim), de = 0, phi = 0, dphi = 0;
  for (int k = 0; k < 100 && st == LGR_OK; k++) {
    st = lgr_step(sim);
    de = fmax(de, fabs(lgr_energy(sim) - e0) / fabs(e0));
    phi = fmax(phi, lgr_phi_err(sim));
    dphi = fmax(dphi, lgr_dphi_err(sim));
  }
  lgr_body b;
  gsl_test(st != LGR_OK || lgr_nbodies(sim) != 2 || lgr_get_body(sim, 1, &b) != LGR_OK
           || lgr_get_body(sim, 2, &b) != LGR_EINVAL, "two bodies after 100 steps");
  gsl_test(!(phi < 1e-8) || !(dphi < 1e-8), "joint residuals %.3g m, %.3g m/s below 1e-8", phi,
           dphi);
  gsl_test(!(de < 1e-8), "energy kept to %.3g relative", de);
  gsl_test(fabs(lgr_value(sim, "x2_1") - b.x[0]) != 0, "column x2_1 is body 2's x");
  double m1;
  gsl_test(lgr_get(sim, "m1", &m1, 1) != 1 || m1 != 1
           || lgr_set(sim, "m1=-1", msg, sizeof msg) != LGR_OK
           || lgr_init(sim, 0.01, msg, sizeof msg) != LGR_EINVAL || !strstr(msg, "m1"),
           "m1 = -1 is rejected at lgr_init, naming m1: %s", msg);
  lgr_free(sim);
  lgr_model_free(m);

  gsl_test(lgr_model_parse("model x\nbody a\nmass 1\nfrobnicate 2\n", "mine", msg,
                           sizeof msg) != NULL
           || strncmp(msg, "mine:4: unknown keyword 'frobnicate'", 36) != 0, "bad text: %s", msg);
  gsl_test(lgr_model_read("no/such/file.mb", msg, sizeof msg) != NULL
           || !strstr(msg, "no/such/file.mb"),
           "missing file: %s", msg);
  lgr_model_free(NULL);
  lgr_model_free((lgr_model *)(void *)lgr_model_at(0));   /* a table model: nothing happens */
  gsl_test(lgr_model_at(0) == NULL, "freeing a table model is ignored");
  const lgr_model *dp = lgr_model_find("doublependulum", NULL, 0);
  sim = dp ? lgr_alloc(dp, "ref", NULL, 0) : NULL;
  gsl_test(!sim || lgr_init(sim, 0.001, NULL, 0) != LGR_OK || lgr_nbodies(sim) != 2
           || !(lgr_phi_err(sim) < 1e-12), "the built-in double pendulum starts on its joints");
  lgr_free(sim);
}
static void test_failures(void)
{
  char msg[256];
  lgr_sim *sim = lgr_alloc(lgr_model_find("pendulum3d-moiseev", NULL, 0), "lgvi-exp", msg,
                           sizeof msg);
  lgr_body b;
  gsl_test(strcmp(lgr_last_error(sim), "") != 0 || strcmp(lgr_last_error(NULL), "") != 0,
           "no message after lgr_alloc");
  gsl_test(lgr_step(sim) != LGR_EINVAL || !isnan(lgr_time(sim)) || !isnan(lgr_energy(sim))
           || lgr_get_body(sim, 0, &b) != LGR_EINVAL || lgr_nbodies(sim) != 0
           || strcmp(lgr_last_error(sim), "lgr_step: the simulation is not started "
                     "(lgr_init has not succeeded)") != 0,
           "before lgr_init: no step, no state: %s", lgr_last_error(sim));
  lgr_set_option(sim, "newton-maxiter", "1", msg, sizeof msg);
  lgr_set_option(sim, "newton-tol", "1e-300", msg, sizeof msg);
  int st = lgr_init(sim, 0.01, msg, sizeof msg);
  gsl_test(st != LGR_OK || strcmp(lgr_last_error(sim), "") != 0,
           "a successful lgr_init clears the message");
  for (int k = 0; k < 10 && st == LGR_OK; k++) st = lgr_step(sim);
  gsl_test(st != LGR_ENEWTON, "an unreachable tolerance: %s", lgr_strerror(st));
  char want[256];
  snprintf(want, sizeof want, "step 1, t = 0: the Newton iteration of scheme lgvi-exp did not "
           "converge (residual %.3g after 1 iterations, tolerance 1e-300, at most 1 "
           "iterations)",
           lgr_newton_resid(sim));
  gsl_test(lgr_nsteps(sim) != 0 || strncmp(lgr_last_error(sim), want, strlen(want)) != 0,
           "the Newton failure names step, time, residual and tolerance: %s",
           lgr_last_error(sim));
  gsl_test(lgr_step(sim) != LGR_ENEWTON || !(lgr_newton_resid(sim) > 0),
           "a failed run stays failed; residual %.3g", lgr_newton_resid(sim));
  lgr_set_option(sim, "newton-tol", "1e-12", msg, sizeof msg);
  lgr_set_option(sim, "newton-maxiter", "50", msg, sizeof msg);
  gsl_test(lgr_init(sim, 0.01, msg, sizeof msg) != LGR_OK || lgr_step(sim) != LGR_OK
           || lgr_nsteps(sim) != 1 || lgr_newton_iters(sim) < 1, "lgr_init restarts it");
  gsl_test(lgr_set(sim, "J=1,2", msg, sizeof msg) != LGR_EINVAL
           || strcmp(lgr_last_error(sim), msg) != 0,
           "lgr_set's message is also lgr_last_error's: %s", lgr_last_error(sim));
  lgr_free(sim);
  lgr_free(NULL);
  gsl_test(lgr_alloc(NULL, "rk4", msg, sizeof msg) != NULL || strcmp(msg, "no model given") != 0,
           "no model: %s", msg);
}
static void expect_failure(const lgr_model *m, const char *scheme, const char *set, double h,
                           int want, long steps, const char *head)
{
  char msg[640] = "";
  lgr_sim *sim = lgr_alloc(m, scheme, msg, sizeof msg);
  int st = sim && set ? lgr_set(sim, set, msg, sizeof msg) : sim ? LGR_OK : LGR_ENOMEM;
  if (st == LGR_OK) st = lgr_init(sim, h, msg, sizeof msg);
  for (int k = 0; k < 1000 && st == LGR_OK; k++) st = lgr_step(sim);
  const char *err = sim ? lgr_last_error(sim) : msg;
  gsl_test(st != want || lgr_nsteps(sim) != steps || strncmp(err, head, strlen(head)) != 0
           || strstr(err, "--") || strstr(err, "lgsim"),
           "%s %s%s%s: %s after %ld steps (want %s after %ld): %s", lgr_model_name(m), scheme,
           set ? " " : "", set ? set : "", lgr_strerror(st), lgr_nsteps(sim),
           lgr_strerror(want), steps, err);
  lgr_free(sim);
}

static void test_statuses(void)
{
  const lgr_model *p3 = lgr_model_find("pendulum3d-moiseev", NULL, 0);
  const lgr_model *dp = lgr_model_find("doublependulum", NULL, 0);
  expect_failure(p3, "rk4", NULL, 1, LGR_ENONFINITE, 2,
                 "step 3, t = 2: the state became infinite or NaN (R); scheme rk4 is unstable "
                 "at h = 1 on this problem");
  if (!dp) return;
  expect_failure(dp, "rkmk4", "g=1e6", 0.1, LGR_ENONFINITE, 1,
                 "step 2, t = 0.1: the state became infinite or NaN (the rotation R of body 1 "
                 "became infinite or NaN inside the step");
  expect_failure(dp, "ref", "g=1e12", 0.01, LGR_EWORK, 0,
                 "step 1, t = 0: scheme ref failed: the adaptive reference reached its bound "
                 "on the work of a step: the reference used its");
  char msg[256];
  lgr_model *dup = lgr_model_parse("model dup\nbody a\nmass 1\ninertia 1 1 1\n"
                                   "position 0 0 -1\njoint ground 0 0 0 a 0 0 1\n"
                                   "joint ground 0 0 0 a 0 0 1\n", "dup", msg, sizeof msg);
  gsl_test(!dup, "a joint given twice parses: %s", dup ? "" : msg);
  if (!dup) return;
  lgr_sim *sim = lgr_alloc(dup, "rkmk4", msg, sizeof msg);
  int st = sim ? lgr_init(sim, 0.01, msg, sizeof msg) : LGR_ENOMEM;
  for (int k = 0; k < 10 && st == LGR_OK; k++) st = lgr_step(sim);
  gsl_test(st != LGR_OK || lgr_redundant(sim) != 3,
           "a joint given twice: rkmk4 runs it, 3 redundant rows (%s; %d)", lgr_strerror(st),
           lgr_redundant(sim));
  lgr_free(sim);
  sim = lgr_alloc(dp, "rkmk4", msg, sizeof msg);
  const int before = lgr_redundant(sim);
  st = sim ? lgr_init(sim, 0.01, msg, sizeof msg) : LGR_ENOMEM;
  gsl_test(st != LGR_OK || before != 0 || lgr_redundant(sim) != 0 || lgr_redundant(NULL) != 0,
           "lgr_redundant: 0 before lgr_init, for the double pendulum and for NULL");
  lgr_free(sim);
  sim = lgr_alloc(dup, "dh", msg, sizeof msg);
  st = sim ? lgr_init(sim, 0.01, msg, sizeof msg) : LGR_ENOMEM;
  for (int k = 0; k < 10 && st == LGR_OK; k++) st = lgr_step(sim);
  gsl_test(st != LGR_OK || lgr_redundant(sim) != 3,
           "a joint given twice: dh runs it too, 3 redundant rows (%s; %d)", lgr_strerror(st),
           lgr_redundant(sim));
  lgr_free(sim);
  lgr_model_free(dup);
  /* a parallelogram at rest on its flattened configuration leaves it: the
     rank changes in the third step (a dropped row counts as independent
     again once its pivot exceeds 100 round-off floors, one step after it
     exceeds 1e-8 of its diagonal: chapter ch:multibody) */
  lgr_model *flat = lgr_model_parse(
      "model flat\ngravity 9.81 0 0 -1\nbody crank\nmass 1\ninertia 0.0002 0.021 0.021\n"
      "position 0.25 0 0\nbody coupler\nmass 1\ninertia 0.0002 0.0835 0.0835\n"
      "position 1 0 0\nbody rocker\nmass 1\ninertia 0.0002 0.021 0.021\nposition 1.25 0 0\n"
      "joint revolute ground 0 0 0 crank -0.25 0 0 axis 0 1 0\n"
      "joint revolute crank 0.25 0 0 coupler -0.5 0 0 axis 0 1 0\n"
      "joint revolute coupler 0.5 0 0 rocker 0.25 0 0 axis 0 1 0\n"
      "joint revolute ground 1 0 0 rocker -0.25 0 0 axis 0 1 0\n", "flat", msg, sizeof msg);
  gsl_test(!flat, "the flattened parallelogram parses: %s", flat ? "" : msg);
  if (!flat) return;
  expect_failure(flat, "rkmk4", NULL, 0.001, LGR_ERANK, 2,
                 "step 3, t = 0.002: the constraint Jacobian changed rank under scheme rkmk4 "
                 "(model flat passes a singular configuration): the constraint Jacobian "
                 "changed rank (joints 1, 2, 3 and 4: the mechanism passed a singular "
                 "configuration)");
  lgr_model_free(flat);
}
/* msg as the call left it is want; msg is emptied for the next call */
static int said(char *msg, const char *want)
{
  const int same = strcmp(msg, want) == 0;
  msg[0] = '\0';
  return same;
}

static void test_null_table(void)
{
  char msg[256] = "";
  const lgr_model *none = lgr_model_at(99999);
  const lgr_scheme *nos = lgr_scheme_at(99999);
  const lgr_model *m = lgr_model_find("pendulum3d-moiseev", NULL, 0);
  const int neg[] = {-1, -2, -99999, INT_MIN};
  gsl_test(none != NULL || lgr_model_at(lgr_nmodels()) != NULL || lgr_model_at(SIZE_MAX) != NULL,
           "lgr_model_at out of range: NULL");
  gsl_test(nos != NULL || lgr_scheme_at(lgr_nschemes()) != NULL
           || lgr_scheme_at(SIZE_MAX) != NULL, "lgr_scheme_at out of range: NULL");
  size_t np = 0;
  while (lgr_param_name(m, np)) np++;
  gsl_test(np == 0 || lgr_param_len(m, np) != 0 || lgr_param_unit(m, np) != NULL
           || lgr_param_doc(m, np) != NULL || lgr_param_name(m, SIZE_MAX) != NULL,
           "parameter %zu of %zu: NULL and 0", np, np);
  for (size_t k = 0; k < sizeof neg / sizeof neg[0]; k++) {
    const size_t i = (size_t)neg[k];
    gsl_test(lgr_model_at(i) != NULL || lgr_scheme_at(i) != NULL || lgr_param_name(m, i) != NULL
             || lgr_param_len(m, i) != 0 || lgr_param_unit(m, i) != NULL
             || lgr_param_doc(m, i) != NULL, "index %d: no model, scheme or parameter", neg[k]);
  }
  gsl_test(lgr_model_name(none) || lgr_model_family(none) || lgr_model_source(none)
           || lgr_model_doc(none) || lgr_model_columns(none) || lgr_model_ncolumns(none) != 0,
           "the strings of model NULL are NULL, its column count 0");
  gsl_test(lgr_param_name(none, 0) || lgr_param_len(none, 0) != 0 || lgr_param_unit(none, 0)
           || lgr_param_doc(none, 0), "model NULL has no parameter");
  gsl_test(lgr_scheme_name(nos) || lgr_scheme_family(nos) || lgr_scheme_source(nos)
           || lgr_scheme_doc(nos) || lgr_scheme_implicit(nos) != -1,
           "the strings of scheme NULL are NULL, lgr_scheme_implicit -1");
  gsl_test(lgr_model_find(NULL, msg, sizeof msg) || !said(msg, "no model name given")
           || lgr_model_find(NULL, NULL, 0) || lgr_model_find(NULL, NULL, sizeof msg),
           "lgr_model_find(NULL): NULL, and a message if asked");
  gsl_test(lgr_scheme_find(none, "rk4", msg, sizeof msg) || !said(msg, "no model given")
           || lgr_scheme_find(m, NULL, msg, sizeof msg) || !said(msg, "no scheme name given")
           || lgr_scheme_find(NULL, NULL, NULL, 0), "lgr_scheme_find with a NULL: NULL");
  gsl_test(lgr_model_parse(NULL, "mine", msg, sizeof msg) || !said(msg, "no model text given")
           || lgr_model_parse(NULL, NULL, NULL, 0), "lgr_model_parse(NULL): NULL");
  gsl_test(lgr_model_parse("model x\nbody a\nfrobnicate 2\n", NULL, msg, sizeof msg)
           || strncmp(msg, "model:3: ", 9) != 0, "where NULL: the text is called model: %s", msg);
  gsl_test(lgr_model_read(NULL, msg, sizeof msg) || !said(msg, "no model file given")
           || lgr_model_read(NULL, NULL, 0), "lgr_model_read(NULL): NULL");
  lgr_model_free(NULL);
  gsl_test(lgr_alloc(none, "rk4", msg, sizeof msg) || !said(msg, "no model given")
           || lgr_alloc(m, NULL, msg, sizeof msg) || !said(msg, "no scheme name given")
           || lgr_alloc(NULL, NULL, NULL, 0), "lgr_alloc with a NULL: NULL");
}

static void test_null_sim(void)
{
  char msg[256] = "";
  double v[9] = {0}, r[4] = {0};
  lgr_body b;
  lgr_sim *none = NULL;
  gsl_test(lgr_set(none, "m=1", msg, sizeof msg) != LGR_EINVAL
           || !said(msg, "no simulation given")
           || lgr_set_values(none, "m", v, 1, msg, sizeof msg) != LGR_EINVAL
           || !said(msg, "no simulation given") || lgr_get(none, "m", v, 1) != 0
           || lgr_set_option(none, "reortho", "1", msg, sizeof msg) != LGR_EINVAL
           || !said(msg, "no simulation given")
           || lgr_set_force(none, NULL, NULL, NULL, msg, sizeof msg) != LGR_EINVAL
           || !said(msg, "no simulation given"), "the setters refuse simulation NULL");
  gsl_test(lgr_assembly(none, r) != LGR_EINVAL || lgr_assembly_moved(none, 0, r) != LGR_EINVAL
           || lgr_redundant(none) != 0 || lgr_init(none, 0.01, msg, sizeof msg) != LGR_EINVAL
           || !said(msg, "no simulation given") || lgr_step(none) != LGR_EINVAL
           || strcmp(lgr_last_error(none), "") != 0, "simulation NULL: no run, no message");
  lgr_free(none);
  gsl_test(!isnan(lgr_time(none)) || lgr_nsteps(none) != 0 || lgr_nbodies(none) != 0
           || lgr_get_body(none, 0, &b) != LGR_EINVAL || lgr_newton_iters(none) != 0
           || !isnan(lgr_newton_resid(none)) || lgr_row(none, v) != LGR_EINVAL
           || !isnan(lgr_value(none, "t")) || !isnan(lgr_energy(none))
           || !isnan(lgr_orth_err(none)) || !isnan(lgr_phi_err(none))
           || !isnan(lgr_dphi_err(none)), "simulation NULL: the readers' values before lgr_init");

  /* a started simulation, each other pointer NULL in turn */
  const lgr_model *dp = lgr_model_find("doublependulum", NULL, 0);
  lgr_sim *sim = dp ? lgr_alloc(dp, "rkmk4", NULL, 0) : NULL;
  int st = sim ? lgr_set_option(sim, "assemble", "1", NULL, 0) : LGR_EINVAL;
  if (st == LGR_OK) st = lgr_init(sim, 0.001, msg, sizeof msg);
  gsl_test(st != LGR_OK, "the double pendulum starts, assembled: %s", st ? msg : "");
  if (st != LGR_OK) { lgr_free(sim); return; }
  static const struct { const char *call, *want; } named[] = {
    {"lgr_set", "no assignment given"},
    {"lgr_set_values", "no parameter name given"},
    {"lgr_set_values", "no values given"},
    {"lgr_set_option", "no option name given"},
    {"lgr_set_option", "no option value given"},
  };
  for (int k = 0; k < 5; k++) {
    for (int own = 0; own < 2; own++) {      /* the caller's buffer, then none */
      char *buf = own ? NULL : msg;
      const size_t n = own ? 0 : sizeof msg;
      st = k == 0 ? lgr_set(sim, NULL, buf, n)
         : k == 1 ? lgr_set_values(sim, NULL, v, 1, buf, n)
         : k == 2 ? lgr_set_values(sim, "m1", NULL, 1, buf, n)
         : k == 3 ? lgr_set_option(sim, NULL, "1", buf, n)
                  : lgr_set_option(sim, "reortho", NULL, buf, n);
      gsl_test(st != LGR_EINVAL || (!own && !said(msg, named[k].want))
               || strcmp(lgr_last_error(sim), named[k].want) != 0,
               "%s with a NULL (%s buffer): LGR_EINVAL, '%s' also in lgr_last_error: %s",
               named[k].call, own ? "no" : "a", named[k].want, lgr_last_error(sim));
    }
  }
  gsl_test(lgr_get(sim, NULL, v, 1) != 0 || lgr_get(sim, "m1", NULL, 1) != 0
           || lgr_get(sim, "J1", v, -1) != 0 || lgr_get(sim, "J1", v, INT_MIN) != 0
           || lgr_get(sim, "J1", NULL, 0) != 3 || lgr_get(sim, "J1", v, 3) != 3,
           "lgr_get: 0 for a NULL or len < 0, the count for v NULL with len 0");
  gsl_test(lgr_set_force(sim, NULL, NULL, NULL, msg, sizeof msg) != LGR_OK,
           "lgr_set_force(sim, NULL, NULL, NULL): no callback, accepted");
  const int nb = lgr_nbodies(sim);
  gsl_test(nb != 2 || lgr_assembly(sim, r) != LGR_OK || lgr_assembly(sim, NULL) != LGR_EINVAL,
           "lgr_assembly: resid NULL refused, a buffer filled");
  const int bad[] = {-1, INT_MIN, 2, 99999, INT_MAX};
  gsl_test(lgr_assembly_moved(sim, 1, r) != LGR_OK
           || lgr_assembly_moved(sim, 1, NULL) != LGR_EINVAL
           || lgr_get_body(sim, 1, &b) != LGR_OK || lgr_get_body(sim, 1, NULL) != LGR_EINVAL,
           "lgr_assembly_moved and lgr_get_body: a NULL buffer refused, a buffer filled");
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
    gsl_test(lgr_assembly_moved(sim, bad[k], r) != LGR_EINVAL
             || lgr_get_body(sim, bad[k], &b) != LGR_EINVAL,
             "body %d of 2: LGR_EINVAL", bad[k]);
  const int nc = lgr_model_ncolumns(dp);
  double *row = nc > 0 ? malloc((size_t)nc * sizeof *row) : NULL;
  gsl_test(!row || lgr_row(sim, row) != LGR_OK || lgr_row(sim, NULL) != LGR_EINVAL
           || !isnan(lgr_value(sim, NULL)) || lgr_value(sim, "t") != 0,
           "lgr_row(sim, NULL) and lgr_value(sim, NULL) refused");
  free(row);
  st = lgr_step(sim);
  gsl_test(st != LGR_OK || lgr_nsteps(sim) != 1 || !(lgr_phi_err(sim) < 1e-10),
           "after the refused calls the simulation steps: %s", lgr_strerror(st));
  lgr_free(sim);
}

static void test_null(void)
{
  test_null_table();
  test_null_sim();
}
static int say(const char *msg)
{
  printf("%s\n", msg);
  return 2;
}

static int as_lgsim(int argc, char **argv)
{
  char msg[512];
  const char *pos[2] = {NULL, NULL}, *file = NULL;
  int npos = 0, st = LGR_OK;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "--model-file") == 0 && i + 1 < argc) file = argv[++i];
    else if (argv[i][0] != '-' && npos < 2) pos[npos++] = argv[i];
    else if (argv[i][0] == '-' && strcmp(argv[i], "--reortho") != 0) i++;
  }
  if (file && npos == 1) { pos[1] = pos[0]; pos[0] = NULL; }
  lgr_model *own = file ? lgr_model_read(file, msg, sizeof msg) : NULL;
  if (file && !own) return say(msg);
  const lgr_model *m = own ? own : lgr_model_find(pos[0], msg, sizeof msg);
  lgr_sim *sim = m ? lgr_alloc(m, pos[1], msg, sizeof msg) : NULL;
  if (!sim) { lgr_model_free(own); return say(msg); }
  for (int i = 0; i < argc && st == LGR_OK; i++) {
    if (strcmp(argv[i], "--reortho") == 0) st = lgr_set_option(sim, "reortho", "1", msg,
        sizeof msg);
    else if (argv[i][0] != '-' || i + 1 >= argc) continue;
    else if (strcmp(argv[i], "--set") == 0) st = lgr_set(sim, argv[++i], msg, sizeof msg);
    else if (strcmp(argv[i], "--model-file") == 0) i++;
    else { st = lgr_set_option(sim, argv[i], argv[i + 1], msg, sizeof msg); i++; }
  }
  if (st == LGR_OK) st = lgr_init(sim, 0.01, msg, sizeof msg);
  lgr_free(sim);
  lgr_model_free(own);
  return st == LGR_OK ? (printf("ok\n"), 0) : say(msg);
}

int main(int argc, char **argv)
{
  if (argc > 1) return as_lgsim(argc - 1, argv + 1);
  test_threads();                 /* first: the threads build the table */
  test_table();
  test_params();
  test_readme_case();
  test_own_model();
  test_failures();
  test_statuses();
  test_null();
  exit(gsl_test_summary());
}
