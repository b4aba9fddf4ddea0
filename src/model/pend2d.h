/* pend2d.h: the planar pendulum of sun2022 Sec. 4, its schemes, and the
   trajectory and measurement helpers its drivers and checks share. */
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
extern const lg_scheme_type *const pend2d_schemes[];
size_t pend2d_ws_dim(const void *ws);
int pend2d_ws_load(void *ws, double theta, double omega);
int pend2d_ws_unknowns(const void *ws, double theta1, double omega1, double *x);
int pend2d_ws_fdf(const double *x, void *ws, double *f, double *J);
int pend2d_ws_set_warm(void *ws, int on);
typedef struct {
  char name[48];         /* set name, as after "# set" */
  int ncol;              /* columns per row */
  long nrow, cap;
  double *v;             /* v[i*ncol + j] */
  long steps;            /* steps taken (runs only) */
  double iters;          /* Newton iterations summed over the steps (runs only) */
} pend2d_set;

int pend2d_run_set(pend2d_set *s, const char *scheme, const pend2d_params *p,
                   const lg_opts *opt, double h, long nsteps, long every);
int pend2d_set_push(pend2d_set *s, const double *row);
void pend2d_set_free(pend2d_set *s);
int pend2d_dat_read(const char *path, pend2d_set *sets, int maxsets, int *nsets);
const pend2d_set *pend2d_dat_find(const pend2d_set *sets, int nsets, const char *name);
double pend2d_maxdiff(const pend2d_set *a, const pend2d_set *b, int col, double t0, double t1);
double pend2d_maxabs(const pend2d_set *a, int col, double t0, double t1);
double pend2d_lag(const pend2d_set *a, const pend2d_set *ref, double tend);
double pend2d_ampl_loss(const pend2d_set *a);
double pend2d_energy_maxrel(const pend2d_set *a, double t0, double t1);

#endif
