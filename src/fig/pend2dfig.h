/* pend2dfig.h: helpers shared by the planar pendulum figure drivers. */
#ifndef PEND2D_FIG_H
#define PEND2D_FIG_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "scheme/sun2022-planar-sets.h"

/* The parameters of sun2022 Sec. 6 (the model defaults), with gravity g. */
static inline pend2d_params fig_params(double g)
{
  pend2d_params p;
  lg_params_default(&pend2d_model, &p);
  p.g = g;
  return p;
}

/* Sets made by the drivers are freed at exit, so that leak checkers stay quiet. */
enum { FIG_MAXOWNED = 256 };
static double *fig_owned[FIG_MAXOWNED];
static int fig_nowned = 0;

static inline void fig_free_all(void)
{
  for (int i = 0; i < fig_nowned; i++) free(fig_owned[i]);
  fig_nowned = 0;
}

static inline pend2d_set fig_keep(pend2d_set s)
{
  if (fig_nowned == 0) atexit(fig_free_all);
  if (fig_nowned < FIG_MAXOWNED) fig_owned[fig_nowned++] = s.v;
  return s;
}

/* Run scheme for time T with step h, keeping every step; exit on failure. */
static inline pend2d_set fig_run(const char *scheme, const pend2d_params *p,
                                 const lg_opts *o, double h, double T)
{
  pend2d_set s;
  int st = pend2d_run_set(&s, scheme, p, o, h, lround(T / h), 1);
  if (st != LG_OK) {
    fprintf(stderr, "%s: run failed with status %d\n", scheme, st);
    exit(EXIT_FAILURE);
  }
  return fig_keep(s);
}

static int fig_nsets = 0;

/* Print the rows of s with t in [t0, t1], every every-th of them, as a set. */
static inline void fig_print(const char *name, const pend2d_set *s, double t0, double t1,
                             long every)
{
  long j = 0;
  if (fig_nsets++) printf("\n\n");
  printf("# set %s\n# columns: t theta omega energy\n", name);
  for (long i = 0; i < s->nrow; i++) {
    const double *r = s->v + i * s->ncol;
    if (r[0] < t0 - 1e-9 || r[0] > t1 + 1e-9 || j++ % every) continue;
    printf("%.10g %.17g %.17g %.17g\n", r[0], r[1], r[2], r[3]);
  }
}

/* The sensitivity pass (chapter ch:pipeline): run scheme again at gravity g and step h
   and print it as the set scheme@assumption, e.g. rk4@h=0.05. */
static inline void fig_print_alt(const char *scheme, const char *assumption, double g,
                                 double h, double T, double t0, double t1, long every)
{
  pend2d_params p = fig_params(g);
  lg_opts o;
  char name[48];
  lg_opts_default(&o);
  pend2d_set s = fig_run(scheme, &p, &o, h, T);
  snprintf(name, sizeof name, "%s@%s", scheme, assumption);
  fig_print(name, &s, t0, t1, every);
}

/* The open assumptions of a planar figure: g = 9.81 instead of 9.8 (step h), and,
   where the paper gives no step (Figs. 5-11), h = 0.05 instead of 0.01. */
static inline void fig_print_alts(const char *scheme, int step_open, double h, double T,
                                  double t0, double t1, long every)
{
  if (step_open) fig_print_alt(scheme, "h=0.05", 9.8, 0.05, T, t0, t1, 1);
  fig_print_alt(scheme, "g=9.81", 9.81, h, T, t0, t1, every);
}

static inline void fig_header(const char *stem, const char *what, const pend2d_params *p)
{
  printf("# %s: %s\n# m = %g kg, J = %g kg m^2, l = %g m, g = %g m/s^2, theta0 = %g rad, "
         "omega0 = %g rad/s\n", stem, what, p->m, p->J, p->l, p->g, p->theta0, p->omega0);
}
#endif
