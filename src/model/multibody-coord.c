/* multibody-coord.c: joint coordinates, Eqs. (mb-coord-Q) to (mb-coord-uni). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lie/so3.h"
#include "model/multibody-coord.h"

#define MB_TWO_PI 6.28318530717958647692

struct mb_coord {
  int nj;
  double *C0;       /* 9 per joint: R_a^T R_b at t = 0 */
  double *s0;       /* per joint: U . r at t = 0 */
  double *prev;     /* 2 per joint: the previous unwrapped angle of each coordinate */
  double *prevd;    /* and its rate */
  double tprev;
  int started;
};

int mb_coord_count(const mb_topo *t, int k)
{
  switch (mb_jkind(t, k)) {
  case MB_REVOLUTE: case MB_PRISMATIC: return 1;
  case MB_CYLINDRICAL: case MB_UNIVERSAL: return 2;
  default: return 0;
  }
}

int mb_coord_ncol(const mb_topo *t)
{
  int n = 0;
  for (int k = 0; k < t->nj; k++) n += 2 * mb_coord_count(t, k);
  return n;
}

size_t mb_coord_columns(const mb_topo *t, char *buf, size_t n)
{
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int k = 0; k < t->nj; k++) {
    const int m = mb_coord_count(t, k);
    for (int c = 0; c < 2 * m; c++) {
      char one[48];
      int l = m == 1 ? snprintf(one, sizeof one, "%s%s%d", len ? "," : "", c ? "qd" : "q", k + 1)
                     : snprintf(one, sizeof one, "%s%s%d_%d", len ? "," : "",
                                c < m ? "q" : "qd", k + 1, c % m + 1);
      if (len + (size_t)l < n) memcpy(buf + len, one, (size_t)l + 1);
      len += (size_t)l;
    }
  }
  return len;
}
typedef struct {
  double C[9], w[3], r[3], rd[3];
} mb_coord_rel;

static void coord_side(const mb_par *p, const lg_body *q, int k, int s, double R[9],
                       double W[3], double y[3], double yd[3])
{
  const mb_joint *j = &p->topo->joint[k];
  const int b = s ? j->b : j->a;
  const double *P = mb_joint_par(p, k) + 3 * s;
  if (b == MB_GROUND) {
    so3_identity(R);
    memset(W, 0, 3 * sizeof *W);
    memcpy(y, P, 3 * sizeof *y);
    memset(yd, 0, 3 * sizeof *yd);
    return;
  }
  double wp[3];
  memcpy(R, q[b].R, 9 * sizeof *R);
  memcpy(W, q[b].W, 3 * sizeof *W);
  so3_mv(y, R, P);
  so3_cross(wp, W, P);
  so3_mv(yd, R, wp);
  for (int i = 0; i < 3; i++) { y[i] += q[b].x[i]; yd[i] += q[b].v[i]; }
}

static void coord_rel(const mb_par *p, const lg_body *q, int k, mb_coord_rel *o)
{
  double Ra[9], Wa[3], ya[3], yda[3], Rb[9], Wb[3], yb[3], ydb[3], d[3], dd[3], cw[3], x[3];
  coord_side(p, q, k, 0, Ra, Wa, ya, yda);
  coord_side(p, q, k, 1, Rb, Wb, yb, ydb);
  so3_mul_tn(o->C, Ra, Rb);
  so3_mv(cw, o->C, Wb);
  for (int i = 0; i < 3; i++) { o->w[i] = cw[i] - Wa[i]; d[i] = yb[i] - ya[i]; dd[i] = ydb[i] - yda[i]; }
  so3_mtv(o->r, Ra, d);
  so3_mtv(o->rd, Ra, dd);
  so3_cross(x, Wa, o->r);
  for (int i = 0; i < 3; i++) o->rd[i] -= x[i];
}
/* joint k's unit axes: U, and (universal) V */
static void coord_axes(const mb_par *p, int k, double U[3], double V[3])
{
  const double *X = mb_jointx_par(p, k);
  const double nu = so3_norm(X + MB_JXU), nv = so3_norm(X + MB_JXV);
  for (int i = 0; i < 3; i++) {
    U[i] = nu > 0 ? X[MB_JXU + i] / nu : 0;
    V[i] = nv > 0 ? X[MB_JXV + i] / nv : 0;
  }
}

