/* heavytop.h: rigid body about a fixed pivot under gravity (3D pendulum). */
#ifndef MODEL_HEAVYTOP_H
#define MODEL_HEAVYTOP_H
#include <stddef.h>
#include "core/lg.h"

typedef struct {
  double m, g;        /* mass (kg); gravitational acceleration (m/s^2) */
  double gdir[3];     /* unit vector along which gravity acts (spatial) */
  double J[3];        /* principal moments of inertia about the pivot (body) */
  double rho[3];      /* pivot to centre of mass (body) */
  double R0[9];       /* initial rotation, body to space, row-major */
  double W0[3];       /* initial body angular velocity */
} ht_params;

#define HT_COLUMNS "t,R11,R12,R13,R21,R22,R23,R31,R32,R33,W1,W2,W3,energy,Lvert,orth_err"
#define HT_NCOL 16
/* dW = J^{-1} (J W x W + m g rho x R^T gdir): Euler's equation */
void ht_rhs_w(double dW[3], const ht_params *p, const double R[9], const double W[3]);
/* y' = f(y) for y = (R row-major, W), GSL signature, params an ht_params */
int ht_rhs(double t, const double *y, double *dydt, void *params);
double ht_energy(const ht_params *p, const double R[9], const double W[3]);
double ht_lvert(const ht_params *p, const double R[9], const double W[3]);
int ht_check(void *par, int reortho, char *msg, size_t n);
void ht_row(const void *par, const lg_state *s, double *out);

extern const lg_model ht_pendulum3d;
extern const lg_model *const rb_models[];

#endif
