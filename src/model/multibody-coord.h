/* multibody-coord.h: the coordinates of a multibody model's joints and their rates
   (section sec:mb-coord): angles unwrapped from zero at t = 0, travels. */
#ifndef MODEL_MBCOORD_H
#define MODEL_MBCOORD_H
#include <stddef.h>
#include "model/multibody.h"

/* how many coordinates joint k has: 1 revolute and prismatic, 2 cylindrical
   and universal, 0 spherical and weld */
int mb_coord_count(const mb_topo *t, int k);
/* the columns of every joint's coordinates and rates: 2 per coordinate */
int mb_coord_ncol(const mb_topo *t);
/* their names, comma-separated, into buf (n bytes, truncated): qK, qdK for
   a joint K of one coordinate, qK_1, qK_2, qdK_1, qdK_2 for one of two;
   returns the length of the whole list */
size_t mb_coord_columns(const mb_topo *t, char *buf, size_t n);
typedef struct mb_coord mb_coord;
/* the reference of the coordinates: the initial state of p (its relative
   rotations and offsets at t = 0); NULL when out of memory */
mb_coord *mb_coord_alloc(const mb_par *p);
void mb_coord_free(mb_coord *c);
/* forget the previous evaluation: the next one starts the unwrapping again */
void mb_coord_reset(mb_coord *c);
/* the coordinates at state q and time t into out (mb_coord_ncol numbers, in
   the order of mb_coord_columns); the angles continue those of the previous
   evaluation */
void mb_coord_eval(mb_coord *c, const mb_par *p, const lg_body *q, double t, double *out);
#endif
