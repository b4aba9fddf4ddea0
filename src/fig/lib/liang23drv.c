/* liang23drv.c: see liang23drv.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "fig/lib/liang23drv.h"

typedef struct {
  ld_run *r;
  mb_work *w;
  int bar[2];            /* the monitored bars */
  double *c, *a, *dV;    /* nc, nc, 6 nb */
  lg_body *qa;           /* accelerations dressed as velocities, for B dV */
  int isnap;
  double h;
  int bad;               /* a state that is not finite */
} ld_ctx;

int ld_body(const mb_par *p, const char *name)
{
  for (int i = 0; i < p->topo->nb; i++)
    if (strcmp(p->topo->name[i], name) == 0) return i;
  return -1;
}

/* largest Euclidean norm of c_k over the joints of body i (every joint if i < 0) */
static double ld_jmax(const mb_par *p, const double *c, int i)
{
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++)
    if (i < 0 || p->topo->joint[k].a == i || p->topo->joint[k].b == i) e = fmax(e,
        so3_norm(c + 3 * k));
  return e;
}

void ld_bar_ends(const mb_par *p, const lg_body *q, double *ends)
{
  for (int i = 0; i < p->topo->nb; i++) {
    double l = 0, e3[3] = {0, 0, 0}, y[3];
    for (int k = 0; k < p->topo->nj; k++)
      for (int s = 0; s < 2; s++)
        if ((s ? p->topo->joint[k].b : p->topo->joint[k].a) == i)
          l = fmax(l, so3_norm(mb_joint_par(p, k) + 3 * s));
    e3[2] = l;
    so3_mv(y, q[i].R, e3);
    for (int c = 0; c < 3; c++) {
      ends[6 * i + c] = q[i].x[c] - y[c];
      ends[6 * i + 3 + c] = q[i].x[c] + y[c];
    }
  }
}

/* the four residual columns of one level: bar L, bar T, both, all */
static void ld_level(const ld_ctx *x, const double *c, double *v, int cl, int ct, int cm, int ca)
{
  const mb_par *p = x->r->p;
  v[cl] = x->bar[0] >= 0 ? ld_jmax(p, c, x->bar[0]) : 0;
  v[ct] = x->bar[1] >= 0 ? ld_jmax(p, c, x->bar[1]) : 0;
  v[cm] = fmax(v[cl], v[ct]);
  v[ca] = ld_jmax(p, c, -1);
}

