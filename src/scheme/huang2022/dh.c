/* dh.c: DH, RATTLie and DL on rigid bodies joined by joints, one workspace
   and one step for the three: stage 1 (the Newton system) and stage 2 (the
   velocity constraint), every joint, applied forces. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "model/multibody.h"
#include "scheme/huang2022.h"
#include "scheme/huang2022/internal.h"
#include "scheme/huang2022/joints.h"
/* ---------------------------------------------------------------- stage 1, every joint */
/* the rows' arrays: B(q_n) by joints (12 per row), dexp by bodies, the impulse */
static int hg_s1_rows_alloc(hg_s1 *s)
{
  const size_t nc = (size_t)s->p->topo->nc, nb = (size_t)s->nb;
  s->general = 1;
  s->B0 = malloc((12 * nc + 1) * sizeof *s->B0);
  s->T = malloc((9 * nb + 1) * sizeof *s->T);
  s->y = malloc((6 * nb + 1) * sizeof *s->y);
  return s->B0 && s->T && s->y ? LG_OK : LG_ENOMEM;
}

/* joint k's block of side (0: a, 1: b) in B(q_n): m_k rows of (W, v) */
static const double *hg_s1_b0(const hg_s1 *s, int k, int side)
{
  const mb_topo *t = s->p->topo;
  return s->B0 + 12 * mb_jrow(t, k) + 6 * side * mb_jnrows(t, k);
}

static void hg_s1_rows_set(hg_s1 *s, const lg_body *q0)
{
  const mb_topo *t = s->p->topo;
  for (int k = 0; k < s->nj; k++) {
    double *Ba = s->B0 + 12 * mb_jrow(t, k);
    mb_joint_eval(s->p, q0, k, NULL, Ba, Ba + 6 * mb_jnrows(t, k), NULL, NULL);
  }
}

void hg_s1_impulse(const hg_s1 *s, const double *Lambda, double *y)
{
  const mb_topo *t = s->p->topo;
  memset(y, 0, 6 * (size_t)s->nb * sizeof *y);
  for (int k = 0; k < s->nj; k++) {
    const int m = mb_jnrows(t, k);
    const double *L = Lambda + mb_jrow(t, k);
    for (int side = 0; side < 2; side++) {
      const int i = side ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      const double *Bs = hg_s1_b0(s, k, side);
      for (int r = 0; r < m; r++)
        for (int c = 0; c < 6; c++) y[6 * i + c] += Bs[6 * r + c] * L[r];
    }
  }
}
/* Eq. (hg-s1-rows) and its Jacobian: each joint's rows from mb_joint_eval */
int hg_s1_jfdf_rows(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_s1 *s = par;
  const mb_par *p = s->p;
  const mb_topo *t = p->topo;
  const int nb = s->nb, nj = s->nj, n = s->n, m0 = 3 * nb;
  size_t ld;
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)n * (size_t)n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {                 /* the rotations: J^{-1} G(theta) - h W */
    const double *J = mb_body_par(p, i) + MB_J, *th = z + 3 * i;
    double G[3], A[9], *F = s->F + 9 * i;
    hg_G(s->form, J, th, G, Jac ? A : NULL);
    for (int a = 0; a < 3; a++) r[3 * i + a] = G[a] / J[a] - s->c[3 * i + a];
    so3_exp(F, th);
    so3_mul(s->q1[i].R, s->q0[i].R, F);
    if (Jac) {
      double *D = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(3 * i), &ld);
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) D[(size_t)a * ld + (size_t)b] = A[3 * a + b] / J[a];
      so3_dexp(s->T + 9 * i, th);
    }
  }
  hg_s1_impulse(s, z + m0, s->y);                /* B(q_n)^T Lambda: torques, and moves of x */
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      r[3 * i + a] += s->y[6 * i + a] / b[MB_J + a];
      s->q1[i].x[a] = s->xb[3 * i + a] - s->y[6 * i + 3 + a] / b[MB_M];
    }
  }
  for (int k = 0; k < nj; k++) {                 /* Phi_k(q_{n+1}) and its blocks */
    const int m = mb_jnrows(t, k), r0 = m0 + mb_jrow(t, k);
    double B1[2][36];
    mb_joint_eval(p, s->q1, k, r + r0, Jac ? B1[0] : NULL, Jac ? B1[1] : NULL, NULL, NULL);
    /* a copy's multipliers are dropped: its row becomes a unit row and
       nothing depends on them, so it writes nothing (sec:mb-copies) */
    if (!Jac || (s->copyof && s->copyof[k] >= 0)) continue;
    for (int side = 0; side < 2; side++) {
      const int i = side ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      const double *b = mb_body_par(p, i), *J = b + MB_J, *B0 = hg_s1_b0(s, k, side),
                   *Bs = B1[side], *Ti = s->T + 9 * i;
      /* d r_rot,i / d Lambda_k = J_i^{-1} B_W,ki(q_n)^T */
      double *C = newton_jac_at(Jac, (size_t)(3 * i), (size_t)r0, &ld);
      for (int a = 0; a < 3; a++)
        for (int c = 0; c < m; c++) C[(size_t)a * ld + (size_t)c] = B0[6 * c + a] / J[a];
      /* d Phi_k / d theta_i = B_W,ki(q_{n+1}) T(theta_i) */
      double *D = newton_jac_at(Jac, (size_t)r0, (size_t)(3 * i), &ld);
      for (int a = 0; a < m; a++)
        for (int c = 0; c < 3; c++)
          D[(size_t)a * ld + (size_t)c] = Bs[6 * a] * Ti[c] + Bs[6 * a + 1] * Ti[3 + c]
                                          + Bs[6 * a + 2] * Ti[6 + c];
      /* d Phi_k / d Lambda_l = -B_v,ki(q_{n+1}) B_v,li(q_n)^T / m_i, every joint l at body i */
      for (int e = s->bptr[i]; e < s->bptr[i + 1]; e++) {
        const int l = s->bside[e] / 2, ml = mb_jnrows(t, l);
        if (s->copyof && s->copyof[l] >= 0) continue;
        const double *Bl = hg_s1_b0(s, l, s->bside[e] % 2);
        double *E = newton_jac_at(Jac, (size_t)r0, (size_t)(m0 + mb_jrow(t, l)), &ld);
        for (int a = 0; a < m; a++)
          for (int c = 0; c < ml; c++)
            E[(size_t)a * ld + (size_t)c] -= (Bs[6 * a + 3] * Bl[6 * c + 3]
                                              + Bs[6 * a + 4] * Bl[6 * c + 4]
                                              + Bs[6 * a + 5] * Bl[6 * c + 5]) / b[MB_M];
      }
    }
  }
  memcpy(s->zlast, z, (size_t)n * sizeof *z);
  return 0;
}
/* ---------------------------------------------------------------- stage 1 */
static hg_s1 *hg_s1_new(const mb_par *p, int form, int general)
{
  hg_s1 *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->p = p;
  s->form = form;
  s->nb = p->topo->nb;
  s->nj = p->topo->nj;
  s->n = 3 * s->nb + p->topo->nc;         /* 3 nb + 3 nj for spherical joints alone */
  size_t nb = (size_t)s->nb, nj = (size_t)s->nj;
  s->c = malloc(3 * nb * sizeof *s->c);
  s->xb = malloc(3 * nb * sizeof *s->xb);
  s->G0 = malloc((18 * nj + 1) * sizeof *s->G0);
  s->q1 = calloc(nb, sizeof *s->q1);
  s->F = malloc(9 * nb * sizeof *s->F);
  s->zlast = malloc((size_t)s->n * sizeof *s->zlast);
  s->bptr = calloc(nb + 2, sizeof *s->bptr);
  s->bside = malloc((2 * nj + 1) * sizeof *s->bside);
  if (!s->c || !s->xb || !s->G0 || !s->q1 || !s->F || !s->zlast || !s->bptr || !s->bside
      || (general && hg_s1_rows_alloc(s) != LG_OK)) {
    hg_s1_free(s);
    return NULL;
  }
  for (int k = 0; k < s->nj; k++)           /* sides by body, each in increasing k */
    for (int side = 0; side < 2; side++) {
      int b = side ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (b != MB_GROUND) s->bptr[b + 2]++;
    }
  for (int i = 0; i < s->nb; i++) s->bptr[i + 2] += s->bptr[i + 1];
  for (int k = 0; k < s->nj; k++)
    for (int side = 0; side < 2; side++) {
      int b = side ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (b != MB_GROUND) s->bside[s->bptr[b + 1]++] = 2 * k + side;
    }
  return s;
}

