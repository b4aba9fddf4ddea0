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
  int *perm;      /* nc: the row of the factor that holds constraint row r */
  int *first;     /* nc: first column of row i inside the envelope */
  size_t *rowp;   /* nc: entry (i, m) of the envelope is A[rowp[i] + m] */
  double *A;      /* the envelope of B M^{-1} B^T, then of its Cholesky factor */
  newton_bslu *bs;/* or, where that is cheaper, its sparse block factorisation */
  size_t nenv;    /* entries in the envelope */
  double *y;      /* nc: a right-hand side in the factor's order */
  int *pair;      /* 4 npair: (k, s, l, t), l <= k, joint sides on one body */
  size_t *pidx;   /* npair: the envelope entry of (0, 0) of each pair's block */
  int npair;
  double *r, *mu; /* nc */
  double *f;      /* 6 nb */
  /* mb_force, or with the model's applied forces mb_force_applied: chosen
     once per workspace */
  void (*force)(const mb_par *, const lg_body *, double *);
  int bad;        /* the row (factor order) whose pivot failed, or -1 */
  char why[240];  /* the words of mb_failed */
  /* redundant constraints (section sec:mb-redundant): the rows found
     dependent by the first factorisation of the envelope */
  int ndep;       /* -1: not yet decided; else how many */
  int gained;     /* the failure of row bad: a dependent row became independent */
  int capdep;     /* room in dep and zl, in rows */
  int *dep;       /* ndep factor rows, increasing */
  unsigned char *isdep; /* nc flags, or NULL */
  double *zl;     /* ndep x nc: each dependent row of L, then its null vector */
  double *zz;     /* (ndep + 1) x ndep: the min-norm system */
  int zdone;      /* zl holds the null vectors of the present factor */
  /* the round-off floors of pivots (section sec:mb-rank-floor) */
  double *cf;     /* nc: the coefficients of a row in the rows before it */
  int wmax;       /* the widest row of the envelope */
  int weak;       /* the least resolved kept row of the first factorisation, or -1 */
  double weakr;   /* its pivot over its floor */
  double pmin;    /* the least pivot of a kept row over its diagonal, at the decision */
  int prow;       /* its row, or -1 */
  int treeord;    /* the factor's order is the spanning tree's (mb_reorder_tree) */
  int rclose;     /* then its first row of a joint that closes a loop, else nc */
  int reorder;    /* the first factorisation met a suspect: order by the tree */
  /* the factor kept from a projection (mb_project_velocity) for the next
     evaluation at the same positions: their R and x, 12 per body */
  int fkeep;
  const mb_par *fp;
  double *fq;
  /* copies of a joint (section sec:mb-copies), looked for at the first
     factorisation: per joint the earlier joint it repeats, or -1 */
  int *copyof;    /* nj, or NULL: no joint repeats another */
  int ccheck;     /* looked for */
  int ncopy;      /* rows of copies */
  unsigned char *iscopy; /* nc flags, factor order */
  double *cwf;    /* nc, factor order: 1 / (1 + its copies) per row */
};

static int mb_envelope(const mb_topo *t, mb_work *w, const int *given);

