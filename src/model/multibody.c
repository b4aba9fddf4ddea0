/* multibody.c: rigid bodies joined by spherical joints: constraints,
   Jacobians, energy, principal axes. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_errno.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/multibody.h"
#include "model/multibody-internal.h"
void mb_initial(const mb_par *p, lg_body *q)
{
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i);
    memcpy(q[i].R, b + MB_R, sizeof q[i].R);
    memcpy(q[i].x, b + MB_X, sizeof q[i].x);
    memcpy(q[i].W, b + MB_W, sizeof q[i].W);
    memcpy(q[i].v, b + MB_V, sizeof q[i].v);
  }
}
void mb_phi(const mb_par *p, const lg_body *q, double *phi)
{
  if (p->topo->nxval > 0) {       /* a joint other than spherical: every joint by its rows */
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, phi + mb_jrow(p->topo, k), NULL, NULL, NULL, NULL);
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *c = phi + 3 * k;
    c[0] = c[1] = c[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      double y[3];
      if (d.body == MB_GROUND) memcpy(y, d.P, sizeof y);
      else {
        so3_mv(y, q[d.body].R, d.P);
        for (int r = 0; r < 3; r++) y[r] += q[d.body].x[r];
      }
      for (int r = 0; r < 3; r++) c[r] += d.sign * y[r];
    }
  }
}
void mb_jac(const mb_par *p, const lg_body *q, double *B)
{
  const int n = 6 * p->topo->nb;
  memset(B, 0, (size_t)p->topo->nc * (size_t)n * sizeof *B);
  for (int k = 0; k < p->topo->nj; k++) {
    const mb_joint *j = &p->topo->joint[k];
    if (p->topo->nxval > 0) {
      const int m = mb_jnrows(p->topo, k);
      double Bs[2][36];
      mb_joint_eval(p, q, k, NULL, Bs[0], Bs[1], NULL, NULL);
      for (int s = 0; s < 2; s++) {
        const int b = s ? j->b : j->a;
        if (b == MB_GROUND) continue;
        for (int r = 0; r < m; r++)
          memcpy(B + (size_t)(mb_jrow(p->topo, k) + r) * (size_t)n + 6 * b, Bs[s] + 6 * r,
                 6 * sizeof *B);
      }
      continue;
    }
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      double G[9];
      mb_rot_block(G, &d, q[d.body].R);
      for (int r = 0; r < 3; r++) {
        double *row = B + (size_t)(3 * k + r) * (size_t)n + 6 * d.body;
        for (int c = 0; c < 3; c++) row[c] = G[3 * r + c];
        row[3 + r] = d.sign;
      }
    }
  }
}
void mb_bv(const mb_par *p, const lg_body *q, double *c)
{
  if (p->topo->nxval > 0) {
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, NULL, NULL, NULL, c + mb_jrow(p->topo, k), NULL);
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *ck = c + 3 * k;
    ck[0] = ck[1] = ck[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const lg_body *b = &q[d.body];
      double wp[3], y[3];
      so3_cross(wp, b->W, d.P); /* point velocity v + R (W x P) */
      so3_mv(y, b->R, wp);
      for (int r = 0; r < 3; r++) ck[r] += d.sign * (b->v[r] + y[r]);
    }
  }
}

void mb_bdotv(const mb_par *p, const lg_body *q, double *c)
{
  if (p->topo->nxval > 0) {
    for (int k = 0; k < p->topo->nj; k++)
      mb_joint_eval(p, q, k, NULL, NULL, NULL, NULL, c + mb_jrow(p->topo, k));
    return;
  }
  for (int k = 0; k < p->topo->nj; k++) {
    double *ck = c + 3 * k;
    ck[0] = ck[1] = ck[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const lg_body *b = &q[d.body];
      double wp[3], wwp[3], y[3];
      so3_cross(wp, b->W, d.P); /* R W x (W x P) */
      so3_cross(wwp, b->W, wp);
      so3_mv(y, b->R, wwp);
      for (int r = 0; r < 3; r++) ck[r] += d.sign * y[r];
    }
  }
}
void mb_force(const mb_par *p, const lg_body *q, double *f)
{
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i);
    const double *J = b + MB_J, *W = q[i].W;
    double JW[3] = {J[0] * W[0], J[1] * W[1], J[2] * W[2]};
    so3_cross(f + 6 * i, JW, W);
    for (int r = 0; r < 3; r++) f[6 * i + 3 + r] = b[MB_M] * g * e[r];
  }
}

