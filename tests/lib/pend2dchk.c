/* pend2dchk.c: the data-file reader shared by the claim checks of the planar chapter. */
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "pend2dchk.h"

static pend2d_set sets[32];
static int nsets;

int pend2dchk_read(const char *path)
{
  int st = pend2d_dat_read(path, sets, 32, &nsets);
  if (st != LG_OK) fprintf(stderr, "cannot read %s\n", path);
  return st;
}

const pend2d_set *pend2dchk_find(const char *name)
{
  const pend2d_set *s = pend2d_dat_find(sets, nsets, name);
  if (!s) {
    fprintf(stderr, "set %s missing\n", name);
    exit(1);
  }
  return s;
}

int pend2dchk_count(void) { return nsets; }
const pend2d_set *pend2dchk_set(int k) { return &sets[k]; }
