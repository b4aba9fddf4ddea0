/* multibody-drive.c: prescribed motion of a joint's coordinate (drives,
   section sec:mb-drive): the law, the row, its stiffness and reaction,
   and the statement. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
/* Eq. (mb-drive-law): f, f', f'' */
void mb_drive_law(const mb_loads *L, int d, double t, double f[3])
{
  const double *v = L->dval + 2 * d;
  if (L->drv[4 * d + 2] == 0) {            /* speed W */
    f[0] = v[0] * t;
    f[1] = v[0];
    f[2] = 0;
    return;
  }
  const double s = sin(v[1] * t), c = cos(v[1] * t);   /* sine A OMEGA */
  f[0] = v[0] * s;
  f[1] = v[0] * v[1] * c;
  f[2] = -v[0] * v[1] * v[1] * s;
}

/* whether coordinate c of joint j is a travel (else an angle) */
static int drv_travel(const mb_topo *t, int j, int c)
{
  const int kind = mb_jkind(t, j);
  return kind == MB_PRISMATIC || (kind == MB_CYLINDRICAL && c == 1);
}

/* Eqs. (mb-drive-rows): the row g = q - f(t) (an angle's difference taken
   in (-pi, pi]), B = G, B V - f', (dB/dt) V - f'' = V^T H V - f'' */
void mb_drive_row(const mb_par *p, const lg_body *q, int k, double *phi, double *Ba,
                  double *Bb, double *bv, double *c)
{
  const mb_loads *L = p->topo->ld;
  const int d = L->jdrive[k], co = L->drv[4 * d + 1];
  double qv, qd, G[12], H[144], f[3];
  mb_jcoord_eval(p, q, k, co, &qv, &qd, G, c ? H : NULL);
  mb_drive_law(L, d, L->td, f);
  if (phi) {
    const double e = qv - f[0];
    *phi = drv_travel(p->topo, k, co) ? e : remainder(e, 6.283185307179586);
  }
  if (Ba) memcpy(Ba, G, 6 * sizeof *Ba);
  if (Bb) memcpy(Bb, G + 6, 6 * sizeof *Bb);
  if (bv) *bv = qd - f[1];
  if (!c) return;
  const mb_joint *j = &p->topo->joint[k];
  double V[12] = {0};
  for (int s = 0; s < 2; s++) {
    const int i = s ? j->b : j->a;
    if (i == MB_GROUND) continue;
    memcpy(V + 6 * s, q[i].W, 3 * sizeof *V);
    memcpy(V + 6 * s + 3, q[i].v, 3 * sizeof *V);
  }
  double vhv = 0;
  for (int r = 0; r < 12; r++)
    for (int col = 0; col < 12; col++) vhv += V[r] * H[12 * r + col] * V[col];
  *c = vhv - f[2];
}

void mb_drive_sub_rates(const mb_par *p, double *r)
{
  const mb_loads *L = p->topo->ld;
  for (int d = 0; d < L->nd; d++) {
    const int j = L->drv[4 * d];
    double f[3];
    mb_drive_law(L, d, L->td, f);
    r[mb_jrow(p->topo, j) + mb_joint_nrows[mb_jkind(p->topo, j)]] -= f[1];
  }
}
/* Eq. (mb-drive-stiff): K += lam H */
void mb_drive_stiff(const mb_par *p, const lg_body *q, int k, double lam, double *K)
{
  const mb_loads *L = p->topo->ld;
  double qv, qd, G[12], H[144];
  mb_jcoord_eval(p, q, k, L->drv[4 * L->jdrive[k] + 1], &qv, &qd, G, H);
  for (int r = 0; r < 144; r++) K[r] += lam * H[r];
}

/* Eq. (mb-drive-reaction): the force -lam G_v on b and the torque
   -lam R_b G_W about its mass centre, moved to b's joint point */
