/* newton.h: Newton iteration over GSL multiroot with an analytic Jacobian. */
#ifndef NUM_NEWTON_H
#define NUM_NEWTON_H
#include <stddef.h>

typedef int (*newton_fdf_fn)(const double *x, void *params, double *f, double *J);
typedef struct newton_ws newton_ws;
/* Solve J dx = r in place: on entry r holds -F, on exit the correction.
   J is the n x n row-major Jacobian, a copy the function may overwrite.
   Returns 0, or non-zero when J is singular. */
typedef int (*newton_lin_fn)(void *ctx, size_t n, double *J, double *r);
/* Allocate a solver of dimension n; solver is LG_NEWTON_PLAIN,
   LG_NEWTON_HYBRIDSJ, LG_NEWTON_DIRECT (for n <= 6 driven by newton_solve
   itself) or LG_NEWTON_DIRECT_GSL (the same type, always driven through
   gsl_multiroot_fdfsolver_iterate).  NULL if out of memory or solver unknown. */
newton_ws *newton_alloc(size_t n, int solver);
/* The direct solver with its elimination replaced by lin(ctx, ...): for a
   system whose Jacobian has a structure the caller can exploit. */
newton_ws *newton_alloc_lin(size_t n, newton_lin_fn lin, void *ctx);
/* With a positive tolerance, evaluate J together with F after every
   correction that is not at the round-off of the iterate, as a solve to
   round-off does, instead of F alone and, if another iteration follows, J
   with F again: for callers whose solves take two iterations or more.  The
   iterates are the same either way. */
void newton_set_eager(newton_ws *w, int eager);
/* A positive tolerance given by the caller as the round-off floor of its
   residual (a solve to round-off), not as a demand: an iteration whose
   correction has stalled at the round-off of the iterate then stops there,
   and succeeds when its residual is within NEWTON_STALL of the tolerance.
   Off by default, where a positive tolerance must be met. */
void newton_set_floor(newton_ws *w, int on);
/* With a positive tolerance, the floors of the rows one by one (n numbers,
   the caller's, read at each test of newton_solve_sparse; NULL: none): an
   iteration whose correction was at most 2^-26 max(1, |x|) also stops when
   every row is below the tolerance or within its own floor.  For residuals
   whose rows' round-off differs by orders of magnitude. */
void newton_set_row_floor(newton_ws *w, const double *fl);
#define NEWTON_STALL 67108864.0   /* 2^26, about 1 / sqrt(DBL_EPSILON) */
/* The direct solver for a Jacobian whose first nblk * bs rows and columns
   are block diagonal with bs x bs blocks (1 <= bs <= 8), bordered by
   n - nblk * bs further rows and columns: the correction by the Schur
   complement of the blocks (for n >= 32; below, the dense elimination).
   NULL if out of memory or nblk * bs > n. */
newton_ws *newton_alloc_bordered(size_t n, size_t nblk, size_t bs);
/* The same system with its structure given: the n - nblk * bs border
   unknowns form ngrp groups of grows[k] each (a joint's multipliers), and
   block i and group k are coupled (C and D non-zero, in both directions)
   only for the ninc pairs (iblk[e], igrp[e]); E (the corner) is non-zero
   only between groups coupled to one block, and on each group's diagonal.
   The Jacobian is then stored by its non-zero blocks only, the Schur
   complement has the same sparsity and is factored inside its envelope (LU
   without row exchanges, in the order of newton_envelope_order).  For
   n >= 32; below, the dense direct solver.  Solve with newton_solve_sparse.
   NULL if out of memory or the sizes disagree. */
newton_ws *newton_alloc_sparse(size_t n, size_t nblk, size_t bs, size_t ngrp, const int *grows,
                               size_t ninc, const int *iblk, const int *igrp);
/* A store of newton_alloc_sparse laid out again with the groups k < nout
   for which out[k] is set coupled to nothing (their rows and columns only
   their own diagonal block), its settings kept: for unknowns whose
   equations a caller replaces by x_r = 0 and on which nothing depends
   (copies of a joint, chapter multibody, section sec:mb-copies).  The
   entries outside the new structure that a caller still writes go to a
   scratch block and are lost.  w itself if it is not such a store; NULL if
   out of memory. */
