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
/* the bounds on the work of one call of ref_advance */
#define REF_MAX_EVALS 50000L   /* right-hand side evaluations */
#define REF_HMIN_REL 1e-12     /* smallest step, relative to the end time t1 */
/* adaptive rk8pd with absolute = relative tolerance tol */
ref_solver *ref_alloc(size_t dim, rk_rhs_fn f, void *params, double tol);
/* integrate y from *t to t1 >= *t; *t = t1 on success; LG_OK, LG_EINVAL
   (t1 < *t), LG_EWORK (the step fell below REF_HMIN_REL t1, or the call
   reached REF_MAX_EVALS evaluations: *t and y are where it stopped) or
   LG_ESOLVER (the right-hand side failed, or the step underflowed) */
int ref_advance(ref_solver *w, double *t, double t1, double *y);
/* the last failure of ref_advance in words (t and the step reached), or "" */
const char *ref_why(const ref_solver *w);
/* the caller has changed y between two calls (a projection): the next step
   evaluates its first stage at the new y */
void ref_restart(ref_solver *w);
/* the time and step size reached so far (for a progress report) */
void ref_where(const ref_solver *w, double *t, double *h);
/* a function this thread's reference solvers call every REF_WATCH_EVALS
   evaluations inside ref_advance, with the time and step size reached (a
   program's progress report); NULL: none */
typedef void (*ref_watch_fn)(void *ctx, double t, double h);
#define REF_WATCH_EVALS 2048L
void ref_set_watch(ref_watch_fn fn, void *ctx);
void ref_free(ref_solver *w);

#endif
