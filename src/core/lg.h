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
  LG_EOUTPUT = 5,  /* the caller's emit function failed */
  LG_ENONFINITE = 6, /* the state became infinite or NaN */
  LG_EWORK = 7,    /* an adaptive solver hit its step floor or evaluation cap */
  LG_ESINGULAR = 8 /* a matrix that must be invertible is singular (rank loss) */
};
typedef struct {
  double R[9];           /* rotation, row-major, body to space */
  double x[3];           /* position of the mass centre, space */
  double W[3];           /* body angular velocity */
  double v[3];           /* velocity of the mass centre, space */
} lg_body;

struct lg_state;
typedef struct lg_rowdef {
  const char *columns;   /* "t,Gamma1,...": the scheme's own columns */
  int ncol;
  void (*row)(const void *par, const struct lg_state *s, double *out);
} lg_rowdef;

typedef struct lg_state {
  double t;              /* time */
  double theta, omega;   /* angle in a plane and its rate */
  double R[9];           /* rotation, row-major, body to space */
  double W[3];           /* body angular velocity */
  double x[3], v[3];     /* position and velocity, if the model translates */
  int newton_iters;      /* Newton iterations of the last step (0: explicit) */
  double newton_resid;   /* residual norm at the end of the last step */
  int nbody;             /* bodies of a state of several (0: one body) */
  lg_body *body;         /* nbody bodies, owned by the scheme's workspace */
  const lg_rowdef *own;  /* the scheme's own output row, or NULL: the model's */
  double aux[12];        /* the scheme's own variables that own writes */
  const char *why;       /* after a failed init or step: the scheme's words, or NULL */
} lg_state;
enum { LG_NEWTON_PLAIN = 0, LG_NEWTON_HYBRIDSJ = 1, LG_NEWTON_DIRECT = 2,
       LG_NEWTON_DIRECT_GSL = 3 };

typedef struct {
  double newton_tol;     /* residual tolerance of every implicit step */
  int newton_maxiter;    /* iteration cap of every implicit step */
  int newton_solver;     /* LG_NEWTON_PLAIN, _HYBRIDSJ, _DIRECT or _DIRECT_GSL */
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
  const char *name;      /* unique, as typed on the command line */
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
  const char *source;    /* the paper and the equations it implements */
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
  int iters;             /* Newton iterations the failing step used */
  int status;            /* the status code */
  char what[40];         /* LG_ENONFINITE: the quantity, e.g. "W" or "R of body 2" */
  char why[240];         /* the scheme's words on the failure, or "" */
} lg_failure;

typedef int (*lg_emit_fn)(void *ctx, const lg_state *s);

int lg_run(const lg_scheme_type *sch, const void *par, const lg_opts *opt,
           double h, long nsteps, long every, lg_emit_fn emit, void *ctx,
           lg_failure *fail);
/* the check of every step, for loops of their own (the library's lgr_step):
   the fields of a state that are finite, and the first of carried that no
   longer is ("W", "R of body 2", written into buf), or NULL */
unsigned lg_finite_fields(const lg_state *s);
/* the quantity named when a step itself reports LG_ENONFINITE (a NaN met
   inside it, e.g. in a factorisation) and the state shows none yet */
#define LG_INSIDE_STEP "a quantity inside the step"
const char *lg_lost_field(const lg_state *s, unsigned carried, char *buf, size_t n);
#define LG_ROT_TOL 1e-9       /* ||I - R R^T||_F and |det R - 1| of a rotation */
#define LG_REORTHO_MAX 0.1    /* largest ||I - R R^T||_F that reortho repairs */
#define LG_UNIT_TOL 1e-12     /* | |d| - 1 | of a direction */
#define LG_TRIANGLE_SLACK 1e-12

size_t lg_fmt_shortest(char *buf, size_t n, double x);  /* shortest %g reading back as x */
void lg_fmt_values(char *buf, size_t n, const double *v, int len);   /* "a,b,c" */
int lg_param_error(char *msg, size_t n, const char *name, const double *v, int len,
                   const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 6, 7)))
#endif
  ;
int lg_check_finite(char *msg, size_t n, const char *name, const double *v, int len);
int lg_check_params_finite(const lg_param *table, const void *par, char *msg, size_t n);
int lg_check_positive(char *msg, size_t n, const char *name, double v);
int lg_check_nonneg(char *msg, size_t n, const char *name, double v);
int lg_check_positive3(char *msg, size_t n, const char *name, const double v[3]);
int lg_check_unit(char *msg, size_t n, const char *name, const double d[3], int zero_ok);
int lg_check_inertia(char *msg, size_t n, const char *name, const double J[3]);
int lg_check_rotation(char *msg, size_t n, const char *name, double R[9], int reortho);
enum { LG_PARSE_OK = 0, LG_PARSE_SYNTAX = 1, LG_PARSE_RANGE = 2 };
int lg_parse_real(const char *s, double *v);   /* LG_PARSE_OK, _SYNTAX or _RANGE */
int lg_parse_count(const char *s, long max, long *v);   /* 1..max; _RANGE: 0, < 0 or > max */
size_t lg_escape(char *buf, size_t n, const char *s);   /* control and non-ASCII bytes as \xHH */
/* a message into msg (if msg and n), and status returned: how every reader below fails */
int lg_fail(char *msg, size_t n, int status, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 4, 5)))
#endif
  ;
/* the same, with the message that names the value (what): LG_OK, LG_EINVAL or LG_ENOMEM */
int lg_read_real(const char *what, const char *s, double *v, char *msg, size_t n);
int lg_read_count(const char *what, const char *s, long max, long *v, char *msg, size_t n);
int lg_read_vector(const char *what, const char *s, double *v, int len, char *msg, size_t n);
int lg_set_param(const lg_model *m, void *par, const char *arg, char *msg, size_t n);
int lg_newton_solver_code(const char *name);   /* LG_NEWTON_*, or -1 if unknown */
const char *lg_newton_solver_name(int code);
/* unit and meaning of an output column; 0 if the name is not in the vocabulary */
int lg_column_doc(const char *col, char *unit, size_t un, char *doc, size_t dn);

#endif
