/* multibody-jointload.c: joint springs, dampers and forces along a joint's
   coordinate (section sec:mb-jointload), and their statements. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
typedef struct {
  int body;
  double R[9], W[3], x[3], v[3];
  const double *P;     /* the joint's point on this side */
} jl_side;

static void jl_side_at(const mb_par *p, const lg_body *q, int j, int s, jl_side *o)
{
  const mb_joint *jt = &p->topo->joint[j];
  o->body = s ? jt->b : jt->a;
  o->P = mb_joint_par(p, j) + 3 * s;
  so3_identity(o->R);
  memset(o->W, 0, sizeof o->W);
  memset(o->x, 0, sizeof o->x);
  memset(o->v, 0, sizeof o->v);
  if (o->body == MB_GROUND) return;
  if (q) {
    const lg_body *b = &q[o->body];
    memcpy(o->R, b->R, sizeof o->R);
    memcpy(o->W, b->W, sizeof o->W);
    memcpy(o->x, b->x, sizeof o->x);
    memcpy(o->v, b->v, sizeof o->v);
  } else {
    const double *b = mb_body_par(p, o->body);
    memcpy(o->R, b + MB_R, sizeof o->R);
    memcpy(o->x, b + MB_X, sizeof o->x);
  }
}

/* r = R_a^T (y_b - y_a), the joint's points' offset in a's frame */
static void jl_offset(const jl_side *a, const jl_side *b, double r[3])
{
  double ya[3], yb[3], d[3];
  so3_mv(ya, a->R, a->P);
  so3_mv(yb, b->R, b->P);
  for (int i = 0; i < 3; i++) d[i] = (b->x[i] + yb[i]) - (a->x[i] + ya[i]);
  so3_mtv(r, a->R, d);
}

/* block (r, c) of the 12 x 12 H += s A */
static void jl_block(double *H, int r, int c, double s, const double A[9])
{
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 3; k++) H[(3 * r + i) * 12 + 3 * c + k] += s * A[3 * i + k];
}

static void jl_unit(double u[3], const double *x)
{
  const double n = so3_norm(x);
  for (int i = 0; i < 3; i++) u[i] = n > 0 ? x[i] / n : 0;
}
void mb_jload_eval(const mb_par *p, const lg_body *q, int k, double *qv, double *qd,
                   double G[12], double *H)
{
  const int *jl = p->topo->ld->jl + 3 * (k - p->topo->ld->np);
  mb_jcoord_eval(p, q, jl[0], jl[1], qv, qd, G, H);
}

