/* cmpdrv.h: the scheme and problem tables of the comparative chapter, and the
   runs, distances and instruction counts its drivers share. */
#ifndef CMPDRV_H
#define CMPDRV_H
#include "core/lg.h"

typedef struct {
  const char *family, *name;  /* the scheme in the package's table */
  int order;                  /* derived order; 0 for a reference or the exact solution */
  const char *same;           /* the representative of its map, NULL if it is one */
  const char *unknowns;       /* Newton unknowns (Jacobian size), or "explicit" */
  const char *exact;          /* conserved exactly: to round-off and the Newton tolerance */
  const char *approx;         /* conserved approximately: a bounded error */
  const char *order_id;       /* claim id of the observed order in its chapter, or "-" */
} cmp_scheme;

typedef struct {
  const char *fig;            /* the figure cmp-work-precision-FIG */
  const char *model;          /* a model of the package's table */
  double T;                   /* final time */
  long n0;                    /* coarsest step count; the others are n0 2^j, j < nh */
  int nh, jc;                 /* how many step counts; the one at which cost is counted */
  int nhi;                    /* how many of them the implicit schemes run */
  long nref;                  /* grid of the reference (0: one adaptive step over T) */
  long n1, n2;                /* the counted runs: n1 and n2 steps */
} cmp_problem;

typedef struct {
  const char *family, *model; /* the atlas measures the family's schemes on this model */
  double h, T;                /* at this step, over this time */
} cmp_home;

extern const cmp_scheme cmp_schemes[];
extern const cmp_problem cmp_problems[];
extern const cmp_home cmp_homes[];

/* the row of a scheme, or NULL */
const cmp_scheme *cmp_scheme_row(const char *family, const char *name);

enum { CMP_MAXB = 32 };        /* bodies a point keeps */
/* A state reduced to what every scheme of a family knows: (theta, omega) of a
   planar model, (R, W) of a rigid body or of the first body of a multibody
   model, and every body of a multibody model; and the Newton iterations and
   steps of the run up to it. */
typedef struct {
  double t, theta, omega, R[9], W[3];
  long iters, steps;
  int nbody;
  lg_body body[CMP_MAXB];
} cmp_point;

/* The model's defaults, checked (R0 re-orthonormalised if need be); exits on error. */
const lg_model *cmp_model(const char *name, void *par);
/* Run a scheme n steps of h from the defaults of a model; the first and last
   points.  Returns the status of lg_run. */
int cmp_run(const char *model, const char *scheme, const lg_opts *opt, double h, long n,
            cmp_point *first, cmp_point *last);
/* The error norm of the chapter between two points of one model:
   max(|dtheta|, |domega|/omega_n), or max(|dW|_inf/wscale, |dGamma|_inf), or
   for a multibody model the largest over the bodies of max(|dR_i|_max,
   |dW_i|_inf/wscale). */
double cmp_distance(const lg_model *m, const void *par, const cmp_point *a,
                    const cmp_point *b, double wscale);

/* One counted run: model, scheme, step, and the two step counts. */
typedef struct {
  const char *model, *scheme;
  double h;
  long n1, n2;
} cmp_job;
enum { CMP_N1 = 100, CMP_N2 = 500 };   /* the counted runs unless a problem says */
enum { CMP_PAR = 1024 };       /* doubles of room for any model's parameters (the mast: 563) */
/* In the child: run each job n1 and n2 steps, nothing else calling lg_run. */
void cmp_count_jobs(int njob, const cmp_job *job);
/* In the parent: run argv under Callgrind, counting only inside lg_run and
   dumping after each call; ips[i] = instructions per step of job i, to three
   significant digits.  Returns 0, or -1 (with a message) if Valgrind fails. */
int cmp_instructions(char *const argv[], int njob, const cmp_job *job, double *ips);
/* The same for any counted function fn that the program calls 2 njob times,
   call 2i+1 for n1[i] steps and call 2i+2 for n2[i]; with lazy, Valgrind
   instruments only where the program starts it (the client requests of
   valgrind/callgrind.h).  who names the caller in messages. */
int cmp_callgrind(char *const argv[], const char *fn, int lazy, int njob, const long *n1,
                  const long *n2, double *ips, const char *who);

/* The whole work-precision driver of one figure. */
int cmp_work_precision(int argc, char **argv, const char *fig);

#endif