/* the same plus the springs, forces and torques of section (mb-applied) */
void mb_force_applied(const mb_par *p, const lg_body *q, double *f)
{
  mb_force(p, q, f);
  mb_applied(p, q, f);
}

double mb_energy(const mb_par *p, const lg_body *q)
{
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  double E = 0;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J, *W = q[i].W;
    E += 0.5 * (J[0] * W[0] * W[0] + J[1] * W[1] * W[1] + J[2] * W[2] * W[2])
         + 0.5 * b[MB_M] * so3_dot(q[i].v, q[i].v) - b[MB_M] * g * so3_dot(e, q[i].x);
  }
  if (p->topo->ld->ns + p->topo->ld->nf > 0) E += mb_applied_potential(p, q);
  return E;
}

double mb_kinetic(const mb_par *p, const lg_body *q)
{
  double E = 0;
  for (int i = 0; i < p->topo->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J, *W = q[i].W;
    E += 0.5 * (J[0] * W[0] * W[0] + J[1] * W[1] * W[1] + J[2] * W[2] * W[2])
         + 0.5 * b[MB_M] * so3_dot(q[i].v, q[i].v);
  }
  return E;
}

double mb_orth_err(const mb_par *p, const lg_body *q)
{
  double e = 0;
  for (int i = 0; i < p->topo->nb; i++) e = fmax(e, so3_orth_err(q[i].R));
  return e;
}

/* the same for a model with a joint other than spherical: a function
   apart, so that the loop of spherical joints alone stays as it was */
double mb_joint_max_general(const mb_par *p, const double *c)
{
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++) e = fmax(e, mb_joint_norm(p->topo, k, c));
  return e;
}

/* the largest joint norm of a residual computed by f */
static double mb_joint_err(const mb_par *p, const lg_body *q,
                           void (*f)(const mb_par *, const lg_body *, double *))
{
  double c[3 * 64], *cc = p->topo->nc <= 3 * 64 ? c : malloc((size_t)p->topo->nc * sizeof *cc);
  if (!cc) return NAN;
  f(p, q, cc);
  double e = mb_joint_max(p, cc);
  if (cc != c) free(cc);
  return e;
}

double mb_phi_err(const mb_par *p, const lg_body *q)
{
  return mb_joint_err(p, q, mb_phi);
}

double mb_dphi_err(const mb_par *p, const lg_body *q)
{
  return mb_joint_err(p, q, mb_bv);
}
void mb_inertia_axes(const double J[6], double Jp[3], double Q[9])
{
  double A[9] = {J[0], J[3], J[4], J[3], J[1], J[5], J[4], J[5], J[2]};
  static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  memcpy(Q, I, sizeof I);
  for (int sweep = 0; sweep < 50 && (A[1] != 0 || A[2] != 0 || A[5] != 0); sweep++)
    for (int p = 0; p < 2; p++)
      for (int q = p + 1; q < 3; q++) {
        const double apq = A[3 * p + q], app = A[4 * p], aqq = A[4 * q];
        if (apq == 0) continue;
        if (sweep > 2 && fabs(app) + 100 * fabs(apq) == fabs(app) &&
            fabs(aqq) + 100 * fabs(apq) == fabs(aqq)) {
          A[3 * p + q] = A[3 * q + p] = 0;   /* below round-off of both moments */
          continue;
        }
        const double th = (aqq - app) / (2 * apq);
        const double t = fabs(th) > 1e150 ? 0.5 / th
                                          : copysign(1.0, th) / (fabs(th) + sqrt(th * th + 1));
        const double c = 1 / sqrt(t * t + 1), s = t * c;
        const int r = 3 - p - q;             /* the third index */
        const double arp = A[3 * r + p], arq = A[3 * r + q];
        A[4 * p] = app - t * apq;
        A[4 * q] = aqq + t * apq;
        A[3 * p + q] = A[3 * q + p] = 0;
        A[3 * r + p] = A[3 * p + r] = c * arp - s * arq;
        A[3 * r + q] = A[3 * q + r] = s * arp + c * arq;
        for (int k = 0; k < 3; k++) {        /* Q <- Q G */
          const double qp = Q[3 * k + p], qq = Q[3 * k + q];
          Q[3 * k + p] = c * qp - s * qq;
          Q[3 * k + q] = s * qp + c * qq;
        }
      }
  for (int k = 0; k < 3; k++) Jp[k] = A[4 * k];
}

