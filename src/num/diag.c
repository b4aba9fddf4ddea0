/* diag.c: defects of computed solutions. */
#include <math.h>
#include "lie/so3.h"
#include "num/diag.h"

double diag_orth_err(const double R[9])
{
  return so3_orth_err(R);
}

double diag_unit_drift(const double v[3])
{
  return fabs(so3_norm(v) - 1.0);
}

double diag_abs_drift(const double *x, size_t n, size_t stride)
{
  double d = 0;
  if (n == 0) return 0;
  for (size_t k = 0; k < n; k++) {
    double e = fabs(x[k * stride] - x[0]);
    if (isnan(e)) return e;            /* a failed run is never a good one */
    if (e > d) d = e;
  }
  return d;
}

double diag_rel_drift(const double *x, size_t n, size_t stride)
{
  if (n == 0) return 0;
  return diag_abs_drift(x, n, stride) / fabs(x[0]);
}