void mb_jcoord_eval(const mb_par *p, const lg_body *q, int j, int c, double *qv, double *qd,
                    double G[12], double *H)
{
  const int kind = mb_jkind(p->topo, j);
  jl_side a, b, a0, b0;
  jl_side_at(p, q, j, 0, &a);
  jl_side_at(p, q, j, 1, &b);
  jl_side_at(p, NULL, j, 0, &a0);
  jl_side_at(p, NULL, j, 1, &b0);
  const double *X = mb_jointx_par(p, j);
  double U[3], V[3], N[3], C[9], C0[9], Qr[9], HU[9], cb[3], A[9], B[9], E[9];
  jl_unit(U, X + MB_JXU);
  jl_unit(V, X + MB_JXV);
  so3_cross(N, U, V);
  so3_mul_tn(C, a.R, b.R);
  so3_mul_tn(C0, a0.R, b0.R);
  so3_mul_nt(Qr, C, C0);
  so3_hat(HU, U);
  so3_mtv(cb, C, U);                          /* c = C^T U */
  memset(G, 0, 12 * sizeof *G);
  if (H) memset(H, 0, 144 * sizeof *H);
  if (kind == MB_PRISMATIC || (kind == MB_CYLINDRICAL && c == 1)) {   /* a travel */
    double r[3], r0[3], m[3], uS[3], HP[9];
    jl_offset(&a, &b, r);
    jl_offset(&a0, &b0, r0);
    *qv = so3_dot(U, r) - so3_dot(U, r0);
    for (int i = 0; i < 3; i++) m[i] = a.P[i] + r[i];
    so3_mv(uS, a.R, U);
    so3_cross(G, U, m);
    so3_cross(G + 6, b.P, cb);
    for (int i = 0; i < 3; i++) { G[3 + i] = -uS[i]; G[9 + i] = uS[i]; }
    if (H) {
      so3_hat(HP, b.P);
      so3_hat(A, m);
      so3_mul(B, HU, A);
      jl_block(H, 0, 0, 1, B);                /* H11 = hat(U) hat(m) */
      so3_mul_nt(B, HU, a.R);
      jl_block(H, 0, 1, -1, B);               /* H12 = -hat(U) R_a^T */
      jl_block(H, 0, 3, 1, B);                /* H14 */
      so3_mul(A, C, HP);
      so3_mul(B, HU, A);
      jl_block(H, 0, 2, -1, B);               /* H13 = -hat(U) C hat(P_b) */
      so3_mul(B, a.R, HU);
      jl_block(H, 1, 0, 1, B);                /* H21 = R_a hat(U) */
      jl_block(H, 3, 0, -1, B);               /* H41 */
      so3_mul_tn(A, C, HU);
      so3_mul(B, HP, A);
      jl_block(H, 2, 0, -1, B);               /* H31 = -hat(P_b) C^T hat(U) */
      so3_hat(A, cb);
      so3_mul(B, HP, A);
      jl_block(H, 2, 2, 1, B);                /* H33 = hat(P_b) hat(c) */
    }
  } else if (kind != MB_UNIVERSAL || c == 0) {  /* an angle about U, fixed in a */
    double e1[3], e2[3], y[3];
    if (kind == MB_UNIVERSAL) {
      memcpy(e1, V, sizeof e1);
      memcpy(e2, N, sizeof e2);
    } else mb_perp(U, e1, e2);
    so3_mv(y, Qr, e1);
    *qv = atan2(so3_dot(e2, y), so3_dot(e1, y));
    for (int i = 0; i < 3; i++) { G[i] = -U[i]; G[6 + i] = cb[i]; }
    if (H) {
      so3_mul_tn(A, C, HU);
      jl_block(H, 2, 0, -1, A);               /* H31 = -C^T hat(U) */
      so3_hat(A, cb);
      jl_block(H, 2, 2, 1, A);                /* H33 = hat(c) */
    }
  } else {                                    /* the universal joint's second angle */
    double y[3], bB[3], aA[3];
    so3_mtv(y, Qr, U);
    *qv = atan2(so3_dot(N, y), so3_dot(U, y));
    so3_mtv(bB, C0, V);
    so3_mv(aA, C, bB);
    for (int i = 0; i < 3; i++) { G[i] = -aA[i]; G[6 + i] = bB[i]; }
    if (H) {
      so3_hat(A, aA);
      jl_block(H, 0, 0, -1, A);               /* H11 = -hat(a_A) */
      so3_hat(A, bB);
      so3_mul(E, C, A);
      jl_block(H, 0, 2, 1, E);                /* H13 = C hat(b_B) */
    }
  }
  double Vv[12];
  memcpy(Vv, a.W, sizeof a.W);
  memcpy(Vv + 3, a.v, sizeof a.v);
  memcpy(Vv + 6, b.W, sizeof b.W);
  memcpy(Vv + 9, b.v, sizeof b.v);
  *qd = 0;
  for (int i = 0; i < 12; i++) *qd += G[i] * Vv[i];
}
static double jl_gen(const mb_par *p, int k, double qv, double qd)
{
  const double *sp = mb_spring_par(p, k);
  if (p->topo->ld->jl[3 * (k - p->topo->ld->np) + 2]) return sp[MB_SL];
  return -sp[MB_SK] * (qv - sp[MB_SL]) - sp[MB_SC] * qd;
}