mb_work *mb_work_alloc(const mb_topo *t)
{
  mb_work *w = calloc(1, sizeof *w);
  if (!w) return NULL;
  w->nb = t->nb;
  w->nj = t->nj;
  w->nc = t->nc;
  size_t nc = (size_t)t->nc, nj = (size_t)t->nj;
  w->general = t->nxval > 0;
  size_t ng = 18 * nj;              /* spherical joints alone: as before */
  if (w->general && (w->goff = malloc((nj + 1) * sizeof *w->goff)) != NULL) {
    w->goff[0] = 0;
    for (size_t k = 0; k < nj; k++)
      w->goff[k + 1] = w->goff[k] + 12 * mb_joint_nrows[mb_jkind(t, k)];
    ng = (size_t)w->goff[nj];
  }
  w->G = malloc((ng ? ng : 18) * sizeof *w->G);
  w->r = malloc((nc + 1) * sizeof *w->r);
  w->mu = malloc((nc + 1) * sizeof *w->mu);
  w->f = malloc((6 * (size_t)t->nb + 1) * sizeof *w->f);
  w->first = malloc((nc + 1) * sizeof *w->first);
  w->rowp = malloc((nc + 1) * sizeof *w->rowp);
  w->perm = malloc((nc + 1) * sizeof *w->perm);
  w->row0 = malloc((nj + 1) * sizeof *w->row0);
  w->pos = malloc((nj + 1) * sizeof *w->pos);
  w->ord = malloc((nj + 1) * sizeof *w->ord);
  w->y = malloc((nc + 1) * sizeof *w->y);
  w->cf = malloc((nc + 1) * sizeof *w->cf);
  w->weak = -1;
  w->pmin = 1;                          /* no decision yet, or the sparse blocks' */
  w->prow = -1;
  w->rclose = t->nc;
  if ((w->general && !w->goff) || !w->G || !w->r || !w->mu || !w->f || !w->first || !w->rowp
      || !w->perm || !w->row0 || !w->pos || !w->ord || !w->y || !w->cf || mb_envelope(t, w, NULL) != 0) {
    mb_work_free(w);
    return NULL;
  }
  w->bad = -1;
  w->why[0] = '\0';
  w->ndep = -1;
  w->force = mb_applied_any(t->ld) ? mb_force_applied : mb_force;
  return w;
}

void mb_work_free(mb_work *w)
{
  if (!w) return;
  free(w->G);
  free(w->goff);
  free(w->A);
  free(w->r);
  free(w->mu);
  free(w->f);
  free(w->first);
  free(w->rowp);
  free(w->perm);
  free(w->row0);
  free(w->pos);
  free(w->ord);
  free(w->pair);
  free(w->pidx);
  newton_bslu_free(w->bs);
  free(w->y);
  free(w->dep);
  free(w->isdep);
  free(w->zl);
  free(w->zz);
  free(w->fq);
  free(w->cf);
  free(w->copyof);
  free(w->iscopy);
  free(w->cwf);
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
    rows[k] = mb_joint_nrows[mb_jkind(t, k)];
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
        w->perm[w->row0[k] + r] = row;
        w->first[row] = fr[j];
        w->rowp[row] = off - (size_t)fr[j];
        off += (size_t)(row - fr[j] + 1);
        if (row - fr[j] + 1 > w->wmax) w->wmax = row - fr[j] + 1;
      }
    }
    w->nenv = off;
    /* the envelope, or the sparse block factorisation where it costs less
       than half as much (trees: the envelope's width grows with N) */
    double env = 0;
    for (int row = 0; row < nc; row++) {
      const double wd = (double)(row - w->first[row] + 1);
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
    const int P = w->perm[w->row0[pe[0]]], Q = w->perm[w->row0[pe[2]]];
    w->pidx[e] = P >= Q ? w->rowp[P] + (size_t)Q : w->rowp[Q] + (size_t)P;
  }
  if (cp) {                               /* the copies' rows, the weights of their leaders' */
    memset(w->iscopy, 0, (size_t)nc);
    for (int r = 0; r < nc; r++) w->cwf[r] = 1;
    for (int k = 0; k < nj; k++) {
      if (cp[k] < 0) continue;
      for (int r = 0; r < rows[k]; r++) {
        w->iscopy[w->perm[w->row0[k] + r]] = 1;
        w->cwf[w->perm[w->row0[cp[k]] + r]] += 1;
      }
    }
    for (int r = 0; r < nc; r++) w->cwf[r] = 1 / w->cwf[r];
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
          || mb_jkind(t, l) != kind)
        continue;
      if (memcmp(mb_joint_par(p, l), mb_joint_par(p, k), MB_JOINTLEN * sizeof(double)) == 0
          && (kind == MB_SPHERICAL
              || memcmp(mb_jointx_par(p, l), mb_jointx_par(p, k), MB_JXLEN * sizeof(double)) == 0))
        cp[k] = l;
    }
    if (cp[k] >= 0) n += mb_joint_nrows[kind];
  }
  free(bstart);
  free(side);
  if (n == 0) { free(cp); return 0; }
  const size_t nc = (size_t)t->nc;
  w->copyof = cp;
  w->ncopy = n;
  w->iscopy = malloc(nc + 1);
  w->cwf = malloc((nc + 1) * sizeof *w->cwf);
  if (!w->isdep) w->isdep = calloc(nc + 1, 1);
  if (!w->iscopy || !w->cwf || !w->isdep) return -1;
  free(w->pair); free(w->pidx); free(w->A);
  newton_bslu_free(w->bs);
  w->pair = NULL; w->pidx = NULL; w->A = NULL; w->bs = NULL;
  w->wmax = 0;
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
      for (int r = 0; r < m; r++) lam[r0 + r] *= w->cwf[w->perm[r0 + r]];
  }
}
/* sum of a_m b_m over n terms, in four interleaved partial sums: the
   factorisation's inner loop, whose single running sum would wait on each
   addition in turn */
