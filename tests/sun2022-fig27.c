/* sun2022-fig27.c: claims of Fig. 27 (Eq. 87, h = 0.01 and 0.005, attitude). */
#include "p3d-check.h"

/* the change of the attitude amplitude over the run, |A(96-100 s)/A(0-4 s) - 1|,
   A the largest half range of the three components of Gamma (columns 14-16),
   from an envelope set: per window of 2 s its smallest and largest values */
static double p3d_env_change(const p3d_set *e)
{
  double a[2] = {0.0, 0.0};
  for (int c = 13; c <= 15; c++)
    for (int w = 0; w < 2; w++) {
      double lo = INFINITY, hi = -INFINITY;
      for (long i = 0; i < e->n; i++) {   /* two rows per window: its start and end */
        double t = e->v[i & ~1L][0];        /* the window's start */
        if (w == 0 ? t > 2 + 1e-9 : t < 96 - 1e-9 || t > 98 + 1e-9) continue;
        lo = fmin(lo, e->v[i][c]);
        hi = fmax(hi, e->v[i][c + 15]);
      }
      a[w] = fmax(a[w], 0.5 * (hi - lo));
    }
  return fabs(a[1] / a[0] - 1.0);
}

int main(void)
{
  p3d_data d;
  if (p3d_read(&d, "data/sun2022-fig27.dat") || d.nsets < 13) return 1;
  for (int r = 0; r < 2; r++) {
    const p3d_reading *q = &p3d_readings[r];
    p3d_claim_r(r, "sun2022-fig27-b", p3d_lost(&d, q, 0.005));
    if (!r)
      p3d_claim_under("Lscale=params", "sun2022-fig27-b",
                      p3d_lost_at(&d, q, 0.005, p3d_lscale_params("data/sun2022-fig27.dat")));
  }
  /* what the figure shows, the attitude amplitude, at the step it shows,
     h = 0.005 (index 12); the paper names both steps for Figs. 26 and 27,
     so h = 0.01 (index 11) is the open choice */
  p3d_claim("sun2022-fig27-a", p3d_env_change(&d.s[12]));
  p3d_claim_under("h=0.01", "sun2022-fig27-a", p3d_env_change(&d.s[11]));
  p3d_data_free(&d);
  return 0;
}