/* the rows of mb_joint_eval when a joint is not spherical, else the
   spherical joints' own code; hg_s1_alloc_rows always the rows */
hg_s1 *hg_s1_alloc(const mb_par *p, int form)
{
  return hg_s1_new(p, form, p->topo->nxval > 0);
}

hg_s1 *hg_s1_alloc_rows(const mb_par *p, int form)
{
  return hg_s1_new(p, form, 1);
}

void hg_s1_free(hg_s1 *s)
{
  if (!s) return;
  free(s->c); free(s->xb); free(s->G0); free(s->q1); free(s->F); free(s->zlast);
  free(s->bptr); free(s->bside);
  free(s->B0); free(s->T); free(s->y);
  free(s);
}

/* for spherical joints alone (general = 0) or by the rows (1): where
   general is a constant the compiler folds its branch */
static inline HG_EXPAND void hg_s1_set_as(hg_s1 *s, const lg_body *q0, const lg_body *vin,
                                          double h, int general)
{
  const mb_par *p = s->p;
  const double g = p->val[MB_G], *e = p->val + MB_GDIR;
  s->q0 = q0;
  s->h = h;
  for (int i = 0; i < s->nb; i++)
    for (int a = 0; a < 3; a++) {
      s->c[3 * i + a] = h * vin[i].W[a];
      s->xb[3 * i + a] = q0[i].x[a] + h * vin[i].v[a] + 0.5 * h * h * g * e[a];
    }
  if (general) hg_s1_rows_set(s, q0);
  else
    for (int k = 0; k < s->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body != MB_GROUND) hg_rot_block(s->G0 + 18 * k + 9 * side, &d, q0[d.body].R);
      }
  for (int i = 0; i < s->n; i++) s->zlast[i] = NAN;
}

void hg_s1_set(hg_s1 *s, const lg_body *q0, const lg_body *vin, double h)
{
  if (s->general) hg_s1_set_as(s, q0, vin, h, 1);
  else hg_s1_set_as(s, q0, vin, h, 0);
}

int hg_s1_jfdf(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_s1 *s = par;
  const mb_par *p = s->p;
  const int nb = s->nb, nj = s->nj, n = s->n, m0 = 3 * nb;
  double T[3 * 64 * 3];                          /* dexp of each body, up to 64 */
  size_t ld;
  /* Jac: only the entries that can be non-zero are written, through
     newton_jac_at; the corner accumulates, so it must start at zero: the
     structured store comes cleared, a dense array (small, or for GSL's
     solvers) is cleared here */
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)n * (size_t)n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J, *th = z + 3 * i;
    double G[3], A[9], *F = s->F + 9 * i;
    hg_G(s->form, J, th, G, Jac ? A : NULL);
    for (int a = 0; a < 3; a++) r[3 * i + a] = G[a] / J[a] - s->c[3 * i + a];
    so3_exp(F, th);
    so3_mul(s->q1[i].R, s->q0[i].R, F);
    memcpy(s->q1[i].x, s->xb + 3 * i, 3 * sizeof(double));
    if (Jac) {
      double *D = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(3 * i), &ld);
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) D[(size_t)a * ld + (size_t)b] = A[3 * a + b] / J[a];
      if (i < 64) so3_dexp(T + 9 * i, th);
    }
  }
  for (int k = 0; k < nj; k++)
    for (int side = 0; side < 2; side++) {
      hg_side d = hg_joint_side(p, k, side);
      if (d.body == MB_GROUND) continue;
      const int i = d.body;
      const double *b = mb_body_par(p, i), *J = b + MB_J, *G0 = s->G0 + 18 * k + 9 * side;
      const double *L = z + m0 + 3 * k;
      double y[3];
      hg_gtx(y, G0, L, J);
      for (int a = 0; a < 3; a++) {
        r[3 * i + a] += y[a];
        s->q1[i].x[a] -= d.s * L[a] / b[MB_M];
      }
      if (Jac) {
        double *C = newton_jac_at(Jac, (size_t)(3 * i), (size_t)(m0 + 3 * k), &ld);
        for (int a = 0; a < 3; a++)
          for (int c = 0; c < 3; c++) C[(size_t)a * ld + (size_t)c] = G0[3 * c + a] / J[a];
      }
    }
  mb_phi(p, s->q1, r + m0);
  if (Jac)
    for (int k = 0; k < nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body == MB_GROUND) continue;
        const int i = d.body;
        double G1[9], GT[9], Ti[9];
        hg_rot_block(G1, &d, s->q1[i].R);
        if (i < 64) memcpy(Ti, T + 9 * i, sizeof Ti);
        else so3_dexp(Ti, z + 3 * i);
        so3_mul(GT, G1, Ti);
        double *D = newton_jac_at(Jac, (size_t)(m0 + 3 * k), (size_t)(3 * i), &ld);
        for (int a = 0; a < 3; a++)
          for (int c = 0; c < 3; c++) D[(size_t)a * ld + (size_t)c] = GT[3 * a + c];
        /* x_i moves by -s_ki Lambda_k / m_i: the rows of every joint l at body i */
        const double mi = mb_body_par(p, i)[MB_M];
        for (int q = s->bptr[i]; q < s->bptr[i + 1]; q++) {
          const int l = s->bside[q] / 2;
          const double es = s->bside[q] % 2 ? -1.0 : 1.0;
          double *E = newton_jac_at(Jac, (size_t)(m0 + 3 * l), (size_t)(m0 + 3 * k), &ld);
          for (int a = 0; a < 3; a++) E[(size_t)a * ld + (size_t)a] -= es * d.s / mi;
        }
      }
  memcpy(s->zlast, z, (size_t)n * sizeof *z);
  return 0;
}

