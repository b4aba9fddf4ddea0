/* galpha.c: the Lie group generalized-alpha method on rigid bodies joined
   by joints, every joint, applied forces. */
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
/* lam (the nc multipliers of mb_accel, by rows) rearranged in place by
   groups as z holds them divided by c_q: joint k's multipliers, then its
   copies, the accelerations dV of the two bodies they copy */
static void hg_ga_groups(const hg_ga *g, const double *dV, double *lam)
{
  const mb_topo *t = g->p->topo;
  for (int k = g->nj - 1; k >= 0; k--) {   /* backwards: goff[k] >= mb_jrow(k) */
    const int m = mb_jnrows(t, k), G = g->goff[k], r0 = mb_jrow(t, k);
    for (int r = m - 1; r >= 0; r--) lam[G + r] = lam[r0 + r];
    for (int c = 0; c < mb_joint_ncopy(t, k); c++) lam[G + m + c] = dV[mb_joint_copy(t, k, c)];
  }
}

/* out (6 x 6) = K's rows of side s against the columns of side o, the
   rotational columns times T */
static void hg_stiff_block(double out[36], const double *K, int s, int o, const double T[9])
{
  for (int a = 0; a < 6; a++) {
    const double *k = K + 12 * (6 * s + a) + 6 * o;
    for (int b = 0; b < 3; b++)
      out[6 * a + b] = k[0] * T[b] + k[1] * T[3 + b] + k[2] * T[6 + b];
    for (int b = 3; b < 6; b++) out[6 * a + b] = k[b];
  }
}

