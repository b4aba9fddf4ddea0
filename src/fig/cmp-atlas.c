/* cmp-atlas: one row per scheme of the package: source, unknowns, order, invariants,
   Newton iterations and instructions per step on its family's home model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "fig/lib/cmpdrv.h"

static const cmp_home *home_of(const char *family)
{
  for (const cmp_home *h = cmp_homes; h->family; h++)
    if (strcmp(h->family, family) == 0) return h;
  return NULL;
}

/* The invariants the atlas measures: the output column, its name in the
   scheme table, and whether it is a first integral (its deviation from the
   initial value counts) or a residual (its size counts). */
enum { NINV = 6 };
static const struct { const char *col, *name; int integral; } invs[NINV] = {
  {"energy", "energy", 1}, {"Lvert", "Lvert", 1}, {"orth_err", "R in SO", 0},
  {"gamma_err", "|Gamma|", 0}, {"phi_err", "joints", 0}, {"dphi_err", "velocity constraint", 0}};
/* kept: round-off and the Newton tolerance over 1000 steps, in the column's
   SI unit (the energies of the home models are 1 to 600 J) */
static const double kept_tol = 1e-9;

/* The position of a column in a comma-separated list, or -1. */
static int col_index(const char *cols, const char *name)
{
  size_t n = strlen(name);
  for (int k = 0; *cols; k++) {
    size_t w = strcspn(cols, ",");
    if (w == n && strncmp(cols, name, n) == 0) return k;
    cols += w + (cols[w] == ',');
  }
  return -1;
}

/* Largest deviation of each invariant over the whole run (d) and over its first half (dh). */
typedef struct {
  const lg_model *m;
  const void *par;
  double thalf, v0[NINV], d[NINV], dh[NINV];
  int has[NINV], started;
} inv_ctx;

static int inv_emit(void *ctx, const lg_state *s)
{
  inv_ctx *c = ctx;
  static double out[4096];
  const char *cols = s->own ? s->own->columns : c->m->columns;
  if (s->own) s->own->row(c->par, s, out); else c->m->row(c->par, s, out);
  for (int i = 0; i < NINV; i++) {
    int k = col_index(cols, invs[i].col);
    if (k < 0) continue;
    if (!c->started) { c->has[i] = 1; c->v0[i] = out[k]; }
    double dev = invs[i].integral ? fabs(out[k] - c->v0[i]) : fabs(out[k]);
    c->d[i] = fmax(c->d[i], dev);
    if (s->t <= c->thalf + 1e-9) c->dh[i] = fmax(c->dh[i], dev);
  }
  c->started = 1;
  return 0;
}

/* Measure the invariants of one scheme on its home model and write three
   lists: kept to round-off, bounded (the drift ratio of chapter ch:pipeline
   at most sqrt 2), drifting; each with its largest deviation.  Also the
   invariants the scheme table expects to be kept exactly that are not. */
static int measure_invariants(const lg_scheme_type *S, const cmp_scheme *r, const cmp_home *h,
                              char *kept, char *bounded, char *drifts, char *unmet, size_t n)
{
  static double par[CMP_PAR];
  inv_ctx c;
  memset(&c, 0, sizeof c);
  c.m = cmp_model(h->model, par);
  c.par = par;
  c.thalf = h->T / 2;
  lg_opts opt;
  lg_opts_default(&opt);
  int st = lg_run(S, par, &opt, h->h, lround(h->T / h->h), 1, inv_emit, &c, NULL);
  kept[0] = bounded[0] = drifts[0] = unmet[0] = '\0';
  if (st != LG_OK) { snprintf(drifts, n, "run fails"); return 0; }
  for (int i = 0; i < NINV; i++) {
    if (!c.has[i]) continue;
    char *dst = c.d[i] <= kept_tol ? kept
              : c.d[i] <= sqrt(2.0) * c.dh[i] ? bounded : drifts;
    size_t used = strlen(dst);
    snprintf(dst + used, n - used, "%s%s%s %.1e", used ? "; " : "", invs[i].name,
             strcmp(invs[i].name, "R in SO") ? "" : strcmp(S->family, "planar") ? "(3)" : "(2)",
             c.d[i]);
    if (dst != kept && strstr(r->exact, invs[i].name)) {
      used = strlen(unmet);
      snprintf(unmet + used, n - used, "%s%s", used ? ", " : "", invs[i].name);
    }
  }
  for (char *l[4] = {kept, bounded, drifts, unmet}, **p = l; p < l + 4; p++)
    if (!**p) snprintf(*p, n, "-");
  return 0;
}

int main(int argc, char **argv)
{
  enum { MAXS = 128 };
  size_t ns = lg_nschemes();
  cmp_job job[MAXS];
  double ips[MAXS];
  lg_opts opt;
  lg_opts_default(&opt);
  if (ns > MAXS) { fprintf(stderr, "cmp-atlas: more than %d schemes\n", MAXS); return 1; }
  for (size_t k = 0; k < ns; k++) {
    const lg_scheme_type *S = lg_scheme_at(k);
    const cmp_home *h = home_of(S->family);
    if (!cmp_scheme_row(S->family, S->name) || !h) {
      fprintf(stderr, "cmp-atlas: scheme %s of family %s has no row in the scheme table "
              "or its family no home (chapter 91-comparison)\n", S->name, S->family);
      return 1;
    }
    job[k].model = h->model;
    job[k].scheme = S->name;
    job[k].h = h->h;
    job[k].n1 = CMP_N1;
    job[k].n2 = CMP_N2;
  }
  if (argc > 1 && strcmp(argv[1], "--count") == 0) {
    cmp_count_jobs((int)ns, job);
    return 0;
  }
  char *self[] = {argv[0], "--count", NULL};
  if (cmp_instructions(self, (int)ns, job, ips) != 0) return 1;
  printf("# cmp-atlas: every scheme of the package; Newton iterations per step over T and\n"
         "# instructions per step (Callgrind, steps %d..%d, 3 digits) on the home model at h\n",
         CMP_N1 + 1, CMP_N2);
  printf("# invariants measured over T on the home model: kept (largest deviation at most %g"
         " in SI units), bounded (largest over T at most sqrt 2 times that over"
         " T/2), drifts; each with its largest deviation\n", kept_tol);
  printf("# family\tscheme\tsource\tunknowns\torder\torder_id\tkept\tbounded"
         "\tsame_as\thome\th\tT\tnewton_per_step\tinstr_per_step\tdrifts"
         "\texpected_kept_but_not\n");
  for (size_t k = 0; k < ns; k++) {
    const lg_scheme_type *S = lg_scheme_at(k);
    const cmp_scheme *r = cmp_scheme_row(S->family, S->name);
    const cmp_home *h = home_of(S->family);
    long n = lround(h->T / h->h);
    cmp_point b;
    char kept[256], bounded[256], drifts[256], unmet[256];
    int st = cmp_run(h->model, S->name, &opt, h->h, n, NULL, &b);
    double it = st == LG_OK ? (double)b.iters / (double)n : NAN;
    measure_invariants(S, r, h, kept, bounded, drifts, unmet, sizeof kept);
    printf("%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%g\t%g\t%.3f\t%.3g\t%s\t%s\n",
           S->family, S->name, S->source, r->unknowns, r->order, r->order_id, kept, bounded,
           r->same ? r->same : "-", h->model, h->h, h->T, it, ips[k], drifts, unmet);
  }
  return 0;
}
