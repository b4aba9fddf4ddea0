/* cmp-scaling.c: instructions per step of every multibody scheme on chains
   and binary trees of N spinning rods, N = 4, 16, 64, and the fitted
   exponent of the growth.  With --count, only the counted runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "model/multibody.h"
#include "fig/lib/cmpdrv.h"

static const char *const scheme[] = {"ref", "dh", "rattlie", "dl", "galpha",
                                     "rkmk4", "rkmk4-proj", "imid-index2"};
enum { NS = 8, NN = 3, NSHAPE = 2 };
static const int size[NN] = {4, 16, 64};
static const char *const shape[NSHAPE] = {"chain", "tree"};

/* the model file of N rods: a chain, or a binary tree (rod i hangs from the
   tip of rod (i - 1) / 2); every rod along body y, spinning about it */
static lg_model *scaling_model(int tree, int n)
{
  size_t cap = 256 + 200 * (size_t)n, len = 0;
  char *t = malloc(cap), msg[256];
  if (!t) { fprintf(stderr, "cmp-scaling: out of memory\n"); exit(1); }
  len += (size_t)snprintf(t + len, cap - len, "model %s%d\ngravity 9.81 0 0 1\n", shape[tree], n);
  for (int i = 0; i < n; i++) {
    int depth = 0;
    for (int j = i + 1; tree && j > 1; j /= 2) depth++;
    len += (size_t)snprintf(t + len, cap - len,
                            "body r%d\n mass 1\n inertia 0.0834 0.002 0.0833\n position 0 %d.5 0\n"
                            " angvel 0 %d 0\n", i, tree ? depth : i, 3 + i % 5);
  }
  len += (size_t)snprintf(t + len, cap - len, "joint ground 0 0 0 r0 0 -0.5 0\n");
  for (int i = 1; i < n; i++)
    len += (size_t)snprintf(t + len, cap - len, "joint r%d 0 0.5 0 r%d 0 -0.5 0\n",
                            tree ? (i - 1) / 2 : i - 1, i);
  lg_model *m = mb_model_parse(t, "cmp-scaling", msg, sizeof msg);
  free(t);
  if (!m) { fprintf(stderr, "cmp-scaling: %s\n", msg); exit(1); }
  return m;
}

/* the counted runs, in the order of the jobs: shape, size, scheme */
static void scaling_count(void)
{
  lg_opts opt;
  lg_opts_default(&opt);
  for (int t = 0; t < NSHAPE; t++)
    for (int k = 0; k < NN; k++) {
      lg_model *m = scaling_model(t, size[k]);
      void *par = malloc(m->par_size);
      if (!par) exit(1);
      lg_params_default(m, par);
      for (int s = 0; s < NS; s++) {
        const lg_scheme_type *S = lg_scheme_find(m->family, scheme[s]);
        if (!S) exit(1);
        lg_run(S, par, &opt, 1e-3, 1, 1, NULL, NULL, NULL);
        lg_run(S, par, &opt, 1e-3, 2, 2, NULL, NULL, NULL);
      }
      free(par);
      mb_model_free(m);
    }
}

int main(int argc, char **argv)
{
  enum { NJ = NSHAPE * NN * NS };
  if (argc > 1 && strcmp(argv[1], "--count") == 0) {
    scaling_count();
    return 0;
  }
  cmp_job job[NJ];
  double ips[NJ];
  for (int j = 0; j < NJ; j++) {
    job[j].model = shape[j / (NN * NS)];
    job[j].scheme = scheme[j % NS];
    job[j].h = 1e-3;
    job[j].n1 = 1;
    job[j].n2 = 2;
  }
  char *args[] = {argv[0], "--count", NULL};
  if (cmp_instructions(args, NJ, job, ips) != 0) return 1;
  printf("# cmp-scaling: instructions per step (Callgrind, the second step of h = 1e-3 s)\n"
         "# of every multibody scheme on N spinning rods joined by spherical joints;\n"
         "# index 0: chain, index 1: binary tree; columns N, then the schemes:\n#");
  for (int s = 0; s < NS; s++) printf(" %s", scheme[s]);
  printf("\n");
  for (int t = 0; t < NSHAPE; t++) {
    printf("# %s\n", shape[t]);
    for (int k = 0; k < NN; k++) {
      printf("%d", size[k]);
      for (int s = 0; s < NS; s++) printf(" %.6g", ips[(t * NN + k) * NS + s]);
      printf("\n");
    }
    printf("\n\n");
  }
  /* index 2: per shape and scheme, the least-squares exponent in log N */
  printf("# exponents p of cost ~ N^p, least squares over N = 4, 16, 64: shape (0 chain, 1 tree),"
         " then one per scheme\n");
  for (int t = 0; t < NSHAPE; t++) {
    printf("%d", t);
    for (int s = 0; s < NS; s++) {
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      for (int k = 0; k < NN; k++) {
        double x = log((double)size[k]), y = log(ips[(t * NN + k) * NS + s]);
        sx += x; sy += y; sxx += x * x; sxy += x * y;
      }
      printf(" %.4f", (NN * sxy - sx * sy) / (NN * sxx - sx * sx));
    }
    printf("\n");
  }
  return 0;
}
