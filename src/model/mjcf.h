/* mjcf.h: a tree of rigid bodies written as MuJoCo's XML (MJCF). */
#ifndef MODEL_MJCF_H
#define MODEL_MJCF_H
#include <stdio.h>
#include "model/multibody.h"

/* the deepest tree MuJoCo 2.2.2's XML reader loads (measured, section
   sec:mb-mjcf) */
#define MB_MJCF_MAXDEPTH 96
/* LG_OK if the model p (its parameters checked) can be written as MJCF;
   else LG_EINVAL and the reason in why */
int mb_mjcf_check(const mb_par *p, char *why, size_t n);
/* writes p as MJCF model name to f; LG_OK, LG_EINVAL (as mb_mjcf_check)
   or LG_ENOMEM; the caller checks f for write errors */
int mb_mjcf_write(const mb_par *p, const char *name, FILE *f, char *why, size_t n);
#endif