/* the same with a dense row-major Jacobian (n x n, zero where nothing is
   written), for the dense solvers and the tests */
int hg_s1_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_s1 *s = par;
  newton_jac h = {Jac, (size_t)s->n, NULL};
  if (s->general) return hg_s1_jfdf_rows(z, par, r, Jac ? &h : NULL);
  return hg_s1_jfdf(z, par, r, Jac ? &h : NULL);
}
/* ---------------------------------------------------------------- velocity projection */
/* V <- V - M^{-1} B^T (B M^{-1} B^T)^{-1} B V at q: the velocities of q onto
   B V = 0 (stage 2 of DH and RATTLie, solved for the multiplier mu). */
typedef struct {
  int nb, nc, nv;
  double *B, *A, *mu, *c;
} hg_proj;

static void hg_proj_free(hg_proj *w)
{
  free(w->B); free(w->A); free(w->mu); free(w->c);
  w->B = w->A = w->mu = w->c = NULL;
}

static int hg_proj_alloc(hg_proj *w, const mb_topo *t)
{
  w->nb = t->nb; w->nc = t->nc; w->nv = 6 * t->nb;
  size_t nc = (size_t)t->nc + 1, nv = (size_t)w->nv;
  w->B = malloc(nc * nv * sizeof *w->B);
  w->A = malloc(nc * nc * sizeof *w->A);
  w->mu = malloc(nc * sizeof *w->mu);
  w->c = malloc(nc * sizeof *w->c);
  if (!w->B || !w->A || !w->mu || !w->c) { hg_proj_free(w); return LG_ENOMEM; }
  return LG_OK;
}

static int hg_project_dense(const mb_par *p, lg_body *q, hg_proj *w)
{
  const int nc = w->nc, nv = w->nv;
  if (nc == 0) return LG_OK;
  mb_jac(p, q, w->B);
  mb_bv(p, q, w->mu);
  for (int r = 0; r < nc; r++)
    for (int c = 0; c <= r; c++) {
      double a = 0;
      for (int i = 0; i < w->nb; i++) {
        const double *b = mb_body_par(p, i), *J = b + MB_J;
        const double *Br = w->B + (size_t)r * (size_t)nv + 6 * i, *Bc = w->B +
            (size_t)c * (size_t)nv + 6 * i;
        a += Br[0] * Bc[0] / J[0] + Br[1] * Bc[1] / J[1] + Br[2] * Bc[2] / J[2]
           + (Br[3] * Bc[3] + Br[4] * Bc[4] + Br[5] * Bc[5]) / b[MB_M];
      }
      w->A[r * nc + c] = a;
    }
  for (int j = 0; j < nc; j++) {                 /* Cholesky, lower triangle */
    double *Aj = w->A + j * nc, d = Aj[j];
    for (int m = 0; m < j; m++) d -= Aj[m] * Aj[m];
    if (!(d > 0)) return LG_ESINGULAR;
    Aj[j] = sqrt(d);
    for (int i = j + 1; i < nc; i++) {
      double *Ai = w->A + i * nc, v = Ai[j];
      for (int m = 0; m < j; m++) v -= Ai[m] * Aj[m];
      Ai[j] = v / Aj[j];
    }
  }
  double *x = w->mu;
  for (int i = 0; i < nc; i++) {
    double v = x[i];
    for (int m = 0; m < i; m++) v -= w->A[i * nc + m] * x[m];
    x[i] = v / w->A[i * nc + i];
  }
  for (int i = nc - 1; i >= 0; i--) {
    double v = x[i];
    for (int m = i + 1; m < nc; m++) v -= w->A[m * nc + i] * x[m];
    x[i] = v / w->A[i * nc + i];
  }
  for (int i = 0; i < w->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J;
    for (int c = 0; c < 6; c++) {
      double v = 0;
      for (int r = 0; r < nc; r++) v += w->B[(size_t)r * (size_t)nv + 6 * i + c] * x[r];
      if (c < 3) q[i].W[c] -= v / J[c];
      else q[i].v[c - 3] -= v / b[MB_M];
    }
  }
  return LG_OK;
}

/* the same by the envelope factorisation of chapter 8, for every system
   beyond the smallest (below HG_DENSE unknowns in stage 1, the dense
   Cholesky above, whose rounding the published figures were made with) */
enum { HG_DENSE = 32 };
static int hg_project(const mb_par *p, lg_body *q, hg_proj *d, mb_work *w)
{
  if (p->topo->nc == 0) return LG_OK;
  if (!w) return hg_project_dense(p, q, d);
  return mb_project_velocity(p, q, w);
}
/* ---------------------------------------------------------------- applied forces */
/* whether a model's applied forces depend on the velocities (a damper, a callback) */
static int hg_forces_vdep(const mb_par *p)
{
  const mb_loads *L = p->topo->ld;
  if (L->ufn) return 1;
  for (int k = 0; k < L->ns; k++)
    if (mb_spring_par(p, k)[MB_SC] != 0) return 1;
  return 0;
}

/* DL's words for such a model: the first damper, else the callback */
static void hg_forces_refuse_dl(const mb_par *p, char *why, size_t n)
{
  const mb_topo *t = p->topo;
  int k = 0;
  while (k < t->ld->ns && mb_spring_par(p, k)[MB_SC] == 0) k++;
  if (k == t->ld->ns) {
    snprintf(why, n, "scheme dl does not take forces that depend on the velocities (the force "
             "callback given to lgr_set_force); schemes dh and rattlie do");
    return;
  }
  const int line = t->line ? t->line[t->nb + t->nj + 1 + k] : 0;
  snprintf(why, n, "scheme dl does not take forces that depend on the velocities (spring %d, "
           "damping %g, at %s line %d); schemes dh and rattlie do", k + 1,
           mb_spring_par(p, k)[MB_SC], t->file ? t->file : "the model", line);
}

