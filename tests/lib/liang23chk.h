/* liang23chk.h: reading the liang2023 data files, and reporting a claim
   measured at several run lengths. */
#ifndef TESTS_LIB_LIANG23CHK_H
#define TESTS_LIB_LIANG23CHK_H

#define LC_MAXCOL 16
/* the rows of block idx (blocks separated by two blank lines) of a data
   file, up to maxrow rows of up to LC_MAXCOL numbers; the row count, -1 if
   the file cannot be read */
int lc_read(const char *path, int idx, double (*row)[LC_MAXCOL], int maxrow);
/* Print the measurement line of claim id: its value at the span `fixed`
   and, when the rule of papers/liang2023/claims.tsv gives different
   verdicts at the other spans, the word ambiguous and a note listing the
   value at every span.  n values val[j] at spans span[j]. */
void lc_report(const char *id, const double *span, const double *val, int n, double fixed);

#endif
