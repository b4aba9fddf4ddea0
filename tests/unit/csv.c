/* csv.c: csv_fmt_g17 against snprintf("%.17g") and strtod, and the CSV writer. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_test.h>
#include "core/lg.h"
#include "io/csv.h"

static uint64_t rng = UINT64_C(0x243f6a8885a308d3);

static uint64_t rand64(void)                     /* splitmix64 */
{
  uint64_t z = (rng += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static double rand_unit(void) { return (double)(rand64() >> 11) * 0x1p-53; }

static double from_bits(uint64_t b)
{
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
}

static uint64_t to_bits(double x)
{
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}
typedef size_t (*fmt_fn)(char *buf, double x);

typedef struct {
  long n, ndiff, ndecline, nbad, nread;  /* compared, differing, declined, declined in range,
                                            not read back */
} tally;

static int reads_back(const char *s, double x)   /* strtod(s) is x, bit for bit */
{
  double y = strtod(s, NULL);
  if (isnan(x)) return isnan(y) && !signbit(x) == !signbit(y);
  return to_bits(x) == to_bits(y);
}

static int quiet;                                /* 1 while testing the test */

static void compare(fmt_fn f, double x, tally *c)
{
  char got[CSV_G17_MAX + 8], want[64];
  memset(got, 'X', sizeof got);
  size_t n = f(got, x);
  int m = snprintf(want, sizeof want, "%.17g", x);
  c->n++;
  if (n == 0 && f == csv_fmt_g17_fast) {
    c->ndecline++;
    if (fabs(x) > 1e-39 && fabs(x) < 1e17) {
      if (c->nbad < 10) printf("  declined in range: bits %016llx = %s\n",
                               (unsigned long long)to_bits(x), want);
      c->nbad++;
    }
    return;
  }
  if (n != (size_t)m || memcmp(got, want, n) != 0 || got[n] != '\0') {
    if (c->ndiff < 10 && !quiet)
      printf("  differs: bits %016llx: got '%.*s', want '%s'\n",
             (unsigned long long)to_bits(x), (int)n, got, want);
    c->ndiff++;
  } else if (!reads_back(got, x)) {
    if (c->nread < 10) printf("  does not read back: bits %016llx: '%s'\n",
                              (unsigned long long)to_bits(x), got);
    c->nread++;
  }
}

static void compare_both(double x, tally *full, tally *fast)
{
  compare(csv_fmt_g17, x, full);
  compare(csv_fmt_g17_fast, x, fast);
}

static void compare_neighbours(double x, int k, tally *full, tally *fast)
{
  double lo = x, hi = x;
  compare_both(x, full, fast);
  for (int i = 0; i < k; i++) {
    lo = nextafter(lo, -INFINITY);
    hi = nextafter(hi, INFINITY);
    compare_both(lo, full, fast);
    compare_both(hi, full, fast);
  }
}
static void class_random_bits(long n, tally *full, tally *fast)
{
  for (long i = 0; i < n; i++) compare_both(from_bits(rand64()), full, fast);
}

static void class_typical(long n, tally *full, tally *fast)
{
  for (long i = 0; i < n; i++) {
    double x = pow(10.0, -20.0 + 40.0 * rand_unit());
    compare_both(rand64() & 1 ? -x : x, full, fast);
  }
}

static void class_integers(tally *full, tally *fast)
{
  for (long i = 0; i < 100000; i++) compare_both((double)i, full, fast);
  for (long i = 0; i < 50000; i++) compare_both((double)(rand64() >> 11), full, fast);
  for (long i = 0; i < 50000; i++) compare_both((double)rand64(), full, fast);
}

static void class_powers(tally *full, tally *fast)
{
  char s[64];
  for (int k = -325; k <= 309; k++) {
    snprintf(s, sizeof s, "1e%d", k);
    compare_neighbours(strtod(s, NULL), 3, full, fast);
    snprintf(s, sizeof s, "9.99999999999999995e%d", k);   /* rounds up to 10^(k+1) */
    compare_neighbours(strtod(s, NULL), 3, full, fast);
  }
  for (int n = -1074; n <= 1023; n++) {
    double x = ldexp(1.0, n);
    compare_neighbours(x, 2, full, fast);
    compare_both(-x, full, fast);
  }
}

static void class_halfway(tally *full, tally *fast)
{
  char s[64];
  for (long i = 0; i < 10000; i++)          /* exact ties and near ties m 2^-k */
    for (int k = 1; k <= 8; k++) {
      uint64_t m = (rand64() >> 11) | (UINT64_C(1) << 52);
      compare_both(ldexp((double)m, -k), full, fast);
    }
  for (long i = 0; i < 30000; i++) {        /* nearest doubles to 18-digit ...5 */
    int len = snprintf(s, sizeof s, "%llu",
                       (unsigned long long)(rand64() % UINT64_C(90000000000000000))
                       + UINT64_C(10000000000000000));
    snprintf(s + len, sizeof s - (size_t)len, "5e%d", (int)(rand64() % 600) - 300);
    compare_neighbours(strtod(s, NULL), 1, full, fast);
  }
}

static void class_subnormal_and_specials(tally *full, tally *fast)
{
  for (long i = 0; i < 50000; i++)
    compare_both(from_bits(rand64() & ((UINT64_C(1) << 52) - 1)), full, fast);
  const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 0x1p-1074,
                       0x1p-1022, 0x0.fffffffffffffp-1022, 0x1.fffffffffffffp1023,
                       2251799813685247.75, 0.1, 1.0 / 3.0};
  for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++) compare_both(sp[i], full, fast);
}
static size_t fmt_g16(char *buf, double x)
{
  return (size_t)snprintf(buf, CSV_G17_MAX, "%.16g", x);
}
static void test_writer(void)
{
  FILE *f = tmpfile(), *g = tmpfile();
  csv_writer *w = csv_writer_alloc(f, 100);
  int st = LG_OK;
  st |= csv_printf(w, "# a comment %d\n", 42);
  st |= csv_put_str(w, "t,x,y\n");
  fprintf(g, "# a comment %d\nt,x,y\n", 42);
  for (int i = 0; i < 2000; i++) {
    double v[3] = {i * 0.01, sin(i * 0.37), -exp(i * 0.3)};
    st |= csv_put_row(w, v, 3);
    fprintf(g, "%.17g,%.17g,%.17g\n", v[0], v[1], v[2]);
  }
  st |= csv_flush(w);
  gsl_test(st != LG_OK, "writer reports success on a temporary file");
  long nf = ftell(f), ng = ftell(g);
  int same = nf == ng && nf > 0;
  rewind(f);
  rewind(g);
  for (long i = 0; same && i < nf; i++) same = getc(f) == getc(g);
  gsl_test(!same, "writer output equals fprintf output (%ld and %ld bytes)", nf, ng);
  csv_writer_free(w);
  fclose(f);
  fclose(g);

  {
    FILE *a = tmpfile(), *b = tmpfile();
    csv_writer *wr = csv_writer_alloc(a, 0);
    int status = LG_OK;
    for (int r = 0; r < 30000; r++) {
      double v[17];
      int n = 1 + r % 17;
      for (int i = 0; i < n; i++) {
        v[i] = rand64() % 4 ? pow(10.0, -12.0 + 30.0 * rand_unit()) : from_bits(rand64());
        if (rand64() % 16 == 0) v[i] = 0.0;          /* exact zeros, either sign */
        if (rand64() & 1) v[i] = -v[i];
        fprintf(b, "%s%.17g", i ? "," : "", v[i]);
      }
      fprintf(b, "\n");
      status |= csv_put_row(wr, v, (size_t)n);
    }
    status |= csv_flush(wr);
    long na = ftell(a), nb = ftell(b);
    int same = status == LG_OK && na == nb;
    rewind(a);
    rewind(b);
    for (long i = 0; same && i < na; i++) same = getc(a) == getc(b);
    gsl_test(!same, "rows of 1 to 17 random numbers through the writer equal fprintf "
             "(%ld and %ld bytes)", na, nb);
    csv_writer_free(wr);
    fclose(a);
    fclose(b);
  }

  FILE *full = fopen("/dev/full", "w");
  if (full) {
    w = csv_writer_alloc(full, 0);
    double v[2] = {1.5, 2.5};
    st = csv_put_row(w, v, 2);
    st |= csv_flush(w);
    gsl_test(st != LG_EOUTPUT || csv_errno(w) != ENOSPC,
             "writing to /dev/full fails with ENOSPC (errno %d)", csv_errno(w));
    csv_writer_free(w);
    fclose(full);
  }
}

