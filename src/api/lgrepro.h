/* lgrepro.h: the public interface of the lgrepro library: Lie group and
   other integrators for rigid bodies, their models and their diagnostics.

   Conventions: SI units (kg, m, s, rad); rotations R are 3 x 3, row-major,
   and map body coordinates to space; angular velocities W are in the body
   frame.  A function with arguments msg, msglen writes a one-line message
   into msg (the caller's buffer of msglen bytes; NULL and 0 for none) when
   it fails.  Strings returned belong to the library.  A NULL pointer
   argument is never dereferenced: unless the comment of a function gives
   NULL a meaning, the call fails, returning what that comment names
   (LGR_EINVAL and a message, NULL, NaN, 0 or -1), as it does for an index
   out of range.  Two simulations may be used in two threads at once; one
   simulation by one thread at a time.  See lgrepro(3). */
#ifndef LGREPRO_H
#define LGREPRO_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define LGR_API __attribute__((visibility("default")))
#else
#define LGR_API
#endif
#define LGR_VERSION "0.1.0"

/* Status codes: every function returning int returns one of these. */
enum {
  LGR_OK = 0,         /* success */
  LGR_EINVAL = 1,     /* a bad name, value or argument, or a call out of order */
  LGR_ENEWTON = 2,    /* the Newton iteration of an implicit step did not converge */
  LGR_ENOMEM = 3,     /* out of memory */
  LGR_ESOLVER = 4,    /* an ODE solver or another numerical routine failed */
  LGR_EOUTPUT = 5,    /* writing output failed (lgr_model_write_mjcf) */
  LGR_ENONFINITE = 6, /* the state became infinite or NaN (a step too large) */
  LGR_EWORK = 7,      /* the adaptive reference reached its smallest step or its
                         cap on evaluations per step without meeting its tolerance */
  LGR_ERANK = 8       /* the constraint Jacobian changed rank during a run: the
                         mechanism passed a singular configuration (redundant
                         joints at t = 0 are taken by ref, rkmk4 and rkmk4-proj) */
};

/* The version of the library that is running, e.g. "0.1.0" (LGR_VERSION is
   the version of the header a program was compiled with).  Never fails. */
LGR_API const char *lgr_version(void);
/* A one-line description of a status code, e.g. "the constraint Jacobian
   lost rank"; "unknown status code" for a number that is none.  Static
   storage; never NULL. */
LGR_API const char *lgr_strerror(int status);
/* A model: equations, parameters and their defaults.  The table's models
   belong to the library; one built by lgr_model_parse or lgr_model_read
   belongs to the caller (lgr_model_free). */
typedef struct lgr_model lgr_model;
/* A time stepper for one family of models; they belong to the library. */
typedef struct lgr_scheme lgr_scheme;
/* One model integrated by one scheme, with its own parameters, options,
   state and message buffer; made by lgr_alloc, freed by lgr_free. */
typedef struct lgr_sim lgr_sim;

/* The state of one rigid body, as lgr_get_body copies it. */
typedef struct {
  double R[9];           /* rotation, row-major, body to space (-) */
  double x[3];           /* position of the mass centre, space (m) */
  double W[3];           /* angular velocity, body frame (rad/s) */
  double v[3];           /* velocity of the mass centre, space (m/s) */
} lgr_body;
/* The number of models in the table (the built-in ones).  Never fails. */
LGR_API size_t lgr_nmodels(void);
/* Model i of the table, 0 <= i < lgr_nmodels(); NULL if i is out of range
   (a negative index converted to size_t is). */
LGR_API const lgr_model *lgr_model_at(size_t i);
/* The table's model called name (e.g. "pendulum3d"); NULL and a message if
   there is none or name is NULL. */
LGR_API const lgr_model *lgr_model_find(const char *name, char *msg, size_t msglen);
/* The name of model m, e.g. "pendulum3d"; the strings of a model live as
   long as the model.  NULL for m NULL, as every string of m below. */
LGR_API const char *lgr_model_name(const lgr_model *m);
/* The family of m: the schemes of the same family integrate it; NULL for m
   NULL. */