void mb_drive_reaction(const mb_par *p, const lg_body *q, int k, double lam, double F[3],
                       double M[3])
{
  const mb_loads *L = p->topo->ld;
  const mb_joint *j = &p->topo->joint[k];
  double qv, qd, G[12], Rb[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, T[3], y[3], yf[3];
  mb_jcoord_eval(p, q, k, L->drv[4 * L->jdrive[k] + 1], &qv, &qd, G, NULL);
  if (j->b != MB_GROUND) memcpy(Rb, q[j->b].R, sizeof Rb);
  so3_mv(T, Rb, G + 6);
  so3_mv(y, Rb, mb_joint_par(p, k) + 3);   /* y_b - x_b */
  so3_cross(yf, y, G + 9);
  for (int r = 0; r < 3; r++) {
    F[r] -= lam * G[9 + r];
    M[r] -= lam * (T[r] - yf[r]);
  }
}

double mb_drive_effort(const mb_topo *t, int d, const double *lambda)
{
  const int j = t->ld->drv[4 * d];
  return -lambda[mb_jrow(t, j) + mb_joint_nrows[mb_jkind(t, j)]];
}
/* the next word of s (n its length), or NULL */
static const char *drv_word(const char **s, size_t *n)
{
  const char *w = *s;
  while (*w && isspace((unsigned char)*w)) w++;
  if (!*w) return NULL;
  *n = 0;
  while (w[*n] && !isspace((unsigned char)w[*n])) (*n)++;
  *s = w + *n;
  return w;
}

static int drv_err(char *err, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return LG_EINVAL;
}

/* a number of the statement: LG_PARSE_OK, or the parser's complaint */
static int drv_number(const char *w, size_t n, double *x)
{
  char buf[64];
  if (n >= sizeof buf) return LG_PARSE_SYNTAX;
  memcpy(buf, w, n);
  buf[n] = '\0';
  return lg_parse_real(buf, x);
}

int mb_drive_parse(const char *s, int nj, const int *kind, int drv[3], double v[2], char *err,
                   size_t n)
{
  static const char usage[] = "needs K [coordinate I] speed W, or K [coordinate I] sine A "
                              "OMEGA";
  size_t len;
  double x;
  const char *w = drv_word(&s, &len);
  if (!w) return drv_err(err, n, "%s", usage);
  if (drv_number(w, len, &x) != LG_PARSE_OK || x != floor(x) || x < 1 || x > nj)
    return drv_err(err, n, "joint '%.*s' is not the number of a joint above this line "
                   "(1 to %d)", (int)(len > 40 ? 40 : len), w, nj);
  drv[0] = (int)x - 1;
  const int kd = kind ? kind[drv[0]] : MB_SPHERICAL;
  const int nq = kd == MB_REVOLUTE || kd == MB_PRISMATIC ? 1
               : kd == MB_CYLINDRICAL || kd == MB_UNIVERSAL ? 2 : 0;
  if (nq == 0)
    return drv_err(err, n, "joint %d is %s, which has no coordinate to prescribe (a "
                   "revolute, prismatic, cylindrical or universal joint has)", drv[0] + 1,
                   kd == MB_WELD ? "a weld" : "spherical");
  drv[1] = 0;
  w = drv_word(&s, &len);
  if (w && len == 10 && strncmp(w, "coordinate", 10) == 0) {
    w = drv_word(&s, &len);
    if (!w || drv_number(w, len, &x) != LG_PARSE_OK || x != floor(x) || x < 1 || x > nq)
      return drv_err(err, n, "coordinate '%.*s' of joint %d (%s) is not 1%s",
                     w ? (int)(len > 40 ? 40 : len) : 0, w ? w : "", drv[0] + 1,
                     mb_joint_kind[kd], nq == 2 ? " or 2" : "");
    drv[1] = (int)x - 1;
    w = drv_word(&s, &len);
  } else if (nq == 2)
    return drv_err(err, n, "joint %d is %s, with two coordinates: give 'coordinate 1' or "
                   "'coordinate 2' after its number", drv[0] + 1, mb_joint_kind[kd]);
  if (!w) return drv_err(err, n, "%s", usage);
  if (len == 5 && strncmp(w, "speed", 5) == 0) drv[2] = 0;
  else if (len == 4 && strncmp(w, "sine", 4) == 0) drv[2] = 1;
  else
    return drv_err(err, n, "unknown law '%.*s' (speed W, or sine A OMEGA)",
                   (int)(len > 40 ? 40 : len), w);
  v[0] = v[1] = 0;
  for (int i = 0; i < 1 + drv[2]; i++) {
    static const char *const what[2][2] = {{"speed", ""}, {"amplitude", "frequency"}};
    w = drv_word(&s, &len);
    if (!w) return drv_err(err, n, "%s", usage);
    const int ps = drv_number(w, len, &v[i]);
    if (ps != LG_PARSE_OK)
      return drv_err(err, n, "%s '%.*s' is not a %snumber", what[drv[2]][i],
                     (int)(len > 40 ? 40 : len), w, ps == LG_PARSE_SYNTAX ? "" : "finite ");
  }
  if ((w = drv_word(&s, &len)))
    return drv_err(err, n, "unexpected '%.*s' (%s)", (int)(len > 40 ? 40 : len), w, usage);
  return LG_OK;
}
/* a topology that adds to p's joints the drives d->drv (4 each), d->dval
   (2 each), n of them: its rows, jinfo and per joint drive, and a copy of
   the values under it */
typedef struct {
  mb_topo t;
  mb_loads L;
  int *ji, *jd, *drv;
  double *dval;
  mb_par *p;
} drv_topo;

static void drv_topo_free(drv_topo *d)
{
  free(d->ji); free(d->jd); free(d->drv); free(d->dval); free(d->p);
}

static int drv_topo_alloc(drv_topo *d, const mb_par *p, int maxd)
{
  const mb_topo *t = p->topo;
  const size_t nj = (size_t)t->nj, nv = mb_nval_all(t);
  memset(d, 0, sizeof *d);
  d->ji = malloc(3 * nj * sizeof *d->ji);
  d->jd = malloc(nj * sizeof *d->jd);
  d->drv = malloc(4 * ((size_t)maxd + 1) * sizeof *d->drv);
  d->dval = malloc(2 * ((size_t)maxd + 1) * sizeof *d->dval);
  d->p = malloc(sizeof *d->p + nv * sizeof(double));
  if (!d->ji || !d->jd || !d->drv || !d->dval || !d->p) {
    drv_topo_free(d);
    return LG_ENOMEM;
  }
  memcpy(d->p->val, p->val, nv * sizeof(double));
  d->t = *t;
  d->L = *t->ld;
  d->t.ld = &d->L;
  d->t.jinfo = d->ji;
  d->L.jdrive = d->jd;
  d->L.drv = d->drv;
  d->L.dval = d->dval;
  d->L.td = 0;
  d->p->topo = &d->t;
  return LG_OK;
}

/* the first n drives of d->drv in force: rows, jinfo, drive per joint */
static void drv_topo_set(drv_topo *d, const mb_topo *t, int n)
{
  d->L.nd = n;
  for (int j = 0; j < t->nj; j++) d->jd[j] = -1;
  for (int i = 0; i < n; i++) d->jd[d->drv[4 * i]] = i;
  d->t.nc = 0;
  for (int j = 0; j < t->nj; j++) {
    d->ji[3 * j] = t->jinfo[3 * j];
    d->ji[3 * j + 1] = d->t.nc;
    d->ji[3 * j + 2] = t->jinfo[3 * j + 2];
    d->t.nc += mb_jnrows(&d->t, j);
  }
}

/* the rows the rank decision of d at q drops, or -1 (*st the failure) */
static int drv_drops(drv_topo *d, const lg_body *q, int *st)
{
  mb_work *w = mb_work_alloc(&d->t);
  if (!w) {
    *st = LG_ENOMEM;
    return -1;
  }
  *st = mb_rank_check(d->p, q, w, MB_RANK_TOL);
  const int n = *st == LG_OK ? mb_redundant_rows(w, NULL, 0) : -1;
  mb_work_free(w);
  return n;
}

/* the velocities of q onto the joints alone, in the metric of M (d's
   first n drives in force), through a workspace of its own */
static int drv_project(drv_topo *d, const mb_topo *t, int n, lg_body *q)
{
  drv_topo_set(d, t, n);
  mb_work *w = mb_work_alloc(&d->t);
  if (!w) return LG_ENOMEM;
  const int st = mb_project_velocity(d->p, q, w);
  mb_work_free(w);
  return st;
}

int mb_drive_project_velocity(const mb_par *p, lg_body *q)
{
  const mb_topo *t = p->topo;
  const mb_loads *L = t->ld;
  const int nd = L->nd;
  drv_topo d;
  int st = drv_topo_alloc(&d, p, t->nj);
  if (st != LG_OK) return st;
  st = drv_project(&d, t, 0, q);               /* the joints alone */
  memcpy(d.drv, L->drv, 4 * (size_t)nd * sizeof *d.drv);
  memcpy(d.dval, L->dval, 2 * (size_t)nd * sizeof *d.dval);
  int n = nd, base = 0;
  if (st == LG_OK) {
    drv_topo_set(&d, t, n);
    base = drv_drops(&d, q, &st);
  }
  for (int j = 0; j < t->nj && st == LG_OK; j++) {   /* the holds, one at a time */
    const int kind = mb_jkind(t, j);
    if (L->jdrive[j] >= 0 || kind == MB_SPHERICAL || kind == MB_WELD) continue;
    double qv, qd, G[12];
    mb_jcoord_eval(p, q, j, 0, &qv, &qd, G, NULL);
    const int hold[4] = {j, 0, 0, 0};
    memcpy(d.drv + 4 * n, hold, sizeof hold);
    d.dval[2 * n] = qd;                        /* speed law: rate qd */
    d.dval[2 * n + 1] = 0;
    drv_topo_set(&d, t, n + 1);
    if (drv_drops(&d, q, &st) == base) n++;
  }
  if (st == LG_OK) st = drv_project(&d, t, n, q);   /* joints, drives and holds */
  drv_topo_free(&d);
  return st;
}