int hg_ga_jfdf_joints(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const mb_topo *t = p->topo;
  const int nb = g->nb, nj = g->nj, m0 = 6 * nb;
  const double gr = p->val[MB_G], *e = p->val + MB_GDIR, cq = g->cq, cv = g->cq * g->cvq;
  size_t ld, lc, lr;
  /* the dense form is cleared here; the structured store is handed zeros */
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)g->n * (size_t)g->n * sizeof *Jac->J);
  for (int i = 0; i < nb; i++) {            /* as hg_ga_jfdf: the bodies' own terms */
    const double *J = mb_body_par(p, i) + MB_J, *u = z + 6 * i;
    lg_body *b = &g->q1[i];
    double th[3], F[9], JW[3], gy[3];
    for (int a = 0; a < 3; a++) {
      th[a] = g->dq0[6 * i + a] + u[a];
      b->x[a] = g->q0[i].x[a] + g->dq0[6 * i + 3 + a] + u[3 + a];
      b->W[a] = g->V0[6 * i + a] + g->cvq * u[a];
      b->v[a] = g->V0[6 * i + 3 + a] + g->cvq * u[3 + a];
      JW[a] = J[a] * b->W[a];
    }
    so3_exp(F, th);
    so3_mul(b->R, g->q0[i].R, F);
    so3_cross(gy, JW, b->W);
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] = u[a] - cq * gy[a] / J[a];
      r[6 * i + 3 + a] = u[3 + a] - cq * gr * e[a];
    }
    if (!Jac) continue;
    so3_dexp(g->T + 9 * i, th);
    double Hw[9], Hj[9];
    so3_hat(Hw, b->W);
    so3_hat(Hj, JW);
    double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
    for (int a = 0; a < 3; a++) {
      for (int c = 0; c < 3; c++)
        D[(size_t)a * ld + (size_t)c] = cv * (Hw[3 * a + c] * J[c] - Hj[3 * a + c]) / J[a];
      D[(size_t)a * ld + (size_t)a] += 1.0;
      D[(size_t)(3 + a) * ld + (size_t)(3 + a)] = 1.0;
    }
  }
  for (int k = 0; k < nj; k++) {
    const mb_joint *j = &t->joint[k];
    const int m = mb_jnrows(t, k), G = m0 + g->goff[k];
    const int nc = mb_joint_ncopy(t, k);
    const double *L = z + G;
    double Bs[2][36], K[144];
    mb_joint_eval(p, g->q1, k, r + G, Bs[0], Bs[1], NULL, NULL);   /* Phi_k */
    if (Jac) mb_joint_stiff(p, g->q1, k, L, K);
    for (int s = 0; s < 2; s++) {
      const int i = s ? j->b : j->a;
      if (i == MB_GROUND) continue;
      const double *bp = mb_body_par(p, i), *Bk = Bs[s];
      const double Mi[6] = {bp[MB_J], bp[MB_J + 1], bp[MB_J + 2], bp[MB_M], bp[MB_M], bp[MB_M]};
      for (int c = 0; c < 6; c++) {         /* M^{-1} B^T Lambda */
        double x = 0;
        for (int q = 0; q < m; q++) x += Bk[6 * q + c] * L[q];
        r[6 * i + c] += x / Mi[c];
      }
      if (!Jac) continue;
      const double *Ti = g->T + 9 * i;
      double S[36];
      hg_stiff_block(S, K, s, s, Ti);       /* d(M^{-1} B^T Lambda)/du_i */
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)G, &lc);
      double *R = newton_jac_at(Jac, (size_t)G, (size_t)(6 * i), &lr);
      for (int a = 0; a < 6; a++) {
        for (int b = 0; b < 6; b++) D[(size_t)a * ld + (size_t)b] += S[6 * a + b] / Mi[a];
        for (int q = 0; q < m; q++) C[(size_t)a * lc + (size_t)q] = Bk[6 * q + a] / Mi[a];
      }
      for (int q = 0; q < m; q++) {         /* dPhi/du_i = B (T on the rotation) */
        const double *bq = Bk + 6 * q;
        for (int b = 0; b < 3; b++)
          R[(size_t)q * lr + (size_t)b] = bq[0] * Ti[b] + bq[1] * Ti[3 + b] + bq[2] * Ti[6 + b];
        for (int b = 3; b < 6; b++) R[(size_t)q * lr + (size_t)b] = bq[b];
      }
      if (nc == 0) continue;
      /* the coupling to the other body, in the columns of its copies: a's
         rows in those of theta_b (3..5) and delta_b (6..8), b's in those
         of theta_a (0..2) */
      hg_stiff_block(S, K, s, 1 - s, g->T + 9 * (s ? j->a : j->b));
      double *X = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + m), &lc);
      for (int a = 0; a < 6; a++)
        for (int b = 0; b < (s ? 3 : nc - 3); b++)
          X[(size_t)a * lc + (size_t)(s ? b : 3 + b)] = S[6 * a + b] / Mi[a];
    }
    /* the rows of the copies: s_k - P u */
    for (int c = 0; c < nc; c++) {
      const int cc = G + m + c, u = mb_joint_copy(t, k, c);
      r[cc] = z[cc] - z[u];
      if (!Jac) continue;
      *newton_jac_at(Jac, (size_t)cc, (size_t)cc, &ld) = 1.0;
      *newton_jac_at(Jac, (size_t)cc, (size_t)u, &lr) = -1.0;
    }
  }
  memcpy(g->zlast, z, (size_t)g->n * sizeof *z);
  return 0;
}
/* ---------------------------------------------------------------- generalized-alpha */
void hg_ga_coef(double rho, double *am, double *af, double *gam, double *beta)
{
  *am = (2 * rho - 1) / (rho + 1);
  *af = rho / (rho + 1);
  *gam = 0.5 + *af - *am;
  *beta = 0.25 * (*gam + 0.5) * (*gam + 0.5);
}