LGR_API const char *lgr_model_family(const lgr_model *m);
/* The paper and section m's default parameters come from; NULL for m NULL. */
LGR_API const char *lgr_model_source(const lgr_model *m);
/* A one-line description of m; NULL for m NULL. */
LGR_API const char *lgr_model_doc(const lgr_model *m);
/* The names of m's output columns, comma-separated ("t,...,energy"); NULL
   for m NULL. */
LGR_API const char *lgr_model_columns(const lgr_model *m);
/* The number of m's output columns: the length of the row lgr_row writes.
   0 for m NULL (a model has at least the column t). */
LGR_API int lgr_model_ncolumns(const lgr_model *m);

/* The name of parameter i of model m (from 0), as lgr_set takes it; NULL
   after the last parameter, and for m NULL (so the three below). */
LGR_API const char *lgr_param_name(const lgr_model *m, size_t i);
/* The count of numbers parameter i holds: 1, 3, or 9 for a 3 x 3 matrix row
   by row; 0 after the last parameter or for m NULL. */
LGR_API int lgr_param_len(const lgr_model *m, size_t i);
/* The SI unit of parameter i, e.g. "kg m^2" ("-" if none); NULL after the
   last parameter or for m NULL. */
LGR_API const char *lgr_param_unit(const lgr_model *m, size_t i);
/* A one-line description of parameter i; NULL after the last parameter or
   for m NULL. */
LGR_API const char *lgr_param_doc(const lgr_model *m, size_t i);

/* The number of schemes in the table, of every family.  Never fails. */
LGR_API size_t lgr_nschemes(void);
/* Scheme i of the table, 0 <= i < lgr_nschemes(); NULL if out of range
   (a negative index converted to size_t is). */
LGR_API const lgr_scheme *lgr_scheme_at(size_t i);
/* The scheme called name of m's family; NULL and a message if there is
   none, naming the family when the scheme exists for another, or if m or
   name is NULL. */
LGR_API const lgr_scheme *lgr_scheme_find(const lgr_model *m, const char *name,
                                          char *msg, size_t msglen);
/* The name of scheme s, e.g. "lgvi-exp"; static storage.  NULL for s NULL,
   as every string of s below. */
LGR_API const char *lgr_scheme_name(const lgr_scheme *s);
/* The family of models s integrates; NULL for s NULL. */
LGR_API const char *lgr_scheme_family(const lgr_scheme *s);
/* The paper and equations s comes from, e.g. "sun2022 Eqs. 43-44"; NULL for
   s NULL. */
LGR_API const char *lgr_scheme_source(const lgr_scheme *s);
/* A one-line description of s; NULL for s NULL. */
LGR_API const char *lgr_scheme_doc(const lgr_scheme *s);
/* 1 if each step of s solves a nonlinear system (a Newton iteration), else
   0; -1 for s NULL. */
LGR_API int lgr_scheme_implicit(const lgr_scheme *s);
/* A multibody model from the text of a model file (lgrepro-model(5)); where
   names the text in messages ("WHERE:LINE: problem"; NULL: "model").  The
   text is not kept.  Returns a model the caller frees with lgr_model_free,
   or NULL and a message (also for text NULL). */
LGR_API lgr_model *lgr_model_parse(const char *text, const char *where,
                                   char *msg, size_t msglen);
/* The same, from the file at path (a regular file).  NULL and a message
   naming the file if it cannot be read or parsed, or if path is NULL. */
LGR_API lgr_model *lgr_model_read(const char *path, char *msg, size_t msglen);
/* Frees a model of lgr_model_parse or lgr_model_read, after every
   simulation using it has been freed.  NULL and the table's models are
   ignored. */
LGR_API void lgr_model_free(lgr_model *m);
/* Writes multibody model m, at its initial state, as MuJoCo's XML (MJCF)
   to the file at path: the bodies as a tree (spherical joints as ball,
   revolute as hinge, prismatic as slide, weld as no joint, a body the
   ground does not reach under a free joint), gravity, and the initial
   state as the keyframe "initial".  The file is written as path.tmp and
   renamed: a failure leaves no file at path.  LGR_OK; LGR_EINVAL and a
   message naming the reason for m, path NULL, a model of another family,
   a closed loop, a cylindrical or universal joint, springs, forces or
   torques, or a tree deeper than MuJoCo's reader takes (96 bodies);
   LGR_EOUTPUT if the file cannot be written; LGR_ENOMEM. */
