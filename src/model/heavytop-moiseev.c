/* heavytop-moiseev.c: the heavy top with the parameters of moiseev2024 (model
   pendulum3d-moiseev), and the table entry of the LGVI chapter's models. */
#include <stddef.h>
#include "core/lg.h"
#include "model/heavytop.h"
#include "model/offsetbody.h"

static const lg_param moiseev_params[] = {
  {"m", offsetof(ht_params, m), 1, {1.0}, "kg", "mass"},
  {"g", offsetof(ht_params, g), 1, {9.8}, "m/s^2",
   "gravitational acceleration (not stated; our choice)"},
  {"gdir", offsetof(ht_params, gdir), 3, {0, 0, 1}, "-",
   "direction of gravity, spatial (+e3 as in the paper's Fig. 4)"},
  {"J", offsetof(ht_params, J), 3, {0.13, 0.28, 0.17}, "kg m^2",
   "principal moments about the pivot"},
  {"rho", offsetof(ht_params, rho), 3, {0, 0, 0.3}, "m", "pivot to centre of mass, body frame"},
  {"R0", offsetof(ht_params, R0), 9, {1, 0, 0, 0, 1, 0, 0, 0, 1}, "-", "initial rotation"},
  {"W0", offsetof(ht_params, W0), 3, {4.14, 4.14, 4.14}, "rad/s",
   "initial body angular velocity"},
  {NULL, 0, 0, {0}, NULL, NULL}
};
static const lg_model moiseev_model = {
  "pendulum3d-moiseev", "heavytop", "moiseev2024 (Lee-Leok-McClamroch 3D pendulum)",
  "asymmetric 3D pendulum hanging from a frictionless pivot",
  sizeof(ht_params), moiseev_params, ht_check, HT_COLUMNS, HT_NCOL, ht_row, NULL
};
const lg_model *const lgvi_models[] = { &offsetbody_model, &moiseev_model, NULL };
