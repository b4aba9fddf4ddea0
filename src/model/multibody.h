/* multibody.h: rigid bodies joined by spherical joints under uniform gravity:
   parameters, constraints and their Jacobians, energy, projections, model
   files. */
#ifndef MODEL_MULTIBODY_H
#define MODEL_MULTIBODY_H
#include <stddef.h>
#include <string.h>
#include "core/lg.h"
#include "num/newton.h"

#define MB_GROUND (-1) /* the side of a joint fixed in space */

/* the kinds of joint (section (mb-joints)), their words in a model file and
   the constraint rows each adds */
enum { MB_SPHERICAL = 0, MB_REVOLUTE, MB_WELD, MB_PRISMATIC, MB_CYLINDRICAL, MB_UNIVERSAL,
       MB_NKIND };
extern const char *const mb_joint_kind[MB_NKIND];
extern const int mb_joint_nrows[MB_NKIND];
/* two unit vectors e1, e2 with (u, e1, e2) orthonormal and right-handed, u a
   unit vector: the normals of a joint's axis */
void mb_perp(const double u[3], double e1[3], double e2[3]);

typedef struct {
  int a, b; /* body indices, or MB_GROUND */
} mb_joint;

/* A force callback (the library's lgr_set_force): adds to f (6 nb) per
   body i the torque in its body frame (f[6i..6i+2]) and the force in space
   at its mass centre (f[6i+3..6i+5]) at time t and state q, in the file's
   frames; its Jacobian adds their derivatives as mb_applied_jac writes them */
typedef void (*mb_user_force)(void *ctx, double t, int nb, const lg_body *q, double *f);
typedef void (*mb_user_jac)(void *ctx, double t, int nb, const lg_body *q, double *Kq,
                            double *Kv);
/* the springs, constant forces and constant body torques of a model */
typedef struct mb_loads {
  int ns, nf, nt;  /* how many of each */
  mb_joint *spring;/* ns: the two ends of each spring, as a joint's sides */
  int *fbody;      /* nf: the body each constant force acts on */
  int *tbody;      /* nt: the body each constant torque acts on */
  mb_user_force ufn;  /* a callback, or NULL (only in a copy the library owns) */
  mb_user_jac ujac;   /* its Jacobian, or NULL: central differences */
  void *uctx;
  double t;           /* the time of the callback's next evaluation (mb_at) */
  int np;             /* the first np springs join two points; the other
                         ns - np are joint loads (section sec:mb-jointload) */
  int *jl;            /* 3 per joint load: its joint, coordinate (0, 1) and
                         kind (0 a joint spring, 1 a joint force) */
  int nd;             /* drives (section sec:mb-drive): how many, */
  int *drv;           /* 4 per drive: its joint, coordinate, law (0 speed,
                         1 sine) and the line of its statement, */
  double *dval;       /* 2 per drive: W, 0 or A, OMEGA, */
  int *jdrive;        /* per joint, its drive or -1 (NULL when nd = 0), */
  double td;          /* and the time their rows are evaluated at (mb_drive_at) */
} mb_loads;
/* the loads of a model without any (every count zero) */
extern const mb_loads mb_no_loads;
/* whether a model has applied forces; whether they couple the bodies or
   depend on the state (a spring or a callback: a Newton Jacobian beyond
   the bodies' blocks; a spring's in its group, section sec:mb-spring-sparse,
   a callback's dense) */
static inline int mb_applied_any(const mb_loads *L)
{
  return L->ns + L->nf + L->nt > 0 || L->ufn;
}
static inline int mb_applied_coupled(const mb_loads *L)
{
  return L->ns > 0 || L->ufn;
}

typedef struct {
  int nb, nj, nc;  /* bodies, joints, constraints (3 per spherical joint) */
  mb_joint *joint; /* nj joints */
  char **name;     /* nb body names */
  char *file;      /* where the description came from */
  int *line;       /* line of each body, each joint, gravity, each
                      spring, force and torque, then of each body's six
                      property statements (mass, inertia, position,
                      rotation, angvel, velocity; the body's if absent) */
  double *def;     /* the values the description gave */
  const mb_loads *ld; /* springs, forces and torques, or &mb_no_loads (one
                         pointer: a topology without them keeps its size) */
  int assemble;    /* line of the description's 'assemble' statement, or 0 */
  int user;        /* 0, or (a body has a full inertia tensor) where the
                      user's values start in the parameters: mb_nval(t);
                      then def holds the user's values, 6 nb numbers of
                      the tensors, and per body 3 or 6, how many numbers
                      its inertia statement gave (section sec:mb-tensor) */
  int nxval;       /* values of the joints other than spherical (MB_JXLEN each) */
  int *jinfo;      /* NULL when every joint is spherical; else three numbers
                      per joint: its kind, its first constraint row and where
                      its values start after mb_jointx0 */
} mb_topo;

