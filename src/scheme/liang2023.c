/* liang2023.c: RKMK4 on the index-1 form (Eq. 23), with and without the
   projection that reconstructs the stabilised form (Eq. 24), and the Lie
   group implicit midpoint rule on the index-2 form (Eq. 22). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/newton.h"
#include "model/multibody.h"
#include "scheme/liang2023.h"
enum { LIANG_RKMK4, LIANG_RKMK4_PROJ, LIANG_MID };

typedef struct {
  const mb_par *p;
  int kind, nb, nc;
  double h;
  long k;                /* steps taken */
  mb_work *mw;
  lg_body *q;            /* the state */
  lg_body *qs;           /* a stage: configuration and velocity */
  double *V0;            /* 6 nb: V at the start of the step */
  double *th;            /* 6 nb: chart coordinates (theta_i, d_i) of a stage */
  double *K, *A;         /* 4 x 6 nb: chart velocities and accelerations of the stages;
                            the midpoint rule, with applied forces, keeps in K their
                            f_a, K_q and K_v instead (6 nb + 72 nb^2) */
  /* implicit midpoint */
  newton_ws *nw;
  double *x;             /* 6 nb + nc unknowns */
  double *Rm;            /* 9 nb: midpoint rotations */
  double *Tm;            /* 9 nb: dexp at the midpoint chart coordinates */
  double tol;
  int maxiter;
  int applied;           /* the model has springs, forces or torques */
  newton_jfdf_fn fdf;    /* liang_mid_jfdf, or with them liang_mid_jfdf_applied */
  int *goff;             /* NULL when every joint is spherical; else (nj + 1)
                            where each joint's group of unknowns (nu_k, then
                            its copies) starts after 6 nb */
  int *sg;               /* NULL: the springs' coupling written densely; else
                            (the structured solver) ns: where spring k's group
                            of copies (U_a, then U_b: 12) starts after 6 nb, or -1 */
  size_t nsg;            /* with sg: the number of unknowns */
  mb_drop *drop;         /* redundant constraints: the rows dropped at t = 0, or NULL */
} liang_ws;
static int liang_mid_jfdf(const double *x, void *ws, double *F, newton_jac *J);
static int liang_mid_jfdf_joints(const double *x, void *ws, double *F, newton_jac *J);
/* kept out of line, so that the guess of spherical joints keeps its code */
#if defined(__GNUC__)
#define LIANG_APART __attribute__((noinline, cold))
#else
#define LIANG_APART
#endif
static LIANG_APART void liang_mid_groups(liang_ws *w, double *x);
static int liang_mid_jfdf_applied(const double *x, void *ws, double *F, newton_jac *J);
static newton_ws *liang_mid_springs(liang_ws *w, int solver);
static LIANG_APART void liang_mid_spring_groups(liang_ws *w, double *x);
static void liang_free(void *ws)
{
  liang_ws *w = ws;
  if (!w) return;
  mb_work_free(w->mw);
  newton_free(w->nw);
  free(w->q); free(w->qs); free(w->V0); free(w->th); free(w->K); free(w->A);
  free(w->x); free(w->Rm); free(w->Tm);
  free(w->goff); free(w->sg);
  mb_drop_free(w->drop);
  free(w);
}

