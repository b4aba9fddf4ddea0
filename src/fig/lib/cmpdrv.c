/* cmpdrv.c: tables, runs, distances and instruction counts of the comparative drivers. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core/lg.h"
#include "fig/lib/cmpdrv.h"

const cmp_scheme cmp_schemes[] = {
  /* family, name, order, same map as, unknowns (Jacobian), exactly, approximately,
     claim id of the observed order */
  {"planar", "angle", 2, NULL, "2 (2x2)", "-", "energy", "cmp-planar-order-a"},
  {"planar", "angle_inc", 2, "angle", "2 (2x2)", "-", "energy", "cmp-planar-order-b"},
  {"planar", "reduced", 2, NULL, "3 (3x3)", "energy, |Gamma|", "-", "cmp-planar-order-c"},
  {"planar", "reduced_inc", 2, "reduced", "3 (3x3)", "energy, |Gamma|", "-",
   "cmp-planar-order-d"},
  {"planar", "fform", 2, "reduced", "5 (5x5)", "energy, R in SO(2)", "-", "cmp-planar-order-e"},
  {"planar", "complete", 2, "reduced", "5 (5x5)", "energy", "R in SO(2)", "cmp-planar-order-f"},
  {"planar", "complete_inc", 2, "reduced", "5 (5x5)", "energy", "R in SO(2)",
   "cmp-planar-order-g"},
  {"planar", "liealg", 2, "angle", "2 (2x2)", "-", "energy", "cmp-planar-order-h"},
  {"planar", "liealg_inc", 2, "angle", "2 (2x2)", "R in SO(2)", "energy", "cmp-planar-order-i"},
  {"planar", "cayley", 2, NULL, "2 (2x2)", "R in SO(2)", "-", "cmp-planar-order-j"},
  {"planar", "rk4", 4, NULL, "explicit", "-", "-", "cmp-planar-order-k"},
  {"planar", "ref", 0, NULL, "explicit", "-", "all, to its tolerance", "-"},
  {"planar", "exact", 0, NULL, "-", "all", "-", "-"},
  {"heavytop", "rk4", 4, NULL, "explicit", "-", "-", "cmp-lgvi-order-g"},
  {"heavytop", "ref", 0, NULL, "explicit", "-", "all, to its tolerance", "-"},
  {"heavytop", "p3d-f", 2, NULL, "6 (6x6)", "energy, Lvert, R in SO(3)", "-",
   "cmp-pendulum3d-order-a"},
  {"heavytop", "p3d-ra", 2, "p3d-f", "6 (6x6)", "energy, Lvert, |Gamma|", "-",
   "cmp-pendulum3d-order-b"},
  {"heavytop", "p3d-ra-inc", 2, "p3d-f", "6 (6x6)", "energy, Lvert, |Gamma|", "-",
   "cmp-pendulum3d-order-c"},
  {"heavytop", "p3d-clg", 2, "p3d-f", "12 (12x12)", "energy, Lvert", "R in SO(3)",
   "cmp-pendulum3d-order-d"},
  {"heavytop", "p3d-cardan", 2, NULL, "6 (6x6)", "R in SO(3)", "-", "cmp-pendulum3d-order-e"},
  {"heavytop", "lgvi-exp", 2, NULL, "3 (3x3)", "Lvert, R in SO(3)", "energy", "cmp-lgvi-order-e"},
  {"heavytop", "lgvi-cayley", 2, "lgvi-exp", "3 (3x3)", "Lvert, R in SO(3)", "energy",
   "cmp-lgvi-order-f"},
  {"heavytop", "lgvi-exp-direct", 2, "lgvi-exp", "3 (3x3)", "Lvert, R in SO(3)", "energy", "-"},
  {"offsetbody", "lgvi-cayley", 2, NULL, "3 (3x3)", "Lvert, R in SO(3)", "energy",
   "cmp-lgvi-order-a"},
  {"offsetbody", "lgvi-exp", 2, "lgvi-cayley", "3 (3x3)", "Lvert, R in SO(3)", "energy",
   "cmp-lgvi-order-b"},
  {"offsetbody", "lgrk3", 3, NULL, "explicit", "-", "-", "cmp-lgvi-order-c"},
  {"offsetbody", "rk3", 3, "lgrk3", "explicit", "-", "-", "cmp-lgvi-order-d"},
  {"offsetbody", "ref", 0, NULL, "explicit", "-", "all, to its tolerance", "-"},
  {"multibody", "ref", 0, NULL, "explicit", "joints (projected)", "energy, to its tolerance",
   "-"},
  {"heavytop", "rattlie", 2, NULL, "3 (3x3)", "Lvert, R in SO(3)", "energy", "-"},
  {"heavytop", "galpha", 2, NULL, "3 (3x3)", "R in SO(3)", "-", "-"},
  {"multibody", "dh", 2, NULL, "3N+3K (12x12)", "R in SO(3), joints, velocity constraint",
   "energy", "cmp-huang2022-order-a"},
  {"multibody", "rattlie", 2, NULL, "3N+3K (12x12)", "R in SO(3), joints, velocity constraint",
   "energy", "cmp-huang2022-order-a"},
  {"multibody", "dl", 2, NULL, "3N+3K (12x12)", "R in SO(3), joints", "energy",
   "cmp-huang2022-order-a"},
  {"multibody", "galpha", 2, NULL, "6N+3K (18x18)", "R in SO(3), joints", "-",
   "cmp-huang2022-order-a"},
  {"multibody", "rkmk4", 4, NULL, "explicit", "R in SO(3), acceleration constraint", "-",
   "cmp-liang2023-order-a"},
  {"multibody", "rkmk4-proj", 4, NULL, "explicit", "R in SO(3), joints, velocity constraint",
   "-", "cmp-liang2023-order-b"},
  {"multibody", "imid-index2", 2, NULL, "6N+3K (18x18)", "R in SO(3)",
   "energy", "cmp-liang2023-order-c"},
  {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL}
};
const cmp_problem cmp_problems[] = {
  /* figure, model, T, n0, nh, jc, nhi, nref, n1, n2 */
  {"planar", "planar", 10.0, 100, 8, 3, 8, 0, CMP_N1, CMP_N2},
  {"moiseev", "pendulum3d-moiseev", 5.0, 250, 8, 1, 8, 0, CMP_N1, CMP_N2},
  {"fasttop", "heavytop-fast", 1.0, 1000, 8, 2, 8, 0, CMP_N1, CMP_N2},
  {"fasttop", "fast-top", 1.0, 1000, 8, 2, 8, 0, CMP_N1, CMP_N2},
  {"doublependulum", "doublependulum", 1.0, 25, 9, 2, 9, 1000, 20, 100},
  {"mast", "mast", 0.1, 2, 8, 2, 8, 20, 1, 3},
  {NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0}
};
const cmp_home cmp_homes[] = {
  {"planar", "planar", 0.01, 10.0},
  {"heavytop", "pendulum3d-moiseev", 0.01, 10.0},
  {"offsetbody", "offsetbody", 0.01, 10.0},
  {"multibody", "doublependulum", 0.01, 10.0},
  {NULL, NULL, 0, 0}
};
const cmp_scheme *cmp_scheme_row(const char *family, const char *name)
{
  for (const cmp_scheme *s = cmp_schemes; s->family; s++)
    if (strcmp(s->family, family) == 0 && strcmp(s->name, name) == 0) return s;
  return NULL;
}

