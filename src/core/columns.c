/* columns.c: the unit and meaning of every output column name. */
#include <stdio.h>
#include <string.h>
#include "core/lg.h"

static const struct { const char *name, *unit, *doc; } plain[] = {
  {"t", "s", "time"},
  {"theta", "rad", "angle from the downward vertical (unwrapped: counts whole turns)"},
  {"omega", "rad/s", "angular velocity, the rate of theta"},
  {"energy", "J", "total energy, kinetic plus potential (conserved by the exact flow)"},
  {"Lvert", "kg m^2/s",
   "angular momentum about the gravity direction through the pivot (conserved)"},
  {"orth_err", "-", "||I - R R^T||_F, distance of R from a rotation (largest over the bodies)"},
  {"gamma_err", "-", "| |Gamma| - 1 |, distance of the reduced attitude from a unit vector"},
  {"phi_err", "m", "largest joint position residual |r_a - r_b|"},
  {"dphi_err", "m/s", "largest joint velocity residual"},
  {"newton_iters", "-", "Newton iterations of the step (implicit schemes)"},
};

/* stem, number of indices, unit, meaning with %s for the indices */
static const struct { const char *stem; int nidx; const char *unit, *doc; } stems[] = {
  {"R", 2, "-", "entry (%s) of the rotation R, body to space"},
  {"W", 1, "rad/s", "component %s of the body angular velocity Omega"},
  {"x", 1, "m", "component %s of the mass centre's position, space frame"},
  {"v", 1, "m/s", "component %s of the mass centre's velocity, space frame"},
  {"Gamma", 1, "-", "component %s of the reduced attitude Gamma = R^T d, the direction of "
                    "gravity in the body frame"},
};

static int idx_ok(const char *c, int n)            /* n digits 1..3 and the end */
{
  for (int i = 0; i < n; i++)
    if (c[i] < '1' || c[i] > '3') return 0;
  return c[n] == '\0';
}

int lg_column_doc(const char *col, char *unit, size_t un, char *doc, size_t dn)
{
  for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
    if (strcmp(col, plain[i].name) == 0) {
      snprintf(unit, un, "%s", plain[i].unit);
      snprintf(doc, dn, "%s", plain[i].doc);
      return 1;
    }
  for (size_t i = 0; i < sizeof stems / sizeof stems[0]; i++) {
    size_t L = strlen(stems[i].stem);
    const char *c = col + L, *body = NULL;
    int nb = 0;
    if (strncmp(col, stems[i].stem, L) != 0) continue;
    if (*c >= '1' && *c <= '9' && strchr(c, '_')) {     /* several bodies: STEM<body>_<idx> */
      body = c;
      while (*c >= '0' && *c <= '9') { c++; nb++; }
      if (*c != '_' || nb > 4) continue;
      c++;
    }
    if (!idx_ok(c, stems[i].nidx)) continue;
    char ix[8], d[200];
    const char *at = strstr(stems[i].doc, "%s");
    if (stems[i].nidx == 2) snprintf(ix, sizeof ix, "%c,%c", c[0], c[1]);
    else snprintf(ix, sizeof ix, "%c", c[0]);
    snprintf(d, sizeof d, "%.*s%s%s", (int)(at - stems[i].doc), stems[i].doc, ix, at + 2);
    snprintf(unit, un, "%s", stems[i].unit);
    if (body) snprintf(doc, dn, "%s; body %.*s", d, nb, body);
    else snprintf(doc, dn, "%s", d);
    return 1;
  }
  return 0;
}
