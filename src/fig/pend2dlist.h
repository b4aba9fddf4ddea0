/* pend2dlist.h: the implicit planar schemes and RK4, in table order. */
#ifndef PEND2D_FIG_LIST_H
#define PEND2D_FIG_LIST_H
static const char *const fig_schemes[] = {
  "angle", "angle_inc", "reduced", "reduced_inc", "fform", "complete",
  "complete_inc", "liealg", "liealg_inc", "cayley", "rk4"
};
static const char *const fig_labels[] = {
  "(43)", "(46)", "(50)", "(53)", "(56)", "(59)", "(60)", "(63)", "(64)", "(67)", "RK4"
};
enum { FIG_NSCHEMES = 11 };
#endif
