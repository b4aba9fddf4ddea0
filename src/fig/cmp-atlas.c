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
  printf("# family\tscheme\tsource\tunknowns\torder\torder_id\texactly\tapproximately"
         "\tsame_as\thome\th\tT\tnewton_per_step\tinstr_per_step\n");
  for (size_t k = 0; k < ns; k++) {
    const lg_scheme_type *S = lg_scheme_at(k);
    const cmp_scheme *r = cmp_scheme_row(S->family, S->name);
    const cmp_home *h = home_of(S->family);
    long n = lround(h->T / h->h);
    cmp_point b;
    int st = cmp_run(h->model, S->name, &opt, h->h, n, NULL, &b);
    double it = st == LG_OK ? (double)b.iters / (double)n : NAN;
    printf("%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%g\t%g\t%.3f\t%.3g\n", S->family, S->name,
           S->source, r->unknowns, r->order, r->order_id, r->exact, r->approx,
           r->same ? r->same : "-", h->model, h->h, h->T, it, ips[k]);
  }
  return 0;
}
