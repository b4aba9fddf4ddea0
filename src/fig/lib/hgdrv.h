/* hgdrv.h: runs shared by the figure drivers of the huang2022 chapter. */
#ifndef HGDRV_H
#define HGDRV_H
#include "core/lg.h"
#include "model/multibody.h"

/* Every step of one run on a two-body model: rod 2's mass centre and body
   angular velocity, the energy, the orthogonality of each rod, and the
   velocity-constraint violation |(B V)_2| at joint A and the largest over
   both joints, the largest joint residual |Phi_k|; for a run of "dl" also the violation of the
   one-sided velocity M^{-1} p^- (see the chapter). */
typedef struct {
  long n;                        /* rows: t = 0, h, ..., (n-1) h */
  double h;
  double *x2, *W2;               /* 3 n each */
  double *E, *orth1, *orth2, *dphiA, *dphiA1, *phi, *dphi;   /* n each */
  mb_par *p;                     /* the model's parameters */
  lg_body prev[2];               /* scratch of the one-sided estimate */
  int onesided;
} hg_rec;

/* Run scheme (family multibody) on model for T seconds at step h, with
   Newton solved to round-off; exits with a message if anything fails. */
void hg_record(hg_rec *r, const char *model, const char *scheme, double h, double T);
void hg_rec_free(hg_rec *r);
/* Run the following records with gravity g (m/s^2) instead of the model's
   value; 0 restores the model's value (the open g of the sensitivity pass). */
void hg_set_gravity(double g);
/* Start the following records with rod 1 turning at w rad/s about its body X
   axis (the model starts it at rest); 0 restores the model's start.  A
   perturbation far below anything the paper could state: beyond the horizon
   of the chaotic motion, the members of such an ensemble are equally valid
   runs of the paper's problem. */
void hg_set_spin(double w);
/* The state of every body at time T (nb of them, into q). */
void hg_final(lg_body *q, const char *model, const char *scheme, double h, double T);
/* largest |a - b| over the entries of R and x (pos) and of W and v (vel) */
void hg_state_diff(const lg_body *a, const lg_body *b, int nb, double *pos, double *vel);
/* the largest |v[i stride]| over i0 <= i < i1 */
double hg_max(const double *v, long i0, long i1, long stride);

/* Figs. 3 and 4: component 0 of rod 2's mass centre (W = 0) or body
   angular velocity (W = 1) of DH, RATTLie and generalized-alpha against the
   reference over 50 s, and the summary the claim checks read. */
void hg_trajectory_figure(int W);
#endif
