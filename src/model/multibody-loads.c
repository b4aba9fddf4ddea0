/* multibody-loads.c: springs, dampers, forces, torques,
   the force callback, the springs in the Newton systems. */
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
const mb_loads mb_no_loads = {0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, NULL,
                              0, NULL, NULL, NULL, 0};

/* one end of a spring: its body (or the ground), its point, and where the
   point is and how fast it moves, in space */
typedef struct {
  int body;
  const double *P;
  double y[3], yd[3];
} mb_end;

static mb_end mb_spring_end(const mb_par *p, const lg_body *q, int k, int s)
{
  const mb_joint *j = &p->topo->ld->spring[k];
  mb_end e = {s ? j->b : j->a, mb_spring_par(p, k) + 3 * s, {0, 0, 0}, {0, 0, 0}};
  if (e.body == MB_GROUND) {
    memcpy(e.y, e.P, sizeof e.y);
    return e;
  }
  const lg_body *b = &q[e.body];
  double wp[3];
  so3_mv(e.y, b->R, e.P);
  so3_cross(wp, b->W, e.P);
  so3_mv(e.yd, b->R, wp);
  for (int r = 0; r < 3; r++) {
    e.y[r] += b->x[r];
    e.yd[r] += b->v[r];
  }
  return e;
}

/* Eq. (mb-spring): the force F on end a of spring k, with l, u and e */
static void mb_spring_force(const mb_par *p, int k, const mb_end *a, const mb_end *b,
                            double F[3], double *l, double u[3], double e[3])
{
  const double *sp = mb_spring_par(p, k), K = sp[MB_SK], C = sp[MB_SC], L0 = sp[MB_SL];
  double d[3];
  for (int r = 0; r < 3; r++) {
    d[r] = b->y[r] - a->y[r];
    e[r] = b->yd[r] - a->yd[r];
  }
  *l = so3_norm(d);
  for (int r = 0; r < 3; r++) u[r] = *l > 0 ? d[r] / *l : 0.0;
  const double ld = so3_dot(u, e);
  for (int r = 0; r < 3; r++) F[r] = K * d[r] - K * L0 * u[r] + C * ld * u[r];
}

/* f += the force Fs at the point P of body i and its torque P x R^T Fs */
static void mb_add_point_force(const lg_body *q, int i, const double P[3], const double Fs[3],
                               double *f)
{
  double y[3], t[3];
  so3_mtv(y, q[i].R, Fs);
  so3_cross(t, P, y);
  for (int r = 0; r < 3; r++) {
    f[6 * i + r] += t[r];
    f[6 * i + 3 + r] += Fs[r];
  }
}

/* the callback's contribution, in the principal frames, added to f */
static void mb_user_add(const mb_par *p, const lg_body *q, double *f)
{
  const mb_topo *t = p->topo;
  const size_t nb = (size_t)t->nb;
  lg_body *qu = malloc(nb * sizeof *qu);
  double *fu = calloc(6 * nb, sizeof *fu);
  if (!qu || !fu) {                   /* the step then fails as non-finite */
    for (size_t r = 0; r < 6 * nb; r++) f[r] = NAN;
    free(qu);
    free(fu);
    return;
  }
  memcpy(qu, q, nb * sizeof *qu);
  for (size_t i = 0; i < nb; i++) mb_user_body(p, (int)i, &qu[i], &qu[i]);
  t->ld->ufn(t->ld->uctx, t->ld->t, t->nb, qu, fu);
  for (size_t i = 0; i < nb; i++) {
    const double *Q = mb_axes(p, (int)i);
    if (Q) so3_mtv(fu + 6 * i, Q, fu + 6 * i);     /* T_p = Q^T T */
    for (int r = 0; r < 6; r++) f[6 * i + r] += fu[6 * i + r];
  }
  free(qu);
  free(fu);
}

/* the derivatives of mb_user_add, added to Kq and Kv (n x n, n = 6 nb):
   the callback's own, turned to the principal frames, or central differences */
