/* cmp-liang2023-order.c: observed orders of the three schemes on the mast
   (errors at t = 0.5 s against the multibody reference), the error of that
   reference, and how the constraint drift of RKMK4 with and without the
   projection scales with h over 10 s. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "model/multibody.h"
#include "fig/lib/liang23drv.h"

#define TORD 0.5                        /* span of the order runs */
#define NH 5
static const double hs[NH] = {0.01, 0.005, 0.0025, 0.00125, 0.000625};
#define HREF (0.000625 / 8)             /* the reference's grid; and twice it */
static const char *const scheme[] = {"rkmk4", "rkmk4-proj", "imid-index2"};

/* the state at t = TORD of a run of scheme at step h: lg_body array (18 + x) */
static int keep_last(void *ctx, const lg_state *s)
{
  memcpy(ctx, s->body, (size_t)s->nbody * sizeof(lg_body));
  return 0;
}

static void final_state(const char *sch, double h, double T, lg_body *q, const lg_model *m,
                        const mb_par *p)
{
  lg_opts opt;
  lg_opts_default(&opt);
  opt.newton_tol = LD_NEWTON_TOL;
  if (lg_run(lg_scheme_find("multibody", sch), p, &opt, h, lround(T / h), lround(T / h),
             keep_last, q, NULL) != LG_OK) {
    fprintf(stderr, "cmp-liang2023-order: %s failed at h = %g on %s\n", sch, h, m->name);
    exit(1);
  }
}

/* largest difference in (x, R) and in (W, v) */
static void diff(const lg_body *a, const lg_body *b, int nb, double *pos, double *vel)
{
  *pos = *vel = 0;
  for (int i = 0; i < nb; i++) {
    for (int c = 0; c < 9; c++) *pos = fmax(*pos, fabs(a[i].R[c] - b[i].R[c]));
    for (int c = 0; c < 3; c++) {
      *pos = fmax(*pos, fabs(a[i].x[c] - b[i].x[c]));
      *vel = fmax(*vel, fmax(fabs(a[i].W[c] - b[i].W[c]), fabs(a[i].v[c] - b[i].v[c])));
    }
  }
}

/* least-squares slope of log e against log h */
static double slope(const double *h, const double *e, int n)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int k = 0; k < n; k++) {
    double x = log(h[k]), y = log(e[k]);
    sx += x; sy += y; sxx += x * x; sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

int main(void)
{
  const lg_model *m = lg_model_find("mast");
  if (!m) return 1;
  mb_par *p = calloc(1, m->par_size);
  lg_params_default(m, p);
  const int nb = p->topo->nb;
  lg_body *ref = calloc((size_t)nb, sizeof *ref), *ref2 = calloc((size_t)nb, sizeof *ref2),
          *q = calloc((size_t)nb, sizeof *q);
  final_state("ref", HREF, TORD, ref, m, p);
  final_state("ref", 2 * HREF, TORD, ref2, m, p);
  double rpos, rvel, e[3][2][NH], ord[3][2];
  diff(ref, ref2, nb, &rpos, &rvel);
  printf("# cmp-liang2023-order: model mast\n");
  printf("# index 0: h, then per scheme (rkmk4, rkmk4-proj, imid-index2) the largest error in "
         "(x, R)\n"
         "# and in (W, v) at t = %g s against the reference (ref, rk8pd + projection, h = %g)\n",
             TORD, HREF);
  for (int k = 0; k < NH; k++)
    for (int s = 0; s < 3; s++) {
      final_state(scheme[s], hs[k], TORD, q, m, p);
      diff(q, ref, nb, &e[s][0][k], &e[s][1][k]);
    }
  for (int k = 0; k < NH; k++) {
    printf("%g", hs[k]);
    for (int s = 0; s < 3; s++) printf(" %.6e %.6e", e[s][0][k], e[s][1][k]);
    printf("\n");
  }
  for (int s = 0; s < 3; s++)
    for (int v = 0; v < 2; v++) ord[s][v] = slope(hs, e[s][v], NH);
  /* drift against h over 10 s */
  static const double hd[3] = {4e-3, 2e-3, 1e-3};
  double d[2][3][3];
  printf("\n\n# index 1: h, then for rkmk4 and rkmk4-proj: max |Phi|, max |BV| (all joints), "
         "max |E - E0| over 10 s\n");
  for (int k = 0; k < 3; k++) {
    printf("%g", hd[k]);
    for (int s = 0; s < 2; s++) {
      ld_run r;
      ld_simulate(&r, "mast", scheme[s], hd[k], 10.0, NULL, 0);
      double dE = 0;
      for (long j = 0; j < r.n; j++) dE = fmax(dE, fabs(r.v[j][LD_E] - r.v[0][LD_E]));
      d[s][0][k] = ld_max(&r, LD_PHI_ALL, 0, r.n);
      d[s][1][k] = ld_max(&r, LD_BV_ALL, 0, r.n);
      d[s][2][k] = dE;
      printf(" %.6e %.6e %.6e", d[s][0][k], d[s][1][k], d[s][2][k]);
      ld_free(&r);
    }
    printf("\n");
  }
  printf("\n\n# index 2: observed orders (pos, vel) of rkmk4, rkmk4-proj, imid-index2; "
         "reference error\n"
         "# (pos, vel: h = %g against 2h); slope in h of the rkmk4 drift of |Phi|, |BV|, |E - "
         "E0|;\n"
         "# largest |Phi| and |BV| of rkmk4-proj at any of the three h\n", HREF);
  printf("%.4f %.4f %.4f %.4f %.4f %.4f %.6e %.6e %.4f %.4f %.4f %.6e %.6e\n", ord[0][0],
         ord[0][1],
         ord[1][0], ord[1][1], ord[2][0], ord[2][1], rpos, rvel, slope(hd, d[0][0], 3),
         slope(hd, d[0][1], 3), slope(hd, d[0][2], 3),
             fmax(d[1][0][0], fmax(d[1][0][1], d[1][0][2])),
         fmax(d[1][1][0], fmax(d[1][1][1], d[1][1][2])));
  free(p); free(ref); free(ref2); free(q);
  return 0;
}
