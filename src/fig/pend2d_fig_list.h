/* pend2d_fig_list.h: the implicit planar schemes and RK4, in table order. */
#ifndef PEND2D_FIG_LIST_H
#define PEND2D_FIG_LIST_H
static const char *const fig_schemes[] = {
  "angle", "angle_inc", "reduced", "reduced_inc", "fform", "complete",
  "complete_inc", "liealg", "liealg_inc", "cayley", "rk4"
};
enum { FIG_NSCHEMES = 11 };
#endif
