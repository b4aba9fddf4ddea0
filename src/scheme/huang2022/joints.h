/* joints.h: the blocks of a joint, static in each file that includes it
   (dh.c and galpha.c, which call them for every joint at every iteration),
   so that each is compiled there as it was when the schemes were one file. */
#ifndef SCHEME_HUANG2022_JOINTS_H
#define SCHEME_HUANG2022_JOINTS_H
#include "scheme/huang2022/internal.h"
/* G = -s R hat(P): the block of B that multiplies W of the side's body */
static void hg_rot_block(double G[9], const hg_side *d, const double R[9])
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
static void hg_gtx(double y[3], const double G[9], const double x[3], const double J[3])
{
  for (int a = 0; a < 3; a++) y[a] = (G[a] * x[0] + G[3 + a] * x[1] + G[6 + a] * x[2]) / J[a];
}

#endif