void mb_jload_add(const mb_par *p, const lg_body *q, int k, double *f)
{
  double qv, qd, G[12];
  mb_jload_eval(p, q, k, &qv, &qd, G, NULL);
  const double Q = jl_gen(p, k, qv, qd);
  const mb_joint *j = &p->topo->ld->spring[k];
  const int body[2] = {j->a, j->b};
  for (int s = 0; s < 2; s++)
    if (body[s] != MB_GROUND)
      for (int r = 0; r < 6; r++) f[6 * body[s] + r] += Q * G[6 * s + r];
}

double mb_jload_potential(const mb_par *p, const lg_body *q, int k)
{
  double qv, qd, G[12];
  mb_jload_eval(p, q, k, &qv, &qd, G, NULL);
  const double *sp = mb_spring_par(p, k);
  if (p->topo->ld->jl[3 * (k - p->topo->ld->np) + 2]) return -sp[MB_SL] * qv;
  return 0.5 * sp[MB_SK] * (qv - sp[MB_SL]) * (qv - sp[MB_SL]);
}

void mb_jload_jac(const mb_par *p, const lg_body *q, int k, double *Kq, double *Kv)
{
  double qv, qd, G[12], H[144], HV[12];
  mb_jload_eval(p, q, k, &qv, &qd, G, H);
  const int force = p->topo->ld->jl[3 * (k - p->topo->ld->np) + 2];
  const double *sp = mb_spring_par(p, k), Q = jl_gen(p, k, qv, qd);
  const double S = force ? 0 : sp[MB_SK], C = force ? 0 : sp[MB_SC];
  const mb_joint *j = &p->topo->ld->spring[k];
  const int ground[2] = {j->a == MB_GROUND, j->b == MB_GROUND};
  double Vv[12] = {0};
  for (int s = 0; s < 2; s++)
    if (!ground[s]) {
      memcpy(Vv + 6 * s, q[s ? j->b : j->a].W, 3 * sizeof *Vv);
      memcpy(Vv + 6 * s + 3, q[s ? j->b : j->a].v, 3 * sizeof *Vv);
    }
  for (int c = 0; c < 12; c++) {
    HV[c] = 0;
    for (int r = 0; r < 12; r++) HV[c] += H[12 * r + c] * Vv[r];   /* (H^T V)_c */
  }
  for (int r = 0; r < 12; r++)
    for (int c = 0; c < 12; c++) {
      const int off = ground[r / 6] || ground[c / 6];
      Kq[12 * r + c] = off ? 0 : G[r] * (-S * G[c] - C * HV[c]) + Q * H[12 * r + c];
      Kv[12 * r + c] = off ? 0 : -C * G[r] * G[c];
    }
}
/* the next word of s (n its length), or NULL */
static const char *jl_word(const char **s, size_t *n)
{
  const char *w = *s;
  while (*w && isspace((unsigned char)*w)) w++;
  if (!*w) return NULL;
  *n = 0;
  while (w[*n] && !isspace((unsigned char)w[*n])) (*n)++;
  *s = w + *n;
  return w;
}

/* the message of a refused statement into err; LG_EINVAL */
static int jl_err(char *err, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return LG_EINVAL;
}