newton_ws *newton_without_groups(newton_ws *w, const unsigned char *out, size_t nout);
/* A Jacobian being written: dense (J[r n + c]) or by blocks. */
typedef struct {
  double *J;                      /* dense, n x n, or NULL */
  size_t n;
  struct newton_sparse *sp;       /* the structure, when J is NULL */
} newton_jac;
/* Entry (r, c) of J, and in *ld the distance between rows (the store's
   lookup is newton_jac_at_store): entry
   (r + a, c + b) is p[a * ld + b] while (r + a, c + b) stays in the block of
   the structure that holds (r, c) (a body's block, a body's rows against a
   group's columns, a group's rows against a body or a coupled group).
   NULL if (r, c) is outside the structure (in a store of
   newton_without_groups, a scratch block, whose entries are lost). */
double *newton_jac_at_store(const newton_jac *J, size_t r, size_t c, size_t *ld);
static inline double *newton_jac_at(const newton_jac *J, size_t r, size_t c, size_t *ld)
{
  if (J->J) { *ld = J->n; return J->J + r * J->n + c; }
  return newton_jac_at_store(J, r, c, ld);
}
/* Row r of J made the unit row e_r, all of it (dense, or in the store,
   where r must be a border unknown: a multiplier whose equation a caller
   replaces by x_r = 0, chapter multibody, section sec:mb-redundant). */
void newton_jac_unit_row(const newton_jac *J, size_t r);
/* a callback that writes its Jacobian through newton_jac_at; the entries it
   is handed are zero wherever it has not written in this evaluation only
   for the structured store, so it assigns before it adds */
typedef int (*newton_jfdf_fn)(const double *x, void *params, double *f, newton_jac *J);
/* Solve F(x) = 0 as newton_solve does, for a callback of that kind: by the
   structured store for a solver of newton_alloc_sparse, else densely. */
int newton_solve_sparse(newton_ws *w, newton_jfdf_fn fdf, void *params, double *x,
                        double tol, int maxiter, int *iters, double *resid);
/* For tests: that solver's correction, J dx = r solved in place (J is
   overwritten, r becomes dx); 0, or non-zero if singular or out of memory. */
int newton_bordered_correction(size_t n, size_t nblk, size_t bs, double *J, double *r);
void newton_free(newton_ws *w);
/* An order of the n vertices of a graph for an envelope (profile)
   factorisation of a matrix with a block of rows[v] rows per vertex and
   non-zero blocks where the graph has edges: the neighbours of v are
   adj[ptr[v]] .. adj[ptr[v + 1] - 1], ascending, v not among them.  pos[v]
   receives the place of v: the cheapest order, by the multiply-adds of the
   factorisation, among the given one and reverse Cuthill-McKee orders
   (started from every vertex for n <= 64, else from a pseudo-peripheral
   one).  0, or -1 if out of memory. */
int newton_envelope_order(int n, const int *ptr, const int *adj, const int *rows, int *pos);
/* A sparse block LU factorisation without row exchanges, for matrices with
   the pattern of a graph as above: the vertices eliminated in the order pos,
   the fill computed once (none for a tree eliminated leaves first, as a
   reverse breadth-first order does).  Blocks are dense, rows[k] x rows[l]. */
typedef struct newton_bslu newton_bslu;
newton_bslu *newton_bslu_alloc(int n, const int *ptr, const int *adj, const int *rows,
                               const int *pos);
void newton_bslu_free(newton_bslu *f);
/* the multiply-adds of one factorisation */
double newton_bslu_cost(const newton_bslu *f);
/* clear the values (the structure stays) */
void newton_bslu_zero(newton_bslu *f);
/* block (k, l) of the matrix, k = l or k and l adjacent, row-major with
   rows[l] columns; NULL outside the pattern */
double *newton_bslu_block(newton_bslu *f, int k, int l);
/* factor in place; -1, or the vertex whose pivot vanished (with spd, whose
   pivot is not positive) */
int newton_bslu_factor(newton_bslu *f, int spd);
/* x <- A^{-1} x, x by vertices in their own order, rows[k] each */
void newton_bslu_solve(const newton_bslu *f, double *x);
/* Solve F(x) = 0 from the guess in x; on return x holds the last iterate,
   *iters the number of iterations, *resid max|F| there.  LG_OK when
   max|F| < tol within maxiter iterations, else LG_ENEWTON. */
int newton_solve(newton_ws *w, newton_fdf_fn fdf, void *params, double *x,
                 double tol, int maxiter, int *iters, double *resid);
/* max_ij |J_ij - D_ij| / max(1, |J_ij|), D the central-difference Jacobian
   with step eps*max(1,|x_j|); NaN if the callback fails.  For tests. */
double newton_jacobian_error(newton_fdf_fn fdf, void *params, const double *x,
                             size_t n, double eps);

#endif
