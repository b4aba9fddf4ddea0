/* sun2022-planar.h: the schemes of the planar pendulum (sun2022 Sec. 4) and
   the residual access of the unit tests. */
#ifndef SCHEME_SUN2022_PLANAR_H
#define SCHEME_SUN2022_PLANAR_H
#include <stddef.h>
#include "core/lg.h"
#include "model/pend2d.h"

extern const lg_scheme_type *const pend2d_schemes[];
size_t pend2d_ws_dim(const void *ws);
int pend2d_ws_load(void *ws, double theta, double omega);
int pend2d_ws_unknowns(const void *ws, double theta1, double omega1, double *x);
int pend2d_ws_fdf(const double *x, void *ws, double *f, double *J);
int pend2d_ws_set_warm(void *ws, int on);

#endif
