/* pend2dchk.c: the data-file reader shared by the claim checks of the planar chapter. */
#include <stdio.h>
#include <stdlib.h>
#include "core/lg.h"
#include "pend2dchk.h"

static pend2d_set sets[64];
static int nsets;

int pend2dchk_read(const char *path)
{
  int st = pend2d_dat_read(path, sets, 64, &nsets);
  if (st != LG_OK) fprintf(stderr, "cannot read %s\n", path);
  return st;
}

static char reading[32];

void pend2dchk_use(const char *assumption)
{
  snprintf(reading, sizeof reading, "%s", assumption);
}

void pend2dchk_claim(const char *id, double value)
{
  if (reading[0]) printf("%s\t%.6g\t%s\n", id, value, reading);
  else printf("%s\t%.6g\n", id, value);
}

void pend2dchk_claim_note(const char *id, double value, const char *note)
{
  if (reading[0]) pend2dchk_claim(id, value);
  else printf("%s\t%.6g\tnote\t%s\n", id, value, note);
}

const pend2d_set *pend2dchk_find(const char *name)
{
  char full[96];
  snprintf(full, sizeof full, reading[0] ? "%s@%s" : "%s", name, reading);
  const pend2d_set *s = pend2d_dat_find(sets, nsets, full);
  if (!s) {
    fprintf(stderr, "set %s missing\n", full);
    exit(1);
  }
  return s;
}

int pend2dchk_count(void) { return nsets; }
const pend2d_set *pend2dchk_set(int k) { return &sets[k]; }
