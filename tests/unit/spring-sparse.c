/* Unit test of the springs' groups in the structured Newton solver: a
   chain of 24 rods with springs between neighbours, one to the ground and
   one closing a loop, every implicit scheme, structured against dense. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"

#define NROD 24

/* the chain: rods of length 0.2 turned by small rotations, the joints on
   their axes (0, 0, +-0.1), spinning about their axes (so at rest at the
   joints: consistent velocities), springs between neighbours off the axes */
static lg_model *spring_chain(int universal)
{
  static char t[20000];
  size_t len = (size_t)snprintf(t, sizeof t, "model spring-chain\ngravity 9.81 0 0 -1\n");
  double y[3] = {0, 0, 0};
  for (int i = 0; i < NROD; i++) {
    const double c[3] = {0.2 * sin(1.0 + i), 0.15 * cos(2.0 * i), 0.3 * i};
    double R[9], P[3] = {0, 0, 0.1}, u[3], x[3];
    so3_cardan(R, c);
    so3_mv(u, R, P);
    for (int r = 0; r < 3; r++) x[r] = y[r] - u[r];
    len += (size_t)snprintf(t + len, sizeof t - len,
                            "body r%d\nmass %.17g\ninertia 0.00084 0.00085 0.0000125\n"
                            "position %.17g %.17g %.17g\ncardan %.17g %.17g %.17g\n"
                            "angvel 0 0 %.17g\n", i + 1, 0.25 + 0.01 * i, x[0], x[1], x[2],
                            c[0], c[1], c[2], universal ? 0.0 : 5.0 - 0.3 * i);
    const char *kind = universal && i % 2 ? "universal " : "";
    const char *ax = universal && i % 2 ? " axis 1 0 0 axis 0 1 0" : "";
    if (i == 0)
      len += (size_t)snprintf(t + len, sizeof t - len, "joint ground 0 0 0 r1 0 0 0.1\n");
    else
      len += (size_t)snprintf(t + len, sizeof t - len, "joint %sr%d 0 0 -0.1 r%d 0 0 0.1%s\n",
                              kind, i, i + 1, ax);
    for (int r = 0; r < 3; r++) y[r] = x[r] - u[r];
  }
  for (int i = 1; i < NROD; i++)
    len += (size_t)snprintf(t + len, sizeof t - len,
                            "spring r%d 0.02 0 -0.05 r%d 0 0.02 0.05 stiffness 40 damping 0.2 "
                            "length 0.15\n", i, i + 1);
  len += (size_t)snprintf(t + len, sizeof t - len,
                          "spring ground 0.3 0 %.17g r%d 0 0 -0.1 stiffness 3 damping 0.05 "
                          "length 0.25\n", y[2], NROD);
  len += (size_t)snprintf(t + len, sizeof t - len,
                          "spring r%d 0 0.02 0 r1 0.02 0 0 stiffness 5 damping 0.1 length 2\n",
                          NROD);
  char msg[300];
  lg_model *m = len < sizeof t ? mb_model_parse(t, "spring-sparse.mb", msg, sizeof msg) : NULL;
  if (!m && len < sizeof t) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

typedef struct { int nb; lg_body *q; long iters; double vmax; } watch;
static int watch_step(void *ctx, const lg_state *s)
{
  watch *w = ctx;
  memcpy(w->q, s->body, (size_t)w->nb * sizeof *w->q);
  w->iters += s->newton_iters;
  for (int i = 0; i < w->nb; i++) w->vmax = fmax(w->vmax, so3_norm(s->body[i].v));
  return 0;
}

/* 25 steps of h = 2e-3 with scheme name and solver, damped or not */
static int run(const lg_model *m, const char *name, int solver, int damped, watch *w)
{
  const lg_scheme_type *S = lg_scheme_find("multibody", name);
  mb_par *p = calloc(1, m->par_size);
  if (!S || !p) { free(p); return LG_ENOMEM; }
  lg_params_default(m, p);
  for (int k = 0; !damped && k < p->topo->ld->ns; k++) ((double *)mb_spring_par(p, k))[MB_SC] = 0;
  char msg[300];
  int st = m->check(p, 0, msg, sizeof msg);
  if (st != LG_OK) fprintf(stderr, "spring-sparse: %s\n", msg);
  if (st == LG_OK) {
    lg_opts opt;
    lg_opts_default(&opt);
    opt.newton_solver = solver;
    st = lg_run(S, p, &opt, 2e-3, 25, 1, watch_step, w, NULL);
  }
  free(p);
  return st;
}

int main(void)
{
  static const char *const scheme[] = {"dh", "rattlie", "dl", "galpha", "imid-index2"};
  for (int u = 0; u < 2; u++) {
    const char *what = u ? "every other joint universal, at rest" : "spinning";
    lg_model *m = spring_chain(u);
    gsl_test(m == NULL, "spring-sparse: the chain (%s) parses", what);
    if (!m) continue;
    for (int s = 0; s < 5; s++) {
      lg_body qs[NROD], qd[NROD];
      watch ws = {NROD, qs, 0, 0}, wd = {NROD, qd, 0, 0};
      const int damped = s != 2;
      int st = run(m, scheme[s], LG_NEWTON_DIRECT, damped, &ws);
      int sd = run(m, scheme[s], LG_NEWTON_DIRECT_GSL, damped, &wd);
      double e[3] = {0, 0, 0}, big[3] = {0, 0, 0};
      for (int i = 0; i < NROD && st == LG_OK && sd == LG_OK; i++)
        for (int r = 0; r < 3; r++) {
          const double a[3] = {qs[i].x[r], qs[i].v[r], qs[i].W[r]};
          const double b[3] = {qd[i].x[r], qd[i].v[r], qd[i].W[r]};
          for (int c = 0; c < 3; c++) {
            e[c] = fmax(e[c], fabs(a[c] - b[c]));
            big[c] = fmax(big[c], fabs(b[c]));
          }
        }
      const double ev = fmax(e[1] / big[1], e[2] / big[2]), bar = s == 3 ? 1e-10 : 1e-12;
      gsl_test(st != LG_OK || sd != LG_OK || !(e[0] / big[0] <= 1e-12) || !(ev <= bar),
               "spring-sparse: %s, %s (%s), 25 steps: structured against dense, largest "
               "difference %.2g of the size of x (<= 1e-12), %.2g of that of v, W (<= %g); "
               "status %d, %d", what, scheme[s], damped ? "damped" : "undamped", e[0] / big[0],
               ev, bar, st, sd);
      gsl_test(st != LG_OK || sd != LG_OK || ws.iters > wd.iters + 2 || !(ws.vmax > 0.05),
               "spring-sparse: %s, %s: Newton iterations %ld structured, %ld dense (at most 2 "
               "more), largest speed %.2g m/s (> 0.05)", what, scheme[s], ws.iters, wd.iters,
               ws.vmax);
    }
    mb_model_free(m);
  }
  exit(gsl_test_summary());
}