static void *liang_alloc(int kind, const void *par, const lg_opts *opt)
{
  const mb_par *p = par;
  liang_ws *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->p = p;
  w->kind = kind;
  w->nb = p->topo->nb;
  w->nc = p->topo->nc;
  size_t nb = (size_t)w->nb, n = 6 * nb + (size_t)w->nc;
  w->mw = mb_work_alloc(p->topo);
  w->q = malloc(nb * sizeof *w->q);
  w->qs = malloc(nb * sizeof *w->qs);
  w->V0 = malloc(6 * nb * sizeof *w->V0);
  w->th = malloc(6 * nb * sizeof *w->th);
  w->applied = mb_applied_any(p->topo->ld);
  /* springs between two bodies get groups of copies in the structured
     solver (section sec:mb-spring-sparse), without the dense Jacobians */
  const int ssp = kind == LIANG_MID && opt->newton_solver == LG_NEWTON_DIRECT
                  && mb_springs_sparse(p->topo);
  w->K = malloc((24 * nb + (kind == LIANG_MID && w->applied && !ssp ? 72 * nb * nb : 0))
                * sizeof *w->K);
  w->A = malloc(24 * nb * sizeof *w->A);
  int ok = w->mw && w->q && w->qs && w->V0 && w->th && w->K && w->A;
  if (ok && kind == LIANG_MID) {
    w->tol = opt->newton_tol;
    w->maxiter = opt->newton_maxiter;
    /* the default solver gets the Schur-complement solve; the others are GSL's;
       a spring couples bodies no joint couples: with springs, the dense
       direct solver, replaced below by groups of copies in the
       Schur-complement solve when there is no callback */
    w->fdf = w->applied ? liang_mid_jfdf_applied : liang_mid_jfdf;
    if (p->topo->nxval > 0) {   /* other joints: groups with copies (section below) */
      w->goff = malloc(((size_t)p->topo->nj + 1) * sizeof *w->goff);
      if (!w->goff) { liang_free(w); return NULL; }
      if (!w->applied) w->fdf = liang_mid_jfdf_joints;
      w->nw = mb_newton_alloc_stiff(p->topo, 6, opt->newton_solver, w->goff);
      n = 6 * nb + (size_t)w->goff[p->topo->nj];
      if (mb_applied_coupled(p->topo->ld)) {
        newton_free(w->nw);
        w->nw = newton_alloc(n, opt->newton_solver);
      }
    } else
      w->nw = mb_applied_coupled(p->topo->ld) ? newton_alloc(n, opt->newton_solver)
                              : mb_newton_alloc(p->topo, 6, opt->newton_solver);
    if (ssp && w->nw) {
      newton_free(w->nw);
      w->nw = liang_mid_springs(w, opt->newton_solver);
      n = w->nsg;
    }
    w->x = malloc(n * sizeof *w->x);
    w->Rm = malloc(9 * nb * sizeof *w->Rm);
    w->Tm = malloc(9 * nb * sizeof *w->Tm);
    ok = w->nw && w->x && w->Rm && w->Tm;
  }
  if (!ok) { liang_free(w); return NULL; }
  return w;
}

static void *liang_alloc_rkmk4(const void *par, const lg_opts *opt)
{
  return liang_alloc(LIANG_RKMK4, par, opt);
}
static void *liang_alloc_rkmk4_proj(const void *par, const lg_opts *opt)
{
  return liang_alloc(LIANG_RKMK4_PROJ, par, opt);
}
static void *liang_alloc_mid(const void *par, const lg_opts *opt)
{
  return liang_alloc(LIANG_MID, par, opt);
}
static void liang_put(const liang_ws *w, lg_state *s)
{
  s->t = (double)w->k * w->h;
  s->nbody = w->nb;
  s->body = w->q;
}

static int liang_init(void *ws, const void *par, double h, lg_state *s)
{
  liang_ws *w = ws;
  (void)par;
  if (!(h > 0)) return LG_EINVAL;
  w->h = h;
  w->k = 0;
  mb_initial(w->p, w->q);
  mb_drive_at(w->p, 0);                       /* the drives' rows (section sec:mb-drive) */
  int st = mb_project(w->p, w->q, w->mw);     /* consistent initial values */
  if (st != LG_OK) return mb_failed(w->mw, st, s);
  /* redundant constraints: RKMK4 takes them through mb_accel and the
     projections; the midpoint rule's Newton system, which holds every
     multiplier as an unknown, gets the equation nu_i = 0 for each row
     that factorisation dropped (section sec:mb-redundant-newton) */
  if (w->kind == LIANG_MID) {
    mb_drop_free(w->drop);
    w->drop = mb_drop_alloc(w->mw, w->p->topo, liang_mid_dim(w), 6 * (size_t)w->nb, w->goff,
                            w->fdf, NULL, w, &st);
    if (st != LG_OK) return st;
    if ((st = mb_newton_copies(&w->nw, w->mw)) != LG_OK) return st;   /* sec:mb-copies */
  }
  s->theta = s->omega = NAN;
  s->newton_iters = 0;
  s->newton_resid = 0;
  liang_put(w, s);
  return LG_OK;
}

/* V0 = (W_i, v_i) of the state */
static void liang_save_velocity(liang_ws *w)
{
  for (int i = 0; i < w->nb; i++) {
    memcpy(w->V0 + 6 * i, w->q[i].W, 3 * sizeof(double));
    memcpy(w->V0 + 6 * i + 3, w->q[i].v, 3 * sizeof(double));
  }
}

