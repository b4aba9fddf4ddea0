/* internal.h: what the files of huang2022's schemes share and nothing
   outside them uses: the sides of a joint, the length scale and the
   round-off floor, the spectral radius of generalized-alpha, the scheme
   records. */
#ifndef SCHEME_HUANG2022_INTERNAL_H
#define SCHEME_HUANG2022_INTERNAL_H
#include <float.h>
#include <math.h>
#include "core/lg.h"
#include "model/multibody.h"

/* HG_EXPAND: always inlined; HG_UNROLL: the loop that follows unrolled (GCC) */
#if defined(__GNUC__)
#define HG_EXPAND __attribute__((always_inline))
#else
#define HG_EXPAND
#endif
#if defined(__GNUC__) && !defined(__clang__)
#define HG_UNROLL _Pragma("GCC unroll 18")
#else
#define HG_UNROLL
#endif

/* the sides of a joint and the largest magnitude, inline (called for
   every joint at every iteration, and at every step) */
typedef struct {
  int body;              /* body index or MB_GROUND */
  const double *P;       /* the point: body frame, or space for the ground */
  double s;              /* +1 on side a, -1 on side b */
} hg_side;

static inline hg_side hg_joint_side(const mb_par *p, int k, int side)
{
  const mb_joint *j = &p->topo->joint[k];
  hg_side d = {side == 0 ? j->a : j->b, mb_joint_par(p, k) + 3 * side, side == 0 ? 1.0 : -1.0};
  return d;
}
static inline double hg_amax(const double *v, int n)
{
  double m = 0;
  for (int i = 0; i < n; i++) {                  /* fmax without the call: */
    double a = fabs(v[i]);                       /* a NaN is skipped, as fmax skips it */
    if (a > m) m = a;
  }
  return m;
}

/* the length scale of the round-off floor (blocks.c) */
double hg_length(const mb_par *p, const lg_body *q);

/* The Newton tolerance: the caller's, but never below 4 DBL_EPSILON times
   the size of the largest term of the residual (its round-off floor). */
#define HG_FLOOR (4 * DBL_EPSILON)
#define HG_RHO 0.9                               /* spectral radius at infinity (huang2022) */

/* the scheme records: dh.c, galpha.c, heavytop.c */
extern const lg_scheme_type hg_scheme_dh, hg_scheme_rl, hg_scheme_dl, hg_scheme_ga;
extern const lg_scheme_type hg_scheme_htrl, hg_scheme_htga;
#endif
