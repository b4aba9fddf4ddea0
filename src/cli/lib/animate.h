/* animate.h: lgsim animate: a multibody run's CSV read into frames of
   segments and points, and written as gnuplot data and script (section
   sec:animate).  Nothing here prints or exits. */
#ifndef CLI_ANIMATE_H
#define CLI_ANIMATE_H
#include <stddef.h>

typedef struct {
  const char *csv, *out;      /* RUN.csv, -o FILE */
  const char *model_file;     /* --model-file, or NULL: the CSV's own model */
  long every;                 /* --every, or 0: ceil(rows / 100) */
  long strip;                 /* --filmstrip N, or 0: an animated GIF */
  int view;                   /* --view given: */
  double rot_x, rot_z;        /* its angles, degrees */
  int help;
} anim_args;

typedef struct {
  char model[128], scheme[64];
  char note[600];             /* a warning for the standard error, or "" */
  long rows, every;           /* rows in the CSV, rows per frame */
  int nframes;
  double *t;                  /* nframes times */
  int nseg, nspr, ndot, ncen, nfix;  /* per frame: body segments, springs,
                                        joint dots, mass centres; ground points */
  double *seg, *spr;          /* nframes x nseg (nspr) x 6: the two ends */
  double *dot, *cen;          /* nframes x ndot (ncen) x 3 */
  double *fix;                /* nfix x 3 */
  double lo[3], hi[3];        /* the box of every point */
  double gdir[3];             /* the direction of gravity */
} anim_frames;

/* the arguments after "animate" */
int anim_parse(anim_args *a, int argc, char **argv, char *msg, size_t n);
/* the CSV and its model read into frames; an exit status and a message */
int anim_read(const anim_args *a, anim_frames *f, char *msg, size_t n);
/* the data files and the script gnuplot runs, DIR/anim.gp, which writes the
   picture to target; with progress, the script prints "lgsim-frame K"
   after frame K */
int anim_write(const anim_args *a, const anim_frames *f, const char *dir, const char *target,
               int progress, char *msg, size_t n);
void anim_free(anim_frames *f);
#endif
