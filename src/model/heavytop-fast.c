/* heavytop-fast.c: the fast heavy top of Bruls, Cardona and Arnold (model
   heavytop-fast), and the table entry of the comparative chapter's models. */
#include <stddef.h>
#include "core/lg.h"
#include "model/heavytop.h"

static const lg_param fast_params[] = {
  {"m", offsetof(ht_params, m), 1, {15}, "kg", "mass"},
  {"g", offsetof(ht_params, g), 1, {9.81}, "m/s^2", "gravitational acceleration"},
  {"gdir", offsetof(ht_params, gdir), 3, {0, 0, -1}, "-",
   "direction of gravity, spatial (e3 up)"},
  {"J", offsetof(ht_params, J), 3, {15.234375, 0.46875, 15.234375}, "kg m^2",
   "principal moments about the pivot: Jc + m (|rho|^2 I - rho rho^T)"},
  {"rho", offsetof(ht_params, rho), 3, {0, 1, 0}, "m", "pivot to centre of mass, body frame"},
  {"R0", offsetof(ht_params, R0), 9, {1, 0, 0, 0, 1, 0, 0, 0, 1}, "-", "initial rotation"},
  {"W0", offsetof(ht_params, W0), 3, {0, 150, -4.61538}, "rad/s",
   "initial body angular velocity"},
  {NULL, 0, 0, {0}, NULL, NULL}
};

const lg_model ht_fast_model = {
  "heavytop-fast", "heavytop", "Bruls, Cardona, Arnold 2012 (fast heavy top)",
  "symmetric top spinning at 150 rad/s about its axis, pivot 1 m from the mass centre",
  sizeof(ht_params), fast_params, ht_check, HT_COLUMNS, HT_NCOL, ht_row, NULL
};

const lg_model *const cmp_models[] = { &ht_fast_model, NULL };