/* dense: room for the dense force Jacobians (not with hg_ga_springs) */
static hg_ga *hg_ga_alloc_as(const mb_par *p, int dense)
{
  hg_ga *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->p = p;
  g->nb = p->topo->nb;
  g->nj = p->topo->nj;
  g->n = 6 * g->nb + 3 * g->nj;
  size_t nb = (size_t)g->nb;
  if (p->topo->nxval > 0) {              /* a joint other than spherical: groups */
    g->goff = malloc(((size_t)g->nj + 1) * sizeof *g->goff);
    g->T = malloc(9 * nb * sizeof *g->T);
    if (!g->goff || !g->T) { hg_ga_free(g); return NULL; }
    g->goff[0] = 0;
    for (int k = 0; k < g->nj; k++)
      g->goff[k + 1] = g->goff[k] + mb_jnrows(p->topo, k)
                       + mb_joint_ncopy(p->topo, k);
    g->n = 6 * g->nb + g->goff[g->nj];
  }
  g->dq0 = malloc(6 * nb * sizeof *g->dq0);
  g->V0 = malloc(6 * nb * sizeof *g->V0);
  g->applied = mb_applied_any(p->topo->ld);
  g->f = malloc((6 * nb + (g->applied && dense ? 72 * nb * nb : 0)) * sizeof *g->f);
  g->q1 = calloc(nb, sizeof *g->q1);
  g->zlast = malloc((size_t)g->n * sizeof *g->zlast);
  if (!g->dq0 || !g->V0 || !g->f || !g->q1 || !g->zlast) { hg_ga_free(g); return NULL; }
  return g;
}

hg_ga *hg_ga_alloc(const mb_par *p)
{
  return hg_ga_alloc_as(p, 1);
}

void hg_ga_set_at_rest(hg_ga *g, const lg_body *q, double h)
{
  double am, af, gam, beta;
  hg_ga_coef(0.9, &am, &af, &gam, &beta);
  g->cq = h * h * beta * (1 - af) / (1 - am);
  g->cvq = gam / (h * beta);
  g->q0 = q;
  for (int i = 0; i < g->nb; i++)
    for (int j = 0; j < 3; j++) {
      g->V0[6 * i + j] = q[i].W[j];
      g->V0[6 * i + 3 + j] = q[i].v[j];
    }
  for (int j = 0; j < 6 * g->nb; j++) g->dq0[j] = h * g->V0[j];
}

void hg_ga_free(hg_ga *g)
{
  if (!g) return;
  free(g->dq0); free(g->V0); free(g->f); free(g->q1); free(g->zlast);
  free(g->goff); free(g->T); free(g->sg);
  free(g);
}

