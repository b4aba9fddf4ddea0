/* multibody-constrained.c: the constrained accelerations,
   projections, redundant constraints and assembly. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_errno.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "num/envelope.h"
#include "num/newton.h"
#include "model/multibody.h"
#include "model/multibody-internal.h"
struct mb_work {
  int nb, nj, nc;
  double *G;      /* the blocks of B, two per joint: with spherical joints
                     alone, 9 each (the rotational block) from 18 k; else
                     m x 6 each, from goff[k] */
  int *goff;      /* nj + 1 */
  int general;    /* a joint other than spherical: the blocks m x 6 */
  int *row0;      /* nj + 1: first constraint row of joint k (joint order) */
  int *pos;       /* nj: the place of joint k in the order of the factor */
  int *ord;       /* nj: the joint at each place (pos inverted) */
  /* A = B M^{-1} B^T in its envelope and its factor, with the rank
     decisions of sections sec:mb-redundant and sec:mb-rank-floor: the
     rows of the factor are the constraint rows in the order of pos
     (chapter envelope) */
  env_fac e;
  newton_bslu *bs;/* or, where that is cheaper, its sparse block factorisation */
  int *pair;      /* 4 npair: (k, s, l, t), l <= k, joint sides on one body */
  size_t *pidx;   /* npair: the envelope entry of (0, 0) of each pair's block */
  int npair;
  double *r, *mu; /* nc */
  double *f;      /* 6 nb */
  /* mb_force, or with the model's applied forces mb_force_applied: chosen
     once per workspace */
  void (*force)(const mb_par *, const lg_body *, double *);
  char why[240];  /* the words of mb_failed */
  /* the factor kept from a projection (mb_project_velocity) for the next
     evaluation at the same positions: their R and x, 12 per body */
  int fkeep;
  const mb_par *fp;
  double *fq;
  /* copies of a joint (section sec:mb-copies), looked for at the first
     factorisation: per joint the earlier joint it repeats, or -1; the
     rows of the copies are e.iscopy, the weights of least norm e.cwf */
  int *copyof;    /* nj, or NULL: no joint repeats another */
  int ccheck;     /* looked for */
  int ncopy;      /* rows of copies */
};

static int mb_envelope(const mb_topo *t, mb_work *w, const int *given);

mb_work *mb_work_alloc(const mb_topo *t)
{
  mb_work *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->nb = t->nb;
  w->nj = t->nj;
  w->nc = t->nc;
  w->e.n = t->nc;
  size_t nc = (size_t)t->nc, nj = (size_t)t->nj;
  w->general = t->nxval > 0;
  size_t ng = 18 * nj;              /* spherical joints alone: as before */
  if (w->general && (w->goff = malloc((nj + 1) * sizeof *w->goff)) != NULL) {
    w->goff[0] = 0;
    for (size_t k = 0; k < nj; k++)
      w->goff[k + 1] = w->goff[k] + 12 * mb_jnrows(t, k);
    ng = (size_t)w->goff[nj];
  }
  w->G = malloc((ng ? ng : 18) * sizeof *w->G);
  w->r = malloc((nc + 1) * sizeof *w->r);
  w->mu = malloc((nc + 1) * sizeof *w->mu);
  w->f = malloc((6 * (size_t)t->nb + 1) * sizeof *w->f);
  w->e.first = malloc((nc + 1) * sizeof *w->e.first);
  w->e.rowp = malloc((nc + 1) * sizeof *w->e.rowp);
  w->e.perm = malloc((nc + 1) * sizeof *w->e.perm);
  w->row0 = malloc((nj + 1) * sizeof *w->row0);
  w->pos = malloc((nj + 1) * sizeof *w->pos);
  w->ord = malloc((nj + 1) * sizeof *w->ord);
  w->e.y = malloc((nc + 1) * sizeof *w->e.y);
  w->e.cf = malloc((nc + 1) * sizeof *w->e.cf);
  w->e.weak = -1;
  w->e.pmin = 1;                          /* no decision yet, or the sparse blocks' */
  w->e.prow = -1;
  w->e.rclose = t->nc;
  if ((w->general && !w->goff) || !w->G || !w->r || !w->mu || !w->f || !w->e.first || !w->e.rowp
      || !w->e.perm || !w->row0 || !w->pos || !w->ord || !w->e.y || !w->e.cf || mb_envelope(t, w, NULL) != 0) {
    mb_work_free(w);
    return NULL;
  }
  w->e.bad = -1;
  w->why[0] = '\0';
  w->e.ndep = -1;
  w->force = mb_applied_any(t->ld) ? mb_force_applied : mb_force;
  return w;
}

void mb_work_free(mb_work *w)
{
  if (!w) return;
  free(w->G);
  free(w->goff);
  env_free(&w->e);
  free(w->r);
  free(w->mu);
  free(w->f);
  free(w->row0);
  free(w->pos);
  free(w->ord);
  free(w->pair);
  free(w->pidx);
  newton_bslu_free(w->bs);
  free(w->fq);
  free(w->copyof);
  free(w);
}
/* the joint sides on each body, by body: bstart[b] .. bstart[b + 1] - 1
   index side[], which holds 2 k + s in increasing k; -1 if out of memory */
static int mb_body_sides(const mb_topo *t, int **bstart, int **side)
{
  int *bs = calloc((size_t)t->nb + 2, sizeof *bs);
  int *sd = malloc((2 * (size_t)t->nj + 1) * sizeof *sd);
  if (!bs || !sd) { free(bs); free(sd); return -1; }
  for (int k = 0; k < t->nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) bs[b + 2]++;
    }
  for (int b = 0; b < t->nb; b++) bs[b + 2] += bs[b + 1];
  for (int k = 0; k < t->nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) sd[bs[b + 1]++] = 2 * k + s;
    }
  *bstart = bs;
  *side = sd;
  return 0;
}

/* The order of the joints in the factor (given, pos of each joint, or
   chosen), the envelope of A in that order, and the pairs of joint sides on
   one body with the place of their block in the envelope; 0, or -1 if out
   of memory. */