const double *mb_axes(const mb_par *p, int i)
{
  static const double I[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  if (!p->topo->user) return NULL;
  const mb_topo *t = p->topo;
  const double *Q = p->val + 2 * (size_t)t->user + 6 * (size_t)t->nb + 9 * (size_t)i;
  return memcmp(Q, I, sizeof I) == 0 ? NULL : Q;
}

/* u <- Q^T u when body i (not the ground) turned */
static void mb_to_principal(const mb_par *p, int i, double *u)
{
  const double *Q = i == MB_GROUND ? NULL : mb_axes(p, i);
  if (Q) so3_mtv(u, Q, u);
}

void mb_principal(mb_par *p)
{
  const mb_topo *t = p->topo;
  if (!t->user) return;
  double *in = p->val;
  memcpy(in, p->val + t->user, (size_t)t->user * sizeof *in);
  for (int i = 0; i < t->nb; i++) {
    double *b = in + MB_BODY0 + MB_BODYLEN * i, Jp[3], J[6] = {0, 0, 0, 0, 0, 0};
    double *Q = in + 2 * (size_t)t->user + 6 * (size_t)t->nb + 9 * (size_t)i;
    if (mb_six(t, i)) memcpy(J, mb_tensor(p, i), sizeof J);
    else memcpy(J, b + MB_J, 3 * sizeof *J);
    mb_inertia_axes(J, Jp, Q);
    memcpy(b + MB_J, Jp, sizeof Jp);         /* the diagonal when Q = I */
    if (!mb_axes(p, i)) continue;            /* diagonal: the frame is the user's */
    so3_mul(b + MB_R, b + MB_R, Q);          /* Eq. (mb-principal) */
    so3_mtv(b + MB_W, Q, b + MB_W);
  }
  for (int k = 0; k < t->nj; k++) {
    double *P = in + (mb_joint_par(p, k) - p->val);
    mb_to_principal(p, t->joint[k].a, P);
    mb_to_principal(p, t->joint[k].b, P + 3);
  }
  for (int k = 0; k < t->ld->ns; k++) {
    double *P = in + (mb_spring_par(p, k) - p->val);
    mb_to_principal(p, t->ld->spring[k].a, P);
    mb_to_principal(p, t->ld->spring[k].b, P + 3);
  }
  for (int k = 0; k < t->ld->nt; k++)
    mb_to_principal(p, t->ld->tbody[k], in + (mb_load_par(p, t->ld->nf + k) - p->val));
  for (int k = 0; k < t->nj; k++)             /* the axes of a joint: side a's frame */
    if (mb_jkind(t, k) != MB_SPHERICAL) {
      double *X = in + (mb_jointx_par(p, k) - p->val);
      mb_to_principal(p, t->joint[k].a, X + MB_JXU);
      mb_to_principal(p, t->joint[k].a, X + MB_JXV);
    }
}

void mb_user_body(const mb_par *p, int i, const lg_body *in, lg_body *out)
{
  if (out != in) *out = *in;
  const double *Q = mb_axes(p, i);
  if (!Q) return;
  so3_mul_nt(out->R, in->R, Q);
  so3_mv(out->W, Q, in->W);
}
/* the model files under src/model/, compiled in line by line (the Makefile
   writes these arrays) */
extern const char *const *const mb_builtin_lines[];
extern const char *const mb_builtin_file[];

#define MB_MAX_BUILTIN 32
const lg_model *mb_models[MB_MAX_BUILTIN + 1];

void mb_models_init(void)
{
  int n = 0;
  for (int i = 0; mb_builtin_lines[i] && n < MB_MAX_BUILTIN; i++) {
    size_t len = 1;
    for (int l = 0; mb_builtin_lines[i][l]; l++) len += strlen(mb_builtin_lines[i][l]) + 1;
    char *text = malloc(len), *c = text, msg[256];
    if (!text) return;
    for (int l = 0; mb_builtin_lines[i][l]; l++) {
      size_t k = strlen(mb_builtin_lines[i][l]);
      memcpy(c, mb_builtin_lines[i][l], k);
      c[k] = '\n';
      c += k + 1;
    }
    *c = '\0';
    lg_model *m = mb_model_parse(text, mb_builtin_file[i], msg, sizeof msg);
    free(text);
    if (m) mb_models[n++] = m;
  }
}
