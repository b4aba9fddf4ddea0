/* huang2022.h: the general-format LGVI (DH), RATTLie, the discrete
   Euler-Lagrange variant (DL) and the Lie group generalized-alpha method,
   on rigid bodies joined by joints and on the heavy top. */
#ifndef SCHEME_HUANG2022_H
#define SCHEME_HUANG2022_H
#include "core/lg.h"
#include "num/newton.h"
#include "model/heavytop.h"
#include "model/multibody.h"

/* c[0..5] = sinc t, cosc t, sinc'(t)/t, cosc'(t)/t, d(t), d'(t)/t, where
   d = (1 - (t/2) cot(t/2))/t^2 is the coefficient of T^{-1} = I + hat/2 + d hat^2 */
void hg_coef(double c[6], double t);

enum { HG_FORM_DH = 0, HG_FORM_RL = 1 };
/* G(th) and, unless A is NULL, A = dG/dth, for the principal inertia J:
   DH: G = (F J_d - J_d F^T)^vee = a J th + b th x J th, F = exp(hat th)
   RL: G = T^{-T}(-th) J th = J th + th x J th / 2 + d th x (th x J th) */
void hg_G(int form, const double J[3], const double th[3], double G[3], double *A);

/* Stage 1 of DH, RATTLie and DL on a multibody system: unknowns
   z = (theta_1..theta_nb [rad], Lambda_1..Lambda_nj [kg m]), residual
   (J_i^{-1} G(theta_i) - h W_i + J_i^{-1} sum_k B_W,ki(q_n)^T Lambda_k [rad],
    Phi_k(q_{n+1}) [m]), q_{n+1} = (R_n exp(theta), x_n + h v + h^2 g/2 - M^{-1} B_v^T Lambda) */
typedef struct {
  const mb_par *p;
  int form, nb, nj, n;
  double h;
  const lg_body *q0;     /* q_n */
  double *c;             /* 3 nb: h W_in (rad) */
  double *xb;            /* 3 nb: x_n + h v_in + h^2 g gdir / 2 */
  double *G0;            /* 18 nj: rotational blocks of B at q_n */
  lg_body *q1;           /* q_{n+1} at the last evaluation ... */
  double *F;             /* 9 nb: ... F_i = exp(theta_i) there ... */
  double *zlast;         /* ... and where it was made */
  int *bptr, *bside;     /* the joint sides 2 k + s on body i: bside[bptr[i] .. bptr[i+1]-1] */
  int general;           /* 1: the rows of every kind of joint; 0: spherical joints' code */
  double *B0;            /* general: joint k's two m_k x 6 blocks of B(q_n) at 12 mb_jrow(k) */
  double *T;             /* general: 9 nb, dexp(theta_i) at the last evaluation */
  double *y;             /* general: 6 nb, B_W(q_n)^T Lambda and B_v(q_n)^T Lambda per body */
  const int *copyof;     /* general: the joint each joint repeats, or -1 (sec:mb-copies);
                            NULL without copies */
} hg_s1;

/* Lambda: 3 per spherical joint, mb_joint_nrows of its kind otherwise
   (joint k's from mb_jrow(k)), so that n = 3 nb + nc.  hg_s1_alloc takes
   the spherical joints' own code when every joint is spherical and the
   rows of mb_joint_eval otherwise; hg_s1_alloc_rows always the rows (for
   the tests: on spherical joints they compute the same, in another order) */
hg_s1 *hg_s1_alloc(const mb_par *p, int form);
hg_s1 *hg_s1_alloc_rows(const mb_par *p, int form);
void hg_s1_free(hg_s1 *s);
/* set up the step from q0 with incoming velocities vin (W, v of each body) */
void hg_s1_set(hg_s1 *s, const lg_body *q0, const lg_body *vin, double h);
/* the residual and dense Jacobian, by the code hg_s1_alloc chose */
int hg_s1_fdf(const double *z, void *par, double *r, double *Jac);
/* the same writing its Jacobian through newton_jac_at (num/newton.h):
   spherical joints' own code, and the rows of every kind */
int hg_s1_jfdf(const double *z, void *par, double *r, newton_jac *Jac);
int hg_s1_jfdf_rows(const double *z, void *par, double *r, newton_jac *Jac);
/* after a solve: the impulse of Lambda on each body, y (6 nb) = (B_W,i(q_n)^T
   Lambda, B_v,i(q_n)^T Lambda) summed over the joints at body i */
void hg_s1_impulse(const hg_s1 *s, const double *Lambda, double *y);

/* The end of a step of DH or RATTLie with applied forces that depend on
   the velocities: unknowns u = (V_{n+1} (W, v of each body), mu (nc)),
   residual (V - V* - h/2 M^{-1} f_a(q, V) + M^{-1} B^T mu, B V) at
   q = q_{n+1}, Jacobian [I - h/2 M^{-1} K_v, M^{-1} B^T; B, 0], dense */