/* the kind of joint k, its first constraint row, the offset of its values */
static inline int mb_jkind(const mb_topo *t, int k)
{
  return t->jinfo ? t->jinfo[3 * k] : MB_SPHERICAL;
}
static inline int mb_jrow(const mb_topo *t, int k)
{
  return t->jinfo ? t->jinfo[3 * k + 1] : 3 * k;
}
static inline int mb_jxoff(const mb_topo *t, int k)
{
  return t->jinfo ? t->jinfo[3 * k + 2] : 0;
}
/* the number of constraint rows of joint k: those of its kind, and one more
   when a drive prescribes one of its coordinates (section sec:mb-drive) */
static inline int mb_jnrows(const mb_topo *t, int k)
{
  return mb_joint_nrows[mb_jkind(t, k)] + (t->ld->nd > 0 && t->ld->jdrive[k] >= 0);
}

/* What an assembly did (mb_assemble, mb_assembly_report): the rounds of
   Gauss-Newton steps, the largest joint residuals before and after and
   the tolerances they met, and per body (moved[4 i..4 i+3], when moved is not NULL) how
   far it moved: the translation |dx| (m), the rotation angle |log(R0^T R)|
   (rad), |dv| (m/s) and |dW| (rad/s). */
typedef struct {
  int rounds;                 /* calls of mb_project_joints */
  double phi0, phi, tol;      /* m */
  double dphi0, dphi, vtol;   /* m/s */
  double *moved;              /* 4 nb numbers, the caller's, or NULL */
} mb_assembly;

/* The parameter struct of every multibody model: the topology, then a flat
   array of values, laid out as below and named by the model's lg_param table. */
typedef struct {
  const mb_topo *topo;
  double val[];
} mb_par;
/* the time at which a scheme evaluates the applied forces next: recorded
   for a callback, which depends on it (nothing otherwise) */
static inline void mb_at(const mb_par *p, double t)
{
  const mb_loads *L = p->topo->ld;
  if (L->ufn) {
    mb_loads *l;
    memcpy(&l, &L, sizeof l);       /* the library's own copy, never mb_no_loads */
    l->t = t;
  }
}

/* the time at which a scheme evaluates the drives' rows next (section
   sec:mb-drive; nothing for a model without drives) */
static inline void mb_drive_at(const mb_par *p, double t)
{
  const mb_loads *L = p->topo->ld;
  if (L->nd > 0) {
    mb_loads *l;
    memcpy(&l, &L, sizeof l);       /* the model's own, never mb_no_loads */
    l->td = t;
  }
}
/* The check of a multibody model reads its argument reortho as flags:
   1 (any model's reortho), and MB_CHECK_ASSEMBLE, which asks it to
   assemble the initial state first, as the description's 'assemble'
   statement does; the assembled values replace the initial ones in the
   parameters. */
#define MB_CHECK_ASSEMBLE 2
/* What the check's assembly of the parameters given does, without changing
   them (it repeats the same deterministic iteration): LG_OK and the report
   in a (moved: the caller's 4 nb numbers, or NULL), or the status of a
   failed assembly. */
int mb_assembly_report(const mb_par *given, mb_assembly *a);

enum {
  MB_G = 0,
  MB_GDIR = 1,
  MB_BODY0 = 4, /* g, gravity direction, bodies */
  MB_M = 0,
  MB_J = 1,
  MB_R = 4,
  MB_X = 13,
  MB_W = 16,
  MB_V = 19,
  MB_BODYLEN = 22,
  MB_JOINTLEN = 6, /* point on side a, on side b */
  MB_SK = 6,       /* a spring: its two points, then K, C and L0 */
  MB_SC = 7,
  MB_SL = 8,
  MB_SPRINGLEN = 9,
  MB_LOADLEN = 3,  /* a constant force (space) or torque (body frame) */
  MB_JXU = 0,      /* a joint other than spherical: its axis (A's frame), */
  MB_JXV = 3,      /* the universal joint's second axis (A's frame at t = 0), */
  MB_JXROW = 6,    /* then (u, w) of each of its rows after the point rows */
  MB_JXLEN = 36
};