int hg_ga_jfdf(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const int nb = g->nb, nj = g->nj, n = g->n, m0 = 6 * nb;
  const double gr = p->val[MB_G], *e = p->val + MB_GDIR, cq = g->cq, cv = g->cq * g->cvq;
  double T[9 * 64];
  size_t ld;
  /* Jac, through newton_jac_at: every entry that can be non-zero is
     assigned before it is added to; the others are zero */
  for (int i = 0; i < nb; i++) {
    const double *J = mb_body_par(p, i) + MB_J, *u = z + 6 * i;
    lg_body *b = &g->q1[i];
    double th[3], F[9], JW[3], gy[3];
    for (int a = 0; a < 3; a++) {
      th[a] = g->dq0[6 * i + a] + u[a];
      b->x[a] = g->q0[i].x[a] + g->dq0[6 * i + 3 + a] + u[3 + a];
      b->W[a] = g->V0[6 * i + a] + g->cvq * u[a];
      b->v[a] = g->V0[6 * i + 3 + a] + g->cvq * u[3 + a];
      JW[a] = J[a] * b->W[a];
    }
    so3_exp(F, th);
    so3_mul(b->R, g->q0[i].R, F);
    so3_cross(gy, JW, b->W);                     /* f_W = J W x W */
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] = u[a] - cq * gy[a] / J[a];
      r[6 * i + 3 + a] = u[3 + a] - cq * gr * e[a];
    }
    if (Jac) {
      if (i < 64) so3_dexp(T + 9 * i, th);
      /* I + c_v J^{-1} (hat(W) J - hat(J W)) */
      double Hw[9], Hj[9];
      so3_hat(Hw, b->W);
      so3_hat(Hj, JW);
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      for (int a = 0; a < 3; a++) {
        for (int c = 0; c < 3; c++)
          D[(size_t)a * ld + (size_t)c] = cv * (Hw[3 * a + c] * J[c] - Hj[3 * a + c]) / J[a];
        D[(size_t)a * ld + (size_t)a] += 1.0;
        D[(size_t)(3 + a) * ld + (size_t)(3 + a)] = 1.0;
      }
    }
  }
  mb_phi(p, g->q1, r + m0);
  for (int k = 0; k < nj; k++)
    for (int side = 0; side < 2; side++) {
      hg_side d = hg_joint_side(p, k, side);
      if (d.body == MB_GROUND) continue;
      const int i = d.body;
      const double *bp = mb_body_par(p, i), *J = bp + MB_J, *L = z + m0 + 3 * k;
      double G1[9], y[3];
      hg_rot_block(G1, &d, g->q1[i].R);
      hg_gtx(y, G1, L, J);
      for (int a = 0; a < 3; a++) {
        r[6 * i + a] += y[a];
        r[6 * i + 3 + a] += d.s * L[a] / bp[MB_M];
      }
      if (!Jac) continue;
      double Ti[9], GT[9], RtL[3], HP[9], HL[9], K[9], KT[9];
      if (i < 64) memcpy(Ti, T + 9 * i, sizeof Ti);
      else {
        double th[3] = {g->dq0[6 * i] + z[6 * i], g->dq0[6 * i + 1] + z[6 * i + 1],
                        g->dq0[6 * i + 2] + z[6 * i + 2]};
        so3_dexp(Ti, th);
      }
      so3_mul(GT, G1, Ti);
      so3_mtv(RtL, g->q1[i].R, L);
      so3_hat(HP, d.P);
      so3_hat(HL, RtL);
      so3_mul(K, HP, HL);
      so3_mul(KT, K, Ti);
      size_t lc, lr;
      double *Di = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * i), &ld);
      double *C = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(m0 + 3 * k), &lc);
      double *R = newton_jac_at(Jac, (size_t)(m0 + 3 * k), (size_t)(6 * i), &lr);
      for (int a = 0; a < 3; a++) {
        for (int c = 0; c < 3; c++) {
          Di[(size_t)a * ld + (size_t)c] += d.s * KT[3 * a + c] / J[a];   /* d(B_W^T L)/du */
          C[(size_t)a * lc + (size_t)c] = G1[3 * c + a] / J[a];          /* J^{-1} G1^T */
          R[(size_t)a * lr + (size_t)c] = GT[3 * a + c];                 /* dPhi/du_W */
        }
        C[(size_t)(3 + a) * lc + (size_t)a] = d.s / bp[MB_M];
        R[(size_t)a * lr + (size_t)(3 + a)] = d.s;
      }
    }
  memcpy(g->zlast, z, (size_t)n * sizeof *z);
  return 0;
}

/* the same with a dense row-major Jacobian, for the dense solvers and the tests */
int hg_ga_fdf(const double *z, void *par, double *r, double *Jac)
{
  hg_ga *g = par;
  newton_jac h = {Jac, (size_t)g->n, NULL};
  if (g->goff) return hg_ga_jfdf_joints(z, par, r, Jac ? &h : NULL);
  return hg_ga_jfdf(z, par, r, Jac ? &h : NULL);
}
/* the springs' groups of copies after the joints' groups (section
   sec:mb-spring-sparse): g->sg, g->n and the scratch sized for them; the
   structured solver, or NULL */
newton_ws *hg_ga_springs(hg_ga *g, int solver)
{
  const mb_topo *t = g->p->topo;
  const int nj = t->nj, ns = t->ld->ns;
  int *grows = malloc(((size_t)nj + 1) * sizeof *grows);
  int *off = malloc(((size_t)(nj + ns) + 1) * sizeof *off);
  g->sg = malloc(((size_t)ns + 1) * sizeof *g->sg);
  newton_ws *w = NULL;
  if (grows && off && g->sg) {
    for (int k = 0; k < nj; k++) grows[k] = g->goff ? g->goff[k + 1] - g->goff[k] : 3;
    w = mb_newton_alloc_springs(t, 6, grows, solver, off);
    for (int k = 0; k < ns; k++) g->sg[k] = mb_spring_couples(t, k) ? off[nj + k] : -1;
    g->n = 6 * g->nb + off[nj + ns];
    free(g->zlast);
    g->zlast = malloc((size_t)g->n * sizeof *g->zlast);
    if (!g->zlast) { newton_free(w); w = NULL; }
  }
  free(grows); free(off);
  return w;
}

