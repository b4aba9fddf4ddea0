/* rk.h: classical Runge-Kutta steppers, a fixed-step driver and an
   adaptive reference solver, all over GSL's odeiv2. */
#ifndef NUM_RK_H
#define NUM_RK_H
#include <stddef.h>
#include <gsl/gsl_odeiv2.h>

/* textbook RK4: one step of size h (GSL's rk4 does step doubling) */
extern const gsl_odeiv2_step_type *rk_classical4;
/* Kutta's classical third-order method */
extern const gsl_odeiv2_step_type *rk_classical3;
/* right-hand side y' = f(t, y), the same signature as GSL's */
typedef int (*rk_rhs_fn)(double t, const double *y, double *dydt, void *params);
typedef struct rk_fixed rk_fixed;
rk_fixed *rk_fixed_alloc(const gsl_odeiv2_step_type *T, size_t dim,
                         rk_rhs_fn f, void *params);
/* y <- y(t + h) by one step; LG_OK, or LG_ESOLVER if f failed (y unchanged
   for the classical types) */
int rk_fixed_step(rk_fixed *w, double t, double h, double *y);
void rk_fixed_free(rk_fixed *w);
typedef struct ref_solver ref_solver;
/* adaptive rk8pd with absolute = relative tolerance tol */
ref_solver *ref_alloc(size_t dim, rk_rhs_fn f, void *params, double tol);
/* integrate y from *t to t1 >= *t; *t = t1 on success; LG_OK, LG_EINVAL
   (t1 < *t) or LG_ESOLVER */
int ref_advance(ref_solver *w, double *t, double t1, double *y);
void ref_free(ref_solver *w);

#endif