static int ld_emit(void *ctx, const lg_state *s)
{
  ld_ctx *x = ctx;
  ld_run *r = x->r;
  const mb_par *p = r->p;
  const lg_body *q = s->body;
  const int nb = r->nb;
  double *v = r->v[r->n];
  for (int i = 0; i < nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])
          || (c < 3 && !(isfinite(q[i].x[c]) && isfinite(q[i].W[c]) && isfinite(q[i].v[c]))))
        return x->bad = 1;
  v[LD_T] = s->t;
  mb_phi(p, q, x->c);
  ld_level(x, x->c, v, LD_PHI_L, LD_PHI_T, LD_PHI_MON, LD_PHI_ALL);
  mb_bv(p, q, x->c);
  ld_level(x, x->c, v, LD_BV_L, LD_BV_T, LD_BV_MON, LD_BV_ALL);
  /* acceleration level: (dB/dt) V + B dV with dV from the index-1 solve */
  if (mb_accel(p, q, x->w, x->dV, NULL) != LG_OK) return x->bad = 1;
  for (int i = 0; i < nb; i++) {
    x->qa[i] = q[i];
    memcpy(x->qa[i].W, x->dV + 6 * i, 3 * sizeof(double));
    memcpy(x->qa[i].v, x->dV + 6 * i + 3, 3 * sizeof(double));
  }
  mb_bv(p, x->qa, x->a);
  mb_bdotv(p, q, x->c);
  for (int k = 0; k < p->topo->nc; k++) x->c[k] += x->a[k];
  ld_level(x, x->c, v, LD_ACC_L, LD_ACC_T, LD_ACC_MON, LD_ACC_ALL);
  v[LD_ORTH_L] = x->bar[0] >= 0 ? so3_orth_err(q[x->bar[0]].R) : 0;
  v[LD_ORTH_T] = x->bar[1] >= 0 ? so3_orth_err(q[x->bar[1]].R) : 0;
  v[LD_ORTH_MON] = fmax(v[LD_ORTH_L], v[LD_ORTH_T]);
  v[LD_ORTH_ALL] = mb_orth_err(p, q);
  v[LD_E] = mb_energy(p, q);
  double ext = 0, zmin = INFINITY;
  for (int i = 0; i < nb; i++) {
    zmin = fmin(zmin, q[i].x[2]);
    for (int j = 0; j < i; j++) {
      double d[3] = {q[i].x[0] - q[j].x[0], q[i].x[1] - q[j].x[1], q[i].x[2] - q[j].x[2]};
      ext = fmax(ext, so3_norm(d));
    }
  }
  v[LD_EXT] = ext;
  v[LD_ZMIN] = zmin;
  v[LD_NEWTON] = s->newton_iters;
  v[LD_NRES] = s->newton_resid;
  if (x->isnap < r->nsnap && fabs(s->t - r->tsnap[x->isnap]) < 0.5 * x->h)
    ld_bar_ends(p, q, r->snap + (size_t)x->isnap++ * 6 * (size_t)nb);
  memcpy(r->last, q, (size_t)nb * sizeof *q);
  r->n++;
  return 0;
}
void ld_simulate(ld_run *r, const char *model, const char *scheme, double h, double T,
                 const double *tsnap, int nsnap)
{
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = lg_scheme_find("multibody", scheme);
  char msg[256];
  if (!m || !S) { fprintf(stderr, "liang23drv: no model %s or scheme %s\n", model,
                          scheme); exit(1); }
  memset(r, 0, sizeof *r);
  r->p = calloc(1, m->par_size);
  if (!r->p) exit(1);
  lg_params_default(m, r->p);
  if (m->check(r->p, 0, msg, sizeof msg) != LG_OK) { fprintf(stderr, "liang23drv: %s\n",
      msg); exit(1); }
  long nsteps = lround(T / h);
  r->nb = r->p->topo->nb;
  r->nsnap = nsnap;
  r->tsnap = tsnap;
  r->v = malloc((size_t)(nsteps + 1) * sizeof *r->v);
  r->snap = calloc((size_t)(nsnap ? nsnap : 1) * 6 * (size_t)r->nb, sizeof *r->snap);
  r->last = malloc((size_t)r->nb * sizeof *r->last);
  ld_ctx x = {r, mb_work_alloc(r->p->topo), {ld_body(r->p, "L30"), ld_body(r->p, "T30")},
              malloc(((size_t)r->p->topo->nc + 1) * sizeof(double)),
              malloc(((size_t)r->p->topo->nc + 1) * sizeof(double)),
              malloc(6 * (size_t)r->nb * sizeof(double)),
                  malloc((size_t)r->nb * sizeof(lg_body)), 0, h, 0};
  if (!r->v || !r->snap || !r->last || !x.w || !x.c || !x.a || !x.dV || !x.qa) exit(1);
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = LD_NEWTON_TOL;
  lg_failure fail;
  clock_t c0 = clock();
  int st = lg_run(S, r->p, &opt, h, nsteps, 1, ld_emit, &x, &fail);
  r->cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
  if (st != LG_OK)
    fprintf(stderr, "liang23drv: %s on %s stopped after %ld of %ld steps (status %d%s)\n", scheme,
            model, r->n - 1, nsteps, st, x.bad ? ", state not finite" : "");
  mb_work_free(x.w);
  free(x.c); free(x.a); free(x.dV); free(x.qa);
}

void ld_free(ld_run *r)
{
  free(r->p); free(r->v); free(r->snap); free(r->last);
}

double ld_max(const ld_run *r, int c, long k0, long k1)
{
  double e = 0;
  for (long k = k0 < 0 ? 0 : k0; k <= k1 && k < r->n; k++) e = fmax(e, r->v[k][c]);
  return e;
}
void ld_claims(const ld_run *r, double h, double T, double out[6])
{
  long N = lround(T / h), done = r->n - 1 < N ? r->n - 1 : N;
  out[0] = (double)(done < 0 ? 0 : done) / (double)N;
  out[1] = done == N ? r->v[N][LD_EXT] / r->v[0][LD_EXT] : NAN;
  out[2] = ld_max(r, LD_ACC_MON, 0, N);
  out[3] = ld_max(r, LD_BV_MON, 0, N) / ld_max(r, LD_BV_MON, 0, N / 2);
  out[4] = ld_max(r, LD_PHI_MON, 0, N) / ld_max(r, LD_PHI_MON, 0, N / 2);
  out[5] = ld_max(r, LD_ORTH_MON, 0, N);
}
