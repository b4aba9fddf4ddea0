/* csv.h: exact %.17g formatting of doubles and a buffered CSV writer. */
#ifndef CSV_H
#define CSV_H
#include <stddef.h>
#include <stdio.h>

#define CSV_G17_MAX 48   /* bytes a buffer for one formatted number needs */

size_t csv_fmt_g17(char *buf, double x);       /* as snprintf(buf, 48, "%.17g", x) */
size_t csv_fmt_g17_fast(char *buf, double x);  /* exact path alone; 0 unless 1e-39 <= |x| < 1e17 */
typedef struct csv_writer csv_writer;

csv_writer *csv_writer_alloc(FILE *f, size_t bufsize);  /* f stays the caller's; 0: 1 MiB */
void csv_writer_free(csv_writer *w);                    /* does not flush */
int csv_put_row(csv_writer *w, const double *v, size_t n);   /* v[0],...,v[n-1] and newline */
int csv_put_str(csv_writer *w, const char *s);          /* text as it is */
int csv_printf(csv_writer *w, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 2, 3)))
#endif
  ;
int csv_flush(csv_writer *w);     /* write the buffer and fflush; LG_OK or LG_EOUTPUT */
int csv_errno(const csv_writer *w);                     /* errno of the first failure, 0 if none */

#endif