/* out = q_n exp(th): R_i exp(hat theta_i) and x_i + d_i (out may be w->q) */
static void liang_chart(const liang_ws *w, const double *th, lg_body *out)
{
  for (int i = 0; i < w->nb; i++) {
    double E[9];
    so3_exp(E, th + 6 * i);
    so3_mul(out[i].R, w->q[i].R, E);
    for (int c = 0; c < 3; c++) out[i].x[c] = w->q[i].x[c] + th[6 * i + 3 + c];
  }
}
static int liang_rkmk4_step(void *ws, lg_state *s)
{
  static const double c[4] = {0, 0.5, 0.5, 1}, b[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  liang_ws *w = ws;
  const int nb = w->nb, n = 6 * nb;
  const double h = w->h;
  liang_save_velocity(w);
  for (int st = 0; st < 4; st++) {
    double *K = w->K + st * n, *A = w->A + st * n;
    const double *Kp = w->K + (st - 1) * n, *Ap = w->A + (st - 1) * n;
    /* stage: Theta = h c_s K_{s-1}, U = V_n + h c_s A_{s-1} */
    for (int r = 0; r < n; r++) w->th[r] = st ? h * c[st] * Kp[r] : 0.0;
    liang_chart(w, w->th, w->qs);
    for (int i = 0; i < nb; i++)
      for (int r = 0; r < 3; r++) {
        w->qs[i].W[r] = w->V0[6 * i + r] + (st ? h * c[st] * Ap[6 * i + r] : 0.0);
        w->qs[i].v[r] = w->V0[6 * i + 3 + r] + (st ? h * c[st] * Ap[6 * i + 3 + r] : 0.0);
      }
    mb_at(w->p, ((double)w->k + c[st]) * h);   /* the stage's time, for a force callback */
    mb_drive_at(w->p, ((double)w->k + c[st]) * h);   /* and the drives' rows */
    int e = mb_accel(w->p, w->qs, w->mw, A, NULL);
    if (e != LG_OK) return mb_failed(w->mw, e, s);
    /* chart velocity: dexp^{-1}(theta_i) W_i and v_i */
    for (int i = 0; i < nb; i++) {
      double Ti[9];
      so3_dexpinv(Ti, w->th + 6 * i);
      so3_mv(K + 6 * i, Ti, w->qs[i].W);
      memcpy(K + 6 * i + 3, w->qs[i].v, 3 * sizeof(double));
    }
  }
  for (int r = 0; r < n; r++)
    w->th[r] = h * (b[0] * w->K[r] + b[1] * w->K[n + r] + b[2] * w->K[2 * n + r] +
                    b[3] * w->K[3 * n + r]);
  liang_chart(w, w->th, w->q);
  for (int i = 0; i < nb; i++)
    for (int r = 0; r < 6; r++) {
      int j = 6 * i + r;
      double v = w->V0[j] + h * (b[0] * w->A[j] + b[1] * w->A[n + j] + b[2] * w->A[2 * n + j]
                                 + b[3] * w->A[3 * n + j]);
      if (r < 3) w->q[i].W[r] = v; else w->q[i].v[r - 3] = v;
    }
  if (w->kind == LIANG_RKMK4_PROJ) {
    mb_drive_at(w->p, (double)(w->k + 1) * h);   /* the projection's time (sec:mb-drive) */
    int e = mb_project_joints(w->p, w->q, w->mw);
    if (e != LG_OK) return mb_failed(w->mw, e, s);
  }
  w->k++;
  liang_put(w, s);
  return LG_OK;
}
size_t liang_mid_dim(const void *ws)
{
  const liang_ws *w = ws;
  if (w->sg) return w->nsg;
  if (w->goff) return 6 * (size_t)w->nb + (size_t)w->goff[w->p->topo->nj];
  return 6 * (size_t)w->nb + (size_t)w->nc;
}

static int liang_mid_jfdf(const double *x, void *ws, double *F, newton_jac *J)
{
  liang_ws *w = ws;
  const mb_par *p = w->p;
  const int nb = w->nb, nc = w->nc, n = 6 * nb + nc;
  const double hh = 0.5 * w->h, g = p->val[MB_G], *e = p->val + MB_GDIR;
  const double *U = x, *nu = x + 6 * nb;
  /* J, through newton_jac_at, block by block: every entry that can be
     non-zero is assigned before it is added to; the others are zero */
  size_t ld, lc;

  /* the midpoint configuration: R_i exp((h/2) hat W_i), and dexp there */
  for (int i = 0; i < nb; i++) {
    double th[3] = {hh * U[6 * i], hh * U[6 * i + 1], hh * U[6 * i + 2]}, E[9];
    so3_exp(E, th);
    so3_mul(w->Rm + 9 * i, w->q[i].R, E);
    if (J) so3_dexp(w->Tm + 9 * i, th);
  }
  /* momentum rows: U - V_n - (h/2) M^{-1} f(U) + M^{-1} B(Q)^T nu */
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i), *Jb = bp + MB_J, *W = U + 6 * i, *v = W + 3;
    double JW[3] = {Jb[0] * W[0], Jb[1] * W[1], Jb[2] * W[2]}, gy[3];
    so3_cross(gy, JW, W);
    for (int r = 0; r < 3; r++) {
      F[6 * i + r] = W[r] - w->V0[6 * i + r] - hh * gy[r] / Jb[r];
      F[6 * i + 3 + r] = v[r] - w->V0[6 * i + 3 + r] - hh * g * e[r];
    }
    if (J) {              /* d(JW x W)/dW = hat(JW) - hat(W) J */
      double H1[9], H2[9], *D = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * i), &ld);
      so3_hat(H1, JW);
      so3_hat(H2, W);
      for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
          D[(size_t)r * ld + (size_t)c] = (r == c) -
              hh * (H1[3 * r + c] - H2[3 * r + c] * Jb[c]) / Jb[r];
        D[(size_t)(3 + r) * ld + (size_t)(3 + r)] = 1;
      }
    }
  }
  for (int k = 0; k < p->topo->nj; k++)
    for (int s = 0; s < 2; s++) {
      int i = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (i == MB_GROUND) continue;
      const double sg = s ? -1.0 : 1.0, *P = mb_joint_par(p, k) + 3 * s, *nk = nu + 3 * k;
      const double *bp = mb_body_par(p, i), *Jb = bp + MB_J, m = bp[MB_M];
      const double *Rm = w->Rm + 9 * i;
      double y[3], c[3];
      so3_mtv(y, Rm, nk);                       /* torque sign P x (R^T nu) */
      so3_cross(c, P, y);
      for (int r = 0; r < 3; r++) {
        F[6 * i + r] += sg * c[r] / Jb[r];
        F[6 * i + 3 + r] += sg * nk[r] / m;
      }
      if (J) {
        double HP[9], Hy[9], PY[9], PYT[9], HPRt[9];
        so3_hat(HP, P);
        so3_hat(Hy, y);
        so3_mul(PY, HP, Hy);
        so3_mul(PYT, PY, w->Tm + 9 * i);        /* hat(P) hat(y) T */
        so3_mul_nt(HPRt, HP, Rm);               /* hat(P) R^T */
        double *D = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * i), &ld);
        double *C = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * nb + 3 * k), &lc);
        for (int r = 0; r < 3; r++) {
          for (int cc = 0; cc < 3; cc++) {
            D[(size_t)r * ld + (size_t)cc] += sg * hh * PYT[3 * r + cc] / Jb[r];
            C[(size_t)r * lc + (size_t)cc] = sg * HPRt[3 * r + cc] / Jb[r];
          }
          C[(size_t)(3 + r) * lc + (size_t)r] = sg / m;
        }
      }
    }
  /* constraint rows: B(Q) U = sum over sides of sign (v_i + R_i (W_i x P)) */
  for (int k = 0; k < p->topo->nj; k++) {
    double *Fk = F + 6 * nb + 3 * k;
    Fk[0] = Fk[1] = Fk[2] = 0;
    for (int s = 0; s < 2; s++) {
      int i = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (i == MB_GROUND) continue;
      const double sg = s ? -1.0 : 1.0, *P = mb_joint_par(p, k) + 3 * s;
      const double *Rm = w->Rm + 9 * i, *W = U + 6 * i, *v = W + 3;
      double z[3], y[3];
      so3_cross(z, W, P);
      so3_mv(y, Rm, z);
      for (int r = 0; r < 3; r++) Fk[r] += sg * (v[r] + y[r]);
      if (J) {            /* d/dW = -R (hat(P) + (h/2) hat(W x P) T) */
        double HP[9], Hz[9], ZT[9], S[9], RS[9];
        so3_hat(HP, P);
        so3_hat(Hz, z);
        so3_mul(ZT, Hz, w->Tm + 9 * i);
        for (int r = 0; r < 9; r++) S[r] = HP[r] + hh * ZT[r];
        so3_mul(RS, Rm, S);
        double *D = newton_jac_at(J, (size_t)(6 * nb + 3 * k), (size_t)(6 * i), &ld);
        for (int r = 0; r < 3; r++) {
          for (int cc = 0; cc < 3; cc++) D[(size_t)r * ld + (size_t)cc] = -sg * RS[3 * r + cc];
          D[(size_t)r * ld + (size_t)(3 + r)] = sg;
        }
      }
    }
  }
  (void)nc;
  (void)n;
  return 0;
}