static int mb_envelope(const mb_topo *t, mb_work *w, const int *given)
{
  const int nj = t->nj, nc = t->nc;
  int *bstart = NULL, *side = NULL, *aptr = NULL, *adj = NULL, *rows = NULL, *tmp = NULL;
  int st = -1;
  if (mb_body_sides(t, &bstart, &side) != 0) return -1;
  /* joints adjacent to k: those with a side on a body of k, ascending, once */
  size_t nadj = 0, np = 0;
  for (int k = 0; k < nj; k++)
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b != MB_GROUND) nadj += (size_t)(bstart[b + 1] - bstart[b]);
    }
  aptr = malloc(((size_t)nj + 1) * sizeof *aptr);
  adj = calloc(nadj + 1, sizeof *adj);
  rows = calloc((size_t)nj + 1, sizeof *rows);
  tmp = malloc((nadj + (size_t)nj + 1) * sizeof *tmp);
  w->pair = malloc((4 * nadj + 4) * sizeof *w->pair);
  w->pidx = malloc((nadj + 1) * sizeof *w->pidx);
  if (!aptr || !adj || !rows || !tmp || !w->pair || !w->pidx) goto done;
  aptr[0] = 0;
  w->row0[0] = 0;
  const int *cp = w->copyof;             /* copies: no neighbours (sec:mb-copies) */
  for (int k = 0; k < nj; k++) {
    int n = 0, m = aptr[k];
    for (int s = 0; s < 2 && !(cp && cp[k] >= 0); s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b == MB_GROUND) continue;
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        int l = side[e] / 2, u = n;
        if (l == k || (cp && cp[l] >= 0)) continue;
        while (u > 0 && tmp[u - 1] > l) u--;        /* insertion, each joint once */
        if (u > 0 && tmp[u - 1] == l) continue;
        memmove(tmp + u + 1, tmp + u, (size_t)(n - u) * sizeof *tmp);
        tmp[u] = l;
        n++;
      }
    }
    memcpy(adj + m, tmp, (size_t)n * sizeof *adj);
    aptr[k + 1] = m + n;
    rows[k] = mb_jnrows(t, k);
    w->row0[k + 1] = w->row0[k] + rows[k];
  }
  if (given) memcpy(w->pos, given, (size_t)nj * sizeof *w->pos);
  else if (newton_envelope_order(nj, aptr, adj, rows, w->pos) != 0) goto done;
  for (int k = 0; k < nj; k++) w->ord[w->pos[k]] = k;
  if (cp) {                               /* the copies last, the rest in order */
    int place = 0;
    for (int i = 0; i < nj; i++)
      if (cp[w->ord[i]] < 0) w->pos[w->ord[i]] = place++;
    for (int k = 0; k < nj; k++)
      if (cp[k] >= 0) w->pos[k] = place++;
    for (int k = 0; k < nj; k++) w->ord[w->pos[k]] = k;
  }
  /* rows in the factor's order: place i holds joint ord[i] */
  {
    int *fr = tmp;                        /* first factor row of each place */
    for (int i = 0, r = 0; i < nj; i++) { fr[i] = r; r += rows[w->ord[i]]; }
    size_t off = 0;
    for (int i = 0; i < nj; i++) {
      const int k = w->ord[i];
      int j = i;
      for (int a = aptr[k]; a < aptr[k + 1]; a++)
        if (w->pos[adj[a]] < j) j = w->pos[adj[a]];
      for (int r = 0; r < rows[k]; r++) {
        const int row = fr[i] + r;
        w->e.perm[w->row0[k] + r] = row;
        w->e.first[row] = fr[j];
        w->e.rowp[row] = off - (size_t)fr[j];
        off += (size_t)(row - fr[j] + 1);
        if (row - fr[j] + 1 > w->e.wmax) w->e.wmax = row - fr[j] + 1;
      }
    }
    w->e.nenv = off;
    /* the envelope, or the sparse block factorisation where it costs less
       than half as much (trees: the envelope's width grows with N) */
    double env = 0;
    for (int row = 0; row < nc; row++) {
      const double wd = (double)(row - w->e.first[row] + 1);
      env += 0.5 * wd * wd;
    }
    newton_bslu *bs = given || cp ? NULL : newton_bslu_alloc(nj, aptr, adj, rows, w->pos);
    if (!given && !cp && !bs) goto done;
    if (bs && 2 * newton_bslu_cost(bs) < env) { w->bs = bs; off = 0; }
    else newton_bslu_free(bs);
    (void)off;                            /* A: at the first factorisation, after the
                                             copies of joints are known */
  }
  /* the pairs (k, s, l, t), l <= k, of sides on one body, by k, l, s, t */
  for (int k = 0; k < nj; k++) {
    int n0 = (int)np;
    for (int s = 0; s < 2; s++) {
      int b = s ? t->joint[k].b : t->joint[k].a;
      if (b == MB_GROUND) continue;
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        int l = side[e] / 2, u = side[e] % 2;
        if (l > k || (cp && (cp[k] >= 0 || cp[l] >= 0))) continue;
        int *pe = w->pair + 4 * np++, *q;
        pe[0] = k; pe[1] = s; pe[2] = l; pe[3] = u;
        for (q = pe; q > w->pair + 4 * n0 &&            /* insertion by (l, s, t) */
             (q[-2] > q[2] || (q[-2] == q[2] && (q[-3] > q[1] || (q[-3] == q[1] && q[-1] > q[3]))));
             q -= 4)
          for (int c = 0; c < 4; c++) { int x = q[c]; q[c] = q[c - 4]; q[c - 4] = x; }
      }
    }
  }
  w->npair = (int)np;
  for (size_t e = 0; e < np; e++) {  /* entry (0, 0) of block (k, l) or of its transpose */
    const int *pe = w->pair + 4 * e;
    const int P = w->e.perm[w->row0[pe[0]]], Q = w->e.perm[w->row0[pe[2]]];
    w->pidx[e] = P >= Q ? w->e.rowp[P] + (size_t)Q : w->e.rowp[Q] + (size_t)P;
  }
  if (cp) {                               /* the copies' rows, the weights of their leaders' */
    memset(w->e.iscopy, 0, (size_t)nc);
    for (int r = 0; r < nc; r++) w->e.cwf[r] = 1;
    for (int k = 0; k < nj; k++) {
      if (cp[k] < 0) continue;
      for (int r = 0; r < rows[k]; r++) {
        w->e.iscopy[w->e.perm[w->row0[k] + r]] = 1;
        w->e.cwf[w->e.perm[w->row0[cp[k]] + r]] += 1;
      }
    }
    for (int r = 0; r < nc; r++) w->e.cwf[r] = 1 / w->e.cwf[r];
  }
  (void)nc;
  st = 0;
done:
  free(bstart); free(side); free(aptr); free(adj); free(rows); free(tmp);
  return st;
}
/* the joints that repeat an earlier one (the same kind and bodies, the
   values equal to the bit): w->copyof, and the envelope laid out again
   with their rows last and alone; 0, or -1 if out of memory */
static int mb_find_copies(const mb_par *p, mb_work *w)
{
  const mb_topo *t = p->topo;
  const int nj = t->nj;
  int *bstart = NULL, *side = NULL, n = 0;
  int *cp = malloc(((size_t)nj + 1) * sizeof *cp);
  w->ccheck = 1;
  if (!cp || mb_body_sides(t, &bstart, &side) != 0) { free(cp); return -1; }
  for (int k = 0; k < nj; k++) {
    const mb_joint *jk = &t->joint[k];
    const int b = jk->a != MB_GROUND ? jk->a : jk->b, kind = mb_jkind(t, k);
    cp[k] = -1;
    for (int e = bstart[b]; e < bstart[b + 1] && side[e] / 2 < k && cp[k] < 0; e++) {
      const int l = side[e] / 2;          /* the sides of body b, joints ascending */
      if (cp[l] >= 0 || t->joint[l].a != jk->a || t->joint[l].b != jk->b
          || mb_jkind(t, l) != kind
          || (t->ld->nd > 0 && (t->ld->jdrive[l] >= 0 || t->ld->jdrive[k] >= 0)))
        continue;
      if (memcmp(mb_joint_par(p, l), mb_joint_par(p, k), MB_JOINTLEN * sizeof(double)) == 0
          && (kind == MB_SPHERICAL
              || memcmp(mb_jointx_par(p, l), mb_jointx_par(p, k), MB_JXLEN * sizeof(double)) == 0))
        cp[k] = l;
    }
    if (cp[k] >= 0) n += mb_jnrows(t, k);
  }
  free(bstart);
  free(side);
  if (n == 0) { free(cp); return 0; }
  const size_t nc = (size_t)t->nc;
  w->copyof = cp;
  w->ncopy = n;
  w->e.iscopy = malloc(nc + 1);
  w->e.cwf = malloc((nc + 1) * sizeof *w->e.cwf);
  if (!w->e.isdep) w->e.isdep = calloc(nc + 1, 1);
  if (!w->e.iscopy || !w->e.cwf || !w->e.isdep) return -1;
  free(w->pair); free(w->pidx); free(w->e.A);
  newton_bslu_free(w->bs);
  w->pair = NULL; w->pidx = NULL; w->e.A = NULL; w->bs = NULL;
  w->e.wmax = 0;
  return mb_envelope(t, w, NULL);
}

