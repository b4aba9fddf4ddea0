/* mbgen.h: the multibody models of the scaling benchmarks, written as model
   files (0, or -1 if the file cannot be written), and the cost of a step. */
#ifndef BENCH_MBGEN_H
#define BENCH_MBGEN_H
#include "core/lg.h"
/* n rods (1 kg, 1 m) on spherical joints, each spinning about its axis at
   3 to 7 rad/s, hanging from a pivot with gravity across them */
int mbgen_chain(const char *path, int n);
/* n rods (0.1 kg, 0.1 m) on spherical joints hanging from a pivot, at rest,
   tilted by 0.1 rad; every second rod ratio times lighter (ratio 1: all
   alike) */
int mbgen_hanging(const char *path, int n, double ratio);
/* a regular n-gon of unit rods (1 kg) on revolute joints about z in the
   plane z = 0, pinned at one vertex, gravity along -z: 3 redundant rows */
int mbgen_loop(const char *path, int n);
/* processor seconds per step of scheme sch on model m, over nsteps steps
   of h = 1e-3 s after its initialisation and a first step; NAN if a step
   fails */
double mbgen_step_seconds(const lg_model *m, const char *sch, long nsteps);
/* instructions per step of lgsim (LGSIM, or build/bin/lgsim) on the model
   file under Callgrind: runs of n1 and n2 steps of h = 1e-3 s, differenced;
   NAN if Callgrind or a run fails */
double mbgen_step_instructions(const char *file, const char *sch, int n1, int n2);
#endif
