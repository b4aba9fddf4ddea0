/* moiseev2024-fig02.c: Cartesian variational integrator of a planar pendulum. */
#include <math.h>
#include <stdio.h>

static const double m = 1.0, l = 1.0, g = 9.8, h = 0.01;
static double k = 1000.0;

static void force(double f[2], const double q[2])   /* -grad V, y up */
{
  double r = hypot(q[0], q[1]), s = -k * (r - l) / r;
  f[0] = s * q[0];
  f[1] = s * q[1] - m * g;
}

static double energy(const double q[2], const double v[2])
{
  double r = hypot(q[0], q[1]);
  return 0.5 * m * (v[0] * v[0] + v[1] * v[1]) + m * g * q[1] + 0.5 * k * (r - l) * (r - l);
}

/* One block: t x y dr relE over 20 s at the current k. */
static void run(void)
{
  const double th0 = 1.5;
  double q[2] = {l * sin(th0), -l * cos(th0)}, v[2] = {0, 0}, f[2], E0;
  long n = 2000;
  E0 = energy(q, v);
  force(f, q);
  for (long i = 0; i <= n; i++) {
    if (i > 0) {                                     /* Stormer-Verlet */
      for (int j = 0; j < 2; j++) {
        v[j] += 0.5 * h * f[j] / m;
        q[j] += h * v[j];
      }
      force(f, q);
      for (int j = 0; j < 2; j++) v[j] += 0.5 * h * f[j] / m;
    }
    printf("%.10g %.10g %.10g %.10g %.10g\n", (double)i * h, q[0], q[1],
           hypot(q[0], q[1]) - l, (energy(q, v) - E0) / fabs(E0));
  }
}

int main(void)
{
  printf("# moiseev2024 Fig. 2 (our parameters): point mass m = 1 kg on a spring of rest\n"
         "# length l = 1 m, stiffness k = 1000 N/m, g = 9.8, theta0 = 1.5 rad from rest,\n"
         "# Stormer-Verlet (variational) in Cartesian coordinates, h = 0.01 s, 20 s\n"
         "# t x y dr relE\n");
  run();
  printf("\n\n# the circle |q| = l\n");
  for (int i = 0; i <= 360; i++)
    printf("%.10g %.10g\n", l * cos(i * 3.14159265358979323846 / 180),
           l * sin(i * 3.14159265358979323846 / 180));
  k = 1e4;
  printf("\n\n# the open stiffness: the same run with k = 1e4 N/m\n# t x y dr relE\n");
  run();
  return 0;
}
