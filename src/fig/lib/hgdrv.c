/* hgdrv.c: runs shared by the figure drivers of the huang2022 chapter. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "scheme/huang2022.h"
#include "fig/lib/hgdrv.h"

static void *xalloc(size_t n)
{
  void *v = calloc(n, 1);
  if (!v) { fprintf(stderr, "hgdrv: out of memory\n"); exit(1); }
  return v;
}

static double hg_gravity = 0;   /* 0: the model's own g */

void hg_set_gravity(double g) { hg_gravity = g; }
static double hg_spin = 0;      /* rod 1's initial spin about its body X axis */
void hg_set_spin(double w) { hg_spin = w; }

static mb_par *hg_params(const char *model)
{
  const lg_model *m = lg_model_find(model);
  char msg[256];
  if (!m || strcmp(m->family, "multibody") != 0) {
    fprintf(stderr, "hgdrv: no multibody model %s\n", model);
    exit(1);
  }
  mb_par *p = xalloc(m->par_size);
  lg_params_default(m, p);
  if (hg_gravity > 0) p->val[MB_G] = hg_gravity;
  if (hg_spin != 0) p->val[MB_BODY0 + MB_W] = hg_spin;
  if (m->check(p, 0, msg, sizeof msg) != LG_OK) {
    fprintf(stderr, "hgdrv: %s\n", msg);
    exit(1);
  }
  return p;
}

/* |(B V)_2| for the velocities of the free half step of the discrete
   Lagrangian from q_{n-1} to q_n: J W = -G_DH(-theta)/h with
   exp(theta) = R_{n-1}^T R_n, v = (x_n - x_{n-1})/h + h g/2 */
static double onesided(const hg_rec *r, const lg_body *q)
{
  const mb_par *p = r->p;
  const double h = r->h, g = p->val[MB_G], *e = p->val + MB_GDIR;
  lg_body b[2];
  double c[6];
  for (int i = 0; i < 2; i++) {
    const double *J = mb_body_par(p, i) + MB_J;
    double F[9], th[3], G[3];
    b[i] = q[i];
    so3_mul_tn(F, r->prev[i].R, q[i].R);
    so3_log(th, F);
    for (int a = 0; a < 3; a++) th[a] = -th[a];
    hg_G(HG_FORM_DH, J, th, G, NULL);
    for (int a = 0; a < 3; a++) {
      b[i].W[a] = -G[a] / (h * J[a]);
      b[i].v[a] = (q[i].x[a] - r->prev[i].x[a]) / h + 0.5 * h * g * e[a];
    }
  }
  mb_bv(p, b, c);
  return so3_norm(c + 3);
}

static int hg_emit(void *ctx, const lg_state *s)
{
  hg_rec *r = ctx;
  long k = lround(s->t / r->h);
  if (k < 0 || k >= r->n) return 1;
  const mb_par *p = r->p;
  double c[6];
  memcpy(r->x2 + 3 * k, s->body[1].x, 3 * sizeof(double));
  memcpy(r->W2 + 3 * k, s->body[1].W, 3 * sizeof(double));
  r->E[k] = mb_energy(p, s->body);
  r->orth1[k] = so3_orth_err(s->body[0].R);
  r->orth2[k] = so3_orth_err(s->body[1].R);
  mb_bv(p, s->body, c);
  r->dphiA[k] = so3_norm(c + 3);
  r->phi[k] = mb_phi_err(p, s->body);
  r->dphi[k] = fmax(so3_norm(c), r->dphiA[k]);
  if (r->onesided) r->dphiA1[k] = k ? onesided(r, s->body) : r->dphiA[k];
  memcpy(r->prev, s->body, 2 * sizeof *s->body);
  return 0;
}

void hg_record(hg_rec *r, const char *model, const char *scheme, double h, double T)
{
  memset(r, 0, sizeof *r);
  r->p = hg_params(model);
  if (r->p->topo->nb != 2 || r->p->topo->nj != 2) {
    fprintf(stderr, "hgdrv: %s is not a double pendulum\n", model);
    exit(1);
  }
  long steps = lround(T / h);
  size_t n = (size_t)steps + 1;
  r->n = steps + 1;
  r->h = h;
  r->onesided = strcmp(scheme, "dl") == 0;
  r->x2 = xalloc(3 * n * sizeof(double));
  r->W2 = xalloc(3 * n * sizeof(double));
  r->E = xalloc(n * sizeof(double));
  r->orth1 = xalloc(n * sizeof(double));
  r->orth2 = xalloc(n * sizeof(double));
  r->dphiA = xalloc(n * sizeof(double));
  r->dphiA1 = xalloc(n * sizeof(double));
  r->phi = xalloc(n * sizeof(double));
  r->dphi = xalloc(n * sizeof(double));
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = 0;                         /* to the round-off floor */
  lg_failure f = {0};
  const lg_scheme_type *S = lg_scheme_find("multibody", scheme);
  if (!S || lg_run(S, r->p, &opt, h, steps, 1, hg_emit, r, &f) != LG_OK) {
    fprintf(stderr, "hgdrv: %s %s failed at step %ld (t = %g, residual %g)\n", model, scheme,
            f.step, f.t, f.resid);
    exit(1);
  }
}