/* the springs' groups of copies after the joints' groups (section
   sec:mb-spring-sparse): w->sg, w->nsg; the structured solver, or NULL */
static newton_ws *liang_mid_springs(liang_ws *w, int solver)
{
  const mb_topo *t = w->p->topo;
  const int nj = t->nj, ns = t->ld->ns;
  int *grows = malloc(((size_t)nj + 1) * sizeof *grows);
  int *off = malloc(((size_t)(nj + ns) + 1) * sizeof *off);
  w->sg = malloc(((size_t)ns + 1) * sizeof *w->sg);
  newton_ws *nw = NULL;
  if (grows && off && w->sg) {
    for (int k = 0; k < nj; k++)
      grows[k] = w->goff ? w->goff[k + 1] - w->goff[k] : mb_jnrows(t, k);
    nw = mb_newton_alloc_springs(t, 6, grows, solver, off);
    for (int k = 0; k < ns; k++) w->sg[k] = mb_spring_couples(t, k) ? off[nj + k] : -1;
    w->nsg = 6 * (size_t)w->nb + (size_t)off[nj + ns];
  }
  free(grows); free(off);
  return nw;
}

/* the guess of each spring group's copies: the guesses of the U they copy */
static LIANG_APART void liang_mid_spring_groups(liang_ws *w, double *x)
{
  const mb_topo *t = w->p->topo;
  const int m0 = 6 * w->nb;
  for (int k = 0; k < t->ld->ns; k++) {
    if (w->sg[k] < 0) continue;
    const mb_joint *j = &t->ld->spring[k];
    for (int c = 0; c < 12; c++) x[m0 + w->sg[k] + c] = x[6 * (c < 6 ? j->a : j->b) + c % 6];
  }
}