static inline double mb_dot(const double *a, const double *b, int n)
{
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int m = 0;
  for (; m + 4 <= n; m += 4) {
    s0 += a[m] * b[m];
    s1 += a[m + 1] * b[m + 1];
    s2 += a[m + 2] * b[m + 2];
    s3 += a[m + 3] * b[m + 3];
  }
  for (; m < n; m++) s0 += a[m] * b[m];
  return (s0 + s1) + (s2 + s3);
}
/* A assembled by blocks (both triangles) and factored by the sparse block
   factorisation; the rotational blocks of B are already in w->G */
static int mb_nonfinite(mb_work *w, const lg_body *q);
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
  else memset(w->A, 0, w->nenv * sizeof *w->A);
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
    const int P = w->perm[w->row0[k]], Q = w->perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->A + w->pidx[e];
    for (int r = 0; r < mk; r++) {
      const size_t ro = lo ? w->rowp[P + r] - w->rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : ml); c++)
        Akl[lo ? ro + (size_t)c : w->rowp[Q + c] - w->rowp[Q] + (size_t)r] += a[ml * r + c];
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
     loss are named only from the envelope's factor (w->bad stays -1) */
factor:
  w->bad = -1;
  if (newton_bslu_factor(w->bs, 1) < 0) {
    w->ndep = 0;                        /* decided: no dependent row */
    return LG_OK;
  }
  for (int i = 0; i < w->nb; i++)
    for (int c = 0; c < 9; c++)
      if (!isfinite(q[i].R[c])) return mb_nonfinite(w, q);
  if (w->ndep < 0) return mb_factor_first(p, q, w, tol);  /* the envelope decides */
  return LG_ESINGULAR;
}

/* The rotational blocks of B at q, and A = B M^{-1} B^T factored: blocks
   (k, l) couple two joints through every body they share. */
/* A has a non-finite entry: the rotation of a body that overflowed, else
   a mass or inertia whose inverse does; the words go to w->why */