typedef struct {
  const mb_par *p;
  int nb, nc, n;         /* n = 6 nb + nc */
  double h, t;           /* the step; the time of q (for a callback) */
  lg_body *q;            /* q_{n+1}, its V written at each evaluation */
  double *Vs;            /* 6 nb: V* */
  double *B, *Kq, *Kv;   /* nc x 6 nb at q; the force Jacobians, 36 nb^2 each */
  double *f;             /* 6 nb: f_a at the last evaluation */
  double fscale;         /* h/2 max |M^{-1} f_a(q, V*)| */
  int *sg;               /* NULL: dense; else the structured form (hg_end_jfdf):
                            B by joints (two m_k x 6 blocks at 12 mb_jrow(k)),
                            no dense K, and ns: where spring k's group of
                            copies (V_a, then V_b: 12) starts after 6 nb, or -1 */
} hg_end;
hg_end *hg_end_alloc(const mb_par *p);
/* the structured form of a model without a force callback: mu_k by joints
   (joint k's at 6 nb + mb_jrow(k)), then the springs' copies
   (section sec:mb-spring-sparse), and its solver in *nw */
hg_end *hg_end_alloc_sparse(const mb_par *p, struct newton_ws **nw);
int hg_end_jfdf(const double *u, void *par, double *r, newton_jac *Jac);
void hg_end_free(hg_end *e);
/* q: positions q_{n+1} and velocities V*; h the step, t the time of q */
void hg_end_set(hg_end *e, const lg_body *q, double h, double t);
int hg_end_fdf(const double *u, void *par, double *r, double *Jac);

/* The Lie group generalized-alpha method (index 3) on a multibody system:
   unknowns z = (u_i = c_q dV_i (6 per body), Lambda_k = c_q lambda_k),
   residual (c_q M^{-1} (M dV - f + B^T lambda), Phi(q_{n+1})). */
typedef struct {
  const mb_par *p;
  int nb, nj, n;
  int applied;           /* the model has springs, forces or torques */
  double cq, cvq;        /* c_q = h^2 beta (1-af)/(1-am), gamma/(h beta) */
  const lg_body *q0;
  double *dq0, *V0;      /* 6 nb: increment and velocity for u = 0 */
  lg_body *q1;           /* q_{n+1}, V_{n+1} at the last evaluation ... */
  double *zlast;         /* ... and where it was made */
  double *f;             /* 6 nb scratch; with applied forces 6 nb + 72 nb^2:
                            their f_a, then K_q and K_v (mb_applied_jac) */
  int *goff;             /* NULL when every joint is spherical; else (nj + 1)
                            where each joint's group of unknowns (its
                            multipliers, then its copies) starts after 6 nb */
  double *T;             /* with goff: 9 nb, dexp of each body's increment */
  int *sg;               /* NULL: the springs' coupling written densely; else
                            (the structured solver, hg_ga_springs) ns: where
                            spring k's group of copies (u_a, then u_b: 12)
                            starts after 6 nb, or -1 */
} hg_ga;

hg_ga *hg_ga_alloc(const mb_par *p);
void hg_ga_free(hg_ga *g);
/* the step's data for a start at q with zero accelerations, rho_inf = 0.9:
   where a test of the Newton Jacobian, or a study, evaluates the residual */
void hg_ga_set_at_rest(hg_ga *g, const lg_body *q, double h);
int hg_ga_fdf(const double *z, void *par, double *r, double *Jac);
int hg_ga_jfdf(const double *z, void *par, double *r, newton_jac *Jac);
/* the same for a model with a joint other than spherical (g->goff set):
   z = (u_i, then per joint Lambda_k and its mb_joint_ncopy copies of the
   two bodies' u, mb_joint_copy), residual (..., Phi_k, copies minus the
   u they copy) */
int hg_ga_jfdf_joints(const double *z, void *par, double *r, newton_jac *Jac);
/* the same with the springs, forces and torques of the model (its dense
   Jacobian cleared first), and its dense form for the tests */
int hg_ga_jfdf_applied(const double *z, void *par, double *r, newton_jac *Jac);
int hg_ga_fdf_applied(const double *z, void *par, double *r, double *Jac);
/* with springs and the structured solver: the springs' groups of copies
   (12: u_a, then u_b) after the joints' groups (section
   sec:mb-spring-sparse), g->sg and g->n set for them; the solver, or NULL */
struct newton_ws *hg_ga_springs(hg_ga *g, int solver);

/* The heavy top: RATTLie (kind HG_HT_RL), three unknowns theta [rad],
   residual G(theta) - h (J W_n + h tau_n / 2) [kg m^2], as the LGVI's; or
   generalized-alpha (HG_HT_GA), unknowns u = c_q dW [rad], residual
   u - c_q J^{-1} (J W x W + tau) [rad]. */
enum { HG_HT_RL = 0, HG_HT_GA = 1 };
typedef struct {
  const ht_params *p;
  int kind;
  double R0[9];          /* R_n */
  double c[3];           /* RL: h (J W_n + h tau_n / 2);  GA: dTheta for u = 0 */
  double V0[3];          /* GA: W_{n+1} for u = 0 */
  double cq, cvq;        /* GA */
  double R1[9], W1[3];   /* GA: at the last evaluation */
  double zlast[3];
} hg_ht;
int hg_ht_fdf(const double *z, void *par, double *r, double *Jac);
void hg_ht_torque(double tau[3], const ht_params *p, const double R[9]);

/* the generalized-alpha coefficients for spectral radius rho at infinity */
void hg_ga_coef(double rho, double *am, double *af, double *gam, double *beta);

extern const lg_scheme_type *const huang2022_schemes[];
#endif