int main(void)
{
  tally full = {0, 0, 0, 0, 0}, fast = {0, 0, 0, 0, 0};
  class_random_bits(400000, &full, &fast);
  class_typical(300000, &full, &fast);
  class_integers(&full, &fast);
  class_powers(&full, &fast);
  class_halfway(&full, &fast);
  class_subnormal_and_specials(&full, &fast);
  gsl_test(full.n < 1000000, "at least 10^6 doubles compared (%ld)", full.n);
  gsl_test(full.ndiff != 0, "csv_fmt_g17 equals %%.17g on %ld doubles (%ld differ)",
           full.n, full.ndiff);
  gsl_test(full.nread + fast.nread != 0, "strtod reads every result back as the same double "
           "(%ld do not)", full.nread + fast.nread);
  gsl_test(fast.ndiff != 0, "exact path equals %%.17g where it answers (%ld differ, "
           "%ld declined)", fast.ndiff, fast.ndecline);
  gsl_test(fast.nbad != 0, "exact path answers every 1e-39 < |x| < 1e17 (%ld declined)",
           fast.nbad);
  {
    char b[CSV_G17_MAX];
    size_t n1 = csv_fmt_g17_fast(b, 2251799813685247.75);
    gsl_test(n1 == 0 || strcmp(b, "2251799813685247.8") != 0,
             "exact path rounds the tie 2251799813685247.75 up to even: %s", n1 ? b : "declined");
    size_t n2 = csv_fmt_g17_fast(b, 2251799813685246.25);
    gsl_test(n2 == 0 || strcmp(b, "2251799813685246.2") != 0,
             "exact path rounds the tie 2251799813685246.25 down to even: %s", n2 ? b : "declined");
  }
  {
    tally wrong = {0, 0, 0, 0, 0};
    quiet = 1;
    for (long i = 0; i < 1000; i++) compare(fmt_g16, from_bits(rand64()), &wrong);
    quiet = 0;
    gsl_test(wrong.ndiff == 0, "the comparison catches a formatter printing 16 digits "
             "(%ld of %ld differ)", wrong.ndiff, wrong.n);
  }
  test_writer();
  exit(gsl_test_summary());
}
