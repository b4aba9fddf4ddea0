/* diag.h: defects of computed solutions: orthogonality, unit length, drift. */
#ifndef NUM_DIAG_H
#define NUM_DIAG_H
#include <stddef.h>

/* ||I - R R^T||_F */
double diag_orth_err(const double R[9]);
/* | |v| - 1 | */
double diag_unit_drift(const double v[3]);
/* max_k |x_k - x_0| / |x_0| over x_k = x[k*stride], k < n (NaN if x_0 = 0) */
double diag_rel_drift(const double *x, size_t n, size_t stride);
/* max_k |x_k - x_0| */
double diag_abs_drift(const double *x, size_t n, size_t stride);

#endif