mb_coord *mb_coord_alloc(const mb_par *p)
{
  const mb_topo *t = p->topo;
  const size_t nj = (size_t)t->nj;
  mb_coord *c = calloc(1, sizeof *c);
  lg_body *q = malloc(((size_t)t->nb + 1) * sizeof *q);
  if (c) {
    c->nj = t->nj;
    c->C0 = malloc((9 * nj + 1) * sizeof *c->C0);
    c->s0 = malloc((nj + 1) * sizeof *c->s0);
    c->prev = calloc(2 * nj + 1, sizeof *c->prev);
    c->prevd = calloc(2 * nj + 1, sizeof *c->prevd);
  }
  if (!c || !q || !c->C0 || !c->s0 || !c->prev || !c->prevd) {
    free(q);
    mb_coord_free(c);
    return NULL;
  }
  mb_initial(p, q);
  for (int k = 0; k < t->nj; k++) {
    mb_coord_rel o;
    double U[3], V[3];
    coord_rel(p, q, k, &o);
    coord_axes(p, k, U, V);
    memcpy(c->C0 + 9 * k, o.C, sizeof o.C);
    c->s0[k] = so3_dot(U, o.r);
  }
  free(q);
  return c;
}

void mb_coord_free(mb_coord *c)
{
  if (!c) return;
  free(c->C0);
  free(c->s0);
  free(c->prev);
  free(c->prevd);
  free(c);
}

void mb_coord_reset(mb_coord *c) { c->started = 0; }
static double coord_unwrap(mb_coord *c, int slot, double th, double rate, double t)
{
  if (c->started) {
    const double pred = c->prev[slot] + 0.5 * (c->prevd[slot] + rate) * (t - c->tprev);
    th += MB_TWO_PI * floor((pred - th) / MB_TWO_PI + 0.5);
  }
  c->prev[slot] = th;
  c->prevd[slot] = rate;
  return th;
}

void mb_coord_eval(mb_coord *c, const mb_par *p, const lg_body *q, double t, double *out)
{
  const mb_topo *tp = p->topo;
  double *o = out;
  for (int k = 0; k < tp->nj; k++) {
    const int kind = mb_jkind(tp, k), m = mb_coord_count(tp, k);
    if (m == 0) continue;
    mb_coord_rel r;
    double U[3], V[3], Q[9], a[3], b[3];
    coord_rel(p, q, k, &r);
    coord_axes(p, k, U, V);
    so3_mul_nt(Q, r.C, c->C0 + 9 * k);          /* Eq. (mb-coord-Q) */
    const double s = so3_dot(U, r.r) - c->s0[k], sd = so3_dot(U, r.rd);
    if (kind == MB_REVOLUTE || kind == MB_CYLINDRICAL) {   /* Eq. (mb-coord-rev) */
      double e1[3], e2[3];
      mb_perp(U, e1, e2);             /* the joint's own normals of its axis */
      so3_mv(a, Q, e1);
      const double rate = so3_dot(U, r.w);
      o[0] = coord_unwrap(c, 2 * k, atan2(so3_dot(e2, a), so3_dot(e1, a)), rate, t);
      o[m] = rate;
      if (kind == MB_CYLINDRICAL) { o[1] = s; o[3] = sd; }
    } else if (kind == MB_PRISMATIC) {                     /* Eq. (mb-coord-pri) */
      o[0] = s;
      o[1] = sd;
    } else {                                               /* Eq. (mb-coord-uni) */
      double N[3];
      so3_cross(N, U, V);
      so3_mv(a, Q, V);
      so3_mtv(b, Q, U);
      const double r1 = so3_dot(U, r.w), r2 = so3_dot(a, r.w);
      o[0] = coord_unwrap(c, 2 * k, atan2(so3_dot(N, a), so3_dot(V, a)), r1, t);
      o[1] = coord_unwrap(c, 2 * k + 1, atan2(so3_dot(N, b), so3_dot(U, b)), r2, t);
      o[2] = r1;
      o[3] = r2;
    }
    o += 2 * m;
  }
  c->tprev = t;
  c->started = 1;
}
