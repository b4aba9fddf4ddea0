/* sun2022-fig14: Eqs. 59 and 60 at h = 0.05, 50 s, at two Newton tolerances. */
#include "fig/pend2dfig.h"
#include "scheme/sun2022-planar.h"

/* Run scheme with the warm-start guess for n steps of h, keeping every step. */
static pend2d_set run_warm(const char *name, const pend2d_params *p, const lg_opts *o,
                           double h, long n)
{
  const lg_scheme_type *T = lg_scheme_find("planar", name);
  pend2d_set out = { "", PEND2D_NCOL, 0, 0, NULL, 0, 0 };
  lg_state s = { 0 };
  double row[PEND2D_NCOL];
  void *ws = T ? T->alloc(p, o) : NULL;
  if (!ws || pend2d_ws_set_warm(ws, 1) != LG_OK || T->init(ws, p, h, &s) != LG_OK) exit(1);
  pend2d_row(p, &s, row);
  if (pend2d_set_push(&out, row) != LG_OK) exit(1);
  for (long k = 1; k <= n; k++) {
    if (T->step(ws, &s) != LG_OK) exit(1);
    pend2d_row(p, &s, row);
    if (pend2d_set_push(&out, row) != LG_OK) exit(1);
  }
  T->free(ws);
  snprintf(out.name, sizeof out.name, "%s", name);
  return fig_keep(out);
}

int main(void)
{
  pend2d_params p = fig_params(9.8);
  lg_opts o, loose;
  lg_opts_default(&o);
  loose = o;
  loose.newton_tol = 1e-4;
  pend2d_set a = fig_run("complete", &p, &o, 0.05, 50),
      b = fig_run("complete_inc", &p, &o, 0.05, 50);
  pend2d_set la = fig_run("complete", &p, &loose, 0.05, 50);
  pend2d_set lb = fig_run("complete_inc", &p, &loose, 0.05, 50);
  loose.newton_tol = 1e-3;
  pend2d_set wa = fig_run("complete", &p, &loose, 0.05, 50);
  pend2d_set wb = run_warm("complete_inc", &p, &loose, 0.05, 1000);
  fig_header("sun2022-fig14",
             "Eqs. 59 and 60 at h = 0.05, 50 s; Newton to round-off and to 1e-4", &p);
  fig_print("complete", &a, 0, 50, 1);
  fig_print("complete_inc", &b, 0, 50, 1);
  fig_print("complete_loose", &la, 0, 50, 1);
  fig_print("complete_inc_loose", &lb, 0, 50, 1);
  printf("\n\n# set diff\n# columns: t |theta_59-theta_60| to round-off, at tol 1e-4, and 1e-3 "
         "with the warm start\n");
  for (long i = 0; i < a.nrow; i++)
    printf("%.10g %.17g %.17g %.17g\n", a.v[4 * i], fabs(a.v[4 * i + 1] - b.v[4 * i + 1]),
           fabs(la.v[4 * i + 1] - lb.v[4 * i + 1]), fabs(wa.v[4 * i + 1] - wb.v[4 * i + 1]));
  fig_print("complete_tol1e-3", &wa, 0, 50, 1);
  fig_print("complete_inc_warm_tol1e-3", &wb, 0, 50, 1);
  pend2d_params p81 = fig_params(9.81);
  lg_opts_default(&o);
  pend2d_set a81 = fig_run("complete", &p81, &o, 0.05, 50);
  pend2d_set b81 = fig_run("complete_inc", &p81, &o, 0.05, 50);
  pend2d_set wa81 = fig_run("complete", &p81, &loose, 0.05, 50);
  pend2d_set wb81 = run_warm("complete_inc", &p81, &loose, 0.05, 1000);
  fig_print("complete@g=9.81", &a81, 0, 50, 1);
  fig_print("complete_inc@g=9.81", &b81, 0, 50, 1);
  fig_print("complete_tol1e-3@g=9.81", &wa81, 0, 50, 1);
  fig_print("complete_inc_warm_tol1e-3@g=9.81", &wb81, 0, 50, 1);
  return 0;
}
