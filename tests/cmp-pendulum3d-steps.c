/* cmp-pendulum3d-steps.c: the Section 7 claims of sun2022 on the 3D pendulum. */
#include "p3d-check.h"

/* the row of scheme s, step h, gravity g in data set 0 */
static const double *p3d_row(const p3d_set *s, int sch, double h, double g)
{
  for (long i = 0; i < s->n; i++)
    if ((int)s->v[i][0] == sch && fabs(s->v[i][1] - h) < 1e-9 && fabs(s->v[i][2] - g) < 1e-9)
      return s->v[i];
  return NULL;
}

static int p3d_sec7(const p3d_set *s, double g, double q[6])
{
  const double *ra1 = p3d_row(s, 0, 0.1, g), *cl1 = p3d_row(s, 1, 0.1, g);
  const double *f05 = p3d_row(s, 2, 0.05, g), *ca005 = p3d_row(s, 3, 0.005, g);
  if (!ra1 || !cl1 || !f05 || !ca005) return 1;
  q[0] = ra1[7];
  q[1] = cl1[7];
  q[2] = cl1[8];
  q[3] = cl1[7] / ra1[7];
  q[4] = ca005[3];   /* replaced below by the one reading, from Fig. 27's data */
  q[5] = fmax(f05[3], fmax(ra1[3], cl1[3]));
  return 0;
}

int main(void)
{
  p3d_data d;
  double q[6], q2[6], m = 0.0;
  if (p3d_read(&d, "data/cmp-pendulum3d-steps.dat") || d.nsets < 2) return 1;
  if (p3d_sec7(&d.s[0], 9.8, q) || p3d_sec7(&d.s[0], 9.81, q2)) return 1;
  /* -e, "loses the conservation the Lie group forms keep", at h = 0.005: the
     one reading of Figs. 26 and 27 (p3d_lost), on the Cardan runs of Fig. 27,
     which keep the angular velocity that the scale of L_d needs */
  p3d_data f;
  if (p3d_read(&f, "data/sun2022-fig27.dat") || f.nsets < 11) return 1;
  q[4] = p3d_lost(&f, &p3d_readings[0], 0.005);
  q2[4] = p3d_lost(&f, &p3d_readings[1], 0.005);
  double lost_params = p3d_lost_at(&f, &p3d_readings[0], 0.005,
                                   p3d_lscale_params("data/sun2022-fig27.dat"));
  p3d_data_free(&f);
  /* -a stands for Eqs. (78) and (83), one map (q[1] is q[0]); -e is
     sun2022-fig27-b, the same statement on the same runs, counted there; a
     NULL id is measured but not printed */
  const char *ids[6] = {"cmp-pendulum3d-steps-a", NULL,
                        "cmp-pendulum3d-steps-c", "cmp-pendulum3d-steps-d",
                        NULL, "cmp-pendulum3d-steps-f"};
  static const char refuted[] = "refuted by derivation: Eqs. (78) and (83) are one map, "
                                "so the ratio is 1 for a correct package";
  (void)lost_params;
  for (int i = 0; i < 6; i++)
    if (!ids[i]) continue;
    else if (i == 3) p3d_claim_note(ids[i], q[i], refuted);
    else p3d_claim(ids[i], q[i]);
  for (int i = 0; i < 6; i++)
    if (ids[i]) p3d_claim_under("g=9.81", ids[i], q2[i]);
  /* "not obviously distinguishable" read on the amplitude, the open reading of -a */
  p3d_claim_under("read=envelope", "cmp-pendulum3d-steps-a", q[2]);
  const p3d_set *sep = &d.s[1];
  p3d_claim("cmp-pendulum3d-steps-g",
            sep->n ? fmax(sep->v[sep->n-1][1], sep->v[sep->n-1][2]) : NAN);
  for (int i = 0; i < 4; i++) m = fmax(m, fabs(log10(q2[i] / q[i])));
  p3d_claim("cmp-pendulum3d-steps-h", m);
  p3d_claim_note("cmp-pendulum3d-steps-i", q[3], refuted);   /* the magnitude of -d */
  p3d_claim_under("g=9.81", "cmp-pendulum3d-steps-i", q2[3]);
  p3d_data_free(&d);
  return 0;
}