/* stage 1 with the impulse h/2 f_a(q_n, V_n) (q: positions and velocities
   at t_n): c += h^2/2 J^{-1} tau_a, xb += h^2/(2 m) f_a; the forces in fa */
static void hg_forces_start(const mb_par *p, hg_s1 *s, const lg_body *q, double t, double *fa)
{
  const double hh = 0.5 * s->h * s->h;
  memset(fa, 0, 6 * (size_t)s->nb * sizeof *fa);
  mb_at(p, t);
  mb_applied(p, q, fa);
  for (int i = 0; i < s->nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      s->c[3 * i + a] += hh * fa[6 * i + a] / b[MB_J + a];
      s->xb[3 * i + a] += hh * fa[6 * i + 3 + a] / b[MB_M];
    }
  }
}

hg_end *hg_end_alloc(const mb_par *p)
{
  hg_end *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->p = p;
  e->nb = p->topo->nb;
  e->nc = p->topo->nc;
  e->n = 6 * e->nb + e->nc;
  const size_t nv = 6 * (size_t)e->nb, nc = (size_t)e->nc;
  e->q = calloc((size_t)e->nb, sizeof *e->q);
  e->Vs = malloc(nv * sizeof *e->Vs);
  e->B = malloc((nc * nv + 1) * sizeof *e->B);
  e->Kq = malloc(nv * nv * sizeof *e->Kq);
  e->Kv = malloc(nv * nv * sizeof *e->Kv);
  e->f = malloc(nv * sizeof *e->f);
  if (!e->q || !e->Vs || !e->B || !e->Kq || !e->Kv || !e->f) {
    hg_end_free(e);
    return NULL;
  }
  return e;
}

hg_end *hg_end_alloc_sparse(const mb_par *p, newton_ws **nw)
{
  const mb_topo *t = p->topo;
  const int nj = t->nj, ns = t->ld->ns;
  hg_end *e = calloc(1, sizeof *e);
  int *grows = malloc(((size_t)nj + 1) * sizeof *grows);
  int *off = malloc(((size_t)(nj + ns) + 1) * sizeof *off);
  *nw = NULL;
  if (!e || !grows || !off) { free(e); free(grows); free(off); return NULL; }
  e->p = p;
  e->nb = t->nb;
  e->nc = t->nc;
  for (int k = 0; k < nj; k++) grows[k] = mb_jnrows(t, k);
  *nw = mb_newton_alloc_springs(t, 6, grows, LG_NEWTON_DIRECT, off);
  e->n = 6 * e->nb + off[nj + ns];
  const size_t nv = 6 * (size_t)e->nb;
  e->q = calloc((size_t)e->nb, sizeof *e->q);
  e->Vs = malloc(nv * sizeof *e->Vs);
  e->B = malloc((12 * (size_t)e->nc + 1) * sizeof *e->B);
  e->f = malloc(nv * sizeof *e->f);
  e->sg = malloc(((size_t)ns + 1) * sizeof *e->sg);
  if (e->sg)
    for (int k = 0; k < ns; k++) e->sg[k] = mb_spring_couples(t, k) ? off[nj + k] : -1;
  free(grows); free(off);
  if (!*nw || !e->q || !e->Vs || !e->B || !e->f || !e->sg) {
    newton_free(*nw);
    *nw = NULL;
    hg_end_free(e);
    return NULL;
  }
  return e;
}

void hg_end_free(hg_end *e)
{
  if (!e) return;
  free(e->q); free(e->Vs); free(e->B); free(e->Kq); free(e->Kv); free(e->f); free(e->sg);
  free(e);
}

void hg_end_set(hg_end *e, const lg_body *q, double h, double t)
{
  const mb_par *p = e->p;
  e->h = h;
  e->t = t;
  memcpy(e->q, q, (size_t)e->nb * sizeof *q);
  for (int i = 0; i < e->nb; i++)
    for (int a = 0; a < 3; a++) {
      e->Vs[6 * i + a] = q[i].W[a];
      e->Vs[6 * i + 3 + a] = q[i].v[a];
    }
  if (e->sg)                                     /* by joints */
    for (int k = 0; k < p->topo->nj; k++) {
      const int m = mb_jnrows(p->topo, k);
      double *Bk = e->B + 12 * (size_t)mb_jrow(p->topo, k);
      mb_joint_eval(p, q, k, NULL, Bk, Bk + 6 * m, NULL, NULL);
    }
  else if (e->nc > 0) mb_jac(p, q, e->B);
  memset(e->f, 0, 6 * (size_t)e->nb * sizeof *e->f);
  mb_at(p, t);
  mb_applied(p, q, e->f);
  e->fscale = 0;
  for (int i = 0; i < e->nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++)
      e->fscale = fmax(e->fscale, fmax(fabs(e->f[6 * i + a] / b[MB_J + a]),
                                       fabs(e->f[6 * i + 3 + a] / b[MB_M])));
  }
  e->fscale *= 0.5 * h;
}

/* the end velocities u into e->q, and the applied forces there into e->f */
static void hg_end_forces(hg_end *e, const double *u)
{
  for (int i = 0; i < e->nb; i++)
    for (int a = 0; a < 3; a++) {
      e->q[i].W[a] = u[6 * i + a];
      e->q[i].v[a] = u[6 * i + 3 + a];
    }
  memset(e->f, 0, 6 * (size_t)e->nb * sizeof *e->f);
  mb_at(e->p, e->t);
  mb_applied(e->p, e->q, e->f);
}

int hg_end_fdf(const double *u, void *par, double *r, double *Jac)
{
  hg_end *e = par;
  const mb_par *p = e->p;
  const int nb = e->nb, nc = e->nc, nv = 6 * nb, n = e->n;
  hg_end_forces(e, u);
  double mi[6];
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) { mi[a] = 1 / b[MB_J + a]; mi[3 + a] = 1 / b[MB_M]; }
    for (int c = 0; c < 6; c++) {
      const int j = 6 * i + c;
      double s = 0;
      for (int k = 0; k < nc; k++) s += e->B[(size_t)k * (size_t)nv + (size_t)j] * u[nv + k];
      r[j] = u[j] - e->Vs[j] - 0.5 * e->h * mi[c] * e->f[j] + mi[c] * s;
    }
  }
  for (int k = 0; k < nc; k++) {
    double s = 0;
    for (int j = 0; j < nv; j++) s += e->B[(size_t)k * (size_t)nv + (size_t)j] * u[j];
    r[nv + k] = s;
  }
  mb_drive_sub_rates(p, r + nv);                 /* B V = f' on a drive's row (sec:mb-drive) */
  if (!Jac) return 0;
  memset(Jac, 0, (size_t)n * (size_t)n * sizeof *Jac);
  mb_applied_jac(p, e->q, e->Kq, e->Kv);
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) { mi[a] = 1 / b[MB_J + a]; mi[3 + a] = 1 / b[MB_M]; }
    for (int c = 0; c < 6; c++) {
      const int j = 6 * i + c;
      double *row = Jac + (size_t)j * (size_t)n;
      for (int l = 0; l < nv; l++)
        row[l] = -0.5 * e->h * mi[c] * e->Kv[(size_t)j * (size_t)nv + (size_t)l];
      row[j] += 1;
      for (int k = 0; k < nc; k++) row[nv + k] = mi[c] * e->B[(size_t)k * (size_t)nv + (size_t)j];
    }
  }
  for (int k = 0; k < nc; k++)
    memcpy(Jac + (size_t)(nv + k) * (size_t)n, e->B + (size_t)k * (size_t)nv,
           (size_t)nv * sizeof *Jac);
  return 0;
}
/* the same in the structured form (hg_end_alloc_sparse), its Jacobian
   through newton_jac_at: I - h/2 M^{-1} K_v by springs (a spring's blocks
   between its two bodies in the columns of its copies), M^{-1} B_k,i^T and
   B_k,i by joints, and the copies' rows s - P V */
