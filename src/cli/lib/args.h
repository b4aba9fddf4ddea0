/* args.h: the command line of lgsim, parsed and checked without printing or
   exiting, so that the program and the fuzzer share it. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H
#include <stddef.h>
#include "core/lg.h"
#include "model/multibody-coord.h"
#include "model/multibody.h"

enum {
  LGSIM_EXIT_OK = 0,      /* success */
  LGSIM_EXIT_FAIL = 1,    /* write error, allocation or solver failure */
  LGSIM_EXIT_USAGE = 2,   /* bad command line or parameter */
  LGSIM_EXIT_NEWTON = 3   /* the run failed: no Newton convergence, or a non-finite state */
};
typedef struct {
  const char *model, *scheme;   /* positional arguments */
  const char *model_file;       /* --model-file, or NULL */
  double h, T;
  const char *h_str, *T_str;    /* as typed, for messages */
  long every;
  const char *out;              /* NULL or "-": standard output */
  lg_opts opt;
  int reortho;
  int assemble;                 /* --assemble: a multibody start moved onto its joints */
  int reactions;                /* --reactions: the joints' forces and torques appended */
  int coords;                   /* --joint-coordinates: the joints' angles and travels appended */
  int strict;                   /* --strict: a drift past the thresholds fails the run */
  const char *newton_opt;       /* the first --newton-* option given, or NULL */
  double max_output;            /* bytes the output may reach */
  const char *max_output_str;
  int help;                     /* --help or -h was given */
  const char **sets;            /* the NAME=VALUE of every --set, in order */
  int nsets;
  /* filled by lgsim_prepare */
  lg_model *own_model;          /* read from --model-file, freed with the record */
  char digest[65];              /* the SHA-256 of its bytes, hexadecimal */
  const lg_model *m;
  const lg_scheme_type *s;
  void *par;                    /* the parameters, checked */
  long nsteps;
  int ncol;                     /* numbers per row, newton_iters included */
  double max_bytes;             /* the largest size the output can reach */
  double colbytes;              /* the line of column names, newline included */
  int assembled;                /* the model's check assembled the initial state */
  mb_assembly assembly;         /* what it did; moved: 4 numbers per body */
  int redundant;                /* redundant constraints at t = 0 (mb_redundancy), */
  char redundant_txt[240];      /* and their joints and rows */
  int nreact;                   /* --reactions: the columns appended, */
  char *cols;                   /* the model's columns and theirs, */
  mb_work *rw;                  /* the index-1 solve's workspace */
  double *rbuf;                 /* and its scratch: dV, lambda */
  int ncoord;                   /* --joint-coordinates: the columns appended, */
  mb_coord *coord;              /* and their reference at t = 0 */
} run_args;
#define LGSIM_MAX_OUTPUT 1e9    /* default --max-output: 1 GB */
int lgsim_parse_run(run_args *a, int argc, char **argv, char *msg, size_t n);
int lgsim_prepare(run_args *a, char *msg, size_t n);
void lgsim_args_free(run_args *a);
/* the meaning of an LG_ status code, in words */
const char *status_words(int status);

#endif
