/* lgvichk.h: data-file reader and measurements shared by the claim checks of the LGVI chapter. */
#ifndef LGVICHK_H
#define LGVICHK_H

typedef struct {
  int nrow, ncol;        /* rows and columns of one block */
  double *x;             /* row-major values */
} blk;

/* Read the whitespace-separated numeric blocks of a data file; blank lines
   end a block, '#' lines are comments.  Returns the number of blocks. */
int read_blocks(const char *path, blk *b, int maxb);
/* entry (i, j) of a block */
double at(const blk *b, int i, int j);
/* max over rows with t <= T of |x_j(t) - x_j(0)| */
double drift(const blk *b, int j, double T);
/* D(T)/D(T/2): about 2 for a linear drift, about 1 for a bounded oscillation */
double drift_ratio(const blk *b, int j, double T);
/* largest x_j (or |x_j|) over the rows of a block */
double colmax(const blk *b, int j, int absval);
/* median of |x_j| over the rows of a block after the first (the level of a
   plotted error curve, which starts at zero) */
double colmedian(const blk *b, int j);
/* max over rows and columns j0..j1 of |a - b| (same times) */
double maxdiff(const blk *a, const blk *b, int j0, int j1);
/* print one measurement line: id, value (and the ambiguity flag with a note) */
void claim(const char *id, double v);
void claim_amb(const char *id, double v, const char *note);
/* a measurement with a note that explains it, not flagged */
void claim_note(const char *id, double v, const char *note);
/* The claim measured under an open assumption NAME=VALUE (the sensitivity pass). */
void claim_under(const char *assumption, const char *id, double v);
/* A pointwise agreement over a span longer than the horizon of a chaotic
   motion (chapter ch:pipeline): tsep, the time the curves first differ by a
   line width, decided plainly when it falls before the problem's horizon
   hz (the curves part where an accurate reference still decides; the note
   gives both times), flagged
   ambiguous when they agree up to hz; what names the curves in the note. */
void claim_horizon(const char *id, double tsep, double hz, const char *what);
/* The first time column j of a block exceeds level (the last time if never). */
double first_above(const blk *b, int j, double level);

#endif