static int jl_number(const char *w, size_t n, double *x)
{
  char buf[64];
  if (n >= sizeof buf) return LG_PARSE_SYNTAX;
  memcpy(buf, w, n);
  buf[n] = '\0';
  return lg_parse_real(buf, x);
}
static int jl_parse(const char *s, int spring, int nj, const int *kind, int *joint, int *coord,
                    double v[3], char *err, size_t n)
{
  size_t len;
  double x;
  const char *w = jl_word(&s, &len);
  const char *usage = spring ? "needs K [coordinate I] stiffness S damping C rest Q0"
                             : "needs K [coordinate I] VALUE";
  if (!w) return jl_err(err, n, "%s", usage);
  if (jl_number(w, len, &x) != LG_PARSE_OK || x != floor(x) || x < 1 || x > nj)
    return jl_err(err, n, "joint '%.*s' is not the number of a joint above this line "
                    "(1 to %d)", (int)(len > 40 ? 40 : len), w, nj);
  *joint = (int)x - 1;
  const int kd = kind ? kind[*joint] : MB_SPHERICAL;
  const int nq = kd == MB_REVOLUTE || kd == MB_PRISMATIC ? 1
               : kd == MB_CYLINDRICAL || kd == MB_UNIVERSAL ? 2 : 0;
  if (nq == 0)
    return jl_err(err, n, "joint %d is %s, which has no coordinate to act along (a "
                    "revolute, prismatic, cylindrical or universal joint has)", *joint + 1,
                    kd == MB_WELD ? "a weld" : "spherical");
  *coord = 0;
  const char *r = s;
  w = jl_word(&r, &len);
  if (w && len == 10 && strncmp(w, "coordinate", 10) == 0) {
    w = jl_word(&r, &len);
    if (!w || jl_number(w, len, &x) != LG_PARSE_OK || x != floor(x) || x < 1 || x > nq)
      return jl_err(err, n, "coordinate '%.*s' of joint %d (%s) is not 1%s",
                      w ? (int)(len > 40 ? 40 : len) : 0, w ? w : "", *joint + 1,
                      mb_joint_kind[kd], nq == 2 ? " or 2" : "");
    *coord = (int)x - 1;
    s = r;
  } else if (nq == 2)
    return jl_err(err, n, "joint %d is %s, with two coordinates: give 'coordinate 1' (%s) "
                    "or 'coordinate 2' (%s) after its number", *joint + 1, mb_joint_kind[kd],
                    kd == MB_UNIVERSAL ? "the first angle" : "the angle",
                    kd == MB_UNIVERSAL ? "the second angle" : "the travel");
  v[0] = v[1] = v[2] = 0;
  if (!spring) {
    w = jl_word(&s, &len);
    if (!w) return jl_err(err, n, "%s", usage);
    int ps = jl_number(w, len, &v[2]);
    if (ps != LG_PARSE_OK)
      return jl_err(err, n, "'%.*s' is not a %snumber", (int)(len > 40 ? 40 : len), w,
                      ps == LG_PARSE_SYNTAX ? "" : "finite ");
    if ((w = jl_word(&s, &len)))
      return jl_err(err, n, "unexpected '%.*s' (%s)", (int)(len > 40 ? 40 : len), w, usage);
    return LG_OK;
  }
  static const char *const word[3] = {"stiffness", "damping", "rest"};
  int have[3] = {0, 0, 0};
  while ((w = jl_word(&s, &len))) {
    int k = 0;
    while (k < 3 && !(strlen(word[k]) == len && strncmp(w, word[k], len) == 0)) k++;
    if (k == 3)
      return jl_err(err, n, "unexpected '%.*s' (%s)", (int)(len > 40 ? 40 : len), w, usage);
    if (have[k]) return jl_err(err, n, "'%s' is given twice", word[k]);
    const char *nw = jl_word(&s, &len);
    if (!nw) return jl_err(err, n, "'%s' needs a number", word[k]);
    int ps = jl_number(nw, len, &v[k]);
    if (ps != LG_PARSE_OK)
      return jl_err(err, n, "%s '%.*s' is not a %snumber", word[k],
                      (int)(len > 40 ? 40 : len), nw, ps == LG_PARSE_SYNTAX ? "" : "finite ");
    if (k < 2 && v[k] < 0)
      return jl_err(err, n, "%s %.*s is negative (it must be zero or more)", word[k],
                      (int)(len > 40 ? 40 : len), nw);
    have[k] = 1;
  }
  for (int k = 0; k < 3; k++)
    if (!have[k])
      return jl_err(err, n, "no '%s' (give stiffness S, damping C and rest Q0)", word[k]);
  return LG_OK;
}

/* the statement's joint, coordinate and kind, its two ends (the joint's
   sides) and its values: the joint's points, then S, C, Q0 (or 0, 0, VALUE) */
