/* liang23drv.h: runs of the multibody schemes with the per-step diagnostics
   of the liang2023 figures: joint residuals at three levels for two
   monitored bars and for the whole structure, orthogonality, energy, extent. */
#ifndef FIG_LIB_LIANG23DRV_H
#define FIG_LIB_LIANG23DRV_H
#include "core/lg.h"
#include "model/multibody.h"

/* columns of one row, one row per step; _L and _T: the joints of the two
   monitored bars (largest joint norm), _MON: of both, _ALL: of every joint */
enum {
  LD_T, LD_PHI_L, LD_BV_L, LD_ACC_L, LD_ORTH_L, LD_PHI_T, LD_BV_T, LD_ACC_T, LD_ORTH_T,
  LD_PHI_MON, LD_BV_MON, LD_ACC_MON, LD_ORTH_MON, LD_PHI_ALL, LD_BV_ALL, LD_ACC_ALL,
  LD_ORTH_ALL, LD_E, LD_EXT, LD_ZMIN, LD_NEWTON, LD_NRES, LD_NCOL
};

typedef struct {
  mb_par *p;             /* the model's default parameters */
  int nb;
  long n;                /* rows filled: steps 0 .. n-1 */
  double (*v)[LD_NCOL];
  int nsnap;             /* snapshots requested */
  const double *tsnap;
  double *snap;          /* nsnap x 6 nb: both ends of every bar */
  lg_body *last;         /* the state at the last step */
  double cpu;            /* processor seconds of the run */
} ld_run;

/* the Newton tolerance of the implicit runs: a residual test at the
   round-off of residuals in m/s for velocities of a few m/s, fixed before
   the package's default became the round-off rule on the correction */
#define LD_NEWTON_TOL 1e-14

/* Run SCHEME on MODEL for T at step h, with diagnostics at every step and
   snapshots at the times tsnap (may be NULL); exits on failure. */
void ld_simulate(ld_run *r, const char *model, const char *scheme, double h, double T,
                 const double *tsnap, int nsnap);
void ld_free(ld_run *r);
/* both ends of every bar: x_i -+ R_i (0, 0, l_i), l_i the largest |P| of body
   i's joint points (half the bar length for the mast) */
void ld_bar_ends(const mb_par *p, const lg_body *q, double *ends);
/* index of the body named name, or -1 */
int ld_body(const mb_par *p, const char *name);
/* largest of column c over rows k0 .. k1 */
double ld_max(const ld_run *r, int c, long k0, long k1);

/* the quantities of the six registered claims over the span [0, T] of a run
   at step h: completed fraction, extent ratio, largest acceleration
   residual, |BV| and |Phi| growth (largest over [0, T] over largest over
   [0, T/2]), largest
   orthogonality error; all over the two monitored bars */
void ld_claims(const ld_run *r, double h, double T, double out[6]);

#endif