const lg_model *cmp_model(const char *name, void *par)
{
  char msg[256];
  const lg_model *m = lg_model_find(name);
  if (!m || m->par_size > CMP_PAR * sizeof(double)) {
    fprintf(stderr, "cmp: no model %s (or its parameters exceed CMP_PAR doubles)\n", name);
    exit(1);
  }
  lg_params_default(m, par);
  if (m->check(par, 1, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "cmp: model %s: %s\n", name, msg);
    exit(1);
  }
  return m;
}
typedef struct { cmp_point first, last; int seen; } cmp_trail;

static int cmp_emit(void *ctx, const lg_state *s)
{
  cmp_trail *c = ctx;
  cmp_point *p = &c->last;
  if (s->nbody > CMP_MAXB) {
    fprintf(stderr, "cmp: %d bodies, more than CMP_MAXB = %d\n", s->nbody, CMP_MAXB);
    exit(1);
  }
  p->t = s->t;
  p->theta = s->theta;
  p->omega = s->omega;
  memcpy(p->R, s->nbody > 0 ? s->body[0].R : s->R, sizeof p->R);
  memcpy(p->W, s->nbody > 0 ? s->body[0].W : s->W, sizeof p->W);
  p->nbody = s->nbody;
  if (s->nbody > 0) memcpy(p->body, s->body, (size_t)s->nbody * sizeof(lg_body));
  p->iters = c->seen ? p->iters + s->newton_iters : 0;
  p->steps = c->seen ? p->steps + 1 : 0;
  if (!c->seen) c->first = *p;
  c->seen = 1;
  return 0;
}

