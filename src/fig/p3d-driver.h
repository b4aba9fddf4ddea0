/* p3d-driver.h: shared code of the sun2022 3D pendulum drivers. */
#ifndef P3D_DRIVER_H
#define P3D_DRIVER_H
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/heavytop.h"
#include "scheme/sun2022-pendulum3d.h"

#define P3D_PI 3.14159265358979323846
#define P3D_COLUMNS "t W1 W2 W3 R11 R12 R13 R21 R22 R23 R31 R32 R33 " \
                    "G1 G2 G3 energy Lvert orth_err gnorm_err newton_iters"

static inline void p3d_sun_params(ht_params *p)
{
  const double a[3] = {P3D_PI / 3, P3D_PI / 4, P3D_PI / 9};
  memset(p, 0, sizeof *p);
  p->m = 10.0; p->g = 9.8;
  p->gdir[2] = 1.0;                          /* e_3 along gravity, Eq. (68) */
  p->J[0] = p->J[1] = p->J[2] = 1.0;
  p->rho[2] = 0.7;
  so3_cardan(p->R0, a);
}
typedef struct {
  const ht_params *p;
  double E0, L0, escale;     /* initial energy and L_d; m g |rho| */
  double maxE, maxL, maxO, maxG;
  long steps, iters;
  int maxit;
  FILE *out;                 /* print rows with t0 <= t <= t1, every every-th */
  double t0, t1;
  long every, k;
  int keep;                  /* if set, keep (t, W, Gamma) every samp_every steps ... */
  long samp_every;
  double ts0;                /* ... from this time on */
  double (*samp)[10];        /* t, W, Gamma, E, Ld, orth_err */
  long nsamp, capsamp;
  double min_cos_y;          /* smallest |cos theta_y| seen (Cardan angles of R) */
  FILE *env;                 /* if set, print the envelope over windows of win s: */
  double win;                /* per window, the smallest and largest W, R, Gamma */
  long wk, wn;               /* current window, samples in it */
  double lo[15], hi[15];
} p3d_run;

/* print the envelope of the current window as two rows (its start and its end):
   t, then the smallest W1..W3 R11..R33 G1..G3, then the largest */
static inline void p3d_envelope_flush(p3d_run *r)
{
  if (!r->env || r->wn == 0) return;
  for (int e = 0; e < 2; e++) {
    fprintf(r->env, "%.4f", (double)(r->wk + e) * r->win);
    for (int i = 0; i < 15; i++) fprintf(r->env, " %.6g", r->lo[i]);
    for (int i = 0; i < 15; i++) fprintf(r->env, " %.6g", r->hi[i]);
    fprintf(r->env, "\n");
  }
  r->wn = 0;
}

/* add one state (W, R, Gamma) at time t to the envelope of its window */
static inline void p3d_envelope_add(p3d_run *r, double t, const double W[3],
                                    const double R[9], const double G[3])
{
  long j = (long)floor(t / r->win + 1e-9);
  double v[15];
  if (r->wn > 0 && j != r->wk) p3d_envelope_flush(r);
  memcpy(v, W, 3 * sizeof(double));
  memcpy(v + 3, R, 9 * sizeof(double));
  memcpy(v + 12, G, 3 * sizeof(double));
  if (r->wn == 0) {
    r->wk = j;
    memcpy(r->lo, v, sizeof v);
    memcpy(r->hi, v, sizeof v);
  }
  for (int i = 0; i < 15; i++) { r->lo[i] = fmin(r->lo[i], v[i]); r->hi[i] = fmax(r->hi[i], v[i]); }
  r->wn++;
}