LGR_API int lgr_model_write_mjcf(const lgr_model *m, const char *path, char *msg,
                                 size_t msglen);
/* A simulation of model m by its family's scheme called scheme, with m's
   default parameters and the default solver options; not started (call
   lgr_init).  m must outlive the simulation.  Returns a simulation the
   caller frees with lgr_free, or NULL and a message (m or scheme NULL, an
   unknown scheme, one of another family, out of memory). */
LGR_API lgr_sim *lgr_alloc(const lgr_model *m, const char *scheme, char *msg, size_t msglen);
/* Sets a parameter from text, "NAME=VALUE": VALUE is one number, or
   comma-separated components ("1,2,3"; a 3 x 3 matrix row by row, or
   "cardan:A,B,C" in rad), in the parameter's SI unit.  Takes effect at the
   next lgr_init, which checks the parameters together.  LGR_EINVAL and a
   message naming the parameter if NAME is unknown or VALUE is not finite
   numbers of the right count; the parameter is then unchanged.  LGR_EINVAL
   and a message for sim or assignment NULL. */
LGR_API int lgr_set(lgr_sim *sim, const char *assignment, char *msg, size_t msglen);
/* The same with the numbers: len doubles from v (copied), len being the
   parameter's count (lgr_param_len).  LGR_EINVAL and a message otherwise,
   and for sim, name or v NULL. */
LGR_API int lgr_set_values(lgr_sim *sim, const char *name, const double *v, int len,
                           char *msg, size_t msglen);
/* Copies up to len numbers of parameter name into v; returns the count the
   parameter holds (which may exceed len), or 0 for an unknown name.  v may
   be NULL with len 0, to ask for the count alone.  0, and nothing copied,
   for sim or name NULL, for v NULL with len > 0, and for len < 0. */
LGR_API int lgr_get(const lgr_sim *sim, const char *name, double *v, int len);
/* Sets a solver option from text: "newton-tol" (residual tolerance of each
   implicit step, > 0), "newton-maxiter" (iterations per step, a positive
   integer), "newton-solver" ("direct", "newton" or "hybridsj"), "ref-tol"
   (relative and absolute tolerance of the adaptive reference, > 0) or
   "reortho" ("1": lgr_init replaces an initial rotation off by at most 0.1
   by the nearest rotation; "0": it rejects it) or "assemble" ("1": lgr_init
   moves a multibody model's initial positions onto its joints and its
   velocities onto their velocity constraints, see lgr_assembly; "0": only
   if the model file has an 'assemble' line; refused for a model without
   joints) or "reactions" ("1": lgr_value reads the joints' reaction
   columns Fk_1.., Mk_1..; refused for a model without joints) or
   "joint-coordinates" ("1": lgr_value reads the joints' coordinates and
   rates qK, qdK, qK_1, .., as lgsim run --joint-coordinates writes them;
   refused for a model without a revolute, prismatic, cylindrical or
   universal joint).  A Newton
   option is refused for an explicit scheme.  Takes effect at the next
   lgr_init.  LGR_EINVAL
   and a message naming the option if the name or the value is bad, and
   for sim, name or value NULL; the simulation is then unchanged. */
LGR_API int lgr_set_option(lgr_sim *sim, const char *name, const char *value,
                           char *msg, size_t msglen);
/* A force callback (lgr_set_force): adds into f (6 nb numbers, zero on
   entry), for each body i (0 <= i < nb), the torque on it in its body frame
   (N m, f[6i], f[6i+1], f[6i+2]) and the force on it in space at its mass
   centre (N, f[6i+3], f[6i+4], f[6i+5]), at time t (s) and state q[0..nb-1]
   (rotations, positions and velocities as lgr_get_body gives them, in the
   model file's frames).  ctx is lgr_set_force's.  It must not call the
   library on the same simulation. */