int hg_end_jfdf(const double *u, void *par, double *r, newton_jac *Jac)
{
  hg_end *e = par;
  const mb_par *p = e->p;
  const mb_topo *t = p->topo;
  const int nb = e->nb, nv = 6 * nb;
  const double hh = 0.5 * e->h;
  size_t ld, lc, lr;
  hg_end_forces(e, u);
  for (int i = 0; i < nb; i++) {
    const double *b = mb_body_par(p, i);
    const double mi[6] = {1 / b[MB_J], 1 / b[MB_J + 1], 1 / b[MB_J + 2], 1 / b[MB_M],
                          1 / b[MB_M], 1 / b[MB_M]};
    for (int c = 0; c < 6; c++)
      r[6 * i + c] = u[6 * i + c] - e->Vs[6 * i + c] - hh * mi[c] * e->f[6 * i + c];
    if (!Jac) continue;
    double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
    for (int a = 0; a < 6; a++)
      for (int c = 0; c < 6; c++) D[(size_t)a * ld + (size_t)c] = a == c;
  }
  for (int k = 0; k < t->nj; k++) {
    const mb_joint *j = &t->joint[k];
    const int m = mb_jnrows(t, k), G = nv + mb_jrow(t, k);
    const double *Bk = e->B + 12 * (size_t)mb_jrow(t, k);
    for (int q = 0; q < m; q++) r[G + q] = 0;
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      if (i == MB_GROUND) continue;
      const double *Bs = Bk + 6 * m * s, *b = mb_body_par(p, i);
      const double mi[6] = {1 / b[MB_J], 1 / b[MB_J + 1], 1 / b[MB_J + 2], 1 / b[MB_M],
                            1 / b[MB_M], 1 / b[MB_M]};
      for (int q = 0; q < m; q++) {
        double x = 0;
        for (int c = 0; c < 6; c++) x += Bs[6 * q + c] * u[6 * i + c];
        r[G + q] += x;
      }
      for (int c = 0; c < 6; c++) {
        double x = 0;
        for (int q = 0; q < m; q++) x += Bs[6 * q + c] * u[G + q];
        r[6 * i + c] += mi[c] * x;
      }
      if (!Jac) continue;
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)G, &lc);
      double *R = newton_jac_at(Jac, (size_t)G, (size_t)(6 * i), &lr);
      for (int q = 0; q < m; q++)
        for (int c = 0; c < 6; c++) {
          C[(size_t)c * lc + (size_t)q] = mi[c] * Bs[6 * q + c];
          R[(size_t)q * lr + (size_t)c] = Bs[6 * q + c];
        }
    }
  }
  mb_drive_sub_rates(p, r + nv);                 /* B V = f' on a drive's row (sec:mb-drive) */
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_joint *jt = &t->ld->spring[k];
    const int body[2] = {jt->a, jt->b}, G = e->sg[k] < 0 ? -1 : nv + e->sg[k];
    if (G >= 0) mb_spring_copy_rows(t, k, G, u, r, Jac);   /* s_k - P V */
    if (!Jac) continue;
    double Kq[144], Kv[144];
    mb_spring_jac(p, e->q, k, Kq, Kv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        const int i = body[s], jj = body[o];
        if (i == MB_GROUND || jj == MB_GROUND) continue;
        const double *b = mb_body_par(p, i);
        double *D = i == jj ? newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * jj), &ld)
                            : newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + 6 * o), &ld);
        for (int a = 0; a < 6; a++) {
          const double sc = hh / (a < 3 ? b[MB_J + a] : b[MB_M]);
          for (int c = 0; c < 6; c++)
            D[(size_t)a * ld + (size_t)c] -= sc * Kv[12 * (6 * s + a) + 6 * o + c];
        }
      }
  }
  return 0;
}
/* ---------------------------------------------------------------- DH, RATTLie, DL */
enum { HG_DH = 0, HG_RL = 1, HG_DL = 2 };

typedef struct {
  int kind;
  const mb_par *p;
  int nb, nj, n;
  double h, tol;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_s1 *s1;
  hg_proj pj;            /* stage 2 of small systems, dense ... */
  mb_work *mw;           /* ... and of the others, by the envelope */
  lg_body *q;            /* the state at t_k, written to s->body */
  lg_body *vin;          /* velocities entering the next stage 1 (DL: M^{-1} p^-) */
  double *z, *zh, *r;    /* solution, the last three solutions (newest first), scratch */
  double *fl;            /* to round-off, by the joints' rows: the rows' floors, or NULL */
  int nh;
  int pending;           /* DL: z solves the stage 1 from q already */
  int applied, vdep;     /* springs, forces, torques or a callback; a damper or a callback */
  double *fa;            /* 6 nb: the applied forces at the start of the pending stage 1 */
  hg_end *end;           /* the end of the step with applied forces (section sec:hg-forces) */
  newton_ws *nw2;        /* its Newton solver, when the forces depend on V */
  double *u;             /* its unknowns (V, mu) */
  mb_drop *drop;         /* redundant constraints: stage 1 with the rows dropped, or NULL, */
  mb_drop *drop2;        /* and the end system with forces of V */
} hg_vi_ws;

static void hg_vi_free(void *ws)
{
  hg_vi_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  hg_s1_free(w->s1);
  hg_proj_free(&w->pj);
  mb_work_free(w->mw);
  free(w->q); free(w->vin); free(w->z); free(w->zh); free(w->r); free(w->fl);
  free(w->fa); hg_end_free(w->end); newton_free(w->nw2); free(w->u);
  mb_drop_free(w->drop);
  mb_drop_free(w->drop2);
  free(w);
}

