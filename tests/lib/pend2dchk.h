/* pend2dchk.h: the data-file reader shared by the claim checks of the planar chapter. */
#ifndef PEND2DCHK_H
#define PEND2DCHK_H
#include <stdio.h>
#include <stdlib.h>
#include "scheme/sun2022-planar-sets.h"

/* Read every set of a planar data file; LG_OK, or a message on stderr. */
int pend2dchk_read(const char *path);
/* The set called name; a missing set is a pipeline error: message and exit 1. */
const pend2d_set *pend2dchk_find(const char *name);
/* How many sets the file had, and the k-th of them in file order. */
int pend2dchk_count(void);
const pend2d_set *pend2dchk_set(int k);

/* The sensitivity pass: after pend2dchk_use(a), FIND(name) finds the set name@a and
   CLAIM prints its value with the assumption a; pend2dchk_use("") returns to the
   chapter's own reading. */
void pend2dchk_use(const char *assumption);
void pend2dchk_claim(const char *id, double value);
/* the same with a note that explains the number (under the chapter's reading) */
void pend2dchk_claim_note(const char *id, double value, const char *note);

#define READ_SETS(path)                                                   \
  do {                                                                    \
    if (pend2dchk_read(path) != LG_OK) return 1;                          \
  } while (0)
#define FIND(name) pend2dchk_find(name)
#define CLAIM(id, value) pend2dchk_claim(id, value)

#endif