typedef void (*lgr_force_fn)(void *ctx, double t, int nb, const lgr_body *q, double *f);
/* Its Jacobian: adds into Kq and Kv (each 6 nb x 6 nb, row-major, zero on
   entry; row r as f[r]) the derivatives of f with respect to the
   configuration (Kq, column 6j+c: for c < 3 the rotation R_j exp(s hat(e_c))
   of body j at s = 0, for c >= 3 its position x_j + s e_(c-3)) and to the
   velocities (Kv, column 6j+c: W_j[c] for c < 3, v_j[c-3] for c >= 3). */
typedef void (*lgr_force_jac_fn)(void *ctx, double t, int nb, const lgr_body *q, double *Kq,
                                 double *Kv);
/* Gives a multibody simulation the force callback fn, added to the forces
   of its model file (NULL removes it), with its Jacobian jac; with jac NULL
   the implicit schemes differentiate fn by central differences (24 nb calls
   of fn per Jacobian, step cbrt(DBL_EPSILON) max(1, |z|) for a coordinate
   z, errors near 4e-11 of the force's scale).  Schemes ref, rkmk4,
   rkmk4-proj, dh, rattlie, galpha and imid-index2 take it; dl refuses it
   at lgr_init (it may depend on the velocities).  The implicit schemes
   then solve dense Newton systems (the callback may couple every body):
   a cost per step cubic in nb, where springs keep it linear.  The energy
   (lgr_energy, the energy column) leaves out its work.  Takes effect at
   the next lgr_init.  LGR_OK; LGR_EINVAL and a message for sim NULL or a
   model of another family; LGR_ENOMEM.  fn, jac and ctx may be NULL. */
LGR_API int lgr_set_force(lgr_sim *sim, lgr_force_fn fn, lgr_force_jac_fn jac, void *ctx,
                          char *msg, size_t msglen);
/* After an lgr_init that assembled the initial state (the option
   "assemble", or an 'assemble' line in the model file): the largest joint
   residuals before and after, in position (m, resid[0] and resid[1]) and
   velocity (m/s, resid[2] and resid[3]).  LGR_OK; LGR_EINVAL if the last
   lgr_init did not assemble (or failed) or sim or resid is NULL. */
LGR_API int lgr_assembly(const lgr_sim *sim, double resid[4]);
/* After the same: how far body i (0 <= i < lgr_nbodies) moved: moved[0]
   the translation of its mass centre (m), moved[1] its rotation angle
   (rad), moved[2] and moved[3] the changes of its velocity (m/s) and of
   its angular velocity (rad/s).  LGR_OK; LGR_EINVAL if i is out of range,
   the last lgr_init did not assemble, or sim or moved is NULL. */
LGR_API int lgr_assembly_moved(const lgr_sim *sim, int i, double moved[4]);
/* After a successful lgr_init of a multibody model: how many of its
   constraint rows are redundant at t = 0 (they remove a motion that other
   rows remove too: a planar four-bar of revolute joints has 3, a hinge of
   two spherical joints 1).  Every scheme takes them, with the multipliers
   (reaction forces) of least norm.  A change of
   that rank during the run (the mechanism passes a singular
   configuration) ends lgr_step with LGR_ERANK, naming the joints.  0 for
   none, for a model without joints, before lgr_init, or for sim NULL. */
LGR_API int lgr_redundant(const lgr_sim *sim);
/* Starts (or restarts) the simulation at t = 0 with step h (s, finite and
   > 0): checks the parameters as the model sees them, allocates the
   scheme's workspace, sets the initial state.  LGR_OK; or LGR_EINVAL (a bad
   h or parameter set, or a model the scheme does not take, such as a
   spring or force callback for dh, named in the message), LGR_ENOMEM, or
   the status of a
   scheme that could not start (LGR_ENEWTON, LGR_ERANK, ...), with a message;
   the simulation then stays unstarted.  LGR_EINVAL and a message for sim
   NULL. */
LGR_API int lgr_init(lgr_sim *sim, double h, char *msg, size_t msglen);
/* Advances by one step of h.  LGR_OK; LGR_EINVAL if the simulation is not
   started or sim is NULL; or the failure of the step: LGR_ENEWTON, LGR_ENONFINITE,
   LGR_ERANK, LGR_EWORK, LGR_ESOLVER, LGR_ENOMEM, with the detail in
   lgr_last_error.
   After a failure every further step returns the same status until
   lgr_init. */