/* lam (z's groups divided by c_q): each spring group's copies, the
   accelerations dV of the two bodies they copy */
static void hg_ga_spring_groups(const hg_ga *g, const double *dV, double *lam)
{
  const mb_topo *t = g->p->topo;
  for (int k = 0; k < t->ld->ns; k++) {
    if (g->sg[k] < 0) continue;
    const mb_joint *j = &t->ld->spring[k];
    for (int c = 0; c < 12; c++) lam[g->sg[k] + c] = dV[6 * (c < 6 ? j->a : j->b) + c % 6];
  }
}

/* the springs' Jacobian by springs: each spring's 12 x 12 (mb_spring_jac),
   its blocks between a body and itself in the body's block, those between
   the two bodies in the columns of the copies, and the copies' rows */
static void hg_ga_springs_jac(hg_ga *g, const double *z, double *r, newton_jac *Jac)
{
  const mb_par *p = g->p;
  const mb_topo *t = p->topo;
  const int m0 = 6 * g->nb;
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_joint *j = &t->ld->spring[k];
    const int body[2] = {j->a, j->b}, G = g->sg[k] < 0 ? -1 : m0 + g->sg[k];
    if (G >= 0) mb_spring_copy_rows(t, k, G, z, r, Jac);   /* s_k - P u */
    if (!Jac) continue;
    double Kq[144], Kv[144];
    mb_spring_jac(p, g->q1, k, Kq, Kv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        const int i = body[s], jj = body[o];
        if (i == MB_GROUND || jj == MB_GROUND) continue;
        const double *bp = mb_body_par(p, i);
        double th[3] = {g->dq0[6 * jj] + z[6 * jj], g->dq0[6 * jj + 1] + z[6 * jj + 1],
                        g->dq0[6 * jj + 2] + z[6 * jj + 2]}, T[9];
        so3_dexp(T, th);
        size_t ld;
        double *D = i == jj ? newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * jj), &ld)
                            : newton_jac_at(Jac, (size_t)(6 * i), (size_t)(G + 6 * o), &ld);
        for (int a = 0; a < 6; a++) {
          const double c = g->cq / (a < 3 ? bp[MB_J + a] : bp[MB_M]);
          const double *kq = Kq + 12 * (6 * s + a) + 6 * o, *kv = Kv + 12 * (6 * s + a) + 6 * o;
          for (int b = 0; b < 3; b++) {
            double w = g->cvq * kv[b];
            for (int m = 0; m < 3; m++) w += kq[m] * T[3 * m + b];
            D[(size_t)a * ld + (size_t)b] -= c * w;
            D[(size_t)a * ld + (size_t)(3 + b)] -= c * (kq[3 + b] + g->cvq * kv[3 + b]);
          }
        }
      }
  }
}

int hg_ga_jfdf_applied(const double *z, void *par, double *r, newton_jac *Jac)
{
  hg_ga *g = par;
  const mb_par *p = g->p;
  const int nb = g->nb;
  const size_t n6 = 6 * (size_t)nb;
  double *fa = g->f, *Kq = fa + n6, *Kv = Kq + n6 * n6;
  if (Jac && Jac->J) memset(Jac->J, 0, (size_t)g->n * (size_t)g->n * sizeof *Jac->J);
  int st = g->goff ? hg_ga_jfdf_joints(z, par, r, Jac) : hg_ga_jfdf(z, par, r, Jac);
  if (st != 0) return st;
  memset(fa, 0, n6 * sizeof *fa);
  mb_applied(p, g->q1, fa);
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int a = 0; a < 3; a++) {
      r[6 * i + a] -= g->cq * fa[6 * i + a] / bp[MB_J + a];
      r[6 * i + 3 + a] -= g->cq * fa[6 * i + 3 + a] / bp[MB_M];
    }
  }
  if (g->sg) {                                 /* the structured solver: by springs */
    hg_ga_springs_jac(g, z, r, Jac);
    memcpy(g->zlast, z, (size_t)g->n * sizeof *z);
    return 0;
  }
  if (!Jac || !mb_applied_coupled(p->topo->ld)) return 0;
  mb_applied_jac(p, g->q1, Kq, Kv);
  for (int j = 0; j < nb; j++) {
    double th[3] = {g->dq0[6 * j] + z[6 * j], g->dq0[6 * j + 1] + z[6 * j + 1],
                    g->dq0[6 * j + 2] + z[6 * j + 2]}, T[9];
    so3_dexp(T, th);
    for (int i = 0; i < nb; i++) {
      const double *bp = mb_body_par(p, i);
      size_t ld;
      double *D = newton_jac_at(Jac, (size_t)(6 * i), (size_t)(6 * j), &ld);
      for (int a = 0; a < 6; a++) {
        const double c = g->cq / (a < 3 ? bp[MB_J + a] : bp[MB_M]);
        const double *kq = Kq + (size_t)(6 * i + a) * n6 + 6 * (size_t)j;
        const double *kv = Kv + (size_t)(6 * i + a) * n6 + 6 * (size_t)j;
        for (int b = 0; b < 3; b++) {
          double w = g->cvq * kv[b];
          for (int m = 0; m < 3; m++) w += kq[m] * T[3 * m + b];
          D[(size_t)a * ld + (size_t)b] -= c * w;
          D[(size_t)a * ld + (size_t)(3 + b)] -= c * (kq[3 + b] + g->cvq * kv[3 + b]);
        }
      }
    }
  }
  return 0;
}