static inline int p3d_emit(void *ctx, const lg_state *s)
{
  p3d_run *r = ctx;
  const ht_params *p = r->p;
  double G[3], a[3];
  p3d_gamma(G, p->gdir, s->R);
  double E = p3d_energy(p, s->R, s->W), L = p3d_lvert(p, s->R, s->W);
  double O = so3_orth_err(s->R), Gn = so3_norm(G) - 1.0;
  if (r->k == 0) { r->E0 = E; r->L0 = L; }
  r->maxE = fmax(r->maxE, fabs(E - r->E0) / r->escale);
  r->maxL = fmax(r->maxL, fabs(L - r->L0));
  r->maxO = fmax(r->maxO, O);
  r->maxG = fmax(r->maxG, fabs(Gn));
  if (r->k > 0) { r->steps++; r->iters += s->newton_iters; }
  if (s->newton_iters > r->maxit) r->maxit = s->newton_iters;
  if (!isnan(s->R[0])) {
    p3d_cardan_angles(a, s->R);
    r->min_cos_y = fmin(r->min_cos_y, fabs(cos(a[1])));
  }
  if (r->env) p3d_envelope_add(r, s->t, s->W, s->R, G);
  if (r->out && s->t >= r->t0 - 1e-9 && s->t <= r->t1 + 1e-9 && r->k % r->every == 0) {
    fprintf(r->out, "%.4f", s->t);
    for (int i = 0; i < 3; i++) fprintf(r->out, " %.10g", s->W[i]);
    for (int i = 0; i < 9; i++) fprintf(r->out, " %.10g", s->R[i]);
    for (int i = 0; i < 3; i++) fprintf(r->out, " %.10g", G[i]);
    fprintf(r->out, " %.12g %.6g %.3g %.3g %d\n", E, L, O, Gn, s->newton_iters);
  }
  if (r->keep && r->k % r->samp_every == 0 && s->t >= r->ts0 - 1e-9) {
    if (r->nsamp == r->capsamp) {
      long cap = r->capsamp ? 2 * r->capsamp : 1024;
      void *q = realloc(r->samp, (size_t)cap * sizeof *r->samp);
      if (!q) return 1;
      r->samp = q;
      r->capsamp = cap;
    }
    double *v = r->samp[r->nsamp++];
    v[0] = s->t;
    memcpy(v + 1, s->W, 3 * sizeof(double));
    memcpy(v + 4, G, 3 * sizeof(double));
    v[7] = E; v[8] = L; v[9] = O;
  }
  r->k++;
  return 0;
}

/* run a scheme of family heavytop for T seconds; statistics in r */
static inline int p3d_go(p3d_run *r, const char *scheme, const ht_params *p, double h,
                  double T)
{
  const lg_scheme_type *t = lg_scheme_find("heavytop", scheme);
  lg_opts opt;
  lg_failure fail = {0};
  lg_opts_default(&opt);
  r->p = p;
  r->escale = p->m * p->g * so3_norm(p->rho);
  r->maxE = r->maxL = r->maxO = r->maxG = 0.0;
  r->steps = r->iters = 0; r->maxit = 0; r->k = 0; r->nsamp = 0;
  r->min_cos_y = 1.0;
  if (r->every < 1) r->every = 1;
  if (r->samp_every < 1) r->samp_every = 1;
  if (!t) { fprintf(stderr, "p3d: no scheme %s\n", scheme); return LG_EINVAL; }
  int st = lg_run(t, p, &opt, h, lround(T / h), 1, p3d_emit, r, &fail);
  if (st != LG_OK)
    fprintf(stderr, "p3d: %s h=%g stopped at step %ld (t=%g), status %d\n",
            scheme, h, fail.step, fail.t, st);
  return st;
}

/* print one data set: the rows of a run inside [t0, t1], every every-th step */
static inline int p3d_print_set(const char *scheme, const ht_params *p, double h, double T,
                         double t0, double t1, long every, const char *what)
{
  p3d_run r;
  memset(&r, 0, sizeof r);
  r.out = stdout; r.t0 = t0; r.t1 = t1; r.every = every;
  printf("# %s: scheme %s, h = %g, %g..%g s, every %ld steps\n", what, scheme, h,
         t0, t1, every);
  int st = p3d_go(&r, scheme, p, h, T);
  printf("\n\n");
  return st;
}

