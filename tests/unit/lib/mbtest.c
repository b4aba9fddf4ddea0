/* mbtest.c: see mbtest.h. */
#include <stdio.h>
#include <string.h>
#include "lie/so3.h"
#include "model/multibody.h"
#include "mbtest.h"

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

void mbt_two_bodies(char *t, size_t n, const char *kind, const char *tail)
{
  const double ca[3] = {0.3, -0.7, 1.1}, cb[3] = {-1.2, 0.4, 2.3};
  const double P1a[3] = {0.2, 0.1, -0.3}, P2a[3] = {-0.1, 0.25, 0.15}, P2b[3] = {0.3, -0.2, 0.1};
  const double xa[3] = {0.4, -0.3, 0.2};
  double Ra[9], Rb[9], y[3], g[3], xb[3], z[3];
  so3_cardan(Ra, ca);
  so3_cardan(Rb, cb);
  so3_mv(y, Ra, P1a);
  for (int r = 0; r < 3; r++) g[r] = xa[r] + y[r];
  so3_mv(y, Ra, P2a);
  so3_mv(z, Rb, P2b);
  for (int r = 0; r < 3; r++) xb[r] = xa[r] + y[r] - z[r];
  const int universal = strcmp(kind, "universal") == 0;
  const int axis = strcmp(kind, "spherical") != 0 && strcmp(kind, "weld") != 0;
  const char *ax = !axis ? "" : universal ? " axis 0.3 -0.5 0.8 axis 0.8 0.64 0.1"
                                          : " axis 0.3 -0.5 0.8";
  snprintf(t, n,
           "model joints\ngravity 9.81 0 0 -1\n"
           "body a\nmass 1.7\ninertia 0.9 1.3 1.1\nposition %.17g %.17g %.17g\n"
           "cardan 0.3 -0.7 1.1\nangvel 1.9 -2.3 0.7\nvelocity 0.3 0.5 -0.8\n"
           "body b\nmass 2.3\ninertia 0.6 0.8 1.2\nposition %.17g %.17g %.17g\n"
           "cardan -1.2 0.4 2.3\nangvel -0.8 3.1 -1.7\nvelocity -0.6 0.2 0.4\n"
           "joint %s ground %.17g %.17g %.17g a %.17g %.17g %.17g%s\n"
           "joint %s a %.17g %.17g %.17g b %.17g %.17g %.17g%s\n%s",
           xa[0], xa[1], xa[2], xb[0], xb[1], xb[2], kind, g[0], g[1], g[2], P1a[0], P1a[1],
           P1a[2], ax, kind, P2a[0], P2a[1], P2a[2], P2b[0], P2b[1], P2b[2], ax, tail);
}
