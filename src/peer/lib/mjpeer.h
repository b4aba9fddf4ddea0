/* mjpeer.h: a multibody model of the package run in MuJoCo.  The model is
   written as MJCF by liblgrepro (lgr_model_write_mjcf), loaded by
   mj_loadXML, started from its keyframe "initial" and stepped by one of
   MuJoCo's integrators; its bodies are read in the package's conventions. */
#ifndef MJPEER_H
#define MJPEER_H
#include <stddef.h>
#include <mujoco/mujoco.h>
#include "api/lgrepro.h"

typedef struct {
  mjModel *m;
  mjData *d;
  int nb;                     /* bodies of the package's model */
  int *id;                    /* MuJoCo's body id of the package's body i */
} mjp_sim;

/* MuJoCo's integrator called name ("euler", "implicit", "rk4"), or -1. */
int mjp_integrator(const char *name);
/* Exports lm, loads it in MuJoCo with the integrator and step h, and starts it
   at the keyframe; each package body is matched to MuJoCo's body at the same
   initial pose (within 1e-9).  0, or -1 and a message. */
int mjp_alloc(mjp_sim *s, const lgr_model *lm, const char *integrator, double h, char *msg,
              size_t msglen);
/* Back to the initial state. */
void mjp_reset(mjp_sim *s);
/* n steps of MuJoCo's mj_step. */
void mjp_steps(mjp_sim *s, long n);
/* Brings the derived quantities to the current state (mj_forward): call
   before mjp_body or mjp_energy. */
void mjp_sync(mjp_sim *s);
/* Body i of the package's model: R, x, W in its body frame, v. */
void mjp_body(const mjp_sim *s, int i, lgr_body *b);
/* MuJoCo's total energy, kinetic plus gravity's potential (J). */
double mjp_energy(const mjp_sim *s);
void mjp_free(mjp_sim *s);

/* Runs of one model by one integrator: MuJoCo's for a name
   "mujoco-INTEGRATOR" (loaded once, by mjp_job_init), or the package's
   scheme of that name through liblgrepro. */
typedef struct {
  const lgr_model *lm;
  const char *name;
  double h;
  int mujoco;                 /* 1 for MuJoCo's integrator */
  mjp_sim s;
} mjp_job;
/* 0, or -1 and a message. */
int mjp_job_init(mjp_job *j, const lgr_model *lm, const char *name, double h, char *msg,
                 size_t msglen);
void mjp_job_free(mjp_job *j);
/* n steps from the initial state; the bodies at the end into b (room for
   every body), the largest |E - E0| over the steps into *de if de is not
   NULL (checked every `every' steps).  0, or -1 if a step failed. */
int mjp_job_run(mjp_job *j, long n, lgr_body *b, long every, double *de);
/* One counted run: n steps of the job from its initial state, nothing
   read.  A function of its own, so that Callgrind counts inside it alone. */
void mjp_count(mjp_job *j, long n);
/* The function that Callgrind counts in (cmp_callgrind, chapter 9, with
   lazy instrumentation): mjp_count calls it. */
#define MJP_COUNTED "mjp_counted"
/* The distance of two states of nb bodies: the largest over the bodies of
   the largest entry of R_i - R_i' and of |W_i - W_i'|_inf / ws. */
double mjp_distance(int nb, const lgr_body *a, const lgr_body *b, double ws);
/* A chain of n rods (1 kg, 1 m, moments 0.0834, 0.002, 0.0833 kg m^2) hanging
   from the ground, gravity across the rods: on spherical joints, each rod
   spinning about its axis at 3 to 7 rad/s ("spherical"); or on revolute
   joints about e1, at rest ("revolute").  Exits on failure. */
lgr_model *mjp_chain(const char *joint, int n);
/* The model file text of that chain, which the caller frees. */
char *mjp_chain_text(const char *joint, int n);
/* Runs the model file text in another engine's program (prog, a path) with
   its integrator, n steps of h, and reads the bodies at the end into b
   (room for nb).  0, or -1 if the program failed or wrote fewer bodies. */
int mjp_peer_run(const char *prog, const char *text, const char *integrator, double h, long n,
                 int nb, lgr_body *b);
#endif