/* the multipliers of least norm with copies (joint order): each row and
   its copies carry an equal share of the row's total */
static void mb_copy_split(const mb_work *w, double *lam)
{
  for (int k = 0; k < w->nj; k++) {
    const int l = w->copyof[k], r0 = w->row0[k], m = w->row0[k + 1] - r0;
    if (l >= 0) memcpy(lam + r0, lam + w->row0[l], (size_t)m * sizeof *lam);
    else
      for (int r = 0; r < m; r++) lam[r0 + r] *= w->e.cwf[w->e.perm[r0 + r]];
  }
}
/* A assembled by blocks (both triangles) and factored by the sparse block
   factorisation; the rotational blocks of B are already in w->G */
static int mb_nonfinite(mb_work *w, const lg_body *q);
/* a status of the envelope's factorisation: a non-finite matrix explained */
static inline int mb_env_status(mb_work *w, const lg_body *q, int st)
{
  return st == LG_ENONFINITE ? mb_nonfinite(w, q) : st;
}
/* the block of B of side s of joint k, as computed by mb_factor_tol */
static double *mb_gblock(const mb_work *w, int k, int s)
{
  if (!w->general) return w->G + 18 * k + 9 * s;
  return w->G + w->goff[k] + s * (w->goff[k + 1] - w->goff[k]) / 2;
}
/* block (k, l) of A from pair pe (sides on one body) in a general model:
   a[r ml + c], with the sizes in mk, ml */
static void mb_pair_block(const mb_par *p, const mb_work *w, const int *pe, double *a, int *mk,
                          int *ml)
{
  const double *Bk = mb_gblock(w, pe[0], pe[1]), *Bl = mb_gblock(w, pe[2], pe[3]);
  *mk = w->row0[pe[0] + 1] - w->row0[pe[0]];
  *ml = w->row0[pe[2] + 1] - w->row0[pe[2]];
  const mb_joint *j = &p->topo->joint[pe[0]];
  const double *b = mb_body_par(p, pe[1] ? j->b : j->a), *J = b + MB_J;
  for (int r = 0; r < *mk; r++)
    for (int c = 0; c < *ml; c++) {
      const double *x = Bk + 6 * r, *y = Bl + 6 * c;
      a[*ml * r + c] = x[0] * y[0] / J[0] + x[1] * y[1] / J[1] + x[2] * y[2] / J[2]
                       + (x[3] * y[3] + x[4] * y[4] + x[5] * y[5]) / b[MB_M];
    }
}
/* in a general model: every block of B at q, and A assembled from them
   into the sparse factorisation or the envelope (both zeroed first); a
   function apart, so that the loops of spherical joints alone stay as
   they were */
void mb_general_blocks(const mb_par *p, const lg_body *q, mb_work *w);
void mb_general_blocks(const mb_par *p, const lg_body *q, mb_work *w)
{
  for (int k = 0; k < w->nj; k++)
    mb_joint_eval(p, q, k, NULL, mb_gblock(w, k, 0), mb_gblock(w, k, 1), NULL, NULL);
  if (w->bs) newton_bslu_zero(w->bs);
  else memset(w->e.A, 0, w->e.nenv * sizeof *w->e.A);
  for (int e = 0; e < w->npair; e++) {
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    double a[36];
    int mk, ml;
    mb_pair_block(p, w, pe, a, &mk, &ml);
    if (w->bs) {
      double *Akl = newton_bslu_block(w->bs, k, l), *Alk = newton_bslu_block(w->bs, l, k);
      for (int r = 0; r < mk; r++)
        for (int c = 0; c < ml; c++) {
          Akl[ml * r + c] += a[ml * r + c];
          if (k != l) Alk[mk * c + r] += a[ml * r + c];
        }
      continue;
    }
    const int P = w->e.perm[w->row0[k]], Q = w->e.perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->e.A + w->pidx[e];
    for (int r = 0; r < mk; r++) {
      const size_t ro = lo ? w->e.rowp[P + r] - w->e.rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : ml); c++)
        Akl[lo ? ro + (size_t)c : w->e.rowp[Q + c] - w->e.rowp[Q] + (size_t)r] += a[ml * r + c];
    }
  }
}
int mb_factor_first(const mb_par *p, const lg_body *q, mb_work *w, double tol);
static int mb_factor_sparse(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  if (w->general) goto factor;          /* assembled by mb_general_blocks */
  newton_bslu_zero(w->bs);
  for (int e = 0; e < w->npair; e++) {
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    double *Akl = newton_bslu_block(w->bs, k, l), *Alk = newton_bslu_block(w->bs, l, k);
    for (int r = 0; r < 3; r++)
      for (int c = 0; c < 3; c++) {
        const double a = Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
                         Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
        Akl[3 * r + c] += a;
        if (k != l) Alk[3 * c + r] += a;
      }
  }
  /* a failed pivot: rank loss, or a non-finite matrix; the joints of a rank
     loss are named only from the envelope's factor (w->e.bad stays -1) */
factor:
  w->e.bad = -1;
  if (newton_bslu_factor(w->bs, 1) < 0) {
    w->e.ndep = 0;                        /* decided: no dependent row */
    return LG_OK;
  }
  for (int i = 0; i < w->nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])) return mb_nonfinite(w, q);
  if (w->e.ndep < 0) return mb_factor_first(p, q, w, tol);  /* the envelope decides */
  return LG_ESINGULAR;
}

/* The rotational blocks of B at q, and A = B M^{-1} B^T factored: blocks
   (k, l) couple two joints through every body they share. */
/* A has a non-finite entry: the rotation of a body that overflowed, else
   a mass or inertia whose inverse does; the words go to w->why */
static int mb_nonfinite(mb_work *w, const lg_body *q)
{
  w->e.bad = -1;
  snprintf(w->why, sizeof w->why, "the constraint matrix B M^-1 B^T is not finite: "
           "a mass or an inertia too small for its inverse to be a double");
  for (int i = 0; i < w->nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])) {
        snprintf(w->why, sizeof w->why, "the rotation R of body %d became infinite or NaN "
                 "inside the step (the scheme is unstable at this step size)", i + 1);
        return LG_ENONFINITE;
      }
  return LG_ENONFINITE;
}

/* the factorisation that decides the dependent rows is the envelope's
   (env_factor_rank, chapter envelope); here, the joint of its weakest row */

/* the factor's joints in the order of a spanning tree, breadth first from
   the ground (then from each body no joint reaches from the ground), the
   joints that close loops last; the envelope laid out again in that order */