static void mb_user_jac_add(const mb_par *p, const lg_body *q, double *Kq, double *Kv)
{
  const mb_topo *t = p->topo;
  const int nb = t->nb;
  const size_t n = 6 * (size_t)nb;
  double *K = calloc(2 * n * n + 2 * n, sizeof *K), *fp = K ? K + 2 * n * n : NULL,
         *fm = fp ? fp + n : NULL;
  lg_body *qq = malloc((size_t)nb * sizeof *qq);
  if (!K || !qq) {
    for (size_t r = 0; r < n * n; r++) Kq[r] = Kv[r] = NAN;
    free(K);
    free(qq);
    return;
  }
  if (t->ld->ujac) {
    memcpy(qq, q, (size_t)nb * sizeof *qq);
    for (int i = 0; i < nb; i++) mb_user_body(p, i, &qq[i], &qq[i]);
    t->ld->ujac(t->ld->uctx, t->ld->t, nb, qq, K, K + n * n);
    for (int m = 0; m < 2; m++) {
      double *A = K + (size_t)m * n * n, *D = m ? Kv : Kq;
      for (int i = 0; i < nb; i++) {     /* Q_i^T on the left of torque rows */
        const double *Q = mb_axes(p, i);
        if (!Q) continue;
        for (size_t c = 0; c < n; c++) {
          double y[3] = {A[(6 * i) * n + c], A[(6 * i + 1) * n + c], A[(6 * i + 2) * n + c]};
          so3_mtv(y, Q, y);
          for (int r = 0; r < 3; r++) A[(6 * i + r) * n + c] = y[r];
        }
      }
      for (int j = 0; j < nb; j++) {     /* Q_j on the right of its theta (W) columns */
        const double *Q = mb_axes(p, j);
        if (!Q) continue;
        for (size_t r = 0; r < n; r++) {
          double *a = A + r * n + 6 * j, y[3];
          for (int c = 0; c < 3; c++) y[c] = a[0] * Q[c] + a[1] * Q[3 + c] + a[2] * Q[6 + c];
          memcpy(a, y, sizeof y);
        }
      }
      for (size_t r = 0; r < n * n; r++) D[r] += A[r];
    }
  } else {
    const double e0 = cbrt(2.220446049250313e-16);
    for (int vel = 0; vel < 2; vel++)
      for (int j = 0; j < nb; j++)
        for (int c = 0; c < 6; c++) {
          double z = vel ? (c < 3 ? q[j].W[c] : q[j].v[c - 3]) : (c < 3 ? 0 : q[j].x[c - 3]);
          const double eps = e0 * fmax(1, fabs(z));
          for (int sgn = 0; sgn < 2; sgn++) {
            const double d = sgn ? -eps : eps;
            double *g = sgn ? fm : fp;
            memcpy(qq, q, (size_t)nb * sizeof *qq);
            if (vel && c < 3) qq[j].W[c] += d;
            else if (vel) qq[j].v[c - 3] += d;
            else if (c < 3) {
              double w[3] = {0, 0, 0}, E[9];
              w[c] = d;
              so3_exp(E, w);
              so3_mul(qq[j].R, q[j].R, E);
            } else qq[j].x[c - 3] += d;
            memset(g, 0, n * sizeof *g);
            mb_user_add(p, qq, g);
          }
          double *D = vel ? Kv : Kq;
          for (size_t r = 0; r < n; r++) D[r * n + 6 * (size_t)j + (size_t)c] += (fp[r] - fm[r]) / (2 * eps);
        }
  }
  free(K);
  free(qq);
}

void mb_applied(const mb_par *p, const lg_body *q, double *f)
{
  const mb_topo *t = p->topo;
  for (int k = 0; k < t->ld->np; k++) {
    const mb_end a = mb_spring_end(p, q, k, 0), b = mb_spring_end(p, q, k, 1);
    double F[3], u[3], e[3], l, mF[3];
    mb_spring_force(p, k, &a, &b, F, &l, u, e);
    for (int r = 0; r < 3; r++) mF[r] = -F[r];
    if (a.body != MB_GROUND) mb_add_point_force(q, a.body, a.P, F, f);
    if (b.body != MB_GROUND) mb_add_point_force(q, b.body, b.P, mF, f);
  }
  for (int k = t->ld->np; k < t->ld->ns; k++) mb_jload_add(p, q, k, f);   /* Eq. (mb-jl-virtual) */
  for (int k = 0; k < t->ld->nf; k++) {
    const double *F = mb_load_par(p, k);
    for (int r = 0; r < 3; r++) f[6 * t->ld->fbody[k] + 3 + r] += F[r];
  }
  for (int k = 0; k < t->ld->nt; k++) {
    const double *T = mb_load_par(p, t->ld->nf + k);
    for (int r = 0; r < 3; r++) f[6 * t->ld->tbody[k] + r] += T[r];
  }
  if (t->ld->ufn) mb_user_add(p, q, f);
}