/* the springs' Jacobian by springs, -(h/2) M_i^{-1} (K_q,ij D_j + K_v,ij)
   for the bodies i, j of each spring (mb_spring_jac): in body i's block
   when j = i, else in the columns of the copy of U_j; and the copies' rows */
static void liang_mid_springs_jac(liang_ws *w, const double *x, double *F, newton_jac *J)
{
  const mb_par *p = w->p;
  const mb_topo *t = p->topo;
  const int m0 = 6 * w->nb;
  const double hh = 0.5 * w->h;
  for (int k = 0; k < t->ld->ns; k++) {
    const mb_joint *jt = &t->ld->spring[k];
    const int body[2] = {jt->a, jt->b}, G = w->sg[k] < 0 ? -1 : m0 + w->sg[k];
    if (G >= 0) mb_spring_copy_rows(t, k, G, x, F, J);   /* s_k - P U */
    if (!J) continue;
    double Kq[144], Kv[144];
    mb_spring_jac(p, w->qs, k, Kq, Kv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        const int i = body[s], j = body[o];
        if (i == MB_GROUND || j == MB_GROUND) continue;
        const double *bp = mb_body_par(p, i), *T = w->Tm + 9 * j;
        size_t ld;
        double *D = i == j ? newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * j), &ld)
                           : newton_jac_at(J, (size_t)(6 * i), (size_t)(G + 6 * o), &ld);
        for (int r = 0; r < 6; r++) {
          const double sc = hh / (r < 3 ? bp[MB_J + r] : bp[MB_M]);
          const double *kq = Kq + 12 * (6 * s + r) + 6 * o, *kv = Kv + 12 * (6 * s + r) + 6 * o;
          for (int c = 0; c < 3; c++) {
            double a = kv[c];
            for (int m = 0; m < 3; m++) a += kq[m] * hh * T[3 * m + c];
            D[(size_t)r * ld + (size_t)c] -= sc * a;
            D[(size_t)r * ld + (size_t)(3 + c)] -= sc * (kq[3 + c] * hh + kv[3 + c]);
          }
        }
      }
  }
}

/* F_1 -= (h/2) M^{-1} f_a at the midpoint, and, with springs, its
   Jacobian -(h/2) M^{-1} (K_q dq/dU + K_v) into the dense J */
static void liang_mid_applied(liang_ws *w, const double *U, double *F, newton_jac *J)
{
  const mb_par *p = w->p;
  const int nb = w->nb;
  const size_t n6 = 6 * (size_t)nb;
  const double hh = 0.5 * w->h;
  double *fa = w->K, *Kq = fa + n6, *Kv = Kq + n6 * n6;
  for (int i = 0; i < nb; i++) {
    lg_body *b = &w->qs[i];
    memcpy(b->R, w->Rm + 9 * i, sizeof b->R);
    for (int r = 0; r < 3; r++) {
      b->x[r] = w->q[i].x[r] + hh * U[6 * i + 3 + r];
      b->W[r] = U[6 * i + r];
      b->v[r] = U[6 * i + 3 + r];
    }
  }
  memset(fa, 0, n6 * sizeof *fa);
  mb_applied(p, w->qs, fa);
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int r = 0; r < 3; r++) {
      F[6 * i + r] -= hh * fa[6 * i + r] / bp[MB_J + r];
      F[6 * i + 3 + r] -= hh * fa[6 * i + 3 + r] / bp[MB_M];
    }
  }
  if (w->sg) {                                 /* the structured solver: by springs */
    liang_mid_springs_jac(w, U, F, J);
    return;
  }
  if (!J || !mb_applied_coupled(p->topo->ld)) return;
  mb_applied_jac(p, w->qs, Kq, Kv);
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i);
    for (int j = 0; j < nb; j++) {
      size_t ld;
      double *D = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * j), &ld);
      const double *T = w->Tm + 9 * j;
      for (int r = 0; r < 6; r++) {
        const double s = hh / (r < 3 ? bp[MB_J + r] : bp[MB_M]);
        const double *kq = Kq + (size_t)(6 * i + r) * n6 + 6 * (size_t)j;
        const double *kv = Kv + (size_t)(6 * i + r) * n6 + 6 * (size_t)j;
        for (int c = 0; c < 3; c++) {
          double a = kv[c];
          for (int m = 0; m < 3; m++) a += kq[m] * hh * T[3 * m + c];
          D[(size_t)r * ld + (size_t)c] -= s * a;
          D[(size_t)r * ld + (size_t)(3 + c)] -= s * (kq[3 + c] * hh + kv[3 + c]);
        }
      }
    }
  }
}