/* print the envelope of a run over windows of win seconds as one data set */
static inline int p3d_print_envelope(const char *scheme, const ht_params *p, double h,
                                     double T, double win, const char *what)
{
  p3d_run r;
  memset(&r, 0, sizeof r);
  r.env = stdout; r.win = win;
  printf("# %s: scheme %s, h = %g, 0..%g s, smallest and largest value over windows "
         "of %g s\n# columns: t, min of W1 W2 W3 R11..R33 G1 G2 G3, max of the same\n",
         what, scheme, h, T, win);
  int st = p3d_go(&r, scheme, p, h, T);
  p3d_envelope_flush(&r);
  printf("\n\n");
  return st;
}
static inline void p3d_summary_row(const char *scheme, const ht_params *p, double h, double T)
{
  p3d_run r;
  memset(&r, 0, sizeof r);
  int st = p3d_go(&r, scheme, p, h, T);
  printf("%g %.6g %.6g %.6g %.6g %.4f %d %d %.6g\n", h, r.maxE, r.maxL, r.maxO,
         r.maxG, r.steps ? (double)r.iters / (double)r.steps : 0.0, r.maxit, st,
         r.min_cos_y);
}

static inline int p3d_paper_figure(const char *fig, const char *scheme, double h, double h2)
{
  ht_params p;
  const double T = 100.0;
  long every = lround(T / h / 2000.0);
  p3d_sun_params(&p);
  printf("# %s of sun2022: scheme %s, h = %g (second step %g), %g s\n", fig,
         scheme, h, h2, T);
  printf("# m = %g kg, g = %g m/s^2, gdir = [0,0,1], J = diag(1,1,1) kg m^2, "
         "rho = [0,0,0.7] m, R0 = Rx(pi/3) Ry(pi/4) Rz(pi/9), W0 = 0\n", p.m, p.g);
  printf("# columns: %s\n", P3D_COLUMNS);
  int st = p3d_print_set(scheme, &p, h, T, 0.0, T, every < 1 ? 1 : every, "index 0, whole run");
  p3d_print_set(scheme, &p, h, 5.0, 0.0, 5.0, 1, "index 1, first 5 s");
  p3d_print_set(scheme, &p, h, T, T - 5.0, T, 1, "index 2, last 5 s");
  p3d_print_set("ref", &p, 0.005, T, T - 5.0, T, 1, "index 3, reference, last 5 s");
  p3d_print_set(scheme, &p, h2, T, T - 5.0, T, 1, "index 4, second step, last 5 s");
  printf("# index 5, summary: h maxE/(m g |rho|) max|dLvert| max_orth_err "
         "max||Gamma|-1| mean_iters max_iters status min|cos theta_y|\n");
  p3d_summary_row(scheme, &p, h, T);
  p3d_summary_row(scheme, &p, h2, T);
  p.g = 9.81;                      /* the sensitivity pass: the paper states no g */
  printf("\n\n");
  p3d_print_set(scheme, &p, h, 5.0, 0.0, 5.0, 1, "index 6, g = 9.81, first 5 s");
  p3d_print_set(scheme, &p, h, T, T - 5.0, T, 1, "index 7, g = 9.81, last 5 s");
  printf("# index 8, g = 9.81, summary as index 5\n");
  p3d_summary_row(scheme, &p, h, T);
  p3d_summary_row(scheme, &p, h2, T);
  printf("\n\n");
  p3d_print_set(scheme, &p, h2, T, T - 5.0, T, 1, "index 9, g = 9.81, second step, last 5 s");
  p3d_print_set(scheme, &p, h, T, 0.0, T, every < 1 ? 1 : every, "index 10, g = 9.81, whole run");
  p3d_sun_params(&p);              /* back to g = 9.8: the envelopes the figure draws */
  p3d_print_envelope(scheme, &p, h, T, 2.0, "index 11, envelope");
  p3d_print_envelope(scheme, &p, h2, T, 2.0, "index 12, second step, envelope");
  return st == LG_OK ? 0 : 1;
}
#endif