static inline const double *mb_body_par(const mb_par *p, int i)
{
  return p->val + MB_BODY0 + MB_BODYLEN * i;
}
static inline const double *mb_joint_par(const mb_par *p, int k)
{
  return p->val + MB_BODY0 + MB_BODYLEN * p->topo->nb + MB_JOINTLEN * k;
}
static inline const double *mb_spring_par(const mb_par *p, int k)
{
  return mb_joint_par(p, p->topo->nj) + MB_SPRINGLEN * k;
}
static inline const double *mb_load_par(const mb_par *p, int k) /* forces, then torques */
{
  return mb_spring_par(p, p->topo->ld->ns) + MB_LOADLEN * k;
}
/* where the values of the joints other than spherical start, after the loads */
static inline size_t mb_jointx0(const mb_topo *t)
{
  return (size_t)(MB_BODY0 + MB_BODYLEN * t->nb + MB_JOINTLEN * t->nj + MB_SPRINGLEN * t->ld->ns
                  + MB_LOADLEN * (t->ld->nf + t->ld->nt));
}
/* the axes and row vectors of joint k (not spherical) */
static inline const double *mb_jointx_par(const mb_par *p, int k)
{
  return p->val + mb_jointx0(p->topo) + mb_jxoff(p->topo, k);
}
static inline size_t mb_nval(const mb_topo *t)
{
  return mb_jointx0(t) + (size_t)t->nxval;
}
/* the row vectors of every joint other than spherical, from its axes and
   the initial rotations in val (laid out as mb_par's val): the axis carried
   by B, the unit vectors perpendicular to it, the initial relative rotation */
void mb_joint_frames(const mb_topo *t, double *val);
/* the Euclidean norm of joint k's rows of a residual c (nc numbers) */
double mb_joint_norm(const mb_topo *t, int k, const double *c);
/* LG_OK when every joint is spherical; else LG_EINVAL and, in why, the
   words of a scheme (named) that takes spherical joints only */
int mb_joints_refuse(const mb_topo *t, const char *scheme, char *why, size_t n);

/* The values a scheme reads (mb_body_par and the accessors above, first in
   val) are those of every body in its principal frame.  A model with a
   full inertia tensor (t->user > 0) keeps the user's values after them, at
   val + t->user, where its lg_param table points, then the six numbers
   J11 J22 J33 J12 J13 J23 of each body's tensor (those of a body given by
   six; its J slots in the user's values are unused), then the principal
   axes Q of every body (9 numbers each, row-major, columns the axes in the
   user's body frame); mb_principal writes the first copy from the rest. */
static inline size_t mb_nval_all(const mb_topo *t)
{
  return t->user ? 2 * (size_t)t->user + 15 * (size_t)t->nb : mb_nval(t);
}
/* whether body i was given by six numbers, and where they are */
static inline int mb_six(const mb_topo *t, int i)
{
  return t->user && t->def[t->user + 6 * t->nb + i] == 6;
}
static inline double *mb_tensor(mb_par *p, int i)
{
  return p->val + 2 * (size_t)p->topo->user + 6 * (size_t)i;
}
/* Jacobi rotations: J (J11 J22 J33 J12 J13 J23) = Q diag(Jp) Q^T, Q a
   rotation; a diagonal J gives Q = I and Jp its diagonal, exactly */
void mb_inertia_axes(const double J[6], double Jp[3], double Q[9]);
/* the principal-frame values from the user's (nothing when t->user = 0) */
void mb_principal(mb_par *p);
/* the principal axes Q of body i, or NULL when its frame is the user's */
const double *mb_axes(const mb_par *p, int i);
/* body i's state in the user's frame: R = R_p Q^T, W = Q W_p (out may be in) */
void mb_user_body(const mb_par *p, int i, const lg_body *in, lg_body *out);

/* the initial state of every body, from the parameters */
void mb_initial(const mb_par *p, lg_body *q);
/* phi: the rows of each joint from its first, mb_jrow; a spherical
   joint's are (x_a + R_a P_a) - (x_b + R_b P_b) */
