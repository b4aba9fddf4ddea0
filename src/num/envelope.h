/* envelope.h: the Cholesky factorisation of a symmetric positive
   semi-definite matrix inside its envelope, with rank decisions: dependent
   rows found, dropped and given null vectors; solves and least-norm
   solutions (chapter envelope). */
#ifndef LG_NUM_ENVELOPE_H
#define LG_NUM_ENVELOPE_H
#include <stddef.h>
#define ENV_RANK_GAIN 1e-8
#define ENV_RANK_SUSPECT 1e-6
#define ENV_RESOLVE 16.0
#define ENV_GAIN_MARGIN 100.0
/* A matrix of n rows by its lower envelope: row i from column first[i] to
   i at A[rowp[i] + first[i]] .. A[rowp[i] + i], in the factor's order;
   perm[r] the place of the caller's row r.  After a factorisation A holds
   L below the diagonal and 1 / L_ii on it (zero for a dropped row).  The
   caller allocates perm, first, rowp, A, y, cf (and iscopy, cwf) and lays
   them out; env_free frees them with what the rank decisions allocate. */
typedef struct env_fac {
  int n;
  int *perm;      /* n: the row of the factor that holds the caller's row r */
  int *first;     /* n: first column of row i inside the envelope */
  size_t *rowp;   /* n: entry (i, m) of the envelope is A[rowp[i] + m] */
  double *A;      /* the envelope, then its Cholesky factor */
  size_t nenv;    /* entries in the envelope */
  int wmax;       /* the widest row of the envelope */
  double *y;      /* n: a right-hand side in the factor's order */
  double *cf;     /* n: the coefficients of a row in the rows before it */
  int bad;        /* the row whose pivot failed, or -1 */
  /* the rank decisions (sections sec:mb-redundant and sec:mb-rank-floor) */
  int ndep;       /* -1: not yet decided; else how many dependent rows */
  int gained;     /* the failure of row bad: a dependent row became independent */
  int capdep;     /* room in dep and zl, in rows */
  int *dep;       /* ndep factor rows, increasing */
  unsigned char *isdep; /* n flags, or NULL */
  double *zl;     /* ndep x n: each dependent row of L, then its null vector */
  double *zz;     /* (ndep + 1) x ndep: the least-norm system */
  int zdone;      /* zl holds the null vectors of the present factor */
  int weak;       /* the least resolved kept row of the decision, or -1 */
  double weakr;   /* its pivot over its floor */
  double pmin;    /* the least pivot of a kept row over its diagonal, at the decision */
  int prow;       /* its row, or -1 */
  int treeord;    /* the caller's order decides the rows that close loops last */
  int rclose;     /* then the first of those rows, else n */
  int reorder;    /* the decision met a suspect outside that order: the
                     caller lays the envelope out in it and factors again */
  unsigned char *iscopy; /* n flags, or NULL: rows taken out (no pivot) */
  double *cwf;    /* n, or NULL: the weights of the least norm */
} env_fac;
/* the first-order bound on the round-off of the pivot of row i, the rows
   before it factored and Ai = A + rowp[i] (Ai[i] still A_ii) */
double env_pivot_floor(const env_fac *e, int i, const double *Ai);
/* factor with every pivot above tol times its diagonal entry or above its
   floor: LG_OK, LG_ESINGULAR (bad the row) or LG_ENONFINITE */
int env_factor(env_fac *e, double tol);
/* factor deciding the dependent rows (ndep < 0), or with them decided
   (ndep >= 0: a dropped row that becomes independent fails with gained
   set); LG_OK, LG_ESINGULAR (with reorder set: lay the envelope out in the
   order that decides loops last and factor again), LG_ENONFINITE or
   LG_ENOMEM */
int env_factor_rank(env_fac *e, double tol);
/* x (n, the caller's order) <- A^{-1} x, dropped rows zero */
void env_solve(const env_fac *e, double *x);
/* the null vectors of the dropped rows of the present factor, in zl */
void env_null_vectors(env_fac *e);
/* lam (n, the caller's order), a solution of A lam = b, becomes the one of
   least norm (least W-norm with the weights cwf); LG_OK or LG_ENOMEM */
int env_min_norm(env_fac *e, double *lam);
/* frees the arrays of e (the struct itself is the caller's) */
void env_free(env_fac *e);
#endif
