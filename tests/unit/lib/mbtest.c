/* mbtest.c: see mbtest.h. */
#include <stdio.h>
#include "lie/so3.h"
#include "model/multibody.h"
#include "lib/mbtest.h"

lg_model *mbt_parse(const char *text, const char *name)
{
  char msg[300];
  lg_model *m = mb_model_parse(text, name, msg, sizeof msg);
  if (!m) fprintf(stderr, "rejected: %s\n", msg);
  return m;
}

void mbt_welded(char *two, size_t ntwo, char *one, size_t none)
{
  const double mA = 1.5, mB = 1.0, dA = 0.4, dB = 0.6;
  const double JA[3] = {0.2, 0.3, 0.25}, JB[3] = {0.1, 0.15, 0.12};
  const double c[3] = {0.4, -0.3, 0.9}, W[3] = {1.3, -2.1, 0.8}, v0[3] = {0.3, -0.2, 1.1};
  double R[9], y[3], vA[3], vB[3], xA[3], xB[3];
  so3_cardan(R, c);
  const double pA[3] = {-dA, 0, 0}, pB[3] = {dB, 0, 0};
  so3_mv(xA, R, pA);
  so3_mv(xB, R, pB);
  so3_cross(y, W, pA);
  so3_mv(vA, R, y);
  so3_cross(y, W, pB);
  so3_mv(vB, R, y);
  for (int r = 0; r < 3; r++) { vA[r] += v0[r]; vB[r] += v0[r]; }
  const double s = mA * dA * dA + mB * dB * dB;
  snprintf(two, ntwo,
           "model welded\ngravity 9.81 0 0 -1\n"
           "body A\nmass %.17g\ninertia %.17g %.17g %.17g\nposition %.17g %.17g %.17g\n"
           "cardan %.17g %.17g %.17g\nangvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n"
           "body B\nmass %.17g\ninertia %.17g %.17g %.17g\nposition %.17g %.17g %.17g\n"
           "cardan %.17g %.17g %.17g\nangvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n"
           "joint weld A %.17g 0 0 B %.17g 0 0\n",
           mA, JA[0], JA[1], JA[2], xA[0], xA[1], xA[2], c[0], c[1], c[2], W[0], W[1], W[2],
           vA[0], vA[1], vA[2], mB, JB[0], JB[1], JB[2], xB[0], xB[1], xB[2], c[0], c[1], c[2],
           W[0], W[1], W[2], vB[0], vB[1], vB[2], dA, -dB);
  snprintf(one, none,
           "model one\ngravity 9.81 0 0 -1\n"
           "body AB\nmass %.17g\ninertia %.17g %.17g %.17g\nposition 0 0 0\n"
           "cardan %.17g %.17g %.17g\nangvel %.17g %.17g %.17g\nvelocity %.17g %.17g %.17g\n",
           mA + mB, JA[0] + JB[0], JA[1] + JB[1] + s, JA[2] + JB[2] + s, c[0], c[1], c[2], W[0],
           W[1], W[2], v0[0], v0[1], v0[2]);
}