/* the residual and Jacobian of a model with applied forces: the dense J
   cleared first (a spring's blocks couple any two bodies), then the
   residual of the model without them, then their terms; chosen once at
   allocation, so that a model without them costs nothing more */
static int liang_mid_jfdf_applied(const double *x, void *ws, double *F, newton_jac *J)
{
  liang_ws *w = ws;
  const size_t n = liang_mid_dim(ws);
  if (J && J->J) memset(J->J, 0, n * n * sizeof *J->J);
  int st = w->goff ? liang_mid_jfdf_joints(x, ws, F, J) : liang_mid_jfdf(x, ws, F, J);
  if (st == 0) liang_mid_applied(w, x, F, J);
  return st;
}

/* the same with a dense row-major Jacobian, for the dense solvers and the tests */
int liang_mid_fdf(const double *x, void *ws, double *F, double *J)
{
  newton_jac h = {J, liang_mid_dim(ws), NULL};
  return ((liang_ws *)ws)->fdf(x, ws, F, J ? &h : NULL);
}

int liang_mid_guess(void *ws, double *x)
{
  liang_ws *w = ws;
  const int nb = w->nb;
  const double hh = 0.5 * w->h;
  liang_save_velocity(w);
  mb_at(w->p, (double)w->k * w->h);
  mb_drive_at(w->p, (double)w->k * w->h);
  int st = mb_accel(w->p, w->q, w->mw, w->A, x + 6 * nb);
  if (st != LG_OK) return st;
  for (int j = 0; j < 6 * nb; j++) x[j] = w->V0[j] + hh * w->A[j];
  for (int j = 0; j < w->nc; j++) x[6 * nb + j] *= hh;
  if (w->goff) liang_mid_groups(w, x);
  if (w->sg) liang_mid_spring_groups(w, x);
  return LG_OK;
}

/* with joints other than spherical: the multipliers nu (by rows after the
   U) rearranged in place by groups, nu_k then the copies of the U they copy */
static LIANG_APART void liang_mid_groups(liang_ws *w, double *x)
{
  const int nb = w->nb;
  {
    const mb_topo *t = w->p->topo;
    for (int k = t->nj - 1; k >= 0; k--) {  /* backwards: goff[k] >= mb_jrow(k) */
      const int m = mb_jnrows(t, k), G = 6 * nb + w->goff[k];
      for (int r = m - 1; r >= 0; r--) x[G + r] = x[6 * nb + mb_jrow(t, k) + r];
      for (int c = 0; c < mb_joint_ncopy(t, k); c++) x[G + m + c] = x[mb_joint_copy(t, k, c)];
    }
  }
}
/* out (6 x 6) = K's rows of side s against the columns of side o, the
   rotational columns times (h/2) T, the translational times h/2 */
static void liang_stiff_block(double out[36], const double *K, int s, int o, const double T[9],
                              double hh)
{
  for (int a = 0; a < 6; a++) {
    const double *k = K + 12 * (6 * s + a) + 6 * o;
    for (int b = 0; b < 3; b++)
      out[6 * a + b] = hh * (k[0] * T[b] + k[1] * T[3 + b] + k[2] * T[6 + b]);
    for (int b = 3; b < 6; b++) out[6 * a + b] = hh * k[b];
  }
}