void mb_phi(const mb_par *p, const lg_body *q, double *phi);
/* B (nc x 6 nb, row-major): phi' = B V, V = (W_1, v_1, ..., W_nb, v_nb) */
void mb_jac(const mb_par *p, const lg_body *q, double *B);
/* joint k alone: its mb_jrow-many rows of phi, of B (one m x 6 block per
   side, row-major, columns (W, v) of side a's body and of side b's; a
   ground side's block is written and means nothing), of B V and of
   (dB/dt) V, each skipped when NULL */
void mb_joint_eval(const mb_par *p, const lg_body *q, int k, double *phi, double *Ba,
                   double *Bb, double *bv, double *c);
/* joint k's geometric stiffness (section (mb-stiff)): K (12 x 12, row-major)
   = d(B_k^T lam)/d(theta_a, delta_a, theta_b, delta_b) for the multipliers
   lam of its mb_jrow-many rows, rows (torque, force) on side a then on side
   b, along R exp(hat theta), x + delta; a ground side's rows and columns
   are written and mean nothing */
void mb_joint_stiff(const mb_par *p, const lg_body *q, int k, const double *lam, double *K);
/* the copies of the two bodies' unknowns a scheme with that stiffness
   adds to joint k's group of Newton unknowns (section (mb-stiff)): for a
   joint other than spherical between two bodies, the rotation unknowns
   of a, then of b, then (a joint with translation rows) the translation
   unknowns of b: 6 or 9; else 0 */
int mb_joint_ncopy(const mb_topo *t, int k);
/* the unknown that copy c of joint k copies: 6 body + coordinate, the
   body's unknowns being (rotation, translation), 6 per body */
int mb_joint_copy(const mb_topo *t, int k, int c);
/* the Newton solver of such a scheme: bs unknowns per body, then per joint
   its multipliers and its copies; goff (nj + 1 numbers) receives where
   each joint's group starts after the bodies' unknowns (goff[nj]: their
   total); solver as in lg_opts */
struct newton_ws *mb_newton_alloc_stiff(const mb_topo *t, size_t bs, int solver, int *goff);
/* c = (dB/dt) V, for a spherical joint R_a hat(W_a)^2 P_a - R_b hat(W_b)^2 P_b */
void mb_bdotv(const mb_par *p, const lg_body *q, double *c);
/* c = B V for each joint (velocity-level residual) */
void mb_bv(const mb_par *p, const lg_body *q, double *c);
/* f (6 nb): body-frame torque -W x J W and spatial force m g e of each body
   (gravity alone: mb_applied adds the model's other forces, and mb_accel
   both) */
void mb_force(const mb_par *p, const lg_body *q, double *f);
/* kinetic plus gravitational energy, plus the potentials of the springs
   and the constant forces */
double mb_energy(const mb_par *p, const lg_body *q);
/* the kinetic energy alone (no potential, so no choice of datum) */
double mb_kinetic(const mb_par *p, const lg_body *q);
/* f += the springs, dampers, constant forces and body torques (the forces
   of the model file's spring, force and torque statements) */
void mb_applied(const mb_par *p, const lg_body *q, double *f);
/* their potential: sum K/2 (l - L0)^2 over the springs, - F . x over the
   constant forces (dampers and body torques have none) */
double mb_applied_potential(const mb_par *p, const lg_body *q);
/* the derivatives of mb_applied's forces (6 nb rows, as f) with respect to
   the configuration increments (theta_j, dx_j) of R_j exp(hat theta_j),
   x_j + dx_j (Kq) and to the velocities V (Kv): dense, 6 nb x 6 nb,
   row-major, written in full */
void mb_applied_jac(const mb_par *p, const lg_body *q, double *Kq, double *Kv);
/* spring k alone: the derivatives of its forces on its two ends' bodies
   (12 rows: torque and force on a, then on b) with respect to the
   configuration increments (theta_a, dx_a, theta_b, dx_b) (Kq) and to the
   velocities (W_a, v_a, W_b, v_b) (Kv), both 12 x 12, row-major, written
   in full; a ground side's rows and columns are zero.  mb_applied_jac is
   their sum over the springs (and the callback's) */