int hg_ga_fdf_applied(const double *z, void *par, double *r, double *Jac)
{
  hg_ga *g = par;
  newton_jac h = {Jac, (size_t)g->n, NULL};
  return hg_ga_jfdf_applied(z, par, r, Jac ? &h : NULL);
}

typedef struct {
  const mb_par *p;
  int nb, nj, n, nl;     /* nl = n - 6 nb, the unknowns of the groups */
  double h, tol, am, af, gam, beta;
  int maxiter;
  long k;
  newton_ws *nw;
  hg_ga *g;
  mb_work *mw;
  lg_body *q;
  double *Vd, *a, *lam, *z, *r;   /* 6 nb, 6 nb, n - 6 nb (lambda as z holds
                                     Lambda: by groups, with the copies'
                                     dV), n, n */
  newton_jfdf_fn fdf;    /* hg_ga_jfdf, or with applied forces hg_ga_jfdf_applied */
  double *fl;            /* to round-off, joints by their rows: the rows' floors, or NULL */
  mb_drop *drop;         /* redundant constraints: the rows dropped at t = 0, or NULL */
} hg_ga_ws;

static void hg_gaw_free(void *ws)
{
  hg_ga_ws *w = ws;
  if (!w) return;
  newton_free(w->nw);
  hg_ga_free(w->g);
  mb_work_free(w->mw);
  free(w->q); free(w->Vd); free(w->a); free(w->lam); free(w->z); free(w->r); free(w->fl);
  mb_drop_free(w->drop);
  free(w);
}