double mb_applied_potential(const mb_par *p, const lg_body *q)
{
  const mb_topo *t = p->topo;
  double U = 0;
  for (int k = 0; k < t->ld->np; k++) {
    const mb_end a = mb_spring_end(p, q, k, 0), b = mb_spring_end(p, q, k, 1);
    const double *sp = mb_spring_par(p, k);
    double d[3];
    for (int r = 0; r < 3; r++) d[r] = b.y[r] - a.y[r];
    const double s = so3_norm(d) - sp[MB_SL];
    U += 0.5 * sp[MB_SK] * s * s;
  }
  for (int k = t->ld->np; k < t->ld->ns; k++) U += mb_jload_potential(p, q, k);
  for (int k = 0; k < t->ld->nf; k++) U -= so3_dot(mb_load_par(p, k), q[t->ld->fbody[k]].x);
  return U;
}
/* block (r0, c0) of the n x n matrix K += s A (3 x 3) */
static void mb_add_block(double *K, size_t n, int r0, int c0, double s, const double A[9])
{
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) K[(size_t)(r0 + r) * n + (size_t)(c0 + c)] += s * A[3 * r + c];
}

void mb_spring_jac(const mb_par *p, const lg_body *q, int k, double *Kq, double *Kv)
{
  if (k >= p->topo->ld->np) {            /* a joint load, Eq. (mb-jl-jac) */
    mb_jload_jac(p, q, k, Kq, Kv);
    return;
  }
  memset(Kq, 0, 144 * sizeof *Kq);
  memset(Kv, 0, 144 * sizeof *Kv);
  const double *sp = mb_spring_par(p, k), K = sp[MB_SK], C = sp[MB_SC], L0 = sp[MB_SL];
  const mb_end end[2] = {mb_spring_end(p, q, k, 0), mb_spring_end(p, q, k, 1)};
  double F[3], u[3], e[3], l, Fd[9], Fe[9];
  mb_spring_force(p, k, &end[0], &end[1], F, &l, u, e);
  /* Eq. (mb-spring-jac): Fd = dF/dd, Fe = dF/de */
  const double ld = so3_dot(u, e);
  double Pe[3];
  for (int r = 0; r < 3; r++) Pe[r] = e[r] - ld * u[r];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) {
      const double Pu = (r == c) - u[r] * u[c];
      Fd[3 * r + c] = K * (r == c);
      if (l > 0) Fd[3 * r + c] += (-K * L0 * Pu + C * (u[r] * Pe[c] + ld * Pu)) / l;
      Fe[3 * r + c] = C * u[r] * u[c];
    }
  for (int s = 0; s < 2; s++) {              /* the variables of end s's body j */
    const int j = end[s].body;
    if (j == MB_GROUND) continue;
    const double sg = s ? 1.0 : -1.0, *R = q[j].R, *P = end[s].P;
    double HP[9], RHP[9], wp[3], HW[9], RHW[9], Dth[9], Dx[9], DW[9], Dv[9], A1[9], A2[9];
    so3_hat(HP, P);
    so3_mul(RHP, R, HP);
    so3_cross(wp, q[j].W, P);
    so3_hat(HW, wp);
    so3_mul(RHW, R, HW);
    so3_mul(A1, Fd, RHP);
    so3_mul(A2, Fe, RHW);
    so3_mul(DW, Fe, RHP);
    for (int c = 0; c < 9; c++) {
      Dth[c] = -sg * (A1[c] + A2[c]);
      Dx[c] = sg * Fd[c];
      DW[c] *= -sg;
      Dv[c] = sg * Fe[c];
    }
    for (int tt = 0; tt < 2; tt++) {         /* the rows of end tt's body i */
      const int i = end[tt].body;
      if (i == MB_GROUND) continue;
      const double rho = tt ? -1.0 : 1.0;
      double HPt[9], PRt[9], B[9];
      so3_hat(HPt, end[tt].P);
      so3_mul_nt(PRt, HPt, q[i].R);           /* hat(P_t) R_i^T */
      mb_add_block(Kq, 12, 6 * tt + 3, 6 * s, rho, Dth);
      mb_add_block(Kq, 12, 6 * tt + 3, 6 * s + 3, rho, Dx);
      mb_add_block(Kv, 12, 6 * tt + 3, 6 * s, rho, DW);
      mb_add_block(Kv, 12, 6 * tt + 3, 6 * s + 3, rho, Dv);
      so3_mul(B, PRt, Dth);
      mb_add_block(Kq, 12, 6 * tt, 6 * s, rho, B);
      so3_mul(B, PRt, Dx);
      mb_add_block(Kq, 12, 6 * tt, 6 * s + 3, rho, B);
      so3_mul(B, PRt, DW);
      mb_add_block(Kv, 12, 6 * tt, 6 * s, rho, B);
      so3_mul(B, PRt, Dv);
      mb_add_block(Kv, 12, 6 * tt, 6 * s + 3, rho, B);
    }
  }
  for (int tt = 0; tt < 2; tt++) {           /* hat(P_t) hat(R_i^T F_t) at theta_i */
    const int i = end[tt].body;
    if (i == MB_GROUND) continue;
    double Ft[3], y[3], HPt[9], Hy[9], B[9];
    for (int r = 0; r < 3; r++) Ft[r] = tt ? -F[r] : F[r];
    so3_mtv(y, q[i].R, Ft);
    so3_hat(HPt, end[tt].P);
    so3_hat(Hy, y);
    so3_mul(B, HPt, Hy);
    mb_add_block(Kq, 12, 6 * tt, 6 * tt, 1.0, B);
  }
}