void mb_spring_jac(const mb_par *p, const lg_body *q, int k, double *Kq, double *Kv);
/* joint load k (a spring k >= np, section sec:mb-jointload): its joint
   coordinate qv, rate qd, the gradient G of qv with respect to the
   increments (theta_a, dx_a, theta_b, dx_b) of its joint's two sides (12
   numbers) and, when H is not NULL, H = dG/d(those increments) (12 x 12,
   row-major); the force of the load on the two bodies is Q G */
void mb_jload_eval(const mb_par *p, const lg_body *q, int k, double *qv, double *qd,
                   double G[12], double *H);
/* the same for coordinate c of joint j (section sec:mb-jointload) */
void mb_jcoord_eval(const mb_par *p, const lg_body *q, int j, int c, double *qv, double *qd,
                    double G[12], double *H);
/* f += its force; its potential; its Jacobian as mb_spring_jac's */
void mb_jload_add(const mb_par *p, const lg_body *q, int k, double *f);
double mb_jload_potential(const mb_par *p, const lg_body *q, int k);
void mb_jload_jac(const mb_par *p, const lg_body *q, int k, double *Kq, double *Kv);
/* the words s after 'joint-spring' (spring 1) or 'joint-force' (0) of a
   model file, nj joints above it (joints, their points jpt, 6 each) of
   kinds kind (NULL: all spherical): LG_OK with its two ends a, b, jl (joint,
   coordinate, kind as mb_loads has them) and its MB_SPRINGLEN values v
   (the joint's points, then S, C, Q0, or 0, 0, VALUE); else LG_EINVAL and
   the problem in err */
int mb_jload_parse(const char *s, int spring, int nj, const int *kind, const mb_joint *joints,
                   const double *jpt, int *a, int *b, int jl[3], double *v, char *err, size_t n);
/* Drives (section sec:mb-drive): drive d prescribes coordinate c of its
   joint, q_c(t) = q_c(0) + f(t), by one more row of the joint's
   constraints.  f = (f, f', f'') of drive d at time t */
void mb_drive_law(const mb_loads *L, int d, double t, double f[3]);
/* joint k's drive row (k driven), at time L->td (mb_drive_at): phi, the
   row of B on each side (6 numbers), B V - f' and (dB/dt) V - f'', each
   skipped when NULL */
void mb_drive_row(const mb_par *p, const lg_body *q, int k, double *phi, double *Ba,
                  double *Bb, double *bv, double *c);
/* K += lam d(B_d^T)/d(increments) (mb_joint_stiff's layout); the force
   and torque on side b of the drive row's multiplier lam added to F, M
   (mb_joint_reaction's) */
void mb_drive_stiff(const mb_par *p, const lg_body *q, int k, double lam, double *K);
void mb_drive_reaction(const mb_par *p, const lg_body *q, int k, double lam, double F[3],
                       double M[3]);
/* the generalised force drive d applies along its coordinate (N m or N),
   minus the multiplier of its row in lambda (all nc of them) */
double mb_drive_effort(const mb_topo *t, int d, const double *lambda);
/* assembly with drives (section sec:mb-drive): the velocities of q onto
   the joints alone, then onto the joints, the drives at t = 0 and the
   rate of each free coordinate that the rows before it leave free; LG_OK
   or the status of a projection (LG_ENOMEM) */
int mb_drive_project_velocity(const mb_par *p, lg_body *q);
/* r (nc numbers, by rows) -= f'(L->td) on each drive's row: a residual
   B V written by a scheme becomes B V - f' */
void mb_drive_sub_rates(const mb_par *p, double *r);
/* the words s after 'drive' of a model file, nj joints above it of kinds
   kind (NULL: all spherical): LG_OK with the joint, coordinate and law in
   drv[0..2] and the law's two numbers in v; else LG_EINVAL and the problem
   in err */
int mb_drive_parse(const char *s, int nj, const int *kind, int drv[3], double v[2], char *err,
                   size_t n);
/* the number of parameters of joint load k (5 a joint spring, 3 a joint
   force: the copies of the joint's points, then its values); parameter c's
   name, unit and doc (n bytes each), its length (3 or 1) and its index in
   val (without a full tensor's offset) */
int mb_jload_nparam(const mb_topo *t, int k);
size_t mb_jload_param(const mb_topo *t, int k, int c, char *name, char *unit, char *doc,
                      size_t n, int *len);
