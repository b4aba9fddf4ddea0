/* cmpchk.h: reader of the work-precision data files and the measurements on them. */
#ifndef CMPCHK_H
#define CMPCHK_H

enum { CMPCHK_MAXB = 16, CMPCHK_MAXR = 32 };
typedef struct {
  char name[64];                 /* scheme */
  int order, n;                  /* derived order; rows */
  double steps[CMPCHK_MAXR], cost[CMPCHK_MAXR], err[CMPCHK_MAXR], iters[CMPCHK_MAXR];
} cmpchk_block;
typedef struct {
  double ref_err;                /* the reference's error estimate */
  int nb, ns;                    /* blocks; same-map rows */
  cmpchk_block b[CMPCHK_MAXB];
  char dup[CMPCHK_MAXR][64], rep[CMPCHK_MAXR][64];
  double ratio[CMPCHK_MAXR];     /* distance / error of the representative */
} cmpchk_wp;

/* read a work-precision data file; 0 on success */
int cmpchk_read(cmpchk_wp *d, const char *path);
/* the block of a scheme, or NULL */
const cmpchk_block *cmpchk_find(const cmpchk_wp *d, const char *name);
/* least-squares slope of log error against log cost over the asymptotic range */
double cmpchk_slope(const cmpchk_wp *d, const cmpchk_block *b);
/* smallest error(b)/error(a at the same cost) over the rows of b whose cost lies
   within a's range (a's error interpolated linearly in log-log) */
double cmpchk_equal_cost(const cmpchk_block *a, const cmpchk_block *b);
/* largest distance/error ratio of the same-map rows (0 if none, NaN if any is NaN) */
double cmpchk_same(const cmpchk_wp *d);
/* print one measurement line */
void cmpchk_claim(const char *id, double v);
/* the measurements of one work-precision figure: every slope, the same-map
   check if any scheme is drawn by a representative, and the scheme fast
   against rival at equal cost if rival is not NULL; 0 on success */
int cmpchk_figure(const char *fig, const char *path, const char *fast, const char *rival);

#endif