/* whether the file behind topology t has a torque or a spring (or joint
   spring) with damping (its own values, t->def): its energy column is then
   energy_nc */
int mb_file_dissipates(const mb_topo *t)
{
  if (t->ld->nt > 0 || t->ld->nd > 0) return 1;   /* a drive: section sec:mb-drive */
  for (int k = 0; k < t->ld->ns && t->def; k++)
    if (t->def[MB_BODY0 + MB_BODYLEN * t->nb + MB_JOINTLEN * t->nj + MB_SPRINGLEN * k + MB_SC]
        != 0)
      return 1;
  return 0;
}

int mb_spring_undirected(const mb_par *p, const lg_body *q)
{
  const mb_topo *t = p->topo;
  for (int k = 0; k < t->ld->np; k++) {
    const double *sp = mb_spring_par(p, k);
    double y[2][3];
    for (int s = 0; s < 2; s++) {
      const int b = s ? t->ld->spring[k].b : t->ld->spring[k].a;
      if (b == MB_GROUND) memcpy(y[s], sp + 3 * s, sizeof y[s]);
      else {
        so3_mv(y[s], q[b].R, sp + 3 * s);
        for (int r = 0; r < 3; r++) y[s][r] += q[b].x[r];
      }
    }
    const double d[3] = {y[1][0] - y[0][0], y[1][1] - y[0][1], y[1][2] - y[0][2]};
    if (so3_norm(d) == 0 && (sp[MB_SL] > 0 || sp[MB_SC] > 0)) return k;
  }
  return -1;
}

int mb_spring_couples(const mb_topo *t, int k)
{
  const mb_joint *j = &t->ld->spring[k];
  return j->a != MB_GROUND && j->b != MB_GROUND && j->a != j->b;
}

int mb_springs_sparse(const mb_topo *t)
{
  return t->ld->ns > 0 && !t->ld->ufn;
}

