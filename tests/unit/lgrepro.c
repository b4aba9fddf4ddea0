/* Unit tests of the public library (api/lgrepro); with arguments, the first
   message the library gives for an lgsim-style command line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "api/lgrepro.h"
#include "core/lg.h"

static void test_table(void)
{
  char msg[256];
  gsl_test(strcmp(LGR_VERSION, LG_VERSION) != 0, "LGR_VERSION %s is LG_VERSION", LGR_VERSION);
  gsl_test(strcmp(lgr_version(), LGR_VERSION) != 0, "lgr_version() is LGR_VERSION");
  static const int codes[][2] = {
    {LGR_OK, LG_OK}, {LGR_EINVAL, LG_EINVAL}, {LGR_ENEWTON, LG_ENEWTON},
    {LGR_ENOMEM, LG_ENOMEM}, {LGR_ESOLVER, LG_ESOLVER}
  };
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
    gsl_test(codes[i][0] != codes[i][1], "status code %d is the framework's", codes[i][0]);
  for (int a = LGR_OK; a <= LGR_ESOLVER + 1; a++)
    for (int b = a + 1; b <= LGR_ESOLVER + 1; b++)
      gsl_test(strcmp(lgr_strerror(a), lgr_strerror(b)) == 0,
               "codes %d and %d have different messages", a, b);

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
           || strcmp(msg, "unknown model 'nosuchmodel' (see lgsim list)") != 0,
               "unknown model: %s", msg);
  const lgr_model *m = lgr_model_find("pendulum3d-moiseev", msg, sizeof msg);
  gsl_test(!m, "pendulum3d-moiseev is in the table");
  gsl_test(lgr_scheme_find(m, "nosuchscheme", msg, sizeof msg) != NULL
           || strcmp(msg,
                     "unknown scheme 'nosuchscheme' (see lgsim list pendulum3d-moiseev)") != 0,
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
    {"m", "--set: 'm' is not NAME=VALUE"},
    {"nosuchparam=1", "--set: model pendulum3d-moiseev has no parameter 'nosuchparam' (see "
                      "lgsim list pendulum3d-moiseev)"},
    {"m=xyz", "--set m: 'xyz' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m=nan", "--set m: 'nan' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m= 1", "--set m: ' 1' is not a number (decimal, as 0.01 or 1e-3)"},
    {"m=1,2", "--set m: '1,2' has 2 components, expected 1"},
    {"J=1,2", "--set J: '1,2' has 2 components, expected 3"},
    {"J=1,inf,1", "--set J: 'inf' is not a number (decimal, as 0.01 or 1e-3)"},
    {"J=1,q,1", "--set J: 'q' is not a number (decimal, as 0.01 or 1e-3)"},
    {"R0=1,0,0", "--set R0: '1,0,0' has 3 components, expected 9"},
    {"R0=cardan:1,2", "--set R0: '1,2' has 2 components, expected 3"},
  };
  static const struct { const char *opt, *val, *msg; } badopt[] = {
    {"newton-tol", "0", "--newton-tol: 0 is not positive"},
    {"--ref-tol", "-1", "--ref-tol: -1 is not positive"},
    {"newton-maxiter", "0", "--newton-maxiter: 0 is not positive"},
    {"newton-maxiter", "2.5", "--newton-maxiter: '2.5' is not an integer (decimal digits)"},
    {"newton-maxiter", "99999999999",
     "--newton-maxiter: 99999999999 is too large (at most 2147483647)"},
    {"newton-solver", "frobnicate",
     "--newton-solver: unknown solver 'frobnicate' (direct, newton or hybridsj)"},
    {"reortho", "yes", "--reortho: 'yes' is not 0 or 1"},
    {"bogus", "1",
     "unknown option 'bogus' (newton-tol, newton-maxiter, newton-solver, ref-tol, reortho)"},
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
             "--set %s: %s", bad[i].set, msg);
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
           || strcmp(msg, "--set J: component 2 is not a finite number") != 0,
               "NaN rejected: %s", msg);
  gsl_test(lgr_set_values(sim, "J", Jnew, 2, msg, sizeof msg) != LGR_EINVAL
           || strcmp(msg, "--set J: 2 components given, expected 3") != 0, "length checked: %s",
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
  gsl_test(lgr_step(sim) != LGR_EINVAL || !isnan(lgr_time(sim)) || !isnan(lgr_energy(sim))
           || lgr_get_body(sim, 0, &b) != LGR_EINVAL || lgr_nbodies(sim) != 0,
           "before lgr_init: no step, no state");
  lgr_set_option(sim, "newton-maxiter", "1", msg, sizeof msg);
  lgr_set_option(sim, "newton-tol", "1e-300", msg, sizeof msg);
  int st = lgr_init(sim, 0.01, msg, sizeof msg);
  for (int k = 0; k < 10 && st == LGR_OK; k++) st = lgr_step(sim);
  gsl_test(st != LGR_ENEWTON, "an unreachable tolerance: %s", lgr_strerror(st));
  gsl_test(lgr_step(sim) != LGR_ENEWTON || !(lgr_newton_resid(sim) > 0),
           "a failed run stays failed; residual %.3g", lgr_newton_resid(sim));
  lgr_set_option(sim, "newton-tol", "1e-12", msg, sizeof msg);
  lgr_set_option(sim, "newton-maxiter", "50", msg, sizeof msg);
  gsl_test(lgr_init(sim, 0.01, msg, sizeof msg) != LGR_OK || lgr_step(sim) != LGR_OK
           || lgr_nsteps(sim) != 1 || lgr_newton_iters(sim) < 1, "lgr_init restarts it");
  lgr_free(sim);
  lgr_free(NULL);
  gsl_test(lgr_alloc(NULL, "rk4", msg, sizeof msg) != NULL || strcmp(msg, "no model given") != 0,
           "no model: %s", msg);
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
  test_table();
  test_params();
  test_readme_case();
  test_own_model();
  test_failures();
  exit(gsl_test_summary());
}
