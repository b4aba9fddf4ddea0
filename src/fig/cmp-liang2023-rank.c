/* cmp-liang2023-rank.c: rank and extreme singular values of the constraint
   Jacobian B of the mast along the 10 s run (rkmk4-proj, h = 1e-3), every
   10 steps, by GSL's SVD of B^T. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <gsl/gsl_linalg.h>
#include "core/lg.h"
#include "model/multibody.h"

typedef struct {
  const mb_par *p;
  double *B;
  gsl_matrix *A, *V;
  gsl_vector *S, *work;
  int minrank;
  double smin, smax, tmin;
} svd_ctx;

static int svd_row(void *vc, const lg_state *s)
{
  svd_ctx *c = vc;
  const int nc = c->p->topo->nc, n = 6 * c->p->topo->nb;
  mb_jac(c->p, s->body, c->B);
  for (int i = 0; i < nc; i++)
    for (int j = 0; j < n; j++) gsl_matrix_set(c->A, (size_t)j, (size_t)i,
                                               c->B[(size_t)i * (size_t)n + (size_t)j]);
  if (gsl_linalg_SV_decomp(c->A, c->V, c->S, c->work) != GSL_SUCCESS) return 1;
  double smax = gsl_vector_get(c->S, 0), smin = gsl_vector_get(c->S, (size_t)nc - 1);
  int rank = 0;
  for (int i = 0; i < nc; i++) rank += gsl_vector_get(c->S, (size_t)i) > n * DBL_EPSILON * smax;
  printf("%.4f %d %.8e %.8e\n", s->t, rank, smin, smax);
  if (rank < c->minrank) c->minrank = rank;
  if (smin < c->smin) { c->smin = smin; c->tmin = s->t; }
  c->smax = fmax(c->smax, smin);
  return 0;
}

int main(void)
{
  const lg_model *m = lg_model_find("mast");
  if (!m) return 1;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  const int nc = p->topo->nc, n = 6 * p->topo->nb;
  svd_ctx c = {p, malloc((size_t)nc * (size_t)n * sizeof(double)),
               gsl_matrix_alloc((size_t)n, (size_t)nc),
               gsl_matrix_alloc((size_t)nc, (size_t)nc), gsl_vector_alloc((size_t)nc),
               gsl_vector_alloc((size_t)nc), nc, INFINITY, 0, NAN};
  lg_opts opt;
  lg_opts_default(&opt);
  printf("# cmp-liang2023-rank: model mast (%d constraints, %d velocities), rkmk4-proj, h = "
         "1e-3, 10 s\n", nc, n);
  printf("# index 0: t, numerical rank of B (singular values above %d eps sigma_max), "
         "sigma_min, sigma_max\n", n);
  if (lg_run(lg_scheme_find("multibody", "rkmk4-proj"), p, &opt, 1e-3, 10000, 10, svd_row, &c,
             NULL) != LG_OK)
    return 1;
  printf("\n\n# index 1: constraints, smallest rank, smallest sigma_min, its time, largest "
         "sigma_min\n");
  printf("%d %d %.8e %.4f %.8e\n", nc, c.minrank, c.smin, c.tmin, c.smax);
  gsl_matrix_free(c.A); gsl_matrix_free(c.V); gsl_vector_free(c.S); gsl_vector_free(c.work);
  free(c.B); free(p);
  return 0;
}