static void *hg_gaw_alloc(const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  hg_ga_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->p = p;
  w->nb = p->topo->nb;
  w->nj = p->topo->nj;
  w->n = 6 * w->nb + 3 * w->nj;
  w->tol = opt->newton_tol;
  /* the round-off floor of the dot rows, products of unit vectors */
  if (p->topo->nxval > 0) w->tol = fmax(w->tol, HG_FLOOR);
  w->maxiter = opt->newton_maxiter;
  hg_ga_coef(HG_RHO, &w->am, &w->af, &w->gam, &w->beta);
  size_t nb = (size_t)w->nb, n = (size_t)w->n;
  /* (rotation, translation) of body i enter only its rows: bordered, 6 x 6 */
  /* a spring couples bodies no joint couples: its group of copies in the
     structured solver (section sec:mb-spring-sparse); with a callback, or
     another solver, dense */
  if (opt->newton_solver == LG_NEWTON_DIRECT && mb_springs_sparse(p->topo)) {
    w->g = hg_ga_alloc_as(p, 0);
    w->nw = w->g ? hg_ga_springs(w->g, opt->newton_solver) : NULL;
    w->n = w->g ? w->g->n : 0;
    n = (size_t)w->n;
  } else if (p->topo->nxval > 0) {     /* other joints: groups with copies (section below) */
    w->g = hg_ga_alloc(p);
    w->n = w->g ? w->g->n : 0;
    n = (size_t)w->n;
    w->nw = !w->g ? NULL : mb_applied_coupled(p->topo->ld) ? newton_alloc(n, opt->newton_solver)
            : mb_newton_alloc_stiff(p->topo, 6, opt->newton_solver, w->g->goff);
  } else {
    w->nw = mb_applied_coupled(p->topo->ld) ? newton_alloc(n, opt->newton_solver)
                            : mb_newton_alloc(p->topo, 6, opt->newton_solver);
    w->g = hg_ga_alloc(p);
  }
  w->fdf = w->g && w->g->applied ? hg_ga_jfdf_applied
          : w->g && w->g->goff ? hg_ga_jfdf_joints : hg_ga_jfdf;
  w->mw = mb_work_alloc(p->topo);
  w->q = calloc(nb, sizeof *w->q);
  w->Vd = malloc(6 * nb * sizeof *w->Vd);
  w->a = malloc(6 * nb * sizeof *w->a);
  w->nl = w->n - 6 * w->nb;
  if (w->nw && !(opt->newton_tol > 0)) newton_set_floor(w->nw, 1);   /* to round-off */
  if (w->nw && !(opt->newton_tol > 0) && w->fdf == hg_ga_jfdf_joints
      && (w->fl = calloc(n, sizeof *w->fl)) != NULL)
    newton_set_row_floor(w->nw, w->fl);
  w->lam = malloc(((size_t)w->nl + 1) * sizeof *w->lam);
  w->z = malloc(n * sizeof *w->z);
  w->r = malloc(n * sizeof *w->r);
  if (!w->nw || !w->g || !w->mw || !w->q || !w->Vd || !w->a || !w->lam || !w->z || !w->r) {
    hg_gaw_free(w);
    return NULL;
  }
  return w;
}

static int hg_gaw_init(void *ws, const void *par, double h, lg_state *s)
{
  hg_ga_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  mb_initial(w->p, w->q);
  mb_at(w->p, 0);
  mb_drive_at(w->p, 0);
  int st = mb_accel(w->p, w->q, w->mw, w->Vd, w->lam);   /* consistent initial acceleration */
  if (st != LG_OK) return mb_failed(w->mw, st, s);
  /* redundant constraints (section sec:mb-redundant-newton): the rows that
     factorisation dropped get the equation Lambda_i = 0 */
  mb_drop_free(w->drop);
  w->drop = mb_drop_alloc(w->mw, w->p->topo, (size_t)w->n, 6 * (size_t)w->nb, w->g->goff,
                          w->fdf, NULL, w->g, &st);
  if (st != LG_OK) return st;
  if (w->drop && (st = mb_newton_copies(&w->nw, w->mw)) != LG_OK) return st;   /* sec:mb-copies */
  if (w->g->goff) hg_ga_groups(w->g, w->Vd, w->lam);
  if (w->g->sg) hg_ga_spring_groups(w->g, w->Vd, w->lam);
  memcpy(w->a, w->Vd, 6 * (size_t)w->nb * sizeof *w->a);
  s->newton_iters = 0;
  s->newton_resid = 0;
  s->t = 0;
  s->theta = s->omega = NAN;
  s->nbody = w->nb;
  s->body = w->q;
  return LG_OK;
}

/* the floors of the bodies' rows: HG_FLOOR times the sum of |B_k(q_n)^T|
   |Lambda_k| over M_c, the size of the multipliers' terms in row (i, c),
   from the guess; the joints' rows keep the common tolerance (0 here) */
