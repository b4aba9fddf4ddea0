/* sun2022-planar-sets.h: runs of the planar schemes into sets of rows, sets
   read back from data files, and the measurements drivers and checks share. */
#ifndef SCHEME_SUN2022_PLANAR_SETS_H
#define SCHEME_SUN2022_PLANAR_SETS_H
#include "core/lg.h"
#include "model/pend2d.h"

typedef struct {
  char name[48];         /* set name, as after "# set" */
  int ncol;              /* columns per row */
  long nrow, cap;
  double *v;             /* v[i*ncol + j] */
  long steps;            /* steps taken (runs only) */
  double iters;          /* Newton iterations summed over the steps (runs only) */
} pend2d_set;

int pend2d_run_set(pend2d_set *s, const char *scheme, const pend2d_params *p,
                   const lg_opts *opt, double h, long nsteps, long every);
int pend2d_set_push(pend2d_set *s, const double *row);
void pend2d_set_free(pend2d_set *s);
int pend2d_dat_read(const char *path, pend2d_set *sets, int maxsets, int *nsets);
const pend2d_set *pend2d_dat_find(const pend2d_set *sets, int nsets, const char *name);
double pend2d_maxdiff(const pend2d_set *a, const pend2d_set *b, int col, double t0, double t1);
double pend2d_maxabs(const pend2d_set *a, int col, double t0, double t1);
double pend2d_lag(const pend2d_set *a, const pend2d_set *ref, double tend);
double pend2d_ampl_loss(const pend2d_set *a);
double pend2d_energy_maxrel(const pend2d_set *a, double t0, double t1);

#endif