int cmp_run(const char *model, const char *scheme, const lg_opts *opt, double h, long n,
            cmp_point *first, cmp_point *last)
{
  double par[CMP_PAR];
  const lg_model *m = cmp_model(model, par);
  const lg_scheme_type *S = lg_scheme_find(m->family, scheme);
  cmp_trail c;
  int st;
  if (!S) {
    fprintf(stderr, "cmp: no scheme %s of family %s\n", scheme, m->family);
    exit(1);
  }
  memset(&c, 0, sizeof c);
  st = lg_run(S, par, opt, h, n, 1, cmp_emit, &c, NULL);
  if (first) *first = c.first;
  if (last) *last = c.last;
  return st;
}
static double cmp_par(const lg_model *m, const void *par, const char *name, int i)
{
  const lg_param *p = lg_param_find(m, name);
  return p ? lg_param_ptr(p, (void *)par)[i] : NAN;
}

double cmp_distance(const lg_model *m, const void *par, const cmp_point *a,
                    const cmp_point *b, double wscale)
{
  double e = 0;
  if (strcmp(m->family, "multibody") == 0) {
    if (a->nbody != b->nbody) return NAN;
    for (int i = 0; i < a->nbody; i++)
      for (int k = 0; k < 9; k++) {
        e = fmax(e, fabs(a->body[i].R[k] - b->body[i].R[k]));
        if (k < 3) e = fmax(e, fabs(a->body[i].W[k] - b->body[i].W[k]) / wscale);
      }
    return e;
  }
  if (strcmp(m->family, "planar") == 0) {
    double wn = sqrt(cmp_par(m, par, "m", 0) * cmp_par(m, par, "g", 0)
                     * cmp_par(m, par, "l", 0) / cmp_par(m, par, "J", 0));
    return fmax(fabs(a->theta - b->theta), fabs(a->omega - b->omega) / wn);
  }
  for (int j = 0; j < 3; j++) {
    double ga = 0, gb = 0;
    for (int i = 0; i < 3; i++) {
      double d = cmp_par(m, par, "gdir", i);
      if (d != 0) { ga += d * a->R[3 * i + j]; gb += d * b->R[3 * i + j]; }
    }
    e = fmax(e, fmax(fabs(a->W[j] - b->W[j]) / wscale, fabs(ga - gb)));
  }
  return e;
}
void cmp_count_jobs(int njob, const cmp_job *job)
{
  lg_opts opt;
  lg_opts_default(&opt);
  for (int i = 0; i < njob; i++) {
    double par[CMP_PAR];
    const lg_model *m = cmp_model(job[i].model, par);
    const lg_scheme_type *S = lg_scheme_find(m->family, job[i].scheme);
    lg_run(S, par, &opt, job[i].h, job[i].n1, job[i].n1, NULL, NULL, NULL);
    lg_run(S, par, &opt, job[i].h, job[i].n2, job[i].n2, NULL, NULL, NULL);
  }
}