/* the check of joint load k's values: 0, or 1 and the problem in m */
int mb_jload_check(const mb_par *p, int k, int dissipates, char *m, size_t n);
/* whether spring k joins two different bodies (neither end the ground):
   then it couples them in a Newton Jacobian (section sec:mb-spring-sparse) */
int mb_spring_couples(const mb_topo *t, int k);
/* the 12 rows from G of spring k's copies of its two bodies' unknowns in a
   structured Newton system (section sec:mb-spring-sparse): r = s_k - P z,
   the copies s_k at z[G..G+11], the bodies' unknowns at 6 a, 6 b; with J,
   the unit entries on the copies and minus one on the bodies' columns */
void mb_spring_copy_rows(const mb_topo *t, int k, int G, const double *z, double *r,
                         newton_jac *J);
/* whether a model's implicit schemes keep the structured solver with
   the springs' groups: it has springs, and no callback */
int mb_springs_sparse(const mb_topo *t);
/* the Newton solver of a scheme whose body rows depend on the unknowns of
   the other body of each spring (section sec:mb-spring-sparse): bs unknowns
   per body, then per joint k a group of grows[k] unknowns (its
   multipliers, with the copies mb_newton_alloc_stiff counts where the
   scheme has them), then per spring k that couples two bodies a group of
   2 bs copies (body a's bs unknowns, then b's); goff (nj + ns + 1 numbers)
   receives where each group starts after the bodies' unknowns (a spring
   that couples nothing has an empty group; goff[nj + ns]: their total);
   solver as in lg_opts.  Not for a model with a force callback, whose
   forces may couple every body (its schemes keep the dense solver) */
struct newton_ws *mb_newton_alloc_springs(const mb_topo *t, size_t bs, const int *grows,
                                          int solver, int *goff);
/* LG_OK for a model without springs, forces or torques; else LG_EINVAL and,
   in why, the words of a scheme (named) that does not take them */
int mb_applied_refuse(const mb_topo *t, const char *scheme, char *why, size_t n);
/* largest Frobenius norm of I - R R^T over the bodies */
double mb_orth_err(const mb_par *p, const lg_body *q);
/* largest Euclidean norm over the joints of phi_k, of (B V)_k */
double mb_phi_err(const mb_par *p, const lg_body *q);
double mb_dphi_err(const mb_par *p, const lg_body *q);

/* Workspace for the constrained accelerations and the projections. */
typedef struct mb_work mb_work;
mb_work *mb_work_alloc(const mb_topo *t);
void mb_work_free(mb_work *w);
/* dV = M^{-1} (f - B^T lambda) with B dV + (dB/dt) V = 0 (index 1); lambda
   may be NULL; LG_ESINGULAR if B M^{-1} B^T is singular (mb_singular_joints
   then names the joints) */
int mb_accel(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda);
/* reaction forces (section (mb-reactions)): per joint k, the force F on
   side b in space and, for a joint that removes rotations, the torque M on
   b about b's joint point in space, from the multipliers of mb_accel at q
   (dV: 6 nb, lambda: nc numbers of scratch, out: mb_reaction_ncol); the
   status of mb_accel, and NaN in out when it fails */
int mb_reactions(const mb_par *p, const lg_body *q, mb_work *w, double *dV, double *lambda,
                 double *out);
/* joint k's F and M from the multipliers lambda (all nc of them) */
void mb_joint_reaction(const mb_par *p, const lg_body *q, int k, const double *lambda,
                       double F[3], double M[3]);
/* the number of reaction columns (3 per spherical joint, 6 per other) and
   their names "F1_1,F1_2,F1_3,M1_1,...", as snprintf: the full length */
int mb_reaction_ncol(const mb_topo *t);
size_t mb_reaction_columns(const mb_topo *t, char *buf, size_t n);
/* move q to the nearest (in the mass metric) configuration with phi = 0 and
   then the velocities to B V = 0; R re-orthonormalised first */
int mb_project(const mb_par *p, lg_body *q, mb_work *w);
/* the same without touching R: positions to phi = 0, then velocities to
   B V = 0, both along M^{-1} B^T */
int mb_project_joints(const mb_par *p, lg_body *q, mb_work *w);
/* the last move alone: V <- V - M^{-1} B^T A^{-1} B V at q, the velocities
   onto B V = 0 in the metric of M */
