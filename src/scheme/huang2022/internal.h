/* internal.h: what the files of huang2022's schemes share and nothing
   outside them uses: the sides of a joint, the joint blocks, the round-off
   floor, the spectral radius of generalized-alpha, the scheme records. */
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

/* the sides and blocks of a joint and the largest magnitude, inline
   (called for every joint at every iteration, and at every step) */
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
/* G = -s R hat(P): the block of B that multiplies W of the side's body */
static inline void hg_rot_block(double G[9], const hg_side *d, const double R[9])
{
  const double *P = d->P;
  for (int i = 0; i < 3; i++) {
    const double *r = R + 3 * i;
    G[3 * i + 0] = -d->s * (r[1] * P[2] - r[2] * P[1]);
    G[3 * i + 1] = -d->s * (r[2] * P[0] - r[0] * P[2]);
    G[3 * i + 2] = -d->s * (r[0] * P[1] - r[1] * P[0]);
  }
}

/* y = G^T x / J (componentwise) */
static inline void hg_gtx(double y[3], const double G[9], const double x[3], const double J[3])
{
  for (int a = 0; a < 3; a++) y[a] = (G[a] * x[0] + G[3 + a] * x[1] + G[6 + a] * x[2]) / J[a];
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