static void *hg_vi_alloc(int kind, const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  hg_vi_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->kind = kind;
  w->p = p;
  w->nb = p->topo->nb;
  w->nj = p->topo->nj;
  w->n = 3 * w->nb + p->topo->nc;
  w->tol = opt->newton_tol;
  w->maxiter = opt->newton_maxiter;
  size_t nb = (size_t)w->nb, n = (size_t)w->n;
  /* rotations of body i enter only its rows: bordered block diagonal, 3 x 3 */
  w->nw = mb_newton_alloc(p->topo, 3, opt->newton_solver);
  /* applied forces, like joints other than spherical, take the rows */
  w->applied = mb_applied_any(p->topo->ld);
  w->s1 = (w->applied ? hg_s1_alloc_rows : hg_s1_alloc)(p, kind == HG_RL ? HG_FORM_RL
                                                                          : HG_FORM_DH);
  w->q = calloc(nb, sizeof *w->q);
  w->vin = calloc(nb, sizeof *w->vin);
  w->z = malloc(n * sizeof *w->z);
  w->zh = malloc(3 * n * sizeof *w->zh);
  w->r = malloc(n * sizeof *w->r);
  int small = w->n < HG_DENSE;
  if (small) small = hg_proj_alloc(&w->pj, p->topo) == LG_OK;
  else w->mw = mb_work_alloc(p->topo);
  /* the dense end system only where a force may depend on V: a spring
     (its damping a parameter) or a callback */
  const int coupled = w->applied && mb_applied_coupled(p->topo->ld);
  if (w->applied) w->fa = malloc(6 * nb * sizeof *w->fa);
  if (coupled && opt->newton_solver == LG_NEWTON_DIRECT && mb_springs_sparse(p->topo)) {
    /* springs and no callback: by joints and springs (section sec:mb-spring-sparse) */
    w->end = hg_end_alloc_sparse(p, &w->nw2);
    w->u = w->end ? malloc((size_t)w->end->n * sizeof *w->u) : NULL;
  } else if (coupled) {
    const size_t n2 = 6 * nb + (size_t)p->topo->nc;
    w->end = hg_end_alloc(p);
    w->nw2 = newton_alloc(n2, LG_NEWTON_DIRECT);
    w->u = malloc(n2 * sizeof *w->u);
  }
  /* to round-off: the tolerances below are floors (chapter ch:newton) */
  if (!(opt->newton_tol > 0)) {
    if (w->nw) newton_set_floor(w->nw, 1);
    if (w->nw2) newton_set_floor(w->nw2, 1);
    if (w->nw && w->s1 && w->s1->general && (w->fl = calloc(n, sizeof *w->fl)) != NULL)
      newton_set_row_floor(w->nw, w->fl);
  }
  if (!w->nw || !w->s1 || !w->q || !w->vin || !w->z || !w->zh || !w->r || !(small || w->mw)
      || (w->applied && !w->fa) || (coupled && (!w->end || !w->nw2 || !w->u))) {
    hg_vi_free(w);
    return NULL;
  }
  return w;
}
static void *hg_dh_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_DH, par, opt);
}
static void *hg_rl_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_RL, par, opt);
}
static void *hg_dl_alloc(const void *par, const lg_opts *opt)
{
  return hg_vi_alloc(HG_DL, par, opt);
}

static void hg_vi_put(const hg_vi_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->theta = s->omega = NAN;
  s->nbody = w->nb;
  s->body = w->q;
}

static int hg_vi_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_vi_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  /* every kind of joint is taken (section sec:hg-joints), and applied
     forces (section sec:hg-forces), except by DL those that depend on the
     velocities: the words in a buffer of the calling thread */
  static _Thread_local char why[240];
  w->vdep = w->applied && hg_forces_vdep(w->p);
  if (w->kind == HG_DL && w->vdep) {
    hg_forces_refuse_dl(w->p, why, sizeof why);
    s->why = why;
    return LG_EINVAL;
  }
  w->h = h;
  w->k = 0;
  w->nh = 0;
  w->pending = 0;
  mb_initial(w->p, w->q);
  /* redundant constraints (section sec:mb-redundant-newton): stage 1 with
     Lambda_i = 0 for each row dropped at t = 0; stage 2 (and DL's watch on
     the rank) by the envelope that drops them */
  mb_drop_free(w->drop);
  mb_drop_free(w->drop2);
  w->drop = w->drop2 = NULL;
  {
    int st;
    mb_work *rw = mb_work_redundant(w->p, w->q, &st);
    if (st != LG_OK) return st;
    if (rw) {
      mb_work_free(w->mw);
      w->mw = rw;
      w->drop = mb_drop_alloc(rw, w->p->topo, (size_t)w->n, 3 * (size_t)w->nb, NULL,
                              w->s1->general ? hg_s1_jfdf_rows : hg_s1_jfdf, NULL, w->s1, &st);
      if (st != LG_OK) return st;
      /* copies of a joint: their groups coupled to nothing (sec:mb-copies) */
      if ((st = mb_newton_copies(&w->nw, rw)) != LG_OK) return st;
      w->s1->copyof = mb_copies_of(rw);
      if (w->nw2 && (st = mb_newton_copies(&w->nw2, rw)) != LG_OK) return st;
      if (w->end) {            /* the end system with forces of V: (V, mu), mu by rows */
        w->drop2 = mb_drop_alloc(rw, w->p->topo, (size_t)w->end->n, 6 * (size_t)w->nb, NULL,
                                 w->end->sg ? hg_end_jfdf : NULL, w->end->sg ? NULL : hg_end_fdf,
                                 w->end, &st);
        if (st != LG_OK) return st;
      }
    }
  }
  memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
  s->newton_iters = 0;
  s->newton_resid = 0;
  hg_vi_put(w, s);
  return LG_OK;
}

/* the floors of the rotation rows: HG_FLOOR times the sum of |B_W(q_n)^T|
   |Lambda| over J_a, the size of the impulses' terms in row (i, a), from
   the guess Lambda; the joints' rows keep the common tolerance (0 here) */
static void hg_s1_floors(const hg_s1 *s, const double *Lambda, double *fl)
{
  const mb_topo *t = s->p->topo;
  memset(fl, 0, (size_t)s->n * sizeof *fl);
  for (int k = 0; k < s->nj; k++) {
    const int m = mb_jnrows(t, k);
    const double *L = Lambda + mb_jrow(t, k);
    for (int side = 0; side < 2; side++) {
      const int i = side ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      const double *Bs = hg_s1_b0(s, k, side);
      for (int r = 0; r < m; r++)
        for (int a = 0; a < 3; a++) fl[3 * i + a] += fabs(Bs[6 * r + a] * L[r]);
    }
  }
  for (int i = 0; i < s->nb; i++)
    for (int a = 0; a < 3; a++) fl[3 * i + a] *= HG_FLOOR / mb_body_par(s->p, i)[MB_J + a];
}