void hg_rec_free(hg_rec *r)
{
  free(r->x2); free(r->W2); free(r->E); free(r->orth1); free(r->orth2);
  free(r->dphiA); free(r->dphiA1); free(r->phi); free(r->dphi); free(r->p);
  memset(r, 0, sizeof *r);
}

typedef struct { lg_body *q; int nb; } hg_last;
static int hg_keep(void *ctx, const lg_state *s)
{
  hg_last *l = ctx;
  memcpy(l->q, s->body, (size_t)l->nb * sizeof *l->q);
  return 0;
}

void hg_final(lg_body *q, const char *model, const char *scheme, double h, double T)
{
  mb_par *p = hg_params(model);
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = 0;
  hg_last l = {q, p->topo->nb};
  lg_failure f = {0};
  const lg_scheme_type *S = lg_scheme_find("multibody", scheme);
  if (!S || lg_run(S, p, &opt, h, lround(T / h), 1000000000L, hg_keep, &l, &f) != LG_OK) {
    fprintf(stderr, "hgdrv: %s %s failed at step %ld\n", model, scheme, f.step);
    exit(1);
  }
  free(p);
}

void hg_state_diff(const lg_body *a, const lg_body *b, int nb, double *pos, double *vel)
{
  *pos = *vel = 0;
  for (int i = 0; i < nb; i++) {
    for (int c = 0; c < 9; c++) *pos = fmax(*pos, fabs(a[i].R[c] - b[i].R[c]));
    for (int c = 0; c < 3; c++) {
      *pos = fmax(*pos, fabs(a[i].x[c] - b[i].x[c]));
      *vel = fmax(*vel, fmax(fabs(a[i].W[c] - b[i].W[c]), fabs(a[i].v[c] - b[i].v[c])));
    }
  }
}

double hg_max(const double *v, long i0, long i1, long stride)
{
  double m = 0;
  for (long i = i0; i < i1; i++) m = fmax(m, fabs(v[i * stride]));
  return m;
}

void hg_trajectory_figure(int W)
{
  static const char *const sch[3] = {"dh", "rattlie", "galpha"};
  enum { EVERY = 20 };
  const double h = 1e-3, T = 50;
  hg_rec ref, run[3];
  hg_record(&ref, "doublependulum", "ref", h, T);
  for (int s = 0; s < 3; s++) hg_record(&run[s], "doublependulum", sch[s], h, T);
  const long n = ref.n;
  const double *yr = W ? ref.W2 : ref.x2;
  double lo = INFINITY, hi = -INFINITY;
  for (long k = 0; k < n; k++) { lo = fmin(lo, yr[3 * k]); hi = fmax(hi, yr[3 * k]); }
  const double range = hi - lo;
  const char *what = W ? "rod 2's body angular velocity about its body X axis, W2_1 (rad/s)"
                       : "x-coordinate of rod 2's mass centre, x2_1 (m)";
  printf("# huang2022 Fig. %d: %s\n", W ? 4 : 3, what);
  printf("# doublependulum, h = 1e-3 s, 50 s; reference: multibody/ref on the same grid\n");
  printf("# index 0: t ref dh rattlie galpha (every %dth step)\n", EVERY);
  for (long k = 0; k < n; k += EVERY) {
    printf("%.6g %.9g", (double)k * h, yr[3 * k]);
    for (int s = 0; s < 3; s++) printf(" %.9g", (W ? run[s].W2 : run[s].x2)[3 * k]);
    printf("\n");
  }
  printf("\n\n# index 1: t |dh - ref| |rattlie - ref| |galpha - ref|, divided by the range of"
         " the reference over 50 s, largest over the %d steps ending at t\n", EVERY);
  double m4[3] = {0}, m50[3] = {0}, hor[3] = {NAN, NAN, NAN};
  for (long k = 0; k < n; k += EVERY) {
    printf("%.6g", (double)k * h);
    for (int s = 0; s < 3; s++) {
      const double *y = W ? run[s].W2 : run[s].x2;
      double m = 0;
      for (long j = k >= EVERY ? k - EVERY + 1 : 0; j <= k; j++) {
        double d = fabs(y[3 * j] - yr[3 * j]) / range;
        m = fmax(m, d);
        m50[s] = fmax(m50[s], d);
        if ((double)j * h <= 4 + 1e-9) m4[s] = fmax(m4[s], d);
        if (isnan(hor[s]) && d > 0.01) hor[s] = (double)j * h;   /* one line width */
      }
      printf(" %.6g", m);
    }
    printf("\n");
  }
  printf("\n\n# index 2: range max_0-4s(dh rattlie galpha) max_0-50s(dh rattlie galpha)"
         " first t above 1%% of the range, one line width (dh rattlie galpha), every step\n");
  printf("%.9g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g %.6g\n", range, m4[0], m4[1], m4[2],
         m50[0], m50[1], m50[2], hor[0], hor[1], hor[2]);
  hg_rec_free(&ref);
  for (int s = 0; s < 3; s++) hg_rec_free(&run[s]);
}
