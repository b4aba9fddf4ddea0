/* liang2023.h: Lie group Runge-Kutta schemes for the multibody family:
   RKMK4 on the index-1 form, RKMK4 with the position and velocity
   projection of the stabilised form, and the Lie group implicit midpoint
   rule on the index-2 form; and, for the tests, the implicit residual. */
#ifndef SCHEME_LIANG2023_H
#define SCHEME_LIANG2023_H
#include <stddef.h>
#include "core/lg.h"

extern const lg_scheme_type *const liang_schemes[];

/* Residual F and Jacobian J (n x n, row-major; J may be NULL) of the
   implicit midpoint step from the state held by ws, a workspace of the
   scheme imid-index2 after init.  Unknowns x = (U, nu): the midpoint
   velocities U (6 nb) and the multiplier impulses nu = h lambda / 2 (nc);
   with a joint other than spherical, by joints: nu_k and the
   mb_joint_ncopy copies of the two bodies' U. */
int liang_mid_fdf(const double *x, void *ws, double *F, double *J);
/* n = 6 nb + nc, plus the copies */
size_t liang_mid_dim(const void *ws);
/* the starting guess of the next step: half an explicit Euler step */
int liang_mid_guess(void *ws, double *x);

#endif
