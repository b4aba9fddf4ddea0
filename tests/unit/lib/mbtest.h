/* mbtest.h: fixtures shared by the multibody unit tests. */
#ifndef TESTS_UNIT_LIB_MBTEST_H
#define TESTS_UNIT_LIB_MBTEST_H
#include <stddef.h>
#include "core/lg.h"

/* the model of a model file's text, name the file name its messages use;
   NULL, and the reason on stderr, if the text is rejected */
lg_model *mbt_parse(const char *text, const char *name);
/* the texts of the welded pair (two bodies, one weld) and of the one body
   of the combined mass and inertia, in the same motion */
void mbt_welded(char *two, size_t ntwo, char *one, size_t none);
/* the text of two spinning bodies, ground -> a (joint 1) and a -> b (joint
   2), both joints of one kind (with axes where the kind has them), the
   points together at t = 0; tail is written after the joints */
void mbt_two_bodies(char *t, size_t n, const char *kind, const char *tail);

#endif