static double cmp_round3(double x)
{
  if (!(x > 0)) return x;
  double p = pow(10.0, floor(log10(x)) - 2);
  return (double)llround(x / p) * p;
}

static long cmp_dump_total(const char *dir, int k)
{
  char path[512], line[512];
  long tot = -1;
  snprintf(path, sizeof path, "%s/cg.%d", dir, k);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "totals:", 7) == 0) tot = atol(line + 7);
  fclose(f);
  remove(path);
  return tot;
}

int cmp_callgrind(char *const argv[], const char *fn, int lazy, int njob, const long *n1,
                  const long *n2, double *ips, const char *who)
{
  enum { MAXARG = 16 };
  const char *tmp = getenv("TMPDIR");
  char dir[256], out[300], path[300], toggle[128], dump[128];
  char *args[MAXARG + 8] = {"valgrind", "--tool=callgrind", "--collect-atstart=no", toggle,
                            dump, "--dump-instr=no", out};
  int k = 7, st, ok = 1;
  snprintf(toggle, sizeof toggle, "--toggle-collect=%s", fn);
  snprintf(dump, sizeof dump, "--dump-after=%s", fn);
  if (lazy) args[k++] = "--instr-atstart=no";
  snprintf(dir, sizeof dir, "%s/lgcmp.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) { fprintf(stderr, "%s: mkdtemp: %s\n", who, strerror(errno)); return -1; }
  snprintf(out, sizeof out, "--callgrind-out-file=%s/cg", dir);
  for (int i = 0; argv[i] && i < MAXARG; i++) args[k++] = argv[i];
  args[k] = NULL;
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execvp(args[0], args);
    _exit(127);
  }
  if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    fprintf(stderr, "%s: valgrind --tool=callgrind failed (is Valgrind installed?)\n", who);
    ok = 0;
  }
  for (int i = 0; i < njob; i++) {
    long a = cmp_dump_total(dir, 2 * i + 1), b = cmp_dump_total(dir, 2 * i + 2);
    ips[i] = ok && a >= 0 && b >= a ? cmp_round3((double)(b - a) / (double)(n2[i] - n1[i])) : NAN;
    ok = ok && a >= 0 && b >= a;
  }
  snprintf(path, sizeof path, "%s/cg", dir);
  remove(path);
  rmdir(dir);
  if (!ok) fprintf(stderr, "%s: Callgrind did not report every counted run\n", who);
  return ok ? 0 : -1;
}

int cmp_instructions(char *const argv[], int njob, const cmp_job *job, double *ips)
{
  long *n = malloc(2 * (size_t)(njob > 0 ? njob : 1) * sizeof *n);
  if (!n) { fprintf(stderr, "cmp: out of memory\n"); return -1; }
  for (int i = 0; i < njob; i++) n[i] = job[i].n1, n[njob + i] = job[i].n2;
  int st = cmp_callgrind(argv, "lg_run", 0, njob, n, n + njob, ips, "cmp");
  free(n);
  return st;
}
typedef struct {
  const cmp_problem *pb;
  const cmp_scheme *row;
  int rep;                    /* index of its representative's job, or its own */
} cmp_wjob;

static void cmp_label(char *buf, size_t n, const char *name)
{
  size_t k = 0;
  for (const char *c = name; *c && k + 3 < n; c++) {
    if (*c == '_') buf[k++] = '\\';
    buf[k++] = *c;
  }
  buf[k] = '\0';
}

