/* mjcf.c: a tree of rigid bodies written as MuJoCo's XML (MJCF). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include "lie/so3.h"
#include "model/mjcf.h"

#define MJCF_ROOT (-2)
typedef struct {
  int *parent, *via, *depth, *queue;
  int *used;
} mjcf_plan;

static void plan_free(mjcf_plan *pl)
{
  free(pl->parent);
  free(pl->via);
  free(pl->depth);
  free(pl->queue);
  free(pl->used);
}

static int fail(char *why, size_t n, int st, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (why && n) vsnprintf(why, n, fmt, ap);
  va_end(ap);
  return st;
}

/* visits the bodies from node u (a body or MB_GROUND) outwards */
static int plan_bfs(const mb_topo *t, mjcf_plan *pl, int u, char *why, size_t n)
{
  int head = 0, tail = 0;
  if (u != MB_GROUND) pl->queue[tail++] = u;
  for (;;) {
    for (int k = 0; k < t->nj; k++) {
      int a = t->joint[k].a, b = t->joint[k].b;
      if (pl->used[k] || (a != u && b != u)) continue;
      int c = a == u ? b : a;
      pl->used[k] = 1;
      if (pl->parent[c] != -3)
        return fail(why, n, LG_EINVAL, "joint %d closes a loop (body %s is reached twice): "
                    "not written, MJCF holds a tree of bodies", k + 1, t->name[c]);
      pl->parent[c] = u;
      pl->via[c] = k;
      pl->depth[c] = (u == MB_GROUND ? 0 : pl->depth[u]) + 1;
      pl->queue[tail++] = c;
    }
    if (head == tail) return LG_OK;
    u = pl->queue[head++];
  }
}

static int plan_tree(const mb_topo *t, mjcf_plan *pl, char *why, size_t n)
{
  size_t nb = (size_t)t->nb + 1;
  pl->parent = malloc(nb * sizeof *pl->parent);
  pl->via = malloc(nb * sizeof *pl->via);
  pl->depth = malloc(nb * sizeof *pl->depth);
  pl->queue = malloc(nb * sizeof *pl->queue);
  pl->used = calloc((size_t)t->nj + 1, sizeof *pl->used);
  if (!pl->parent || !pl->via || !pl->depth || !pl->queue || !pl->used)
    return fail(why, n, LG_ENOMEM, "out of memory");
  for (int i = 0; i < t->nb; i++) pl->parent[i] = -3, pl->via[i] = -1, pl->depth[i] = 0;
  int st = plan_bfs(t, pl, MB_GROUND, why, n);
  for (int i = 0; i < t->nb && st == LG_OK; i++)
    if (pl->parent[i] == -3) {
      pl->parent[i] = MJCF_ROOT;
      pl->depth[i] = 1;
      st = plan_bfs(t, pl, i, why, n);
    }
  return st;
}
/* q = (w, x, y, z) of the rotation R (row-major), w >= 0 */
static void quat_of(double q[4], const double R[9])
{
  double tr = R[0] + R[4] + R[8];
  if (tr >= R[0] && tr >= R[4] && tr >= R[8]) {
    double s = 2 * sqrt(1 + tr);
    q[0] = s / 4, q[1] = (R[7] - R[5]) / s, q[2] = (R[2] - R[6]) / s, q[3] = (R[3] - R[1]) / s;
  } else if (R[0] >= R[4] && R[0] >= R[8]) {
    double s = 2 * sqrt(1 + R[0] - R[4] - R[8]);
    q[0] = (R[7] - R[5]) / s, q[1] = s / 4, q[2] = (R[1] + R[3]) / s, q[3] = (R[2] + R[6]) / s;
  } else if (R[4] >= R[8]) {
    double s = 2 * sqrt(1 + R[4] - R[0] - R[8]);
    q[0] = (R[2] - R[6]) / s, q[1] = (R[1] + R[3]) / s, q[2] = s / 4, q[3] = (R[5] + R[7]) / s;
  } else {
    double s = 2 * sqrt(1 + R[8] - R[0] - R[4]);
    q[0] = (R[3] - R[1]) / s, q[1] = (R[2] + R[6]) / s, q[2] = (R[5] + R[7]) / s, q[3] = s / 4;
  }
  if (q[0] < 0) for (int k = 0; k < 4; k++) q[k] = -q[k];
}
typedef struct {
  const mb_par *p;
  const mjcf_plan *pl;
  FILE *f;
  double *qpos, *qvel;
  int nq, nv;
} mjcf_out;

static void put3(FILE *f, const char *attr, const double v[3])
{
  fprintf(f, " %s=\"%.17g %.17g %.17g\"", attr, v[0], v[1], v[2]);
}

/* attr="PREFIXs", s escaped for XML */
static void put_name(FILE *f, const char *attr, const char *prefix, const char *s)
{
  fprintf(f, " %s=\"%s", attr, prefix);
  for (; *s; s++)
    if (*s == '&') fputs("&amp;", f);
    else if (*s == '<') fputs("&lt;", f);
    else if (*s == '"') fputs("&quot;", f);
    else fputc(*s, f);
  fputc('"', f);
}