/* Solve stage 1 from (w->q, w->vin): the guess extrapolates the last three
   solutions (quadratically once there are three).  This function and the
   two below take general (0: spherical joints alone, 1: the rows of every
   joint, section sec:hg-joints) as a constant: the step is compiled once
   for each, and a model of spherical joints alone runs the first, the
   code of the papers' figures, without a test of its own. */
static inline HG_EXPAND int hg_vi_solve(hg_vi_ws *w, int *iters, double *resid, int general)
{
  const int n = w->n, m0 = 3 * w->nb;
  mb_drive_at(w->p, (double)(w->k + 1) * w->h);  /* Phi(q_{n+1}, t_{n+1}) (sec:mb-drive) */
  hg_s1_set_as(w->s1, w->q, w->vin, w->h, general);
  if (general && w->applied) hg_forces_start(w->p, w->s1, w->vin, (double)w->k * w->h, w->fa);
  for (int j = 0; j < n; j++) {
    const double *z1 = w->zh, *z2 = w->zh + n, *z3 = w->zh + 2 * n;
    w->z[j] = w->nh == 3 ? 3 * z1[j] - 3 * z2[j] + z3[j]
            : w->nh == 2 ? 2 * z1[j] - z2[j]
            : w->nh == 1 ? z1[j]
            : j < m0 ? w->h * w->vin[j / 3].W[j % 3] : 0.0;
  }
  double L = hg_length(w->p, w->q);
  if (general) L = fmax(L, 1.0);                 /* dot rows: products of unit vectors */
  const double tol = fmax(w->tol, HG_FLOOR * fmax(L, hg_amax(w->s1->c, m0)));
  if (general && w->fl) hg_s1_floors(w->s1, w->z + m0, w->fl);
  int st = w->drop ? newton_solve_sparse(w->nw, mb_drop_jfdf, w->drop, w->z, tol, w->maxiter,
                                        iters, resid)
         : newton_solve_sparse(w->nw, general ? hg_s1_jfdf_rows : hg_s1_jfdf, w->s1, w->z, tol,
                               w->maxiter, iters, resid);
  if (st != LG_OK) return st;
  if (w->drop) mb_drop_zero(w->drop, w->z);      /* exactly, as their equations say */
  if (memcmp(w->s1->zlast, w->z, (size_t)n * sizeof *w->z) != 0)
    (general ? hg_s1_jfdf_rows : hg_s1_jfdf)(w->z, w->s1, w->r, NULL);
  memmove(w->zh + n, w->zh, 2 * (size_t)n * sizeof *w->zh);
  memcpy(w->zh, w->z, (size_t)n * sizeof *w->z);
  /* DL's first impulses are h^2 lambda_0 / 2 (V_0 is the average): kept doubled */
  if (general && w->kind == HG_DL && w->k == 0)
    for (int j = m0; j < n; j++) w->zh[j] *= 2;
  if (w->nh < 3) w->nh++;
  return LG_OK;
}

/* Move to q_{n+1} of the solved stage 1, with the velocities of the free
   second half step: J W = F^T Pi+, Pi+ = J W_in - B_W(q_n)^T Lambda / h (equal
   to -G(-theta)/h at the solution), v = v_in + h g - M^{-1} B_v^T Lambda / h. */
static inline HG_EXPAND void hg_vi_advance(hg_vi_ws *w, int general)
{
  const mb_par *p = w->p;
  const double h = w->h, g = p->val[MB_G], *e = p->val + MB_GDIR;
  const int m0 = 3 * w->nb;
  double *Pi = w->r;                             /* 3 nb: Pi+ of each body */
  for (int i = 0; i < w->nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J;
    memcpy(w->q[i].R, w->s1->q1[i].R, sizeof w->q[i].R);
    memcpy(w->q[i].x, w->s1->q1[i].x, sizeof w->q[i].x);
    for (int a = 0; a < 3; a++) {
      Pi[3 * i + a] = J[a] * w->vin[i].W[a];
      w->q[i].v[a] = w->vin[i].v[a] + h * g * e[a];
    }
  }
  if (general) {                                 /* every joint: section sec:hg-joints */
    double *y = w->s1->y;
    hg_s1_impulse(w->s1, w->z + m0, y);
    for (int i = 0; i < w->nb; i++)
      for (int a = 0; a < 3; a++) {
        Pi[3 * i + a] -= y[6 * i + a] / h;
        w->q[i].v[a] -= y[6 * i + 3 + a] / (mb_body_par(p, i)[MB_M] * h);
      }
    if (w->applied)                              /* h/2 f_n: section sec:hg-forces */
      for (int i = 0; i < w->nb; i++)
        for (int a = 0; a < 3; a++) {
          Pi[3 * i + a] += 0.5 * h * w->fa[6 * i + a];
          w->q[i].v[a] += 0.5 * h * w->fa[6 * i + 3 + a] / mb_body_par(p, i)[MB_M];
        }
  } else
    for (int k = 0; k < w->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(p, k, side);
        if (d.body == MB_GROUND) continue;
        const double *b = mb_body_par(p, d.body), *L = w->z + m0 + 3 * k, *G0 = w->s1->G0 +
            18 * k + 9 * side;
        for (int a = 0; a < 3; a++) {
          Pi[3 * d.body + a] -= (G0[a] * L[0] + G0[3 + a] * L[1] + G0[6 + a] * L[2]) / h;
          w->q[d.body].v[a] -= d.s * L[a] / (b[MB_M] * h);
        }
      }
  for (int i = 0; i < w->nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J;
    so3_mtv(w->q[i].W, w->s1->F + 9 * i, Pi + 3 * i);
    for (int a = 0; a < 3; a++) w->q[i].W[a] /= J[a];
  }
  w->k++;
}

/* The end impulse h/2 f_a(q_{n+1}, V_{n+1}) on V* (in w->q, at t_{n+1}):
   added when the forces depend on the positions alone; else V_{n+1} and the
   multipliers of B(q_{n+1}) V_{n+1} = 0 by Newton (DH and RATTLie), to
   16 eps of the velocities and impulses it sums, or the caller's tolerance
   over h (the stage-1 residual is a displacement). */