static int liang_mid_jfdf_joints(const double *x, void *ws, double *F, newton_jac *J)
{
  liang_ws *w = ws;
  const mb_par *p = w->p;
  const mb_topo *t = p->topo;
  const int nb = w->nb, m0 = 6 * nb;
  const double hh = 0.5 * w->h, g = p->val[MB_G], *e = p->val + MB_GDIR;
  const double *U = x;
  size_t ld, lc, lr;
  if (J && J->J) memset(J->J, 0, liang_mid_dim(ws) * liang_mid_dim(ws) * sizeof *J->J);
  /* the midpoint configuration, with the velocities U, in qs */
  for (int i = 0; i < nb; i++) {
    double th[3] = {hh * U[6 * i], hh * U[6 * i + 1], hh * U[6 * i + 2]}, E[9];
    lg_body *b = &w->qs[i];
    so3_exp(E, th);
    so3_mul(w->Rm + 9 * i, w->q[i].R, E);
    memcpy(b->R, w->Rm + 9 * i, sizeof b->R);
    for (int r = 0; r < 3; r++) {
      b->x[r] = w->q[i].x[r] + hh * U[6 * i + 3 + r];
      b->W[r] = U[6 * i + r];
      b->v[r] = U[6 * i + 3 + r];
    }
    if (J) so3_dexp(w->Tm + 9 * i, th);
  }
  /* the bodies' own terms, as liang_mid_jfdf */
  for (int i = 0; i < nb; i++) {
    const double *bp = mb_body_par(p, i), *Jb = bp + MB_J, *W = U + 6 * i, *v = W + 3;
    double JW[3] = {Jb[0] * W[0], Jb[1] * W[1], Jb[2] * W[2]}, gy[3];
    so3_cross(gy, JW, W);
    for (int r = 0; r < 3; r++) {
      F[6 * i + r] = W[r] - w->V0[6 * i + r] - hh * gy[r] / Jb[r];
      F[6 * i + 3 + r] = v[r] - w->V0[6 * i + 3 + r] - hh * g * e[r];
    }
    if (J) {
      double H1[9], H2[9], *D = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * i), &ld);
      so3_hat(H1, JW);
      so3_hat(H2, W);
      for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++)
          D[(size_t)r * ld + (size_t)c] = (r == c) -
              hh * (H1[3 * r + c] - H2[3 * r + c] * Jb[c]) / Jb[r];
        D[(size_t)(3 + r) * ld + (size_t)(3 + r)] = 1;
      }
    }
  }
  for (int k = 0; k < t->nj; k++) {
    const mb_joint *jt = &t->joint[k];
    const int m = mb_jnrows(t, k), G = m0 + w->goff[k];
    const int nc = mb_joint_ncopy(t, k);
    const double *nu = x + G;
    double Bs[2][36], K[144], Uk[12] = {0};
    mb_joint_eval(p, w->qs, k, NULL, Bs[0], Bs[1], F + G, NULL);   /* F_2 = B(Q) U */
    for (int s = 0; s < 2; s++) {
      const int i = s ? jt->b : jt->a;
      if (i != MB_GROUND) memcpy(Uk + 6 * s, U + 6 * i, 6 * sizeof *Uk);
    }
    double dB[2][36] = {{0}};               /* U_k^T K(e_q) D_i: side, row q, column */
    if (J) {
      mb_joint_stiff(p, w->qs, k, nu, K);
      for (int q = 0; q < m; q++) {
        double eq[6] = {0}, Kq[144], Sq[36];
        eq[q] = 1;
        mb_joint_stiff(p, w->qs, k, eq, Kq);
        for (int s = 0; s < 2; s++) {
          const int i = s ? jt->b : jt->a;
          if (i == MB_GROUND) continue;
          for (int o = 0; o < 2; o++) {
            liang_stiff_block(Sq, Kq, o, s, w->Tm + 9 * i, hh);
            for (int a = 0; a < 6; a++)
              for (int b = 0; b < 6; b++) dB[s][6 * q + b] += Uk[6 * o + a] * Sq[6 * a + b];
          }
        }
      }
    }
    for (int s = 0; s < 2; s++) {
      const int i = s ? jt->b : jt->a;
      if (i == MB_GROUND) continue;
      const double *bp = mb_body_par(p, i), *Bk = Bs[s];
      const double Mi[6] = {bp[MB_J], bp[MB_J + 1], bp[MB_J + 2], bp[MB_M], bp[MB_M], bp[MB_M]};
      for (int c = 0; c < 6; c++) {         /* M^{-1} B^T nu */
        double y = 0;
        for (int q = 0; q < m; q++) y += Bk[6 * q + c] * nu[q];
        F[6 * i + c] += y / Mi[c];
      }
      if (!J) continue;
      const double *Ti = w->Tm + 9 * i;
      double S[36];
      liang_stiff_block(S, K, s, s, Ti, hh);
      double *D = newton_jac_at(J, (size_t)(6 * i), (size_t)(6 * i), &ld);
      double *C = newton_jac_at(J, (size_t)(6 * i), (size_t)G, &lc);
      double *R = newton_jac_at(J, (size_t)G, (size_t)(6 * i), &lr);
      for (int a = 0; a < 6; a++) {
        for (int b = 0; b < 6; b++) D[(size_t)a * ld + (size_t)b] += S[6 * a + b] / Mi[a];
        for (int q = 0; q < m; q++) C[(size_t)a * lc + (size_t)q] = Bk[6 * q + a] / Mi[a];
      }
      for (int q = 0; q < m; q++)           /* B_q + U_k^T K(e_q) D_i */
        for (int b = 0; b < 6; b++) R[(size_t)q * lr + (size_t)b] = Bk[6 * q + b] + dB[s][6 * q + b];
      if (nc == 0) continue;
      /* the other body, by its copies: a's rows in the columns of theta_b
         (3..5) and delta_b (6..8), b's in those of theta_a (0..2) */
      liang_stiff_block(S, K, s, 1 - s, w->Tm + 9 * (s ? jt->a : jt->b), hh);
      double *X = newton_jac_at(J, (size_t)(6 * i), (size_t)(G + m), &lc);
      for (int a = 0; a < 6; a++)
        for (int b = 0; b < (s ? 3 : nc - 3); b++)
          X[(size_t)a * lc + (size_t)(s ? b : 3 + b)] = S[6 * a + b] / Mi[a];
    }
    for (int c = 0; c < nc; c++) {          /* the rows of the copies */
      const int cc = G + m + c, u = mb_joint_copy(t, k, c);
      F[cc] = x[cc] - x[u];
      if (!J) continue;
      *newton_jac_at(J, (size_t)cc, (size_t)cc, &ld) = 1.0;
      *newton_jac_at(J, (size_t)cc, (size_t)u, &lr) = -1.0;
    }
  }
  return 0;
}
static int liang_mid_step(void *ws, lg_state *s)
{
  liang_ws *w = ws;
  const int nb = w->nb;
  int st = liang_mid_guess(w, w->x), it = 0;
  if (st != LG_OK) return w->drop ? mb_failed(w->mw, st, s) : st;
  mb_at(w->p, ((double)w->k + 0.5) * w->h);   /* the residual's time */
  mb_drive_at(w->p, ((double)w->k + 0.5) * w->h);   /* also of B(Q) U = f' (sec:mb-drive) */
  double res = NAN;
  if (w->drop) {                               /* redundant: section sec:mb-redundant-newton */
    mb_drop_zero(w->drop, w->x);
    st = newton_solve_sparse(w->nw, mb_drop_jfdf, w->drop, w->x, w->tol, w->maxiter, &it, &res);
  } else
    st = newton_solve_sparse(w->nw, w->fdf, w, w->x, w->tol, w->maxiter, &it, &res);
  s->newton_iters = it;
  s->newton_resid = res;
  if (st != LG_OK) return w->drop ? mb_rank_failed(w->p, w->q, w->mw, st, s) : st;
  /* q_{n+1} = q_n exp(h U), V_{n+1} = 2 U - V_n */
  for (int j = 0; j < 6 * nb; j++) w->th[j] = w->h * w->x[j];
  liang_chart(w, w->th, w->q);
  for (int i = 0; i < nb; i++)
    for (int r = 0; r < 3; r++) {
      w->q[i].W[r] = 2 * w->x[6 * i + r] - w->V0[6 * i + r];
      w->q[i].v[r] = 2 * w->x[6 * i + 3 + r] - w->V0[6 * i + 3 + r];
    }
  w->k++;
  liang_put(w, s);
  /* redundant: the rank at q_{n+1}, found in this step rather than in the
     next one's first guess */
  return w->drop ? mb_rank_watch(w->p, w->q, w->mw, s) : LG_OK;
}
static const lg_scheme_type liang_scheme_rkmk4 = {
  "rkmk4", "multibody", "liang2023 Eq. 23; the Runge-Kutta method is ours (the paper names none)",
  "explicit Runge-Kutta-Munthe-Kaas of order 4 on the index-1 form", 0,
  liang_alloc_rkmk4, liang_init, liang_rkmk4_step, liang_free
};
static const lg_scheme_type liang_scheme_rkmk4_proj = {
  "rkmk4-proj", "multibody", "liang2023 Eq. 24 as reconstructed in the liang2023 chapter",
  "RKMK4 on the index-1 form, then projection onto the position and velocity constraints", 0,
  liang_alloc_rkmk4_proj, liang_init, liang_rkmk4_step, liang_free
};
static const lg_scheme_type liang_scheme_mid = {
  "imid-index2", "multibody",
      "liang2023 Eq. 22; the implicit method is ours (the paper names none)",
  "Lie group implicit midpoint rule (1-stage Gauss RKMK) on the index-2 form, order 2", 1,
  liang_alloc_mid, liang_init, liang_mid_step, liang_free
};

const lg_scheme_type *const liang_schemes[] = {
  &liang_scheme_rkmk4, &liang_scheme_rkmk4_proj, &liang_scheme_mid, NULL
};
