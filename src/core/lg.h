/* lg.h: states, models, scheme types, the scheme table and the run loop. */
#ifndef LG_H
#define LG_H
#include <stddef.h>

#define LG_VERSION "0.1.0"
enum {
  LG_OK = 0,       /* success */
  LG_EINVAL = 1,   /* bad parameter or argument */
  LG_ENEWTON = 2,  /* Newton iteration did not converge */
  LG_ENOMEM = 3,   /* allocation failed */
  LG_ESOLVER = 4,  /* an ODE solver or other library call failed */
  LG_EOUTPUT = 5   /* the caller's emit function failed */
};
typedef struct {
  double R[9];           /* rotation, row-major, body to space */
  double x[3];           /* position of the mass centre, space */
  double W[3];           /* body angular velocity */
  double v[3];           /* velocity of the mass centre, space */
} lg_body;

typedef struct {
  double t;              /* time */
  double theta, omega;   /* planar angle and angular rate */
  double R[9];           /* rotation, row-major, body to space */
  double W[3];           /* body angular velocity */
  double x[3], v[3];     /* position and velocity, if the model translates */
  int newton_iters;      /* Newton iterations of the last step (0: explicit) */
  double newton_resid;   /* residual norm at the end of the last step */
  int nbody;             /* bodies of a multibody state (0: single-body models) */
  lg_body *body;         /* nbody bodies, owned by the scheme's workspace */
} lg_state;
enum { LG_NEWTON_PLAIN = 0, LG_NEWTON_HYBRIDSJ = 1, LG_NEWTON_DIRECT = 2 };

typedef struct {
  double newton_tol;     /* residual tolerance of every implicit step */
  int newton_maxiter;    /* iteration cap of every implicit step */
  int newton_solver;     /* LG_NEWTON_PLAIN, _HYBRIDSJ or _DIRECT */
  double ref_tol;        /* relative and absolute tolerance of the reference */
} lg_opts;
typedef struct {
  const char *name;      /* as typed after --set, e.g. "J" */
  size_t offset;         /* offsetof(model struct, field) */
  int len;               /* 1, 3 or 9 doubles */
  double def[9];         /* default value */
  const char *unit;      /* SI unit, "-" if none */
  const char *doc;       /* one line */
} lg_param;
typedef struct lg_model {
  const char *name;      /* e.g. "pendulum3d" */
  const char *family;    /* schemes of this family integrate this model */
  const char *source;    /* paper and section of the defaults */
  const char *doc;       /* one line */
  size_t par_size;       /* sizeof the model's parameter struct */
  const lg_param *params;           /* terminated by { NULL } */
  int (*check)(void *par, int reortho, char *msg, size_t msglen);
  const char *columns;   /* "t,R11,...,energy,orth_err" */
  int ncol;
  void (*row)(const void *par, const lg_state *s, double *out);
  void (*par_init)(const struct lg_model *m, void *par);  /* or NULL */
} lg_model;
typedef struct lg_scheme_type {
  const char *name;      /* e.g. "rk4", unique within its family */
  const char *family;    /* the model family it integrates */
  const char *source;    /* paper and equations, e.g. "sun2022 Eqs. 43-44" */
  const char *doc;       /* one line */
  int implicit;          /* 1 if each step solves a nonlinear system */
  void *(*alloc)(const void *par, const lg_opts *opt);
  int (*init)(void *ws, const void *par, double h, lg_state *s);
  int (*step)(void *ws, lg_state *s);
  void (*free)(void *ws);
} lg_scheme_type;
size_t lg_nmodels(void);
const lg_model *lg_model_at(size_t i);
const lg_model *lg_model_find(const char *name);
size_t lg_nschemes(void);
const lg_scheme_type *lg_scheme_at(size_t i);
const lg_scheme_type *lg_scheme_find(const char *family, const char *name);
void lg_opts_default(lg_opts *opt);
void lg_params_default(const lg_model *m, void *par);
const lg_param *lg_param_find(const lg_model *m, const char *name);
double *lg_param_ptr(const lg_param *p, void *par);
typedef struct {
  long step;             /* index of the failing step (1 = first step) */
  double t;              /* time at the start of the failing step */
  double resid;          /* residual norm reached */
  int status;            /* the status code */
} lg_failure;

typedef int (*lg_emit_fn)(void *ctx, const lg_state *s);

int lg_run(const lg_scheme_type *sch, const void *par, const lg_opts *opt,
           double h, long nsteps, long every, lg_emit_fn emit, void *ctx,
           lg_failure *fail);

#endif
