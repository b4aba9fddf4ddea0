/* multibody-internal.h: what the files of the multibody model share
   (multibody.c, multibody-joints.c, multibody-loads.c, multibody-constrained.c,
   multibody-file.c); not part of the interface. */
#ifndef LG_MODEL_MULTIBODY_INTERNAL_H
#define LG_MODEL_MULTIBODY_INTERNAL_H
#include <math.h>
#include "lie/so3.h"
#include "model/multibody.h"
typedef struct {
  int body;        /* body index, or MB_GROUND */
  const double *P; /* point: body frame, or space for the ground */
  double sign;     /* +1 on side a, -1 on side b */
} mb_side;
/* side s (0: a, 1: b) of joint k: its body, its point and its sign;
   inline, as the factorisation's loops call it for every pair of sides */
static inline mb_side mb_joint_side(const mb_par *p, int k, int s)
{
  const mb_joint *j = &p->topo->joint[k];
  mb_side d = {s == 0 ? j->a : j->b, mb_joint_par(p, k) + 3 * s, s == 0 ? 1.0 : -1.0};
  return d;
}
/* G = -sign R hat(P): the block of B that multiplies W of the side's body */
static inline void mb_rot_block(double G[9], const mb_side *d, const double R[9])
{
  double S[9];
  so3_hat(S, d->P);
  so3_mul(G, R, S);
  for (int r = 0; r < 9; r++) G[r] *= -d->sign;
}
/* the forces f of mb_force plus the springs, forces and torques */
void mb_force_applied(const mb_par *p, const lg_body *q, double *f);
/* the largest norm of one joint's part of the constraint vector c (a
   model with a joint other than spherical: mb_joint_max_general) */
double mb_joint_max_general(const mb_par *p, const double *c);
static inline double mb_joint_max(const mb_par *p, const double *c)
{
  if (p->topo->nxval > 0) return mb_joint_max_general(p, c);
  double e = 0;
  for (int k = 0; k < p->topo->nj; k++) e = fmax(e, so3_norm(c + 3 * k));
  return e;
}
/* the Newton store of n unknowns, bs per body then one group per joint
   (goff[k + 1] - goff[k] unknowns, or with goff NULL the joint's rows),
   each coupled to its joint's bodies (multibody-constrained.c) */
struct newton_ws *mb_newton_joint_store(const mb_topo *t, size_t n, size_t bs, const int *goff);
/* the length scale of the model check's tolerances (multibody-file.c) */
double mb_length_scale(const mb_par *p);
/* the assembly of the model check, on its copy q of the initial state
   (multibody-constrained.c) */
int mb_assemble_state(const mb_par *p, lg_body *q, double L, mb_assembly *a, mb_work *w);
/* whether a model file's loads do work (a torque, a damper): its energy
   column is then energy_nc (multibody-loads.c) */
int mb_file_dissipates(const mb_topo *t);
/* the first point spring whose points coincide in q while its rest length
   or damping is not zero (its direction undefined), or -1 */
int mb_spring_undirected(const mb_par *p, const lg_body *q);
#endif
