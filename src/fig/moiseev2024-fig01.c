/* moiseev2024-fig01.c: energy of a planar pendulum under classical RK4. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "num/rk.h"

typedef struct { double g, l; } pend;

static int pend_rhs(double t, const double *y, double *dy, void *par)
{
  const pend *p = par;
  (void)t;
  dy[0] = y[1];
  dy[1] = -p->g / p->l * sin(y[0]);
  return 0;
}

static double pend_energy(const pend *p, const double *y)
{
  return 0.5 * p->l * p->l * y[1] * y[1] - p->g * p->l * cos(y[0]);   /* per unit mass */
}

int main(void)
{
  pend p = {9.8, 1.0};
  double y[2] = {1.5, 0.0}, h = 0.1, E0;
  long n = 2000;
  rk_fixed *w = rk_fixed_alloc(rk_classical4, 2, pend_rhs, &p);
  if (!w) return 1;
  E0 = pend_energy(&p, y);
  printf("# moiseev2024 Fig. 1 (our parameters): planar pendulum m = 1 kg, l = 1 m, g = 9.8,\n"
         "# theta0 = 1.5 rad, omega0 = 0, classical RK4, h = 0.1 s, 200 s\n"
         "# t theta omega relE\n");
  for (long k = 0; k <= n; k++) {
    if (k > 0 && rk_fixed_step(w, (double)(k - 1) * h, h, y) != LG_OK) return 1;
    if (k % 2 == 0)
      printf("%.10g %.10g %.10g %.10g\n", (double)k * h, y[0], y[1],
             (pend_energy(&p, y) - E0) / fabs(E0));
  }
  rk_fixed_free(w);
  return 0;
}
