/* cmp-lgvi-longrun.c: energy, momentum and orthogonality over 1e6 steps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "model/offsetbody.h"
#include "fig/lib/lgvidrv.h"

static void no_translation(void *par)
{
  ob_params *p = par;
  memset(p->gdir_tr, 0, sizeof p->gdir_tr);
  memset(p->v0, 0, sizeof p->v0);
}

int main(void)
{
  double pp[64], pb[64];
  lg_opts opt;
  const lg_model *mp = drv_params("pendulum3d-moiseev", pp, 0, NULL);
  const lg_model *mb = drv_params("offsetbody", pb, 1, no_translation);
  const long n = 1000000, every = 1000;
  lg_opts_default(&opt);
  opt.newton_tol = 1e-14;
  printf("# 1e6 steps of h = 0.01: moiseev2024 pendulum and bai2015 body (translation off)\n");
  drv_block("0 pendulum, LGVI (exponential)", mp, "lgvi-exp", pp, &opt, 0.01, n, every,
            "t dE dL orth_err");
  drv_block("1 pendulum, RK4", mp, "rk4", pp, &opt, 0.01, n, every, "t dE dL orth_err");
  drv_block("2 offset body, LGVI (Cayley)", mb, "lgvi-cayley", pb, &opt, 0.01, n, every,
            "t dE dL orth_err");
  drv_block("3 offset body, RK3 on 18 numbers", mb, "rk3", pb, &opt, 0.01, n, every,
            "t dE dL orth_err");
  drv_block("4 offset body, Lie group RK3", mb, "lgrk3", pb, &opt, 0.01, n, every,
            "t dE dL orth_err");
  return 0;
}
