/* liang23chk.h: reading the liang2023 data files, and reporting a claim
   measured at several run lengths. */
#ifndef TESTS_LIB_LIANG23CHK_H
#define TESTS_LIB_LIANG23CHK_H

#define LC_MAXCOL 16
/* the rows of block idx (blocks separated by two blank lines) of a data
   file, up to maxrow rows of up to LC_MAXCOL numbers; the row count, -1 if
   the file cannot be read */
int lc_read(const char *path, int idx, double (*row)[LC_MAXCOL], int maxrow);
/* Print the measurement lines of claim id: its value at the span `fixed`,
   then its value at every other span as an open assumption (span=S s), so
   that the verdicts program re-evaluates the rule under each and calls a
   verdict that changes ambiguous.  n values val[j] at spans span[j]. */
void lc_report(const char *id, const double *span, const double *val, int n, double fixed);

#endif