int mb_jload_parse(const char *s, int spring, int nj, const int *kind, const mb_joint *joints,
                   const double *jpt, int *a, int *b, int jl[3], double *v, char *err, size_t n)
{
  int st = jl_parse(s, spring, nj, kind, jl, jl + 1, v + MB_SK, err, n);
  if (st != LG_OK) return st;
  jl[2] = !spring;
  *a = joints[jl[0]].a;
  *b = joints[jl[0]].b;
  memcpy(v, jpt + 6 * jl[0], 6 * sizeof *v);
  return LG_OK;
}

/* the place among the joint loads of its kind of spring k >= np (0-based),
   and whether it acts along a travel */
static int jl_rank(const mb_topo *t, int k, int *trav)
{
  const int *jl = t->ld->jl, np = t->ld->np, force = jl[3 * (k - np) + 2];
  const int kd = mb_jkind(t, jl[3 * (k - np)]);
  int i = 0;
  for (int m = np; m < k; m++) i += jl[3 * (m - np) + 2] == force;
  *trav = kd == MB_PRISMATIC || (kd == MB_CYLINDRICAL && jl[3 * (k - np) + 1] == 1);
  return i;
}

int mb_jload_nparam(const mb_topo *t, int k)
{
  return t->ld->jl[3 * (k - t->ld->np) + 2] ? 3 : 5;
}

size_t mb_jload_param(const mb_topo *t, int k, int c, char *name, char *unit, char *doc,
                      size_t n, int *len)
{
  int trav;
  const int i = jl_rank(t, k, &trav) + 1, j = t->ld->jl[3 * (k - t->ld->np)] + 1;
  const int force = mb_jload_nparam(t, k) == 3;
  static const char *const what[4] = {"stiffness", "damping", "rest coordinate", "value"};
  static const char *const unit_rot[4] = {"N m/rad", "N m s/rad", "rad", "N m"};
  static const char *const unit_trav[4] = {"N/m", "N s/m", "m", "N"};
  const int w = force ? 3 : c - 2, slot = c < 2 ? 3 * c : force ? MB_SL : MB_SK + c - 2;
  *len = c < 2 ? 3 : 1;
  if (c < 2) {          /* the copy of the joint's point, under a spring point's name */
    snprintf(name, n, "S%d%c", k + 1, c ? 'b' : 'a');
    snprintf(unit, n, "m");
    snprintf(doc, n, "joint %s %d: drawn at joint %d's point on side %c (a copy of P%d%c, "
             "for drawings; no effect on the motion)", force ? "force" : "spring", i, j,
             c ? 'b' : 'a', j, c ? 'b' : 'a');
  } else {
    snprintf(name, n, "%cJ%d", force ? 'F' : "KCQ"[c - 2], i);
    snprintf(unit, n, "%s", trav ? unit_trav[w] : unit_rot[w]);
    snprintf(doc, n, "joint %s %d (joint %d): %s", force ? "force" : "spring", i, j, what[w]);
  }
  return (size_t)(MB_BODY0 + MB_BODYLEN * t->nb + MB_JOINTLEN * t->nj + MB_SPRINGLEN * k + slot);
}

int mb_jload_check(const mb_par *p, int k, int dissipates, char *m, size_t n)
{
  const mb_topo *t = p->topo;
  const double *sp = mb_spring_par(p, k);
  char name[200], unit[200], doc[200];
  int len;
  for (int c = 0; c < mb_jload_nparam(t, k); c++) {
    const size_t at = mb_jload_param(t, k, c, name, unit, doc, sizeof name, &len);
    if (lg_check_finite(m, n, name, p->val + at, len) || (c >= 2 && c < 4
        && mb_jload_nparam(t, k) == 5 && lg_check_nonneg(m, n, name, p->val[at])))
      return 1;
  }
  if (mb_jload_nparam(t, k) == 5 && sp[MB_SC] > 0 && !dissipates) {
    mb_jload_param(t, k, 3, name, unit, doc, sizeof name, &len);
    snprintf(m, n, "parameter %s: %g gives a damper to a model file without dampers or "
             "torques, whose energy is conserved and written as the column energy (watched "
             "for drift); give the damping in the file (its column is then energy_nc)", name,
             sp[MB_SC]);
    return 1;
  }
  return 0;
}