/* the rotation (in the file's body frame), position, angular velocity in
   space and velocity of body i, or of the ground for i < 0 */
static void body_state(const mb_par *p, int i, double R[9], double x[3], double w[3],
                       double v[3])
{
  so3_identity(R);
  for (int k = 0; k < 3; k++) x[k] = w[k] = v[k] = 0;
  if (i < 0) return;
  const double *b = mb_body_par(p, i), *Q = mb_axes(p, i);
  so3_mv(w, b + MB_R, b + MB_W);
  if (Q) so3_mul_nt(R, b + MB_R, Q);
  else memcpy(R, b + MB_R, 9 * sizeof *R);
  memcpy(x, b + MB_X, 3 * sizeof *x);
  memcpy(v, b + MB_V, 3 * sizeof *v);
}

/* the inertia of body i about its mass centre, in the file's body frame */
static void put_inertia(FILE *f, const mb_par *p, int i)
{
  const double *J = mb_body_par(p, i) + MB_J, *Q = mb_axes(p, i);
  if (!Q) {
    put3(f, "diaginertia", J);
    return;
  }
  double A[9];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      A[3 * r + c] = Q[3 * r] * J[0] * Q[3 * c] + Q[3 * r + 1] * J[1] * Q[3 * c + 1]
                     + Q[3 * r + 2] * J[2] * Q[3 * c + 2];
  fprintf(f, " fullinertia=\"%.17g %.17g %.17g %.17g %.17g %.17g\"", A[0], A[4], A[8], A[1],
          A[2], A[5]);
}

static void write_body(mjcf_out *o, int c, int indent)
{
  const mb_topo *t = o->p->topo;
  const mb_par *p = o->p;
  int par = o->pl->parent[c], k = o->pl->via[c];
  double Rp[9], xp[3], wp[3], vp[3], Rc[9], xc[3], wc[3], vc[3], Rrel[9], d[3], pos[3], q[4];
  body_state(p, par, Rp, xp, wp, vp);
  body_state(p, c, Rc, xc, wc, vc);
  for (int j = 0; j < 3; j++) d[j] = xc[j] - xp[j];
  so3_mtv(pos, Rp, d);                                  /* Eq. (mb-mjcf-pose) */
  so3_mul_tn(Rrel, Rp, Rc);
  quat_of(q, Rrel);
  fprintf(o->f, "%*s<body", indent, "");
  put_name(o->f, "name", "", t->name[c]);
  put3(o->f, "pos", pos);
  fprintf(o->f, " quat=\"%.17g %.17g %.17g %.17g\">\n", q[0], q[1], q[2], q[3]);
  fprintf(o->f, "%*s  <inertial pos=\"0 0 0\" mass=\"%.17g\"", indent, "",
          mb_body_par(p, c)[MB_M]);
  put_inertia(o->f, p, c);
  fputs("/>\n", o->f);
  if (par == MJCF_ROOT) {
    fprintf(o->f, "%*s  <joint", indent, "");
    put_name(o->f, "name", "free_", t->name[c]);
    fputs(" type=\"free\"/>\n", o->f);
    memcpy(o->qpos + o->nq, xc, sizeof xc);
    memcpy(o->qpos + o->nq + 3, q, sizeof q);
    memcpy(o->qvel + o->nv, vc, sizeof vc);
    so3_mtv(o->qvel + o->nv + 3, Rc, wc);
    o->nq += 7, o->nv += 6;
  } else if (mb_jkind(t, k) != MB_WELD) {
    int kind = mb_jkind(t, k), cside = t->joint[k].b == c;
    const double *jp = mb_joint_par(p, k), *Q = mb_axes(p, c);
    double RA[9], xA[3], wA[3], vA[3], e[3], ec[3], wr[3], P[3];
    if (Q) so3_mv(P, Q, jp + (cside ? 3 : 0));           /* P = Q P_p */
    else memcpy(P, jp + (cside ? 3 : 0), sizeof P);
    body_state(p, t->joint[k].a, RA, xA, wA, vA);
    if (kind != MB_SPHERICAL) {                           /* e in space, from A's frame */
      const double *QA = t->joint[k].a >= 0 ? mb_axes(p, t->joint[k].a) : NULL;
      double uA[3];
      if (QA) so3_mv(uA, QA, mb_jointx_par(p, k) + MB_JXU);
      else memcpy(uA, mb_jointx_par(p, k) + MB_JXU, sizeof uA);
      so3_mv(e, RA, uA);
    }
    else e[0] = e[1] = e[2] = 0;
    so3_mtv(ec, Rc, e);
    static const char *const type[] = {[MB_SPHERICAL] = "ball", [MB_REVOLUTE] = "hinge",
                                       [MB_PRISMATIC] = "slide"};
    fprintf(o->f, "%*s  <joint name=\"joint%d\" type=\"%s\"", indent, "", k + 1, type[kind]);
    put3(o->f, "pos", P);
    if (kind != MB_SPHERICAL) put3(o->f, "axis", ec);
    fputs("/>\n", o->f);
    for (int j = 0; j < 3; j++) wr[j] = wc[j] - wp[j];
    if (kind == MB_SPHERICAL) {
      o->qpos[o->nq++] = 1;
      for (int j = 0; j < 3; j++) o->qpos[o->nq++] = 0;
      so3_mtv(o->qvel + o->nv, Rc, wr);
      o->nv += 3;
    } else if (kind == MB_REVOLUTE) {
      o->qpos[o->nq++] = 0;
      o->qvel[o->nv++] = so3_dot(e, wr);
    } else {
      double rc[3], r[3], a[3], b[3], vrel[3];
      so3_mv(rc, Rc, P);
      for (int j = 0; j < 3; j++) r[j] = xc[j] + rc[j] - xp[j];
      so3_cross(a, wc, rc);
      so3_cross(b, wp, r);
      for (int j = 0; j < 3; j++) vrel[j] = vc[j] + a[j] - vp[j] - b[j];
      o->qpos[o->nq++] = 0;
      o->qvel[o->nv++] = so3_dot(e, vrel);
    }
  }
  for (int i = 0; i < t->nb; i++)
    if (o->pl->parent[i] == c) write_body(o, i, indent + 2);
  fprintf(o->f, "%*s</body>\n", indent, "");
}
int mb_mjcf_check(const mb_par *p, char *why, size_t n)
{
  const mb_topo *t = p->topo;
  const mb_loads *L = t->ld;
  if (mb_applied_any(L))
    return fail(why, n, LG_EINVAL, "model has %s: not written, %s",
                L->np ? "springs" : L->ns ? "joint springs or joint forces" : L->nf
                ? "constant forces" : L->nt ? "constant torques" : "a force callback",
                L->np == 0 && L->ns ? "the export does not write them (MJCF's joint stiffness, "
                "damping and springref would carry a joint spring)" : "MJCF has no exact "
                "counterpart");
  if (L->nd > 0)                         /* section sec:mb-drive */
    return fail(why, n, LG_EINVAL, "model has drives: not written, the export does not write "
                "them (MJCF's equality constraints have no prescribed law of time)");
  for (int k = 0; k < t->nj; k++) {
    int kind = mb_jkind(t, k);
    if (kind == MB_CYLINDRICAL || kind == MB_UNIVERSAL)
      return fail(why, n, LG_EINVAL, "joint %d is %s: not written, MuJoCo would need two "
                  "joints and a body between them", k + 1, mb_joint_kind[kind]);
  }
  mjcf_plan pl = {0};
  int st = plan_tree(t, &pl, why, n), deep = 0, at = 0;
  for (int i = 0; i < t->nb && st == LG_OK; i++)
    if (pl.depth[i] > deep) deep = pl.depth[i], at = i;
  if (st == LG_OK && deep > MB_MJCF_MAXDEPTH)
    st = fail(why, n, LG_EINVAL, "body %s is nested %d bodies deep: not written, MuJoCo "
              "2.2.2's XML reader loads at most %d", t->name[at], deep, MB_MJCF_MAXDEPTH);
  plan_free(&pl);
  return st;
}