static int mb_reorder_tree(const mb_topo *t, mb_work *w)
{
  const int nb = t->nb, nj = t->nj;
  int *bstart = NULL, *side = NULL;
  int *pos = malloc(((size_t)nj + 1) * sizeof *pos);
  int *queue = malloc(((size_t)nb + 1) * sizeof *queue);
  unsigned char *seen = calloc((size_t)nb + 1, 1), *used = calloc((size_t)nj + 1, 1);
  int st = -1, place = 0, head = 0, tail = 0;
  if (!pos || !queue || !seen || !used || mb_body_sides(t, &bstart, &side) != 0) goto done;
  for (int k = 0; k < nj; k++) {                /* the ground's joints */
    const int a = t->joint[k].a, b = t->joint[k].b, o = a == MB_GROUND ? b : a;
    if ((a == MB_GROUND || b == MB_GROUND) && o != MB_GROUND && !seen[o]) {
      seen[o] = 1;
      queue[tail++] = o;
      pos[k] = place++;
      used[k] = 1;
    }
  }
  for (int root = 0; root <= nb; root++) {
    while (head < tail) {                       /* breadth first */
      const int b = queue[head++];
      for (int e = bstart[b]; e < bstart[b + 1]; e++) {
        const int k = side[e] / 2, o = side[e] % 2 ? t->joint[k].a : t->joint[k].b;
        if (used[k] || o == MB_GROUND || seen[o]) continue;
        seen[o] = 1;
        queue[tail++] = o;
        pos[k] = place++;
        used[k] = 1;
      }
    }
    if (root < nb && !seen[root]) {             /* a body the ground does not reach */
      seen[root] = 1;
      queue[tail++] = root;
    }
  }
  const int ntree = place;
  for (int k = 0; k < nj; k++)                  /* the joints that close loops */
    if (!used[k]) pos[k] = place++;
  free(w->pair); free(w->pidx); free(w->e.A);
  newton_bslu_free(w->bs);
  w->pair = NULL; w->pidx = NULL; w->e.A = NULL; w->bs = NULL;
  w->e.wmax = 0;
  st = mb_envelope(t, w, pos);
  w->e.treeord = 1;
  w->e.rclose = t->nc;                            /* the first row of a closing joint */
  for (int k = 0; k < nj; k++)
    if (pos[k] >= ntree && w->e.perm[w->row0[k]] < w->e.rclose) w->e.rclose = w->e.perm[w->row0[k]];
done:
  free(pos); free(queue); free(seen); free(used); free(bstart); free(side);
  return st;
}

/* the joint whose rows hold factor row i */
static int mb_joint_of_row(const mb_work *w, int i)
{
  for (int k = 0; k < w->nj; k++)
    if (w->e.perm[w->row0[k]] <= i && i < w->e.perm[w->row0[k]] + (w->row0[k + 1] - w->row0[k]))
      return k;
  return -1;
}

int mb_weak_joint(const mb_work *w, double *res, double *rel)
{
  const int i = w->e.weak >= 0 ? w->e.weak : w->e.prow >= 0 && w->e.pmin < MB_PIVOT_MIN ? w->e.prow : -1;
  if (i < 0) return -1;
  if (res) *res = w->e.weak >= 0 ? w->e.weakr : HUGE_VAL;
  if (rel) *rel = w->e.weak >= 0 ? NAN : w->e.pmin;
  return mb_joint_of_row(w, i);
}

static int mb_reorder_tree(const mb_topo *t, mb_work *w);
static int mb_factor_tol(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  const int nj = w->nj;
  w->fkeep = 0;                         /* A and G are about to change */
  w->e.zdone = 0;
  if (!w->ccheck && mb_find_copies(p, w) != 0) return LG_ENOMEM;
  if (!w->e.A && !(w->e.A = malloc(((w->bs ? 0 : w->e.nenv) + 1) * sizeof *w->e.A))) return LG_ENOMEM;
  if (w->general) {                     /* a joint other than spherical */
    mb_general_blocks(p, q, w);
    if (w->bs) return mb_factor_sparse(p, q, w, tol);
    goto cholesky;
  }
  for (int k = 0; k < nj; k++)
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body != MB_GROUND) mb_rot_block(w->G + 18 * k + 9 * s, &d, q[d.body].R);
    }
  if (w->bs) return mb_factor_sparse(p, q, w, tol);
  memset(w->e.A, 0, w->e.nenv * sizeof *w->e.A);
  for (int e = 0; e < w->npair; e++) {    /* block (k, l) += side s of k, side t of l */
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    /* in the factor's order, in the lower triangle: block (k, l) or its
       transpose; on the diagonal (k = l) its lower half only */
    const int P = w->e.perm[w->row0[k]], Q = w->e.perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->e.A + w->pidx[e];
    for (int r = 0; r < 3; r++) {
      const size_t ro = lo ? w->e.rowp[P + r] - w->e.rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : 3); c++)
        Akl[lo ? ro + (size_t)c : w->e.rowp[Q + c] - w->e.rowp[Q] + (size_t)r] +=
            Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
            Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
    }
  }
  /* Cholesky A = L L^T in the lower triangle, row by row inside the
     envelope; the diagonal keeps 1 / L_ii, which is all the solves need */
cholesky:;
  if (w->e.ndep != 0 || w->copyof) {                /* undecided, redundant, or copies */
    int st = mb_env_status(w, q, env_factor_rank(&w->e, tol));
    if (!w->e.reorder) return st;
    w->e.reorder = 0;                     /* decide again in the spanning tree's order */
    return mb_reorder_tree(p->topo, w) != 0 ? LG_ENOMEM : mb_factor_tol(p, q, w, tol);
  }
  return mb_env_status(w, q, env_factor(&w->e, tol));
}

/* the first factorisation of a workspace decides which rows are dependent
   (the envelope's does; the sparse blocks, which cannot drop a row, give
   way to the envelope when they find one) */
int mb_factor_first(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  double *A = realloc(w->e.A, (w->e.nenv + 1) * sizeof *w->e.A);
  if (!A) return LG_ENOMEM;
  w->e.A = A;
  newton_bslu_free(w->bs);
  w->bs = NULL;
  return mb_factor_tol(p, q, w, tol);
}

/* the positions of q are those whose factor was kept */
static int mb_kept(const mb_par *p, const lg_body *q, const mb_work *w)
{
  if (!w->fkeep || w->fp != p) return 0;
  for (int i = 0; i < w->nb; i++)
    if (memcmp(w->fq + 12 * i, q[i].R, 9 * sizeof(double)) != 0
        || memcmp(w->fq + 12 * i + 9, q[i].x, 3 * sizeof(double)) != 0)
      return 0;
  return 1;
}

/* keep the present factor, which is that of q's positions */
static void mb_keep(const mb_par *p, const lg_body *q, mb_work *w)
{
  if (!w->fq && !(w->fq = malloc(12 * (size_t)w->nb * sizeof *w->fq))) return;
  for (int i = 0; i < w->nb; i++) {
    memcpy(w->fq + 12 * i, q[i].R, 9 * sizeof(double));
    memcpy(w->fq + 12 * i + 9, q[i].x, 3 * sizeof(double));
  }
  w->fp = p;
  w->fkeep = 1;
}

static int mb_factor(const mb_par *p, const lg_body *q, mb_work *w)
{
  if (mb_kept(p, q, w)) return LG_OK;
  return mb_factor_tol(p, q, w, MB_PIVOT_TOL);
}