static int mb_nonfinite(mb_work *w, const lg_body *q)
{
  w->bad = -1;
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

/* row i (factor order) marked as the n-th dependent row */
static int mb_dep_add(mb_work *w, int i, int n)
{
  const size_t nc = (size_t)w->nc;
  if (!w->isdep && !(w->isdep = calloc(nc + 1, 1))) return -1;
  if (n >= w->capdep) {
    const int cap = 2 * n + 4;
    int *d = realloc(w->dep, (size_t)cap * sizeof *d);
    if (d) w->dep = d;
    double *z = realloc(w->zl, ((size_t)cap * nc + 1) * sizeof *z);
    if (z) w->zl = z;
    if (!d || !z) return -1;
    w->capdep = cap;
  }
  w->isdep[i] = 1;
  w->dep[n] = i;
  return 0;
}

/* The Cholesky loop of mb_factor_tol for a workspace whose dependent rows
   are not yet decided (they are decided here) or are decided and exist:
   a dependent row's pivot is not taken; its row of L is kept in zl and
   zeroed in the factor, its inverse pivot set to zero.  A function apart
   (not static, so not inlined), so that the loop of a model without
   redundant rows stays as it was. */
/* the first-order bound tau_i on the round-off of the pivot of factor row
   i, gamma_w (sqrt(A_ii) + sum_j |c_j| sqrt(A_jj))^2, with L_11^T c = l, l
   the row of L in Ai (the rows before i factored, Ai[i] still A_ii) */
double mb_pivot_floor(const mb_work *w, int i, const double *Ai)
{
  const int *first = w->first;
  double *c = w->cf, s = sqrt(fabs(Ai[i]));
  for (int j = 0; j < first[i]; j++) c[j] = 0;
  for (int j = first[i]; j < i; j++) c[j] = Ai[j];
  for (int j = i - 1; j >= 0; j--) {      /* by columns of L^T, as mb_solve */
    if (c[j] == 0) continue;
    const double *Aj = w->A + w->rowp[j];
    c[j] *= Aj[j];                        /* zero for a dropped row */
    for (int m = first[j]; m < j; m++) c[m] -= Aj[m] * c[j];
  }
  for (int j = 0; j < i; j++) {
    const double *Aj = w->A + w->rowp[j];
    if (c[j] == 0 || Aj[j] == 0) continue;
    double a = 1 / (Aj[j] * Aj[j]);       /* A_jj = |row j of L|^2 */
    for (int m = first[j]; m < j; m++) a += Aj[m] * Aj[m];
    s += fabs(c[j]) * sqrt(a);
  }
  const double g = (double)(w->wmax + 1) * (0.5 * DBL_EPSILON);
  return g / (1 - g) * s * s;
}

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
  free(w->pair); free(w->pidx); free(w->A);
  newton_bslu_free(w->bs);
  w->pair = NULL; w->pidx = NULL; w->A = NULL; w->bs = NULL;
  w->wmax = 0;
  st = mb_envelope(t, w, pos);
  w->treeord = 1;
  w->rclose = t->nc;                            /* the first row of a closing joint */
  for (int k = 0; k < nj; k++)
    if (pos[k] >= ntree && w->perm[w->row0[k]] < w->rclose) w->rclose = w->perm[w->row0[k]];
done:
  free(pos); free(queue); free(seen); free(used); free(bstart); free(side);
  return st;
}

/* the joint whose rows hold factor row i */
static int mb_joint_of_row(const mb_work *w, int i)
{
  for (int k = 0; k < w->nj; k++)
    if (w->perm[w->row0[k]] <= i && i < w->perm[w->row0[k]] + (w->row0[k + 1] - w->row0[k]))
      return k;
  return -1;
}

int mb_weak_joint(const mb_work *w, double *res, double *rel)
{
  const int i = w->weak >= 0 ? w->weak : w->prow >= 0 && w->pmin < MB_PIVOT_MIN ? w->prow : -1;
  if (i < 0) return -1;
  if (res) *res = w->weak >= 0 ? w->weakr : HUGE_VAL;
  if (rel) *rel = w->weak >= 0 ? NAN : w->pmin;
  return mb_joint_of_row(w, i);
}