static void hg_ga_floors(const hg_ga_ws *w, double *fl)
{
  const mb_par *p = w->p;
  const mb_topo *t = p->topo;
  const int m0 = 6 * w->nb;
  memset(fl, 0, (size_t)w->n * sizeof *fl);
  for (int k = 0; k < w->nj; k++) {
    const int m = mb_jnrows(t, k);
    const double *L = w->z + m0 + w->g->goff[k];
    double ph[6], B[2][36];
    mb_joint_eval(p, w->q, k, ph, B[0], B[1], NULL, NULL);
    for (int s = 0; s < 2; s++) {
      const int i = s ? t->joint[k].b : t->joint[k].a;
      if (i == MB_GROUND) continue;
      for (int c = 0; c < 6; c++)
        for (int q = 0; q < m; q++) fl[6 * i + c] += fabs(B[s][6 * q + c] * L[q]);
    }
  }
  for (int i = 0; i < w->nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int c = 0; c < 6; c++) fl[6 * i + c] *= HG_FLOOR / (c < 3 ? bp[MB_J + c] : bp[MB_M]);
  }
}

static int hg_gaw_step(void *ws, lg_state *s)
{
  hg_ga_ws *w = ws;
  hg_ga *g = w->g;
  const int nb = w->nb, n = w->n, m0 = 6 * nb;
  const double h = w->h, c = (1 - w->af) / (1 - w->am);
  g->cq = h * h * w->beta * c;
  g->cvq = w->gam / (h * w->beta);
  g->q0 = w->q;
  double L = hg_length(w->p, w->q);
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < 6; j++) {
      const int ij = 6 * i + j;
      const double Vn = j < 3 ? w->q[i].W[j] : w->q[i].v[j - 3];
      const double aa = (w->af * w->Vd[ij] - w->am * w->a[ij]) / (1 - w->am);
      g->dq0[ij] = h * Vn + h * h * (0.5 - w->beta) * w->a[ij] + h * h * w->beta * aa;
      g->V0[ij] = Vn + h * (1 - w->gam) * w->a[ij] + h * w->gam * aa;
      w->z[ij] = g->cq * w->Vd[ij];
      if (j < 3) L = fmax(L, fabs(g->dq0[ij]));
    }
  for (int k = 0; k < w->nl; k++) w->z[m0 + k] = g->cq * w->lam[k];
  if (w->fl) hg_ga_floors(w, w->fl);
  for (int k = 0; k < n; k++) g->zlast[k] = NAN;
  mb_at(w->p, (double)(w->k + 1) * h);   /* every force of the step is at t_{n+1} */
  mb_drive_at(w->p, (double)(w->k + 1) * h);   /* and the drives' rows (sec:mb-drive) */
  int it;
  double res;
  if (w->drop) mb_drop_zero(w->drop, w->z);
  int st = w->drop ? newton_solve_sparse(w->nw, mb_drop_jfdf, w->drop, w->z,
                                         fmax(w->tol, HG_FLOOR * L), w->maxiter, &it, &res)
         : newton_solve_sparse(w->nw, w->fdf, g, w->z, fmax(w->tol, HG_FLOOR * L), w->maxiter,
                               &it, &res);
  s->newton_iters = it;
  s->newton_resid = res;
  if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, g->q1, w->mw, st, s) : st;
  if (w->drop) mb_drop_zero(w->drop, w->z);      /* exactly, as their equations say */
  if (memcmp(g->zlast, w->z, (size_t)n * sizeof *w->z) != 0) hg_ga_fdf(w->z, g, w->r, NULL);
  for (int ij = 0; ij < m0; ij++) {
    const double aa = (w->af * w->Vd[ij] - w->am * w->a[ij]) / (1 - w->am);
    w->Vd[ij] = w->z[ij] / g->cq;
    w->a[ij] = aa + c * w->Vd[ij];
  }
  for (int k = 0; k < w->nl; k++) w->lam[k] = w->z[m0 + k] / g->cq;
  memcpy(w->q, g->q1, (size_t)nb * sizeof *w->q);
  w->k++;
  s->t = (double)w->k * h;
  s->nbody = nb;
  s->body = w->q;
  return w->drop ? mb_rank_watch(w->p, w->q, w->mw, s) : LG_OK;
}
const lg_scheme_type hg_scheme_ga = {
  "galpha", "multibody",
      "huang2022 Sec. 3 (Bruls, Cardona and Arnold's Lie group generalized-alpha)",
  "Lie group generalized-alpha, index 3, spectral radius 0.9 at infinity", 1,
  hg_gaw_alloc, hg_gaw_init, hg_gaw_step, hg_gaw_free
};
