/* offsetbody.h: the body with centre-of-mass offset of bai2015, Eqs. 29-32. */
#ifndef OFFSETBODY_H
#define OFFSETBODY_H
#include <stddef.h>
#include "core/lg.h"

typedef struct {
  double m, g;          /* mass, gravitational acceleration */
  double gdir_rot[3];   /* direction gravity pulls the centre of mass (torque) */
  double gdir_tr[3];    /* direction gravity pulls the body origin (translation) */
  double J[3];          /* principal moments of inertia about the body origin */
  double r[3];          /* body origin to centre of mass, body frame */
  double R0[9];         /* initial rotation, body to space */
  double W0[3];         /* initial body angular velocity */
  double b0[3];         /* initial spatial position of the body origin */
  double v0[3];         /* initial velocity of the body origin, BODY frame */
} ob_params;

#define OB_COLUMNS "t,R11,R12,R13,R21,R22,R23,R31,R32,R33,W1,W2,W3," \
                   "x1,x2,x3,v1,v2,v3,energy,Lvert,orth_err"
#define OB_NCOL 22

void ob_torque(double tau[3], const ob_params *p, const double R[9]);
double ob_energy(const ob_params *p, const double R[9], const double W[3],
                 const double b[3], const double v[3]);
double ob_lvert(const ob_params *p, const double R[9], const double W[3]);
int ob_rhs18(double t, const double *y, double *dy, void *par);
int ob_check(void *par, int reortho, char *msg, size_t n);
void ob_row(const void *par, const lg_state *s, double *out);
extern const lg_model offsetbody_model;
#endif
