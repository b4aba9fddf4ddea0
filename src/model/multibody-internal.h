/* multibody-internal.h: what the files of the multibody model share
   (multibody.c, multibody-joints.c, multibody-loads.c, multibody-constrained.c);
   not part of the interface. */
#ifndef LG_MODEL_MULTIBODY_INTERNAL_H
#define LG_MODEL_MULTIBODY_INTERNAL_H
#include "model/multibody.h"
typedef struct {
  int body;        /* body index, or MB_GROUND */
  const double *P; /* point: body frame, or space for the ground */
  double sign;     /* +1 on side a, -1 on side b */
} mb_side;
mb_side mb_joint_side(const mb_par *p, int k, int s);
void mb_rot_block(double G[9], const mb_side *d, const double R[9]);
void mb_force_applied(const mb_par *p, const lg_body *q, double *f);
double mb_joint_max(const mb_par *p, const double *c);
double mb_length_scale(const mb_par *p);
int mb_assemble_state(const mb_par *p, lg_body *q, double L, mb_assembly *a, mb_work *w);
#endif