int cmp_work_precision(int argc, char **argv, const char *fig)
{
  enum { MAXJ = 64 };
  cmp_wjob J[MAXJ];
  cmp_job cj[MAXJ];
  double ips[MAXJ], par[CMP_PAR], rpar[CMP_PAR], ref_err = 0, wscale = 0;
  int nj = 0;
  const cmp_problem *first = NULL;
  lg_opts opt;
  lg_opts_default(&opt);
  for (int pass = 0; pass < 2; pass++)
    for (const cmp_problem *pb = cmp_problems; pb->fig; pb++) {
      if (strcmp(pb->fig, fig) != 0) continue;
      if (!first) first = pb;
      const lg_model *m = cmp_model(pb->model, par);
      for (const cmp_scheme *r = cmp_schemes; r->family; r++) {
        if (strcmp(r->family, m->family) != 0 || r->order == 0) continue;
        if ((pass == 0) != (r->same == NULL)) continue;
        if (nj == MAXJ) { fprintf(stderr, "cmp: more than %d jobs\n", MAXJ); return 1; }
        J[nj].pb = pb;
        J[nj].row = r;
        J[nj].rep = nj;
        for (int i = 0; pass == 1 && i < nj; i++)
          if (J[i].pb == pb && strcmp(J[i].row->name, r->same) == 0) J[nj].rep = i;
        cj[nj].model = pb->model;
        cj[nj].scheme = r->name;
        cj[nj].h = pb->T / (double)(pb->n0 << pb->jc);
        cj[nj].n1 = pb->n1;
        cj[nj].n2 = pb->n2;
        nj++;
      }
    }
  if (!first) { fprintf(stderr, "cmp: no problem for figure %s\n", fig); return 1; }
  if (argc > 1 && strcmp(argv[1], "--count") == 0) {
    cmp_count_jobs(nj, cj);
    return 0;
  }
  char *self[] = {argv[0], "--count", NULL};
  if (cmp_instructions(self, nj, cj, ips) != 0) return 1;
  const lg_model *rm = cmp_model(first->model, rpar);
  int exact = lg_scheme_find(rm->family, "exact") != NULL;
  long nr = first->nref > 0 ? 2 * first->nref : 1;
  cmp_point r0, rT, r2;
  if (cmp_run(first->model, exact ? "exact" : "ref", &opt, first->T / (double)nr, nr, &r0, &rT)
      != LG_OK) {
    fprintf(stderr, "cmp: the reference failed\n");
    return 1;
  }
  if (strcmp(rm->family, "multibody") == 0)
    for (int i = 0; i < rT.nbody; i++)
      wscale = fmax(wscale, sqrt(rT.body[i].W[0] * rT.body[i].W[0]
                                 + rT.body[i].W[1] * rT.body[i].W[1]
                                 + rT.body[i].W[2] * rT.body[i].W[2]));
  else
    wscale = sqrt(r0.W[0] * r0.W[0] + r0.W[1] * r0.W[1] + r0.W[2] * r0.W[2]);
  if (!exact) {
    lg_opts o2 = opt;
    int st;
    if (first->nref > 0)        /* the grid's error: the distance from the grid twice as coarse */
      st = cmp_run(first->model, "ref", &opt, first->T / (double)first->nref, first->nref, NULL,
                   &r2);
    else {                      /* the tolerance's error: the distance from a tenth of it */
      o2.ref_tol = opt.ref_tol / 10;
      st = cmp_run(first->model, "ref", &o2, first->T, 1, NULL, &r2);
    }
    if (st != LG_OK) return 1;
    ref_err = cmp_distance(rm, rpar, &rT, &r2, wscale);
  }
  printf("# cmp-work-precision-%s: error at t = %g s against the reference versus cost\n",
         fig, first->T);
  if (exact)
    printf("# reference: the exact solution of model %s\n", first->model);
  else if (first->nref > 0)
    printf("# reference: ref (rk8pd at tolerance %g, projected at every grid point) on model %s,"
           "\n# grid of %ld steps; its error: distance from the grid of %ld steps\n",
           opt.ref_tol, first->model, 2 * first->nref, first->nref);
  else
    printf("# reference: rk8pd at tolerance %g on model %s; distance from rk8pd at %g\n",
           opt.ref_tol, first->model, opt.ref_tol / 10);
  printf("# error: %s\n", strcmp(rm->family, "planar") == 0
         ? "max(|theta - theta_ref|, |omega - omega_ref| / omega_n)"
         : strcmp(rm->family, "multibody") == 0
         ? "max over bodies i of max(|R_i - R_i,ref|_max, |W_i - W_i,ref|_inf / w_s), "
           "w_s = max_i |W_i,ref(T)|"
         : "max(|W - W_ref|_inf / |W0|, |Gamma - Gamma_ref|_inf), Gamma = R^T gdir");
  printf("# cost: steps x instructions per step, counted by Callgrind over steps %ld..%ld "
         "at h_c, 3 digits\n", first->n1 + 1, first->n2);
  printf("# implicit schemes: the first %d step counts\n", first->nhi);
  if (strcmp(rm->family, "planar") != 0) printf("# wscale %.6g\n", wscale);
  printf("# reference_error %.6g\n", ref_err);
  for (int i = 0; i < nj; i++) {
    char lab[64];
    if (J[i].rep != i) continue;
    /* a multibody scheme drawn beside the single-body schemes of its problem
       is labelled mb-NAME, since RATTLie and generalized-alpha exist in both */
    if (strcmp(J[i].row->family, "multibody") == 0 && J[0].row
        && strcmp(J[0].row->family, "multibody") != 0) {
      char mb[64];
      snprintf(mb, sizeof mb, "mb-%s", J[i].row->name);
      cmp_label(lab, sizeof lab, mb);
    } else
      cmp_label(lab, sizeof lab, J[i].row->name);
    printf("# block scheme %s model %s order %d label %s ips %.6g h_c %.6g\n",
           J[i].row->name, J[i].pb->model, J[i].row->order, lab, ips[i], cj[i].h);
    printf("# columns: steps h newton_per_step instr_per_step cost error\n");
    int nh = lg_scheme_find(J[i].row->family, J[i].row->name)->implicit ? J[i].pb->nhi
                                                                         : J[i].pb->nh;
    for (int j = 0; j < nh; j++) {
      long n = J[i].pb->n0 << j;
      double h = J[i].pb->T / (double)n;
      cmp_point a, b;
      int st = cmp_run(J[i].pb->model, J[i].row->name, &opt, h, n, &a, &b);
      printf("%ld %.6g %.4f %.6g %.6g %.6g\n", n, h, (double)b.iters / (double)n, ips[i],
             ips[i] * (double)n, st == LG_OK ? cmp_distance(rm, rpar, &b, &rT, wscale) : NAN);
    }
    printf("\n\n");
  }
  printf("# same-map: scheme representative steps distance distance/error_of_representative\n");
  for (int i = 0; i < nj; i++) {
    if (J[i].rep == i) continue;
    const cmp_problem *pb = J[i].pb;
    for (int jj = 0; jj < 2; jj++) {
      long n = pb->n0 << (jj ? pb->jc : 0);
      double h = pb->T / (double)n;
      cmp_point a, b, c;
      int s1 = cmp_run(pb->model, J[i].row->name, &opt, h, n, NULL, &a);
      int s2 = cmp_run(pb->model, J[J[i].rep].row->name, &opt, h, n, NULL, &b);
      double d = s1 || s2 ? NAN : cmp_distance(rm, rpar, &a, &b, wscale);
      c = b;
      double e = s2 ? NAN : cmp_distance(rm, rpar, &c, &rT, wscale);
      printf("%s %s %ld %.6g %.6g\n", J[i].row->name, J[J[i].rep].row->name, n, d, d / e);
    }
  }
  return 0;
}
