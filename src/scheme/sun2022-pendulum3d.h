/* sun2022-pendulum3d.h: the five 3D pendulum schemes of sun2022 (Eqs. 69-87), family heavytop. */
#ifndef P3D_H
#define P3D_H
#include "core/lg.h"
#include "model/heavytop.h"
#include "num/newton.h"

typedef struct {
  double W[3];     /* body angular velocity */
  double G[9];     /* row i holds Gamma_i = R^T e_i (so G is R, row-major) */
  double Gg[3];    /* Gamma = R^T gdir, the direction of gravity in the body */
  double th[3];    /* Cardan angles, R = Rx(th0) Ry(th1) Rz(th2) */
} p3d_point;

typedef struct {
  ht_params p;     /* model parameters */
  double h;        /* step size */
  p3d_point pt;    /* the state at t_k */
  double W[3];     /* = pt.W, omega_k (a copy, for brevity in the formulas) */
} p3d_step;
typedef struct {
  const char *name;          /* scheme name in the table */
  size_t n;                  /* number of unknowns */
  newton_fdf_fn fdf;         /* residual and Jacobian; params is a p3d_step */
  void (*unknowns)(double *x, const p3d_step *st, const p3d_point *next);
  void (*next)(p3d_point *next, const p3d_step *st, const double *x);
  int full_R;                /* 1 if the form knows all of R */
} p3d_form;

extern const lg_scheme_type *const p3d_schemes[];

const p3d_form *p3d_form_find(const char *name);
void p3d_step_init(p3d_step *st, const ht_params *p, double h,
                   const double R[9], const double W[3]);
void p3d_point_set(p3d_point *pt, const double gdir[3], const double R[9],
                   const double W[3]);
void p3d_gamma(double G[3], const double gdir[3], const double R[9]);
void p3d_cardan_angles(double a[3], const double R[9]);
double p3d_energy(const ht_params *p, const double R[9], const double W[3]);
double p3d_lvert(const ht_params *p, const double R[9], const double W[3]);
#endif
