/* cmp-multibody-ref.c: the error of the multibody reference on huang2022's
   double pendulum over 50 s: energy, constraints, orthogonality, the
   difference from the same reference on a grid twice as fine, and how fast
   a solution started 1e-12 away separates, in rod 2's mass centre and in its
   body angular velocity (the quantities of the paper's Figs. 3 and 4). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "model/multibody.h"

#define EVERY 10 /* rows kept: every 10th step of h = 1e-3 */

typedef struct {
  const mb_par *p;
  long n, cap;
  double (*v)[12]; /* t, x2 (3), energy, phi, dphi, orth, potential, W2 (3) */
} rec;

static int keep(void *ctx, const lg_state *s)
{
  rec *r = ctx;
  if (r->n == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 8192;
    r->v = realloc(r->v, (size_t)r->cap * sizeof *r->v);
    if (!r->v) return 1;
  }
  double *v = r->v[r->n++];
  v[0] = s->t;
  memcpy(v + 1, s->body[1].x, 3 * sizeof(double));
  v[4] = mb_energy(r->p, s->body);
  v[5] = mb_phi_err(r->p, s->body);
  v[6] = mb_dphi_err(r->p, s->body);
  v[7] = mb_orth_err(r->p, s->body);
  memcpy(v + 9, s->body[1].W, 3 * sizeof(double));
  v[8] = 0;
  for (int i = 0; i < s->nbody; i++)
    v[8] -= mb_body_par(r->p, i)[MB_M] * r->p->val[MB_G]
            * (r->p->val[MB_GDIR] * s->body[i].x[0] + r->p->val[MB_GDIR + 1] * s->body[i].x[1]
               + r->p->val[MB_GDIR + 2] * s->body[i].x[2]);
  return 0;
}

static void run(rec *r, const lg_model *m, const mb_par *p, double h, long every)
{
  lg_opts opt;
  lg_opts_default(&opt);
  memset(r, 0, sizeof *r);
  r->p = p;
  long n = lround(50.0 / h);
  if (lg_run(lg_scheme_find("multibody", "ref"), p, &opt, h, n, every, keep, r, NULL) != LG_OK) {
    fprintf(stderr, "cmp-multibody-ref: the reference failed on %s\n", m->name);
    exit(1);
  }
}

static double dist(const double *a, const double *b) /* largest component */
{
  return fmax(fabs(a[1] - b[1]), fmax(fabs(a[2] - b[2]), fabs(a[3] - b[3])));
}

int main(void)
{
  const lg_model *m = lg_model_find("doublependulum");
  if (!m) return 1;
  mb_par *p = calloc(1, m->par_size), *q = calloc(1, m->par_size);
  lg_params_default(m, p);
  lg_params_default(m, q);
  q->val[MB_BODY0 + MB_W] = 1e-12; /* rod 1 turns at 1e-12 rad/s about X */
  char msg[256];
  if (m->check(p, 0, msg, sizeof msg) || m->check(q, 0, msg, sizeof msg)) {
    fprintf(stderr, "cmp-multibody-ref: %s\n", msg);
    return 1;
  }
  rec a, b, c;
  run(&a, m, p, 1e-3, EVERY);
  run(&b, m, p, 5e-4, 2 * EVERY);
  run(&c, m, q, 1e-3, EVERY);
  if (a.n != b.n || a.n != c.n) return 1;
  double E0 = a.v[0][4], Umax = 0, xmin = INFINITY, xmax = -INFINITY, wmin = INFINITY,
         wmax = -INFINITY;
  for (long k = 0; k < a.n; k++) {
    Umax = fmax(Umax, fabs(a.v[k][8]));
    xmin = fmin(xmin, a.v[k][1]);
    xmax = fmax(xmax, a.v[k][1]);
    wmin = fmin(wmin, a.v[k][9]);
    wmax = fmax(wmax, a.v[k][9]);
  }
  double range = xmax - xmin, wrange = wmax - wmin;
  printf("# multibody reference (rk8pd, projected every step) on doublependulum, 50 s\n");
  printf("# index 0: t (E-E0)/Umax phi_err dphi_err orth_err   (h = 1e-3)\n");
  double mE = 0, mphi = 0, mdphi = 0, morth = 0;
  for (long k = 0; k < a.n; k++) {
    const double *v = a.v[k];
    double dE = fabs(v[4] - E0) / Umax;
    mE = fmax(mE, dE);
    mphi = fmax(mphi, v[5]);
    mdphi = fmax(mdphi, v[6]);
    morth = fmax(morth, v[7]);
    printf("%.6g %.6g %.6g %.6g %.6g\n", v[0], (v[4] - E0) / Umax, v[5], v[6], v[7]);
  }
  printf("\n\n# index 1: t |x2(h=1e-3) - x2(h=5e-4)|/range |x2 - x2(W1 + 1e-12)|/range"
         " |W2_1 - W2_1(W1 + 1e-12)|/range(W2_1)\n");
  double hor3 = NAN, hor2 = NAN, horw = NAN, self10 = 0, self20 = 0;
  for (long k = 0; k < a.n; k++) {
    double ds = dist(a.v[k], b.v[k]) / range, dp = dist(a.v[k], c.v[k]) / range,
           dw = fabs(a.v[k][9] - c.v[k][9]) / wrange;
    if (a.v[k][0] <= 10) self10 = fmax(self10, ds);
    if (a.v[k][0] <= 20) self20 = fmax(self20, ds);
    if (isnan(hor3) && dp > 1e-3) hor3 = a.v[k][0];
    if (isnan(hor2) && dp > 1e-2) hor2 = a.v[k][0];   /* one line width */
    if (isnan(horw) && dw > 1e-2) horw = a.v[k][0];
    printf("%.6g %.6g %.6g %.6g\n", a.v[k][0], ds, dp, dw);
  }
  printf("\n\n# index 2: max|E-E0|/Umax max_phi max_dphi max_orth Umax range(x2_1)"
         " horizon(1e-3) horizon(1e-2) selfconv(0-10s) selfconv(0-20s) horizon_W2_1(1e-2)\n");
  printf("%.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g\n", mE, mphi, mdphi, morth,
         Umax, range, hor3, hor2, self10, self20, horw);
  free(a.v);
  free(b.v);
  free(c.v);
  free(p);
  free(q);
  return 0;
}
