/* pend2d.h: the planar pendulum of sun2022 Sec. 4: parameters, vector field,
   energy, exact solution, output row. */
#ifndef PEND2D_H
#define PEND2D_H
#include <stddef.h>
#include "core/lg.h"

typedef struct {
  double m;        /* mass (kg) */
  double J;        /* moment of inertia about the pivot (kg m^2) */
  double l;        /* pivot to centre of mass (m) */
  double g;        /* gravitational acceleration (m/s^2) */
  double theta0;   /* initial angle from the downward vertical (rad) */
  double omega0;   /* initial angular velocity (rad/s) */
} pend2d_params;

#define PEND2D_COLUMNS "t,theta,omega,energy"
#define PEND2D_NCOL 4
enum { PEND2D_T = 0, PEND2D_THETA = 1, PEND2D_OMEGA = 2, PEND2D_ENERGY = 3 };
extern const lg_model pend2d_model;
extern const lg_model *const pend2d_models[];
int pend2d_check(void *par, int reortho, char *msg, size_t msglen);
void pend2d_row(const void *par, const lg_state *s, double *out);
double pend2d_omega_n(const pend2d_params *p);
double pend2d_energy(const pend2d_params *p, double theta, double omega);
int pend2d_exact(const pend2d_params *p, double t, double *theta, double *omega);
void pend2d_set_state(lg_state *s, double t, double theta, double omega);
/* y' = f(y) for y = (theta, omega), GSL signature, params a pend2d_params */
int pend2d_rhs(double t, const double *y, double *dydt, void *params);

#endif