int mb_project_velocity(const mb_par *p, lg_body *q, mb_work *w);
/* assembly: q (rotations first re-orthonormalised) moved to phi = 0 by
   the Gauss-Newton steps of minimum norm in the metric of M of
   mb_project_joints, in rounds (a->rounds, at most MB_ASSEMBLE_MAXIT) until
   the largest joint residual is within tolerance or a round no longer
   halves it, then V onto B V = 0; L is the length scale of the tolerances (a->tol =
   MB_ASSEMBLE_TOL L, a->vtol = MB_ASSEMBLE_TOL (1 + the largest |v|, L |W|)).
   LG_OK; LG_ENEWTON if a residual stays above its tolerance (the joints
   cannot all hold); LG_ESINGULAR (mb_singular_joints names the joints) or
   LG_ENONFINITE from the factorisation; a (not NULL) says what was done */
#define MB_ASSEMBLE_TOL 1e-12
#define MB_ASSEMBLE_MAXIT 5   /* rounds of mb_project_joints, at most ten steps each */
int mb_assemble(const mb_par *p, lg_body *q, mb_work *w, double L, mb_assembly *a);
/* the joints whose residual (position: vel = 0, velocity: vel = 1) exceeds
   tol, as text: "joint 2 (0.13 m) and joint 5 (0.02 m)", at most 8 named;
   returns how many there are */
int mb_joints_over(const mb_par *p, const lg_body *q, int vel, double tol, char *buf, size_t n);

/* the Newton solver for a system of bs unknowns per body followed by the
   multipliers of every joint, coupled where a joint acts on a body
   (newton_alloc_sparse); solver as in lg_opts */
struct newton_ws *mb_newton_alloc(const mb_topo *t, size_t bs, int solver);
/* with copies of joints in rw (a workspace of mb_work_redundant; section
   sec:mb-copies): the store *nw of one of the mb_newton_alloc functions laid
   out again with the copies' groups coupled to nothing; LG_OK or LG_ENOMEM */
int mb_newton_copies(struct newton_ws **nw, const mb_work *rw);
/* per joint the earlier joint it repeats, or -1; NULL when no joint does
   or before the first factorisation of w */
const int *mb_copies_of(const mb_work *w);
/* the rank test: A = B M^{-1} B^T at q factored with every pivot required
   above tol times its diagonal entry; LG_OK or LG_ESINGULAR (the first
   factorisation of a workspace drops the rows whose pivot is at most
   MB_RANK_TOL of their diagonal instead: section sec:mb-redundant) */
#define MB_RANK_TOL 1e-10
/* the pivot every factorisation of a step needs: above round-off */
#define MB_PIVOT_TOL (64 * 2.220446049250313e-16)
int mb_rank_check(const mb_par *p, const lg_body *q, mb_work *w, double tol);
/* redundant constraints (section sec:mb-redundant): the first factorisation
   of a workspace drops the rows whose pivot is at most their round-off
   floor (their multipliers are then the minimum-norm ones); a later one
   fails with LG_ESINGULAR (mb_failed: "changed rank") when a dropped row's
   pivot has grown above it; the rule and its constants, ENV_RANK_GAIN,
   ENV_RANK_SUSPECT, ENV_RESOLVE and ENV_GAIN_MARGIN, are those of the
   envelope factorisation (num/envelope.h, section sec:mb-rank-floor) */
/* the least pivot of a kept row, over its diagonal, that the schemes were
   measured to hold (a mass ratio: section sec:mb-file-checks): below it
   about ten of the sixteen digits of the row's multipliers are lost to the
   conditioning, and an implicit scheme's Newton iteration can stall far
   above its floor */
#define MB_PIVOT_MIN 2e-10
/* after the first factorisation of w: the joint (0-based) of a kept row
   that double precision cannot hold, or -1: one whose pivot is at most
   ENV_RESOLVE times its round-off floor (that ratio in *res, *rel NaN), else
   the row of least pivot where that is below MB_PIVOT_MIN of its diagonal
   (*res infinite, the ratio in *rel) */
int mb_weak_joint(const mb_work *w, double *res, double *rel);
/* the dropped rows of w (constraint rows, 0-based, increasing), at most
   max of them; returns how many there are */
