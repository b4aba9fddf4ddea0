/* lgvi.h: Lie group variational integrators (bai2015, moiseev2024). */
#ifndef LGVI_H
#define LGVI_H
#include "core/lg.h"
#include "num/newton.h"

enum { LGVI_CAYLEY = 0, LGVI_EXP = 1, LGVI_EXP_DIRECT = 2 };

typedef struct {
  double a[3];           /* right-hand side h Pi_k + h^2/2 M_k */
  double J[3];           /* principal moments */
  double fc[3], sc[2];   /* exponential: last f evaluated and its sinc, cosc */
} lgvi_eq;

typedef struct {
  int map;               /* LGVI_CAYLEY, LGVI_EXP or LGVI_EXP_DIRECT */
  double mg;             /* m g */
  double gdir[3];        /* gravity direction of the torque, spatial */
  double rho[3];         /* offset of the centre of mass, body frame */
  double J[3];           /* principal moments */
  double tol;            /* Newton residual tolerance */
  int maxiter;           /* Newton iteration cap */
  newton_ws *nw;         /* GSL multiroot Newton, allocated once (NULL for direct) */
  double R[9], Pi[3], M[3];  /* state and torque at step k */
  double f[3];           /* last solved parameter of F */
  double fh[3][3];       /* the last three solved f, newest first */
  int nh;                /* how many of them are valid (0..3) */
} lgvi_rot;
void lgvi_torque(double M[3], double mg, const double rho[3], const double gdir[3],
                 const double R[9]);
void lgvi_exp_coef(double c[4], double theta);
int lgvi_cay_fdf(const double *f, void *eq, double *G, double *DG);
int lgvi_exp_fdf(const double *f, void *eq, double *G, double *DG);
int lgvi_exp_direct(double f[3], lgvi_eq *eq, double tol, int maxiter,
                    int *iters, double *resid);
int lgvi_rot_init(lgvi_rot *w, int map, double mg, const double gdir[3],
                  const double rho[3], const double J[3], const lg_opts *opt);
void lgvi_rot_set(lgvi_rot *w, const double R[9], const double W[3]);
int lgvi_rot_step(lgvi_rot *w, double h, double F[9], int *iters, double *resid);
void lgvi_rot_free(lgvi_rot *w);

extern const lg_scheme_type *const lgvi_schemes[];
#endif