int mb_cholesky_rank(const lg_body *q, mb_work *w, double tol);
int mb_cholesky_rank(const lg_body *q, mb_work *w, double tol)
{
  const int nc = w->nc, *first = w->first, decide = w->ndep < 0;
  const double cut = decide ? fmax(tol, MB_RANK_SUSPECT) : tol;
  int n = 0;
  w->gained = 0;
  if (decide) {
    w->weak = -1;
    w->weakr = MB_RESOLVE;
    w->pmin = 1;
    w->prow = -1;
  }
  for (int i = 0; i < nc; i++) {
    double *Ai = w->A + w->rowp[i];
    if (w->iscopy && w->iscopy[i]) {      /* a copy's row: no pivot (sec:mb-copies) */
      Ai[i] = 0;
      continue;
    }
    for (int j = first[i]; j < i; j++) {
      const double *Aj = w->A + w->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - mb_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - mb_dot(Ai + first[i], Ai + first[i], i - first[i]);
    /* suspect: near the span of the rows before it; then the floor decides
       (a dropped row is tested for a gain of rank below) */
    const double fl = isfinite(d) && (!(d > cut * Ai[i]) || (decide && i >= w->rclose))
                      && (decide || !w->isdep[i]) ? mb_pivot_floor(w, i, Ai) : 0;
    if (decide && fl > 0 && !w->treeord) {  /* decide in the spanning tree's order */
      w->reorder = 1;
      if (w->isdep) memset(w->isdep, 0, (size_t)nc);
      return LG_ESINGULAR;
    }
    if (decide && fl > 0 && d > fl && d <= MB_RESOLVE * fl && d / fl < w->weakr) {
      w->weak = i;                                    /* independent, barely resolved */
      w->weakr = d / fl;
    }
    if (decide && isfinite(d) && d < w->pmin * Ai[i] && !(fl > 0 && !(d > fl))) {
      w->pmin = d / Ai[i];                            /* the least relative pivot kept */
      w->prow = i;
    }
    if (decide ? fl > 0 && !(d > fl) : w->isdep[i]) {
      if (!decide && d > MB_RANK_GAIN * Ai[i]
          && d > MB_GAIN_MARGIN * mb_pivot_floor(w, i, Ai)) {   /* no longer dependent */
        w->bad = i;
        w->gained = 1;
        return LG_ESINGULAR;
      }
      if (decide && mb_dep_add(w, i, n) != 0) {
        if (w->isdep) memset(w->isdep, 0, (size_t)nc);
        return LG_ENOMEM;
      }
      double *l = w->zl + (size_t)n++ * (size_t)nc;   /* its row of L, for its null vector */
      memset(l, 0, (size_t)nc * sizeof *l);
      for (int j = first[i]; j < i; j++) {
        l[j] = Ai[j];
        Ai[j] = 0;
      }
      Ai[i] = 0;
      continue;
    }
    if (!(d > cut * Ai[i]) && !(d > 0 && d > fl)) {
      w->bad = i;
      if (decide && w->isdep) memset(w->isdep, 0, (size_t)nc);
      return isfinite(d) ? LG_ESINGULAR : mb_nonfinite(w, q);
    }
    Ai[i] = 1 / sqrt(d);
  }
  if (decide) w->ndep = n;
  w->bad = -1;
  return LG_OK;
}

double mb_pivot_floor(const mb_work *w, int i, const double *Ai);
static int mb_reorder_tree(const mb_topo *t, mb_work *w);
static int mb_factor_tol(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  const int nj = w->nj, nc = w->nc;
  w->fkeep = 0;                         /* A and G are about to change */
  w->zdone = 0;
  if (!w->ccheck && mb_find_copies(p, w) != 0) return LG_ENOMEM;
  if (!w->A && !(w->A = malloc(((w->bs ? 0 : w->nenv) + 1) * sizeof *w->A))) return LG_ENOMEM;
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
  memset(w->A, 0, w->nenv * sizeof *w->A);
  for (int e = 0; e < w->npair; e++) {    /* block (k, l) += side s of k, side t of l */
    const int *pe = w->pair + 4 * e, k = pe[0], l = pe[2];
    const mb_side dk = mb_joint_side(p, k, pe[1]), dl = mb_joint_side(p, l, pe[3]);
    const double *b = mb_body_par(p, dk.body), *J = b + MB_J;
    const double *Gk = w->G + 18 * k + 9 * pe[1], *Gl = w->G + 18 * l + 9 * pe[3];
    const double iJ[3] = {1 / J[0], 1 / J[1], 1 / J[2]}, im = dk.sign * dl.sign / b[MB_M];
    /* in the factor's order, in the lower triangle: block (k, l) or its
       transpose; on the diagonal (k = l) its lower half only */
    const int P = w->perm[w->row0[k]], Q = w->perm[w->row0[l]], lo = P >= Q;
    double *Akl = w->A + w->pidx[e];
    for (int r = 0; r < 3; r++) {
      const size_t ro = lo ? w->rowp[P + r] - w->rowp[P] : 0;
      for (int c = 0; c < (P == Q ? r + 1 : 3); c++)
        Akl[lo ? ro + (size_t)c : w->rowp[Q + c] - w->rowp[Q] + (size_t)r] +=
            Gk[3 * r] * Gl[3 * c] * iJ[0] + Gk[3 * r + 1] * Gl[3 * c + 1] * iJ[1] +
            Gk[3 * r + 2] * Gl[3 * c + 2] * iJ[2] + (r == c ? im : 0.0);
    }
  }
  /* Cholesky A = L L^T in the lower triangle, row by row inside the
     envelope; the diagonal keeps 1 / L_ii, which is all the solves need */
cholesky:;
  if (w->ndep != 0 || w->copyof) {                /* undecided, redundant, or copies */
    int st = mb_cholesky_rank(q, w, tol);
    if (!w->reorder) return st;
    w->reorder = 0;                     /* decide again in the spanning tree's order */
    return mb_reorder_tree(p->topo, w) != 0 ? LG_ENOMEM : mb_factor_tol(p, q, w, tol);
  }
  const int *first = w->first;
  for (int i = 0; i < nc; i++) {
    double *Ai = w->A + w->rowp[i];
    for (int j = first[i]; j < i; j++) {
      const double *Aj = w->A + w->rowp[j];
      int m0 = first[i] > first[j] ? first[i] : first[j];
      Ai[j] = (Ai[j] - mb_dot(Ai + m0, Aj + m0, j - m0)) * Aj[j];
    }
    double d = Ai[i] - mb_dot(Ai + first[i], Ai + first[i], i - first[i]);
    if (!(d > tol * Ai[i]) && !(d > 0 && d > mb_pivot_floor(w, i, Ai))) {
      w->bad = i;
      return isfinite(d) ? LG_ESINGULAR : mb_nonfinite(w, q);
    }
    Ai[i] = 1 / sqrt(d);
  }
  w->bad = -1;
  return LG_OK;
}

/* the first factorisation of a workspace decides which rows are dependent
   (the envelope's does; the sparse blocks, which cannot drop a row, give
   way to the envelope when they find one) */
int mb_factor_first(const mb_par *p, const lg_body *q, mb_work *w, double tol)
{
  double *A = realloc(w->A, (w->nenv + 1) * sizeof *w->A);
  if (!A) return LG_ENOMEM;
  w->A = A;
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
  const int nc = w->nc, bad = w->bad;
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
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->perm[r]] = k;
  const double *Ab = w->A + w->rowp[bad];
  for (int j = w->first[bad]; j < bad; j++) c[j] = Ab[j];
  for (int j = bad - 1; j >= 0; j--) {          /* L_11^T c = l */
    const double *Aj = w->A + w->rowp[j];
    for (int m = j + 1; m < bad; m++)
      if (w->first[m] <= j) c[j] -= w->A[w->rowp[m] + (size_t)j] * c[m];
    c[j] *= Aj[j];
  }
  double big = 0;
  for (int j = 0; j < bad; j++) {               /* share of row j: |c_j| times its norm */
    const double *Aj = w->A + w->rowp[j];
    if (Aj[j] == 0) { c[j] = 0; continue; }      /* a dropped row (redundant): no share */
    double r = 1 / (Aj[j] * Aj[j]);
    for (int m = w->first[j]; m < j; m++) r += Aj[m] * Aj[m];
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
  if (st != LG_ESINGULAR || !w || w->bad < 0) return st;
  char j[120];
  mb_singular_text(w, j, sizeof j);
  if (w->gained)               /* a row dependent at t = 0 no longer is */
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
  if (w->bs) { newton_bslu_solve(w->bs, xj); return; }
  const int nc = w->nc, *first = w->first;
  double *x = w->y;                           /* x in the factor's order */
  for (int r = 0; r < nc; r++) x[w->perm[r]] = xj[r];
  for (int i = 0; i < nc; i++) {              /* L y = x */
    const double *Ai = w->A + w->rowp[i];
    double v = x[i];
    for (int m = first[i]; m < i; m++) v -= Ai[m] * x[m];
    x[i] = v * Ai[i];
  }
  for (int i = nc - 1; i >= 0; i--) {         /* L^T x = y, by columns of L^T */
    const double *Ai = w->A + w->rowp[i];
    x[i] *= Ai[i];
    for (int m = first[i]; m < i; m++) x[m] -= Ai[m] * x[i];
  }
  for (int r = 0; r < nc; r++) xj[r] = x[w->perm[r]];
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
/* after a factorisation with dropped rows: their null vectors z = e_i - c,
   L_KK^T c = l, in place of their rows l of L in zl (factor order) */
static void mb_null_vectors(mb_work *w)
{
  const int nc = w->nc;
  for (int k = 0; k < w->ndep; k++) {
    double *z = w->zl + (size_t)k * (size_t)nc;
    const int i = w->dep[k];
    for (int j = i - 1; j >= 0; j--) {     /* by columns of L^T, as mb_solve */
      const double *Aj = w->A + w->rowp[j];
      z[j] *= Aj[j];                       /* zero for a dropped row */
      for (int m = w->first[j]; m < j; m++) z[m] -= Aj[m] * z[j];
    }
    for (int j = 0; j < i; j++) z[j] = -z[j];
    z[i] = 1;
  }
}

/* z^T x, or with copies of joints z^T W x, W the weights cwf */
static double mb_min_dot(const mb_work *w, const double *z, const double *x)
{
  if (!w->cwf) return mb_dot(z, x, w->nc);
  double s = 0;
  for (int m = 0; m < w->nc; m++) s += z[m] * w->cwf[m] * x[m];
  return s;
}

/* lam (nc numbers, the joints' order), the basic solution of A lam = b,
   becomes the one of least norm, lam - Z (Z^T Z)^{-1} Z^T lam (with copies
   of joints, of least W-norm: Z^T W Z and Z^T W lam); once after each
   factorisation */
static int mb_min_norm(mb_work *w, double *lam)
{
  const int nc = w->nc, r = w->ndep;
  const size_t rr = (size_t)r;
  if (!w->zz && !(w->zz = malloc((rr + 1) * rr * sizeof *w->zz))) return LG_ENOMEM;
  if (!w->zdone) mb_null_vectors(w);
  w->zdone = 1;
  double *x = w->y, *G = w->zz, *g = w->zz + rr * rr;
  for (int c = 0; c < nc; c++) x[w->perm[c]] = lam[c];
  for (int a = 0; a < r; a++) {            /* G = Z^T Z (lower), g = Z^T lam */
    const double *za = w->zl + (size_t)a * (size_t)nc;
    g[a] = mb_min_dot(w, za, x);
    for (int b = 0; b <= a; b++) G[rr * (size_t)a + (size_t)b] = mb_min_dot(w, za, w->zl + (size_t)b * (size_t)nc);
  }
  for (int a = 0; a < r; a++) {            /* G = C C^T, in place */
    double *Ga = G + rr * (size_t)a;
    for (int b = 0; b < a; b++) {
      const double *Gb = G + rr * (size_t)b;
      Ga[b] = (Ga[b] - mb_dot(Ga, Gb, b)) / Gb[b];
    }
    Ga[a] = sqrt(Ga[a] - mb_dot(Ga, Ga, a));
  }
  for (int a = 0; a < r; a++) {            /* C y = g */
    const double *Ga = G + rr * (size_t)a;
    g[a] = (g[a] - mb_dot(Ga, g, a)) / Ga[a];
  }
  for (int a = r - 1; a >= 0; a--) {       /* C^T alpha = y */
    g[a] /= G[rr * (size_t)a + (size_t)a];
    for (int b = 0; b < a; b++) g[b] -= G[rr * (size_t)a + (size_t)b] * g[a];
  }
  for (int a = 0; a < r; a++) {            /* x -= Z alpha */
    const double *za = w->zl + (size_t)a * (size_t)nc;
    for (int c = 0; c < nc; c++) x[c] -= za[c] * g[a];
  }
  for (int c = 0; c < nc; c++) lam[c] = x[w->perm[c]];
  return LG_OK;
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
  for (int it = 0; it < 2 && (w->ndep > 0 || w->treeord); it++) {
    for (int i = 0; i < w->nb; i++) {      /* f <- M dV, then r = B dV */
      const double *b = mb_body_par(p, i), *J = b + MB_J;
      for (int c = 0; c < 3; c++) {
        w->f[6 * i + c] = dV[6 * i + c] * J[c];
        w->f[6 * i + 3 + c] = dV[6 * i + 3 + c] * b[MB_M];
      }
    }
    mb_b_minv(p, w, w->f, w->r);
    mb_bdotv(p, q, w->cf);
    double r = 0;
    for (int k = 0; k < w->nc; k++) {
      w->cf[k] += w->r[k];
      r = fmax(r, fabs(w->cf[k]));
    }
    if (!(r > 0 && r < 0.5 * rprev)) break;
    rprev = r;
    mb_solve(w, w->cf);
    mb_sub_minv_bt(p, w, w->cf, dV);
    for (int k = 0; k < w->nc; k++) w->mu[k] += w->cf[k];
  }
  if (lambda) {
    memcpy(lambda, w->mu, (size_t)w->nc * sizeof *lambda);
    if (w->ndep > 0 && (st = mb_min_norm(w, lambda)) != LG_OK) return st;  /* the least norm */
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
  for (int it = 0; it < 2 && (w->ndep > 0 || w->treeord); it++) {
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
  return w->gained;
}

int mb_redundant_rows(const mb_work *w, int *rows, int max)
{
  if (w->ndep <= 0 && w->ncopy <= 0) return 0;
  int n = 0;
  for (int c = 0; c < w->nc; c++)        /* joint order, increasing */
    if ((w->isdep && w->isdep[w->perm[c]]) || (w->iscopy && w->iscopy[w->perm[c]])) {
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
    for (int r = w->row0[k]; r < w->row0[k + 1]; r++) jof[w->perm[r]] = k;
  if (!w->zdone) mb_null_vectors(w);
  w->zdone = 1;
  for (int a = 0; a < w->ndep; a++) {     /* the joints of each null vector */
    const double *z = w->zl + (size_t)a * (size_t)nc;
    double big = 0, *s = w->y;
    for (int j = 0; j < nc; j++) {
      const double *Aj = w->A + w->rowp[j];
      double rn = 0;
      if (Aj[j] != 0) {                    /* a kept row: |z_j| times its norm */
        rn = 1 / (Aj[j] * Aj[j]);
        for (int m = w->first[j]; m < j; m++) rn += Aj[m] * Aj[m];
      }
      s[j] = j == w->dep[a] ? INFINITY : fabs(z[j]) * sqrt(rn);
      if (j != w->dep[a]) big = fmax(big, s[j]);
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
      if (((w->isdep && w->isdep[w->perm[r]]) || (w->iscopy && w->iscopy[w->perm[r]])) && m < 64)
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
    snprintf(txt + len, n - len, " depend%s on the others)", w->ndep + w->ncopy == 1 ? "s" : "");
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
  int st = mb_factor(p, q, w), r = st == LG_OK ? w->ndep + w->ncopy : -st;
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
  if (*st == LG_OK && w->ndep + w->ncopy > 0) return w;
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
  if (!w || w->ndep + w->ncopy <= 0) return NULL;
  const int nd = w->ndep + w->ncopy;
  /* a copy's group with copies of its bodies' unknowns (goff: the layout
     of mb_newton_alloc_stiff) is dropped whole: with its multipliers zero
     nothing depends on them (sec:mb-copies) */
  size_t extra = 0;
  for (int k = 0; goff && w->copyof && k < t->nj; k++)
    if (w->copyof[k] >= 0) extra += (size_t)(goff[k + 1] - goff[k] - mb_joint_nrows[mb_jkind(t, k)]);
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
      for (int c = goff[k] + mb_joint_nrows[mb_jkind(t, k)]; c < goff[k + 1]; c++)
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
  if (!w || w->ndep + w->ncopy <= 0) return LG_OK;
  int st = mb_factor(p, q, w);
  if (st != LG_OK) return mb_failed(w, st, s);
  mb_keep(p, q, w);                 /* for a next evaluation at q (section sec:mb-project-kept) */
  return LG_OK;
}

int mb_rank_failed(const mb_par *p, const lg_body *q, mb_work *w, int st, lg_state *s)
{
  if (!w || w->ndep <= 0) return st;
  int e = mb_factor(p, q, w);
  return e == LG_ESINGULAR ? mb_failed(w, e, s) : st;
}
struct newton_ws *mb_newton_alloc(const mb_topo *t, size_t bs, int solver)
{
  const size_t n = bs * (size_t)t->nb + (size_t)t->nc;
  if (solver != LG_NEWTON_DIRECT) return newton_alloc(n, solver);
  int *rows = malloc(((size_t)t->nj + 1) * sizeof *rows);
  int *ib = malloc((2 * (size_t)t->nj + 1) * sizeof *ib), *ig = malloc((2 * (size_t)t->nj + 1) * sizeof *ig);
  newton_ws *w = NULL;
  if (rows && ib && ig) {
    size_t ne = 0;
    for (int k = 0; k < t->nj; k++) {
      rows[k] = mb_joint_nrows[mb_jkind(t, k)];
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
    int st = mb_project_velocity(p, q, w);
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