int mb_rank_check(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  return mb_factor_tol(p, q, w, tol);
}
int mb_singular_joints(const mb_work *w, int *joints, int max)
{
  const int nc = w->nc, bad = w->e.bad;
  if (bad < 0 || bad >= nc || w->bs) return 0;
  double *c = calloc((size_t)bad + 1, sizeof *c);
  int *jof = malloc(((size_t)nc + 1) * sizeof *jof);   /* the joint of each factor row */
  unsigned char *hit = calloc((size_t)w->nj + 1, 1);
  if (!c || !jof || !hit) {
    free(c);
    free(jof);
    free(hit);
    return 0;
  }
  for (int k = 0; k < w->nj; k++)
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->e.perm[r]] = k;
  const double *Ab = w->e.A + w->e.rowp[bad];
  for (int j = w->e.first[bad]; j < bad; j++) c[j] = Ab[j];
  for (int j = bad - 1; j >= 0; j--) {          /* L_11^T c = l */
    const double *Aj = w->e.A + w->e.rowp[j];
    for (int m = j + 1; m < bad; m++)
      if (w->e.first[m] <= j) c[j] -= w->e.A[w->e.rowp[m] + (size_t)j] * c[m];
    c[j] *= Aj[j];
  }
  double big = 0;
  for (int j = 0; j < bad; j++) {               /* share of row j: |c_j| times its norm */
    const double *Aj = w->e.A + w->e.rowp[j];
    if (Aj[j] == 0) { c[j] = 0; continue; }      /* a dropped row (redundant): no share */
    double r = 1 / (Aj[j] * Aj[j]);
    for (int m = w->e.first[j]; m < j; m++) r += Aj[m] * Aj[m];
    c[j] = fabs(c[j]) * sqrt(r);
    big = fmax(big, c[j]);
  }
  hit[jof[bad]] = 1;
  for (int j = 0; j < bad; j++)
    if (c[j] > 1e-6 * big) hit[jof[j]] = 1;
  int n = 0;
  for (int k = 0; k < w->nj; k++)
    if (hit[k]) {
      if (n < max) joints[n] = k;
      n++;
    }
  free(c);
  free(jof);
  free(hit);
  return n;
}

static size_t mb_joint_list(char *buf, size_t n, const int *j, int k);
size_t mb_singular_text(const mb_work *w, char *buf, size_t n)
{
  int j[8];
  return mb_joint_list(buf, n, j, mb_singular_joints(w, j, 8));
}

int mb_failed(mb_work *w, int st, lg_state *s)
{
  if (st == LG_ENONFINITE && w && w->why[0] && s) s->why = w->why;
  if (st != LG_ESINGULAR || !w || w->e.bad < 0) return st;
  char j[120];
  mb_singular_text(w, j, sizeof j);
  if (w->e.gained)               /* a row dependent at t = 0 no longer is */
    snprintf(w->why, sizeof w->why, "the constraint Jacobian changed rank (%s: the mechanism "
             "passed a singular configuration)", j);
  else
    snprintf(w->why, sizeof w->why, "the constraint Jacobian lost rank (%s: the mechanism "
             "passes a singular configuration)", j);
  if (s) s->why = w->why;
  return st;
}
static void mb_solve(const mb_work *w, double *xj) /* x <- A^{-1} x */
{
  if (w->bs) newton_bslu_solve(w->bs, xj);
  else env_solve(&w->e, xj);
}

/* the same two products in a general model, with the m x 6 blocks */
void mb_general_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r);
void mb_general_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r)
{
  for (int k = 0; k < w->nj; k++) {
    double *rk = r + w->row0[k];
    const int m = w->row0[k + 1] - w->row0[k];
    for (int i = 0; i < m; i++) rk[i] = 0;
    for (int s = 0; s < 2; s++) {
      const int bd = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (bd == MB_GROUND) continue;
      const double *b = mb_body_par(p, bd), *J = b + MB_J;
      const double *G = mb_gblock(w, k, s), *u6 = u + 6 * bd;
      for (int i = 0; i < m; i++) {
        const double *x = G + 6 * i;
        rk[i] += x[0] * u6[0] / J[0] + x[1] * u6[1] / J[1] + x[2] * u6[2] / J[2]
                 + (x[3] * u6[3] + x[4] * u6[4] + x[5] * u6[5]) / b[MB_M];
      }
    }
  }
}
void mb_general_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u);
void mb_general_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u)
{
  for (int k = 0; k < w->nj; k++)
    for (int s = 0; s < 2; s++) {
      const int bd = s ? p->topo->joint[k].b : p->topo->joint[k].a;
      if (bd == MB_GROUND) continue;
      const double *b = mb_body_par(p, bd), *J = b + MB_J;
      const double *G = mb_gblock(w, k, s), *m = mu + w->row0[k];
      const int nr = w->row0[k + 1] - w->row0[k];
      double *u6 = u + 6 * bd;
      for (int c = 0; c < 6; c++) {
        double y = 0;
        for (int i = 0; i < nr; i++) y += G[6 * i + c] * m[i];
        u6[c] -= y / (c < 3 ? J[c] : b[MB_M]);
      }
    }
}

/* r = B M^{-1} u for u in R^{6 nb} */
static void mb_b_minv(const mb_par *p, const mb_work *w, const double *u, double *r)
{
  if (w->general) {
    mb_general_b_minv(p, w, u, r);
    return;
  }
  for (int k = 0; k < w->nj; k++) {
    double *rk = r + 3 * k;
    rk[0] = rk[1] = rk[2] = 0;
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const double *b = mb_body_par(p, d.body), *J = b + MB_J;
      const double *G = w->G + 18 * k + 9 * s, *u6 = u + 6 * d.body;
      for (int i = 0; i < 3; i++)
        rk[i] += G[3 * i] * u6[0] / J[0] + G[3 * i + 1] * u6[1] / J[1]
                 + G[3 * i + 2] * u6[2] / J[2] + d.sign * u6[3 + i] / b[MB_M];
    }
  }
}

