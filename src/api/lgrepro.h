/* lgrepro.h: the public interface of the lgrepro library: Lie group and
   other integrators for rigid bodies, their models and their diagnostics. */
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

enum {
  LGR_OK = 0,        /* success */
  LGR_EINVAL = 1,    /* bad name, value, parameter or call order */
  LGR_ENEWTON = 2,   /* a Newton iteration did not converge */
  LGR_ENOMEM = 3,    /* out of memory */
  LGR_ESOLVER = 4    /* an ODE solver or another library call failed */
};

/* the version of the library that is running, e.g. "0.1.0" */
LGR_API const char *lgr_version(void);
/* a one-line description of a status code */
LGR_API const char *lgr_strerror(int status);
typedef struct lgr_model lgr_model;     /* a model: equations and default parameters */
typedef struct lgr_scheme lgr_scheme;   /* a time stepper for one family of models */
typedef struct lgr_sim lgr_sim;         /* one model integrated by one scheme */

typedef struct {
  double R[9];           /* rotation, row-major, body to space */
  double x[3];           /* position of the mass centre, space */
  double W[3];           /* body angular velocity */
  double v[3];           /* velocity of the mass centre, space */
} lgr_body;
LGR_API size_t lgr_nmodels(void);
LGR_API const lgr_model *lgr_model_at(size_t i);
LGR_API const lgr_model *lgr_model_find(const char *name, char *msg, size_t msglen);
LGR_API const char *lgr_model_name(const lgr_model *m);
LGR_API const char *lgr_model_family(const lgr_model *m);
LGR_API const char *lgr_model_source(const lgr_model *m);
LGR_API const char *lgr_model_doc(const lgr_model *m);
LGR_API const char *lgr_model_columns(const lgr_model *m);
LGR_API int lgr_model_ncolumns(const lgr_model *m);

LGR_API const char *lgr_param_name(const lgr_model *m, size_t i);
LGR_API int lgr_param_len(const lgr_model *m, size_t i);
LGR_API const char *lgr_param_unit(const lgr_model *m, size_t i);
LGR_API const char *lgr_param_doc(const lgr_model *m, size_t i);

LGR_API size_t lgr_nschemes(void);
LGR_API const lgr_scheme *lgr_scheme_at(size_t i);
LGR_API const lgr_scheme *lgr_scheme_find(const lgr_model *m, const char *name,
                                          char *msg, size_t msglen);
LGR_API const char *lgr_scheme_name(const lgr_scheme *s);
LGR_API const char *lgr_scheme_family(const lgr_scheme *s);
LGR_API const char *lgr_scheme_source(const lgr_scheme *s);
LGR_API const char *lgr_scheme_doc(const lgr_scheme *s);
LGR_API int lgr_scheme_implicit(const lgr_scheme *s);
LGR_API lgr_model *lgr_model_parse(const char *text, const char *where,
                                   char *msg, size_t msglen);
LGR_API lgr_model *lgr_model_read(const char *path, char *msg, size_t msglen);
LGR_API void lgr_model_free(lgr_model *m);
LGR_API lgr_sim *lgr_alloc(const lgr_model *m, const char *scheme, char *msg, size_t msglen);
LGR_API int lgr_set(lgr_sim *sim, const char *assignment, char *msg, size_t msglen);
LGR_API int lgr_set_values(lgr_sim *sim, const char *name, const double *v, int len,
                           char *msg, size_t msglen);
LGR_API int lgr_get(const lgr_sim *sim, const char *name, double *v, int len);
LGR_API int lgr_set_option(lgr_sim *sim, const char *name, const char *value,
                           char *msg, size_t msglen);
LGR_API int lgr_init(lgr_sim *sim, double h, char *msg, size_t msglen);
LGR_API int lgr_step(lgr_sim *sim);
LGR_API void lgr_free(lgr_sim *sim);
LGR_API double lgr_time(const lgr_sim *sim);
LGR_API long lgr_nsteps(const lgr_sim *sim);
LGR_API int lgr_nbodies(const lgr_sim *sim);
LGR_API int lgr_get_body(const lgr_sim *sim, int i, lgr_body *b);
LGR_API int lgr_newton_iters(const lgr_sim *sim);
LGR_API double lgr_newton_resid(const lgr_sim *sim);
LGR_API int lgr_row(const lgr_sim *sim, double *out);
LGR_API double lgr_value(const lgr_sim *sim, const char *column);
LGR_API double lgr_energy(const lgr_sim *sim);
LGR_API double lgr_orth_err(const lgr_sim *sim);
LGR_API double lgr_phi_err(const lgr_sim *sim);
LGR_API double lgr_dphi_err(const lgr_sim *sim);

#ifdef __cplusplus
}
#endif
#endif