void mb_applied_jac(const mb_par *p, const lg_body *q, double *Kq, double *Kv)
{
  const mb_topo *t = p->topo;
  const size_t n = 6 * (size_t)t->nb;
  memset(Kq, 0, n * n * sizeof *Kq);
  memset(Kv, 0, n * n * sizeof *Kv);
  for (int k = 0; k < t->ld->ns; k++) {      /* each spring's 12 x 12, by its bodies */
    const mb_joint *j = &t->ld->spring[k];
    const int body[2] = {j->a, j->b};
    double Lq[144], Lv[144];
    mb_spring_jac(p, q, k, Lq, Lv);
    for (int s = 0; s < 2; s++)
      for (int o = 0; o < 2; o++) {
        if (body[s] == MB_GROUND || body[o] == MB_GROUND) continue;
        for (int r = 0; r < 6; r++)
          for (int c = 0; c < 6; c++) {
            const size_t at = (size_t)(6 * body[s] + r) * n + (size_t)(6 * body[o] + c);
            Kq[at] += Lq[12 * (6 * s + r) + 6 * o + c];
            Kv[at] += Lv[12 * (6 * s + r) + 6 * o + c];
          }
      }
  }
  if (t->ld->ufn) mb_user_jac_add(p, q, Kq, Kv);
}

void mb_spring_copy_rows(const mb_topo *t, int k, int G, const double *z, double *r,
                         newton_jac *J)
{
  const int body[2] = {t->ld->spring[k].a, t->ld->spring[k].b};
  for (int c = 0; c < 12; c++) {
    const int u = 6 * body[c / 6] + c % 6;
    r[G + c] = z[G + c] - z[u];
    if (!J) continue;
    size_t ld;
    *newton_jac_at(J, (size_t)(G + c), (size_t)(G + c), &ld) = 1.0;
    *newton_jac_at(J, (size_t)(G + c), (size_t)u, &ld) = -1.0;
  }
}

int mb_applied_refuse(const mb_topo *t, const char *scheme, char *why, size_t n)
{
  const mb_loads *L = t->ld;
  if (!mb_applied_any(L)) return LG_OK;
  if (L->ns + L->nf + L->nt == 0) {
    snprintf(why, n, "scheme %s does not take applied forces (the force callback given to "
             "lgr_set_force); schemes ref, galpha, rkmk4, rkmk4-proj and imid-index2 do", scheme);
    return LG_EINVAL;
  }
  const int base = t->nb + t->nj + 1;  /* the first statement: a spring, force or torque */
  const char *what = L->ns ? "spring" : L->nf ? "force" : "torque";
  const int line = t->line ? t->line[base + (L->ns ? 0 : L->nf ? L->ns : L->ns + L->nf)] : 0;
  snprintf(why, n, "scheme %s does not take applied forces (the %s statement of %s line %d); "
           "schemes ref, galpha, rkmk4, rkmk4-proj and imid-index2 do", scheme, what,
           t->file ? t->file : "the model", line);
  return LG_EINVAL;
}
newton_ws *mb_newton_alloc_springs(const mb_topo *t, size_t bs, const int *grows, int solver,
                                   int *goff)
{
  const int nj = t->nj, ns = t->ld->ns;
  goff[0] = 0;
  for (int k = 0; k < nj; k++) goff[k + 1] = goff[k] + grows[k];
  for (int k = 0; k < ns; k++)
    goff[nj + k + 1] = goff[nj + k] + (mb_spring_couples(t, k) ? 2 * (int)bs : 0);
  const size_t n = bs * (size_t)t->nb + (size_t)goff[nj + ns], ng = (size_t)(nj + ns);
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  int *rows = malloc((ng + 1) * sizeof *rows);
  int *ib = malloc((2 * ng + 1) * sizeof *ib), *ig = malloc((2 * ng + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    int g = 0;
    for (int k = 0; k < nj + ns; k++) {
      const mb_joint *j = k < nj ? &t->joint[k] : &t->ld->spring[k - nj];
      if (goff[k + 1] == goff[k]) continue;     /* a spring that couples nothing */
      rows[g] = goff[k + 1] - goff[k];
      for (int s = 0; s < 2; s++) {
        int b = s ? j->b : j->a;
        if (b != MB_GROUND) { ib[ne] = b; ig[ne++] = g; }
      }
      g++;
    }
    w = newton_alloc_sparse(n, (size_t)t->nb, bs, (size_t)g, rows, ne, ib, ig);
  }
  free(rows); free(ib); free(ig);
  return w;
}