/* u -= M^{-1} B^T mu */
static void mb_sub_minv_bt(const mb_par *p, const mb_work *w, const double *mu, double *u)
{
  if (w->general) {
    mb_general_sub_minv_bt(p, w, mu, u);
    return;
  }
  for (int k = 0; k < w->nj; k++)
    for (int s = 0; s < 2; s++) {
      mb_side d = mb_joint_side(p, k, s);
      if (d.body == MB_GROUND) continue;
      const double *b = mb_body_par(p, d.body), *J = b + MB_J;
      const double *G = w->G + 18 * k + 9 * s, *m = mu + 3 * k;
      double *u6 = u + 6 * d.body;
      for (int c = 0; c < 3; c++) {
        u6[c] -= (G[c] * m[0] + G[3 + c] * m[1] + G[6 + c] * m[2]) / J[c];
        u6[3 + c] -= d.sign * m[c] / b[MB_M];
      }
    }
}
int mb_accel(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda)
{
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  w->force(p, q, w->f);
  mb_b_minv(p, w, w->f, w->r);
  mb_bdotv(p, q, w->mu);
  for (int k = 0; k < w->nc; k++) w->mu[k] += w->r[k];
  mb_solve(w, w->mu);
  for (int i = 0; i < w->nb; i++) {
    const double *b = mb_body_par(p, i), *J = b + MB_J;
    for (int c = 0; c < 3; c++) {
      dV[6 * i + c] = w->f[6 * i + c] / J[c];
      dV[6 * i + 3 + c] = w->f[6 * i + 3 + c] / b[MB_M];
    }
  }
  mb_sub_minv_bt(p, w, w->mu, dV);
  /* an ill-conditioned factor: refine on the residual B dV + Bdot V of the
     acceleration constraint, up to twice, while each pass halves it */
  double rprev = HUGE_VAL;
  for (int it = 0; it < 2 && (w->e.ndep > 0 || w->e.treeord); it++) {
    for (int i = 0; i < w->nb; i++) {      /* f <- M dV, then r = B dV */
      const double *b = mb_body_par(p, i), *J = b + MB_J;
      for (int c = 0; c < 3; c++) {
        w->f[6 * i + c] = dV[6 * i + c] * J[c];
        w->f[6 * i + 3 + c] = dV[6 * i + 3 + c] * b[MB_M];
      }
    }
    mb_b_minv(p, w, w->f, w->r);
    mb_bdotv(p, q, w->e.cf);
    double r = 0;
    for (int k = 0; k < w->nc; k++) {
      w->e.cf[k] += w->r[k];
      r = fmax(r, fabs(w->e.cf[k]));
    }
    if (!(r > 0 && r < 0.5 * rprev)) break;
    rprev = r;
    mb_solve(w, w->e.cf);
    mb_sub_minv_bt(p, w, w->e.cf, dV);
    for (int k = 0; k < w->nc; k++) w->mu[k] += w->e.cf[k];
  }
  if (lambda) {
    memcpy(lambda, w->mu, (size_t)w->nc * sizeof *lambda);
    if (w->e.ndep > 0 && (st = env_min_norm(&w->e, lambda)) != LG_OK) return st;  /* the least norm */
    if (w->copyof) mb_copy_split(w, lambda);
  }
  return LG_OK;
}
int mb_project(const mb_par *p, lg_body *q, mb_work *w)
{
  for (int i = 0; i < w->nb; i++)
    if (so3_reortho(q[i].R, q[i].R) != 0) return LG_EINVAL;
  return mb_project_joints(p, q, w);
}

int mb_project_joints(const mb_par *p, lg_body *q, mb_work *w)
{
  const int nb = w->nb;
  /* positions: Gauss-Newton steps dq = -M^{-1} B^T A^{-1} phi while they
     still reduce the largest joint error */
  double best = INFINITY;
  for (int it = 0; it < 10; it++) {
    mb_phi(p, q, w->mu);
    double e = mb_joint_max(p, w->mu);
    if (e == 0 || !(e < 0.5 * best)) break;
    best = e;
    int st = mb_factor(p, q, w);
    if (st != LG_OK) return st;
    mb_solve(w, w->mu);
    memset(w->f, 0, 6 * (size_t)nb * sizeof *w->f);
    mb_sub_minv_bt(p, w, w->mu, w->f);
    for (int i = 0; i < nb; i++) {
      double F[9];
      so3_exp(F, w->f + 6 * i);
      so3_mul(q[i].R, q[i].R, F);
      for (int c = 0; c < 3; c++) q[i].x[c] += w->f[6 * i + 3 + c];
    }
  }
  return mb_project_velocity(p, q, w);
}

/* V <- V - M^{-1} B^T A^{-1} c, c = B V in w->mu, with the present factor */
static void mb_project_velocity_once(const mb_par *p, lg_body *q, mb_work *w)
{
  const int nb = w->nb;
  mb_solve(w, w->mu);
  for (int i = 0; i < nb; i++) {
    memcpy(w->f + 6 * i, q[i].W, 3 * sizeof(double));
    memcpy(w->f + 6 * i + 3, q[i].v, 3 * sizeof(double));
  }
  mb_sub_minv_bt(p, w, w->mu, w->f);
  for (int i = 0; i < nb; i++) {
    memcpy(q[i].W, w->f + 6 * i, 3 * sizeof(double));
    memcpy(q[i].v, w->f + 6 * i + 3, 3 * sizeof(double));
  }
}

int mb_project_velocity(const mb_par *p, lg_body *q, mb_work *w)
{
  /* velocities: V <- V - M^{-1} B^T A^{-1} B V, at the final positions,
     whose factor is kept for the next step's first evaluation */
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return st;
  mb_keep(p, q, w);
  mb_bv(p, q, w->mu);
  mb_project_velocity_once(p, q, w);
  /* a model whose factor is ill-conditioned (redundant rows, loops
     decided in the tree's order): up to two passes more, while each
     halves the residual B V left by the one before */
  double rprev = HUGE_VAL;
  for (int it = 0; it < 2 && (w->e.ndep > 0 || w->e.treeord); it++) {
    mb_bv(p, q, w->mu);
    double r = 0;
    for (int c = 0; c < w->nc; c++) r = fmax(r, fabs(w->mu[c]));
    if (!(r > 0 && r < 0.5 * rprev)) break;
    rprev = r;
    mb_project_velocity_once(p, q, w);
  }
  return LG_OK;
}
int mb_rank_gained(const mb_work *w)
{
  return w->e.gained;
}

int mb_redundant_rows(const mb_work *w, int *rows, int max)
{
  if (w->e.ndep <= 0 && w->ncopy <= 0) return 0;
  int n = 0;
  for (int c = 0; c < w->nc; c++)        /* joint order, increasing */
    if ((w->e.isdep && w->e.isdep[w->e.perm[c]]) || (w->e.iscopy && w->e.iscopy[w->e.perm[c]])) {
      if (n < max) rows[n] = c;
      n++;
    }
  return n;
}

/* "joint 2" or "joints 1, 2 and 4" of the k joints j (0-based), at most 8 shown */
static size_t mb_joint_list(char *buf, size_t n, const int *j, int k)
{
  int shown = k < 8 ? k : 8;
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int i = 0; i < shown && len < n; i++) {
    int r = snprintf(buf + len, n - len, "%s%d",
                     i == 0 ? (k > 1 ? "joints " : "joint ")
                            : i == shown - 1 && k == shown ? " and " : ", ", j[i] + 1);
    if (r < 0) break;
    len += (size_t)r;
  }
  if (k > shown && len < n) {
    int r = snprintf(buf + len, n - len, " and %d more", k - shown);
    if (r > 0) len += (size_t)r;
  }
  return len < n ? len : (n ? n - 1 : 0);
}