static int hg_forces_end(hg_vi_ws *w, int *iters)
{
  const mb_par *p = w->p;
  const double h = w->h, t = (double)w->k * h;
  const int nb = w->nb;
  hg_end *e = w->end;
  if (!w->vdep) {
    double *f = w->fa;                           /* free: the advance has used f_n */
    memset(f, 0, 6 * (size_t)nb * sizeof *f);
    mb_at(p, t);
    mb_applied(p, w->q, f);
    for (int i = 0; i < nb; i++) {
      const double *b = mb_body_par(p, i);
      for (int a = 0; a < 3; a++) {
        w->q[i].W[a] += 0.5 * h * f[6 * i + a] / b[MB_J + a];
        w->q[i].v[a] += 0.5 * h * f[6 * i + 3 + a] / b[MB_M];
      }
    }
    return LG_OK;
  }
  hg_end_set(e, w->q, h, t);
  const size_t nv = 6 * (size_t)nb;
  memcpy(w->u, e->Vs, nv * sizeof *w->u);
  memset(w->u + nv, 0, (size_t)(e->n - (int)nv) * sizeof *w->u);
  if (e->sg)                                     /* the copies: the V they copy */
    for (int k = 0; k < p->topo->ld->ns; k++)
      for (int c = 0; e->sg[k] >= 0 && c < 12; c++) {
        const mb_joint *j = &p->topo->ld->spring[k];
        w->u[nv + (size_t)e->sg[k] + (size_t)c] = e->Vs[6 * (c < 6 ? j->a : j->b) + c % 6];
      }
  const double tol = fmax(w->tol / h, 16 * DBL_EPSILON * fmax(hg_amax(e->Vs, (int)nv) + e->fscale,
                                                             DBL_MIN));
  double res = 0;
  /* the structured form (e->sg) by newton_solve_sparse, the dense one as before */
  int st = w->drop2 && e->sg ? newton_solve_sparse(w->nw2, mb_drop_jfdf, w->drop2, w->u, tol,
                                                   w->maxiter, iters, &res)
         : w->drop2 ? newton_solve(w->nw2, mb_drop_fdf, w->drop2, w->u, tol, w->maxiter, iters,
                                   &res)
         : e->sg ? newton_solve_sparse(w->nw2, hg_end_jfdf, e, w->u, tol, w->maxiter, iters, &res)
                 : newton_solve(w->nw2, hg_end_fdf, e, w->u, tol, w->maxiter, iters, &res);
  if (st != LG_OK) return st;
  for (int i = 0; i < nb; i++)
    for (int a = 0; a < 3; a++) {
      w->q[i].W[a] = w->u[6 * i + a];
      w->q[i].v[a] = w->u[6 * i + 3 + a];
    }
  return LG_OK;
}

static inline HG_EXPAND int hg_vi_step_as(hg_vi_ws *w, lg_state *s, int general)
{
  int it = 0, it2 = 0, st;
  double res = 0;
  if (w->kind != HG_DL || !w->pending) {
    st = hg_vi_solve(w, &it, &res, general);
    s->newton_iters = it;
    s->newton_resid = res;
    if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, w->s1->q1, w->mw, st, s) : st;
  }
  hg_vi_advance(w, general);
  if (general && w->applied) {                   /* h/2 f_{n+1}: section sec:hg-forces */
    int it3 = 0;
    st = hg_forces_end(w, &it3);
    it += it3;
    s->newton_iters = it;
    if (st != LG_OK) return st;
  }
  memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
  if (w->kind != HG_DL) {
    /* stage 2: B(q_{n+1}) V_{n+1} = 0 (with forces that depend on V, solved with them) */
    st = !(general && w->vdep) ? hg_project(w->p, w->q, &w->pj, w->mw)
       : w->drop ? mb_rank_watch(w->p, w->q, w->mw, s) : LG_OK;
    memcpy(w->vin, w->q, (size_t)w->nb * sizeof *w->q);
    hg_vi_put(w, s);
    return w->drop && st != LG_OK ? mb_failed(w->mw, st, s) : st;
  }
  /* DL: the velocities just computed are M^{-1} p^-_{n+1}; the output is the
     average of p^- and p^+ = p^- - B^T Lambda_{n+1} / h, which needs the
     multiplier of the next step: solve it now and keep it. */
  if (w->drop && (st = mb_rank_watch(w->p, w->q, w->mw, s)) != LG_OK) return st;
  st = hg_vi_solve(w, &it2, &res, general);
  s->newton_iters = it + it2;
  s->newton_resid = res;
  w->pending = st == LG_OK;
  if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, w->s1->q1, w->mw, st, s) : st;
  const int m0 = 3 * w->nb;
  if (general) {                                 /* every joint: section sec:hg-joints */
    double *y = w->s1->y;
    hg_s1_impulse(w->s1, w->z + m0, y);
    for (int i = 0; i < w->nb; i++) {
      const double *b = mb_body_par(w->p, i);
      for (int a = 0; a < 3; a++) {
        w->q[i].W[a] -= 0.5 * y[6 * i + a] / (b[MB_J + a] * w->h);
        w->q[i].v[a] -= 0.5 * y[6 * i + 3 + a] / (b[MB_M] * w->h);
      }
    }
  } else
    for (int k = 0; k < w->nj; k++)
      for (int side = 0; side < 2; side++) {
        hg_side d = hg_joint_side(w->p, k, side);
        if (d.body == MB_GROUND) continue;
        const double *b = mb_body_par(w->p, d.body), *L = w->z + m0 + 3 * k;
        double y[3];
        hg_gtx(y, w->s1->G0 + 18 * k + 9 * side, L, b + MB_J);
        for (int a = 0; a < 3; a++) {
          w->q[d.body].W[a] -= 0.5 * y[a] / w->h;
          w->q[d.body].v[a] -= 0.5 * d.s * L[a] / (b[MB_M] * w->h);
        }
      }
  hg_vi_put(w, s);
  return LG_OK;
}

static int hg_vi_step(void *ws, lg_state *s)
{
  hg_vi_ws *w = ws;
  return w->s1->general ? hg_vi_step_as(w, s, 1) : hg_vi_step_as(w, s, 0);
}
/* ---------------------------------------------------------------- scheme records */
const lg_scheme_type hg_scheme_dh = {
  "dh", "multibody", "huang2022 Eqs. 7-14, velocity constraint at t_{n+1} as in RATTLE",
  "general-format Hamiltonian LGVI: F = exp(theta), J_d, multipliers at both ends of the step", 1,
  hg_dh_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
const lg_scheme_type hg_scheme_rl = {
  "rattlie", "multibody", "huang2022 Eqs. 15-23 (Hante and Arnold's RATTLie)",
  "RATTLie: log-map angular velocity, T^{-T}, two half steps with lambda- and lambda+", 1,
  hg_rl_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
const lg_scheme_type hg_scheme_dl = {
  "dl", "multibody",
      "huang2022 Fig. 7 (DL; equations not printed): DH's discrete Lagrangian, SHAKE placement",
  "discrete Euler-Lagrange LGVI: one multiplier per time point, no velocity constraint", 1,
  hg_dl_alloc, hg_vi_init, hg_vi_step, hg_vi_free
};