int mb_redundant_rows(const mb_work *w, int *rows, int max);
/* after LG_ESINGULAR: 1 if a dropped row became independent (the rank
   grew), 0 if a kept row became dependent */
int mb_rank_gained(const mb_work *w);
/* the number r of redundant constraints at q (a workspace of its own), and
   in txt the joints and rows ("joints 1, 2, 3 and 4 (rows 3, 4 and 5 of
   joint 4 depend on the others)"); minus the status if A cannot be factored */
int mb_redundancy(const mb_par *p, const lg_body *q, char *txt, size_t n);
/* the schemes that hold the multipliers as Newton unknowns (section
   sec:mb-redundant-newton): A factored at q in a workspace of its own,
   which decides the dependent rows; that workspace when it dropped some,
   else NULL (and *st LG_OK, or the failure of the factorisation) */
mb_work *mb_work_redundant(const mb_par *p, const lg_body *q, int *st);
/* their Newton residual fdf(z, par) (or, written densely, dfdf) with the
   equation of each row that w dropped replaced by z_u = 0, u = m0 + the
   row's place among the multipliers (by groups goff when not NULL: joint
   k's rows from m0 + goff[k]); NULL when w dropped none or out of memory
   (*st) */
typedef struct mb_drop mb_drop;
mb_drop *mb_drop_alloc(const mb_work *w, const mb_topo *t, size_t dim, size_t m0,
                       const int *goff, newton_jfdf_fn fdf, newton_fdf_fn dfdf, void *par,
                       int *st);
void mb_drop_free(mb_drop *d);
/* the residual and Jacobian of the system with the rows dropped
   (par: the mb_drop), for newton_solve_sparse, and for newton_solve */
int mb_drop_jfdf(const double *z, void *par, double *r, newton_jac *J);
int mb_drop_fdf(const double *z, void *par, double *r, double *J);
/* the dropped multipliers of z set to zero */
void mb_drop_zero(const mb_drop *d, double *z);
/* a step's watch on the rank of a workspace that dropped rows: A factored
   at q, LG_OK while the dependent rows are those of t = 0, else the
   failure named by mb_failed; LG_OK at once when w dropped none */
int mb_rank_watch(const mb_par *p, const lg_body *q, mb_work *w, lg_state *s);
/* after a failure st of a step's Newton solve: when w dropped rows and A
   at q has changed rank, LG_ESINGULAR named by mb_failed; else st */
int mb_rank_failed(const mb_par *p, const lg_body *q, mb_work *w, int st, lg_state *s);
/* after LG_ESINGULAR: the joints (0-based, increasing, at most max) whose
   rows of B are linearly dependent; returns how many there are */
int mb_singular_joints(const mb_work *w, int *joints, int max);
/* the same as text, "joints 7, 8 and 13" (1-based); returns the length */
size_t mb_singular_text(const mb_work *w, char *buf, size_t n);
/* a scheme's failure st of mb_accel or a projection: for LG_ESINGULAR, the
   words (rank loss, the joints) go to s->why; returns st */
int mb_failed(mb_work *w, int st, lg_state *s);

/* model family "multibody": a model built from a text description */
lg_model *mb_model_parse(const char *text, const char *where, char *msg, size_t msglen);
/* the largest model file mb_model_read reads, in bytes (16 MiB) */
#define MB_FILE_MAX (16L * 1024 * 1024)
lg_model *mb_model_read(const char *path, char *msg, size_t msglen);
void mb_model_free(lg_model *m);
/* mb_model_read, and the SHA-256 of the bytes it parsed into digest (64
   hexadecimal digits and a NUL: SHA256_HEX bytes) unless digest is NULL */
lg_model *mb_model_read_digest(const char *path, char *digest, char *msg, size_t msglen);
/* the topology of model m if it is a multibody model, else NULL */
const mb_topo *mb_model_topo(const lg_model *m);
/* every connection between bodies, one call of f each: its kind ("joint"),
   its number within its kind (1, 2, ...) and its two sides (body indices,
   or MB_GROUND) */
typedef void (*mb_connection_fn)(void *ctx, const char *kind, int k, int a, int b);
void mb_each_connection(const mb_topo *t, mb_connection_fn f, void *ctx);

extern const lg_model *mb_models[]; /* filled by mb_models_init */
void mb_models_init(void);
extern const lg_scheme_type *const mb_schemes[];

#endif