/* the words of mb_redundancy, from a workspace just factored */
static void mb_redundancy_text(const mb_par *p, mb_work *w, char *txt, size_t n)
{
  const int nc = w->nc, nj = w->nj;
  int *jof = malloc(((size_t)nc + 1) * sizeof *jof), *js = calloc((size_t)nj + 1, sizeof *js);
  unsigned char *hit = calloc((size_t)nj + 1, 1);
  if (!jof || !js || !hit) goto done;
  for (int k = 0; k < nj; k++)
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->e.perm[r]] = k;
  if (!w->e.zdone) env_null_vectors(&w->e);
  w->e.zdone = 1;
  for (int a = 0; a < w->e.ndep; a++) {     /* the joints of each null vector */
    const double *z = w->e.zl + (size_t)a * (size_t)nc;
    double big = 0, *s = w->e.y;
    for (int j = 0; j < nc; j++) {
      const double *Aj = w->e.A + w->e.rowp[j];
      double rn = 0;
      if (Aj[j] != 0) {                    /* a kept row: |z_j| times its norm */
        rn = 1 / (Aj[j] * Aj[j]);
        for (int m = w->e.first[j]; m < j; m++) rn += Aj[m] * Aj[m];
      }
      s[j] = j == w->e.dep[a] ? INFINITY : fabs(z[j]) * sqrt(rn);
      if (j != w->e.dep[a]) big = fmax(big, s[j]);
    }
    for (int j = 0; j < nc; j++)
      if (s[j] > 1e-6 * big) hit[jof[j]] = 1;
  }
  for (int j = 0; w->copyof && j < nj; j++)   /* a copy and the joint it repeats */
    if (w->copyof[j] >= 0) hit[j] = hit[w->copyof[j]] = 1;
  int k = 0;
  for (int j = 0; j < nj; j++)
    if (hit[j]) js[k++] = j;
  size_t len = mb_joint_list(txt, n, js, k);
  /* the dropped rows, by joint */
  const char *sep = " (";
  for (int j = 0; j < nj && len + 1 < n; j++) {
    int m = 0, r1[64];
    for (int r = w->row0[j]; r < w->row0[j + 1]; r++)
      if (((w->e.isdep && w->e.isdep[w->e.perm[r]]) || (w->e.iscopy && w->e.iscopy[w->e.perm[r]])) && m < 64)
        r1[m++] = r - w->row0[j] + 1;
    if (!m) continue;
    int c = snprintf(txt + len, n - len, "%s%s ", sep, m > 1 ? "rows" : "row");
    for (int i = 0; i < m && c > 0 && len + (size_t)c < n; i++)
      c += snprintf(txt + len + (size_t)c, n - len - (size_t)c, "%s%d",
                    i == 0 ? "" : i == m - 1 ? " and " : ", ", r1[i]);
    if (c > 0 && len + (size_t)c < n)
      c += snprintf(txt + len + (size_t)c, n - len - (size_t)c, " of joint %d", j + 1);
    if (c < 0 || len + (size_t)c >= n) break;
    len += (size_t)c;
    sep = ", ";
  }
  if (len + 1 < n && strcmp(sep, ", ") == 0)
    snprintf(txt + len, n - len, " depend%s on the others)", w->e.ndep + w->ncopy == 1 ? "s" : "");
  (void)p;
done:
  free(jof);
  free(js);
  free(hit);
}

int mb_redundancy(const mb_par *p, const lg_body *q, char *txt, size_t n)
{
  if (n) txt[0] = '\0';
  if (p->topo->nj == 0) return 0;
  mb_work *w = mb_work_alloc(p->topo);
  if (!w) return -LG_ENOMEM;
  int st = mb_factor(p, q, w), r = st == LG_OK ? w->e.ndep + w->ncopy : -st;
  if (r > 0 && n) mb_redundancy_text(p, w, txt, n);
  mb_work_free(w);
  return r;
}

mb_work *mb_work_redundant(const mb_par *p, const lg_body *q, int *st)
{
  *st = LG_OK;
  if (p->topo->nj == 0) return NULL;
  mb_work *w = mb_work_alloc(p->topo);
  if (!w) { *st = LG_ENOMEM; return NULL; }
  *st = mb_factor(p, q, w);
  if (*st == LG_OK && w->e.ndep + w->ncopy > 0) return w;
  mb_work_free(w);
  return NULL;
}

struct mb_drop {
  newton_jfdf_fn fdf;   /* the scheme's residual, */
  newton_fdf_fn dfdf;   /* or the dense one */
  void *par;
  int n;                /* dropped unknowns */
  size_t *u;            /* their places in z */
  double *z;            /* dim: z with them zero */
  size_t dim;
};

mb_drop *mb_drop_alloc(const mb_work *w, const mb_topo *t, size_t dim, size_t m0,
                       const int *goff, newton_jfdf_fn fdf, newton_fdf_fn dfdf, void *par,
                       int *st)
{
  *st = LG_OK;
  if (!w || w->e.ndep + w->ncopy <= 0) return NULL;
  const int nd = w->e.ndep + w->ncopy;
  /* a copy's group with copies of its bodies' unknowns (goff: the layout
     of mb_newton_alloc_stiff) is dropped whole: with its multipliers zero
     nothing depends on them (sec:mb-copies) */
  size_t extra = 0;
  for (int k = 0; goff && w->copyof && k < t->nj; k++)
    if (w->copyof[k] >= 0) extra += (size_t)(goff[k + 1] - goff[k] - mb_jnrows(t, k));
  mb_drop *d = calloc(1, sizeof *d);
  int *rows = malloc((size_t)nd * sizeof *rows);
  if (d) d->u = malloc(((size_t)nd + extra) * sizeof *d->u);
  if (d) d->z = malloc((dim + 1) * sizeof *d->z);
  if (!d || !rows || !d->u || !d->z) {
    free(rows);
    mb_drop_free(d);
    *st = LG_ENOMEM;
    return NULL;
  }
  d->fdf = fdf;
  d->dfdf = dfdf;
  d->par = par;
  d->dim = dim;
  d->n = mb_redundant_rows(w, rows, nd);
  for (int a = 0, k = 0; a < d->n; a++) {      /* rows increasing: joints in turn */
    while (k + 1 < t->nj && mb_jrow(t, k + 1) <= rows[a]) k++;
    d->u[a] = m0 + (size_t)(goff ? goff[k] + rows[a] - mb_jrow(t, k) : rows[a]);
  }
  for (int k = 0; extra && k < t->nj; k++)
    if (w->copyof[k] >= 0)
      for (int c = goff[k] + mb_jnrows(t, k); c < goff[k + 1]; c++)
        d->u[d->n++] = m0 + (size_t)c;
  free(rows);
  return d;
}

void mb_drop_free(mb_drop *d)
{
  if (!d) return;
  free(d->u);
  free(d->z);
  free(d);
}

void mb_drop_zero(const mb_drop *d, double *z)
{
  for (int a = 0; a < d->n; a++) z[d->u[a]] = 0;
}

int mb_drop_jfdf(const double *z, void *par, double *r, newton_jac *J)
{
  mb_drop *d = par;
  memcpy(d->z, z, d->dim * sizeof *z);
  mb_drop_zero(d, d->z);                       /* the bodies see no force from them */
  int st = d->fdf ? d->fdf(d->z, d->par, r, J) : d->dfdf(d->z, d->par, r, J ? J->J : NULL);
  for (int a = 0; a < d->n; a++) {
    r[d->u[a]] = z[d->u[a]];
    if (J) newton_jac_unit_row(J, d->u[a]);
  }
  return st;
}

int mb_drop_fdf(const double *z, void *par, double *r, double *J)
{
  const mb_drop *d = par;
  newton_jac h = {J, d->dim, NULL};
  return mb_drop_jfdf(z, par, r, J ? &h : NULL);
}

int mb_rank_watch(const mb_par *p, const lg_body *q, mb_work *w, lg_state *s)
{
  if (!w || w->e.ndep + w->ncopy <= 0) return LG_OK;
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return mb_failed(w, st, s);
  mb_keep(p, q, w);                 /* for a next evaluation at q (section sec:mb-project-kept) */
  return LG_OK;
}

int mb_rank_failed(const mb_par *p, const lg_body *q, mb_work *w, int st, lg_state *s)
{
  if (!w || w->e.ndep <= 0) return st;
  int e = mb_factor(p, q, w);
  return e == LG_ESINGULAR ? mb_failed(w, e, s) : st;
}
struct newton_ws *mb_newton_alloc(const mb_topo *t, size_t bs, int solver)
{
  const size_t n = bs * (size_t)t->nb + (size_t)t->nc;
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  return mb_newton_joint_store(t, n, bs, NULL);
}