LGR_API int lgr_step(lgr_sim *sim);
/* The message of the last call on sim that failed (lgr_set, lgr_set_values,
   lgr_set_option, lgr_set_force, lgr_init, lgr_step; a NULL argument
   other than sim included), e.g. "step 43, t = 0.42: the state
   became infinite or NaN (W) ..."; "" after lgr_alloc and after a
   successful lgr_init.  The buffer belongs to sim and is rewritten by its
   next failure; "" for sim NULL.  Never NULL. */
LGR_API const char *lgr_last_error(const lgr_sim *sim);
/* Frees sim and its workspace (not its model).  NULL is ignored. */
LGR_API void lgr_free(lgr_sim *sim);
/* The time (s) of the current state; NaN before lgr_init.  Every reader
   below returns for sim NULL what it returns before lgr_init. */
LGR_API double lgr_time(const lgr_sim *sim);
/* The steps taken since lgr_init (a failed step does not count); 0 before. */
LGR_API long lgr_nsteps(const lgr_sim *sim);
/* The number of bodies: 1 for a single-body model, n for a multibody one;
   0 before lgr_init. */
LGR_API int lgr_nbodies(const lgr_sim *sim);
/* Copies body i (0 <= i < lgr_nbodies) of the current state into *b (R
   and W in the body frame of the model file, also for a body given by its
   full inertia tensor, which the schemes integrate in its principal frame).
   LGR_EINVAL if i is out of range, the simulation is not started, or sim
   or b is NULL. */
LGR_API int lgr_get_body(const lgr_sim *sim, int i, lgr_body *b);
/* The Newton iterations of the last step (0 for an explicit scheme); 0
   before lgr_init. */
LGR_API int lgr_newton_iters(const lgr_sim *sim);
/* The residual norm the last step's Newton iteration reached, in the units
   of the scheme's equations (0 for an explicit scheme); NaN before
   lgr_init. */
LGR_API double lgr_newton_resid(const lgr_sim *sim);
/* Writes the model's output row of the current state into out, which holds
   lgr_model_ncolumns numbers (the columns of lgr_model_columns, in their
   units).  LGR_EINVAL if the simulation is not started or sim or out is
   NULL. */
LGR_API int lgr_row(const lgr_sim *sim, double *out);
/* One column of the output row by name, e.g. "energy" or "x2_1"; NaN for
   an unknown column, column NULL, or before lgr_init.  With the option reactions set, a
   multibody simulation also has the columns of lgsim run --reactions:
   Fk_1..Fk_3, the force of joint k on its second side, and Mk_1..Mk_3 for
   a joint that removes rotations, the torque about that side's joint
   point, both in space, from the index-1 multipliers at the current state
   (not in lgr_row's row).  With the option joint-coordinates set, it also
   reads the columns of lgsim run --joint-coordinates: qK and qdK of a
   revolute (rad, rad/s) or prismatic joint K (m, m/s), qK_1, qK_2, qdK_1,
   qdK_2 of a cylindrical (angle, travel) or universal joint (two angles),
   zero at lgr_init and continuous from step to step. */
LGR_API double lgr_value(const lgr_sim *sim, const char *column);
/* The total energy (J) of the current state, kinetic plus the potentials
   (the column "energy", or "energy_nc" for a model with a damped spring
   or a torque, whose dampers and torques do work on it); NaN before
   lgr_init. */
LGR_API double lgr_energy(const lgr_sim *sim);
/* The orthogonality defect ||I - R R^T||_F, the largest over the bodies;
   NaN before lgr_init. */
LGR_API double lgr_orth_err(const lgr_sim *sim);
/* The largest joint residual in position (m); NaN for a model without
   joints or before lgr_init. */
LGR_API double lgr_phi_err(const lgr_sim *sim);
/* The largest joint residual in velocity (m/s); NaN for a model without
   joints or before lgr_init. */
LGR_API double lgr_dphi_err(const lgr_sim *sim);

#ifdef __cplusplus
}
#endif
#endif