int mb_mjcf_write(const mb_par *p, const char *name, FILE *f, char *why, size_t n)
{
  const mb_topo *t = p->topo;
  int st = mb_mjcf_check(p, why, n);
  if (st != LG_OK) return st;
  mjcf_plan pl = {0};
  mjcf_out o = {p, &pl, f, malloc((7 * (size_t)t->nb + 1) * sizeof(double)),
                malloc((6 * (size_t)t->nb + 1) * sizeof(double)), 0, 0};
  st = plan_tree(t, &pl, why, n);
  if (st == LG_OK && (!o.qpos || !o.qvel)) st = fail(why, n, LG_ENOMEM, "out of memory");
  if (st == LG_OK) {
    double g[3];
    for (int j = 0; j < 3; j++) g[j] = p->val[MB_G] * p->val[MB_GDIR + j];
    fprintf(f, "<mujoco");
    put_name(f, "model", "", name);
    fputs(">\n  <option", f);
    put3(f, "gravity", g);
    fputs("/>\n  <worldbody>\n", f);
    for (int i = 0; i < t->nb; i++)
      if (pl.parent[i] == MB_GROUND || pl.parent[i] == MJCF_ROOT) write_body(&o, i, 4);
    fputs("  </worldbody>\n", f);
    if (o.nq > 0) {
      fputs("  <keyframe>\n    <key name=\"initial\" qpos=\"", f);
      for (int j = 0; j < o.nq; j++) fprintf(f, "%s%.17g", j ? " " : "", o.qpos[j]);
      fputs("\" qvel=\"", f);
      for (int j = 0; j < o.nv; j++) fprintf(f, "%s%.17g", j ? " " : "", o.qvel[j]);
      fputs("\"/>\n  </keyframe>\n", f);
    }
    fputs("</mujoco>\n", f);
  }
  free(o.qpos);
  free(o.qvel);
  plan_free(&pl);
  return st;
}