newton_ws *mb_newton_joint_store(const mb_topo *t, size_t n, size_t bs, const int *goff)
{
  int *rows = malloc(((size_t)t->nj + 1) * sizeof *rows);
  int *ib = malloc((2 * (size_t)t->nj + 1) * sizeof *ib), *ig = malloc((2 * (size_t)t->nj + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    for (int k = 0; k < t->nj; k++) {
      rows[k] = goff ? goff[k + 1] - goff[k] : mb_jnrows(t, k);
      for (int s = 0; s < 2; s++) {
        int b = s ? t->joint[k].b : t->joint[k].a;
        if (b != MB_GROUND) { ib[ne] = b; ig[ne++] = k; }
      }
    }
    w = newton_alloc_sparse(n, (size_t)t->nb, bs, (size_t)t->nj, rows, ne, ib, ig);
  }
  free(rows); free(ib); free(ig);
  return w;
}

int mb_newton_copies(struct newton_ws **nw, const mb_work *rw)
{
  if (!rw || !rw->copyof || !*nw) return LG_OK;
  unsigned char *out = malloc((size_t)rw->nj + 1);
  if (!out) return LG_ENOMEM;
  for (int k = 0; k < rw->nj; k++) out[k] = rw->copyof[k] >= 0;
  newton_ws *v = newton_without_groups(*nw, out, (size_t)rw->nj);
  free(out);
  if (!v) return LG_ENOMEM;
  if (v != *nw) {
    newton_free(*nw);
    *nw = v;
  }
  return LG_OK;
}

const int *mb_copies_of(const mb_work *w)
{
  return w ? w->copyof : NULL;
}
int mb_joints_over(const mb_par *p, const lg_body *q, int vel, double tol, char *buf, size_t n)
{
  const int nj = p->topo->nj;
  double *c = malloc(((size_t)p->topo->nc + 1) * sizeof *c);
  size_t len = 0;
  int k = 0;
  if (n) buf[0] = '\0';
  if (!c) return 0;
  if (vel) mb_bv(p, q, c);
  else mb_phi(p, q, c);
  for (int j = 0; j < nj; j++) {
    const double e = mb_joint_norm(p->topo, j, c);
    if (e <= tol) continue;
    if (k < 8 && len < n) {
      int r = snprintf(buf + len, n - len, "%sjoint %d (%.3g %s)", k ? ", " : "", j + 1, e,
                       vel ? "m/s" : "m");
      if (r > 0) len += (size_t)r;
    }
    k++;
  }
  if (k > 8 && len < n) snprintf(buf + len, n - len, " and %d more", k - 8);
  free(c);
  return k;
}

int mb_assemble(const mb_par *p, lg_body *q, mb_work *w, double L, mb_assembly *a)
{
  const int nb = p->topo->nb;
  mb_assembly mine = {0};
  if (!a) a = &mine;
  a->rounds = 0;
  a->tol = MB_ASSEMBLE_TOL * L;
  a->dphi0 = mb_dphi_err(p, q);                     /* the residuals as given */
  a->phi0 = a->phi = mb_phi_err(p, q);
  if (!isfinite(a->phi0) || !isfinite(a->dphi0)) return LG_ENONFINITE;
  /* positions: rounds of the projection's Gauss-Newton steps (each round
     steps while the residual halves, at most ten times) until a round
     gains less than half */
  if (a->phi > a->tol) {
    for (int i = 0; i < nb; i++)
      if (so3_reortho(q[i].R, q[i].R) != 0) return LG_EINVAL;
    for (double prev = INFINITY; a->rounds < MB_ASSEMBLE_MAXIT;) {
      int st = mb_project_joints(p, q, w);
      a->rounds++;
      if (st != LG_OK) return st;
      a->phi = mb_phi_err(p, q);
      if (!isfinite(a->phi)) return LG_ENONFINITE;
      if (a->phi <= a->tol || !(a->phi < 0.5 * prev)) break;
      prev = a->phi;
    }
    if (!(a->phi <= a->tol)) return LG_ENEWTON;
  }
  /* velocities: onto B V = 0 in the metric of M, at the assembled positions */
  for (int k = 0;; k++) {
    double V = 0;
    for (int i = 0; i < nb; i++)
      for (int r = 0; r < 3; r++) V = fmax(V, fmax(fabs(q[i].v[r]), L * fabs(q[i].W[r])));
    a->vtol = MB_ASSEMBLE_TOL * (1 + V);
    a->dphi = mb_dphi_err(p, q);
    if (!isfinite(a->dphi)) return LG_ENONFINITE;
    if (a->dphi <= a->vtol) return LG_OK;
    if (k == 3) return LG_ENEWTON;
    /* with drives, first the projection that keeps the free coordinates'
       rates (section sec:mb-drive) */
    int st = k == 0 && p->topo->ld->nd > 0 ? mb_drive_project_velocity(p, q)
                                            : mb_project_velocity(p, q, w);
    if (st != LG_OK) return st;
  }
}
/* the assembly of the check, on its copy q of the initial state: the
   status of mb_assemble, with a (not NULL) what it did; q0 the state given */
int mb_assemble_state(const mb_par *p, lg_body *q, double L, mb_assembly *a,
                             mb_work *w)
{
  const lg_body *q0 = q + p->topo->nb;
  mb_initial(p, q);
  memcpy(q + p->topo->nb, q, (size_t)p->topo->nb * sizeof *q);
  int st = mb_assemble(p, q, w, L, a);
  if (st != LG_OK || !a->moved) return st;
  for (int i = 0; i < p->topo->nb; i++) {
    double D[9], th[3], dx[3], dv[3], dW[3];
    so3_mul_tn(D, q0[i].R, q[i].R);            /* R0^T R = exp(hat(theta)) */
    so3_log(th, D);
    for (int c = 0; c < 3; c++) {
      dx[c] = q[i].x[c] - q0[i].x[c];
      dv[c] = q[i].v[c] - q0[i].v[c];
      dW[c] = q[i].W[c] - q0[i].W[c];
    }
    a->moved[4 * i] = so3_norm(dx);
    a->moved[4 * i + 1] = so3_norm(th);
    a->moved[4 * i + 2] = so3_norm(dv);
    a->moved[4 * i + 3] = so3_norm(dW);
  }
  return st;
}

int mb_assembly_report(const mb_par *given, mb_assembly *a)
{
  const mb_topo *t = given->topo;
  mb_par *own = NULL;                /* a full tensor: the principal copy of given's */
  if (t->user) {
    const size_t sz = sizeof(mb_par) + mb_nval_all(t) * sizeof(double);
    if (!(own = malloc(sz))) return LG_ENOMEM;
    memcpy(own, given, sz);
    mb_principal(own);
    given = own;
  }
  lg_body *q = malloc(2 * (size_t)t->nb * sizeof *q);
  mb_work *w = t->nj ? mb_work_alloc(t) : NULL;
  int st = !q || (t->nj && !w) ? LG_ENOMEM : LG_OK;
  if (st == LG_OK && t->nj) st = mb_assemble_state(given, q, mb_length_scale(given), a, w);
  else if (st == LG_OK) {
    double *moved = a->moved;
    memset(a, 0, sizeof *a);
    a->moved = moved;
    if (moved) memset(moved, 0, 4 * (size_t)t->nb * sizeof *moved);
  }
  mb_work_free(w);
  free(q);
  free(own);
  return st;
}
