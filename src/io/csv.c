/* csv.c: exact %.17g formatting of doubles and a buffered CSV writer. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "io/csv.h"

__extension__ typedef unsigned __int128 u128;
enum { POW10_QMIN = -300, POW10_QMAX = 350 };
static uint64_t pow10_hi[POW10_QMAX - POW10_QMIN + 1];  /* P_q = hi 2^64 + lo */
static uint64_t pow10_lo[POW10_QMAX - POW10_QMIN + 1];
static int pow10_bexp[POW10_QMAX - POW10_QMIN + 1];     /* 10^q ~ P_q 2^bexp */
static int pow10_ready;

static int clz64(uint64_t v) { return __builtin_clzll(v); }

static void pow10_store(int q, const uint64_t M[3], int beta)
{
  pow10_hi[q - POW10_QMIN] = M[2];
  pow10_lo[q - POW10_QMIN] = M[1];
  pow10_bexp[q - POW10_QMIN] = beta + 64;
}

static void mant_mul10(uint64_t M[3], int *beta)
{
  uint64_t r[4];
  u128 c = 0;
  for (int i = 0; i < 3; i++) {
    c += (u128)M[i] * 10;
    r[i] = (uint64_t)c;
    c >>= 64;
  }
  r[3] = (uint64_t)c;                        /* 5..9: the product has 195-196 bits */
  int sh = 64 - clz64(r[3]);
  for (int i = 0; i < 3; i++) M[i] = (r[i] >> sh) | (r[i + 1] << (64 - sh));
  *beta += sh;
}

static void mant_div10(uint64_t M[3], int *beta)
{
  uint64_t n[4] = {0, M[0], M[1], M[2]}, qt[4];
  u128 rem = 0;
  for (int i = 3; i >= 0; i--) {
    u128 cur = (rem << 64) | n[i];
    qt[i] = (uint64_t)(cur / 10);
    rem = cur % 10;
  }
  int sh = clz64(qt[3]);                     /* 3 or 4 */
  for (int i = 3; i >= 1; i--) M[i - 1] = (qt[i] << sh) | (qt[i - 1] >> (64 - sh));
  *beta -= sh;                               /* the top three words of qt shifted */
}

#ifdef __GNUC__
__attribute__((noinline, cold))
#endif
static void pow10_init(void)
{
  uint64_t M[3];
  int beta;
  M[0] = M[1] = 0; M[2] = UINT64_C(1) << 63; beta = -191;   /* 1 */
  pow10_store(0, M, beta);
  for (int q = 1; q <= POW10_QMAX; q++) { mant_mul10(M, &beta); pow10_store(q, M, beta); }
  M[0] = M[1] = 0; M[2] = UINT64_C(1) << 63; beta = -191;
  for (int q = -1; q >= POW10_QMIN; q--) { mant_div10(M, &beta); pow10_store(q, M, beta); }
  pow10_ready = 1;
}
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CSV_LITTLE_ENDIAN 1
#else
#define CSV_LITTLE_ENDIAN 0
#endif

static const char digit_pairs[201] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

static inline uint64_t digits8(uint32_t v)       /* v < 10^8: its digits as bytes 0..9 */
{
  uint64_t y = (v / 10000) | ((uint64_t)(v % 10000) << 32);
  uint64_t h = ((y * 5243) >> 19) & UINT64_C(0x0000007F0000007F);
  y = h | ((y - h * 100) << 16);
  uint64_t t = ((y * 103) >> 10) & UINT64_C(0x000F000F000F000F);
  return t | ((y - t * 10) << 8);
}
static int floor_log10_pow2(int n)               /* floor(n log10 2), |n| <= 1650 */
{
  return (int)(((int64_t)n * 78913 + ((int64_t)1 << 40)) >> 18) - (1 << 22);
}

enum { EXACT_N2MIN = -37, EXACT_N2MAX = 53 };
static uint64_t exact_thr[EXACT_N2MAX - EXACT_N2MIN + 1];   /* m >= thr: E + 1 */
static uint64_t pow5[28];

#ifdef __GNUC__
__attribute__((noinline, cold))
#endif
static void exact_init(void)
{
  pow5[0] = 1;
  for (int q = 1; q < 28; q++) pow5[q] = 5 * pow5[q - 1];
  for (int n = EXACT_N2MIN; n <= EXACT_N2MAX; n++) {
    int k = floor_log10_pow2(n) + 1;             /* threshold |x| >= 10^k */
    u128 num = 1, den = 1;
    for (int i = 0; i < k; i++) num *= 10;
    for (int i = 0; i < -k; i++) den *= 10;
    if (n < 52) num <<= 52 - n; else den <<= n - 52;
    u128 thr = (num + den - 1) / den;
    exact_thr[n - EXACT_N2MIN] = thr >= ((u128)1 << 53) ? UINT64_MAX : (uint64_t)thr;
  }
}

#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline size_t fmt_fast(char *buf, double x)
{
  const uint64_t E16 = UINT64_C(10000000000000000), E17 = 10 * E16;
  uint64_t bits, m, ip;
  char *p = buf;
  memcpy(&bits, &x, sizeof bits);
  int neg = (int)(bits >> 63), bexp = (int)((bits >> 52) & 0x7ff), e, E;
  m = bits & ((UINT64_C(1) << 52) - 1);
  if (neg) *p++ = '-';
  if (bexp == 0x7ff) {
    memcpy(p, m ? "nan" : "inf", 4);
    return (size_t)(p - buf) + 3;
  }
  if (bexp == 0 && m == 0) {
    memcpy(p, "0", 2);
    return (size_t)(p - buf) + 1;
  }
  if (!CSV_LITTLE_ENDIAN) return 0;
  if (!pow10_ready) { pow10_init(); exact_init(); }
  if (bexp == 0) e = -1074; else { m |= UINT64_C(1) << 52; e = bexp - 1075; }
  int n2 = e + 63 - clz64(m);                    /* floor(log2 |x|) */
  if (bexp != 0 && n2 >= EXACT_N2MIN && n2 <= EXACT_N2MAX
      && (E = floor_log10_pow2(n2) + (m >= exact_thr[n2 - EXACT_N2MIN]),
          E >= -11 && E <= 15)) {
    int q = 16 - E, sh = 11 - e - q;                 /* y = P / 2^sh, 9 <= sh <= 74 */
    u128 P = (u128)(m << 11) * pow5[q];
    u128 odd = (P >> sh) & 1;
    ip = (uint64_t)((P + (((u128)1 << (sh - 1)) - 1) + odd) >> sh);
  } else {
    E = floor_log10_pow2(n2);
    int q = 16 - E;
    if (q < POW10_QMIN || q > POW10_QMAX) return 0;
    uint64_t phi = pow10_hi[q - POW10_QMIN], plo = pow10_lo[q - POW10_QMIN];
    u128 a = (u128)m * plo, b = (u128)m * phi;
    u128 mid = (a >> 64) + (uint64_t)b;
    uint64_t w0 = (uint64_t)a, w1 = (uint64_t)mid;
    uint64_t w2 = (uint64_t)(b >> 64) + (uint64_t)(mid >> 64);
    int t = -(e + pow10_bexp[q - POW10_QMIN]) - 64;  /* fraction bits in w1 */
    if (t < 1 || t > 63) return 0;
    ip = (w2 << (64 - t)) | (w1 >> t);
    uint64_t fr = (w1 << (64 - t)) | (w0 >> t);
    if (ip >= E17) {                                 /* X = E + 1: use y / 10 */
      uint64_t r = ip % 10;
      ip /= 10;
      fr = r * UINT64_C(1844674407370955161) + fr / 10 + (6 * r + fr % 10) / 10;
      E++;
    }
    if (ip < E16 || ip >= E17) return 0;
    const uint64_t HALF = UINT64_C(1) << 63, NEAR = UINT64_C(1) << 12;
    if (fr > HALF - NEAR && fr < HALF + NEAR) return 0;
    ip += fr >= HALF;
  }
  if (ip == E17) { ip = E16; E++; }
  uint64_t hi = ip / 100000000;
  uint32_t lo = (uint32_t)(ip - hi * 100000000);
  uint32_t d0 = (uint32_t)(hi / 100000000), hi8 = (uint32_t)(hi - (uint64_t)d0 * 100000000);
  uint64_t g1 = digits8(hi8), g2 = digits8(lo);
  int nd = 17 - (g2 ? clz64(g2) / 8 : g1 ? 8 + clz64(g1) / 8 : 16);  /* without trailing zeros */
  const uint64_t ASCII0 = UINT64_C(0x3030303030303030);
  u128 D = (u128)(g1 + ASCII0) | ((u128)(g2 + ASCII0) << 64);
  char c0 = (char)('0' + d0);
  if (E < -4 || E >= 17) {
    p[0] = c0;
    p[1] = '.';
    memcpy(p + 2, &D, 16);
    p += nd > 1 ? nd + 1 : 1;
    *p++ = 'e';
    if (E < 0) { *p++ = '-'; E = -E; } else *p++ = '+';
    if (E >= 100) { *p++ = (char)('0' + E / 100); E %= 100; }
    memcpy(p, digit_pairs + 2 * E, 2);
    p += 2;
  } else if (E >= 0) {
    int ni = E + 1;                                /* digits before the point */
    p[0] = c0;
    memcpy(p + 1, &D, 16);
    if (nd > ni) {
      u128 frac = D >> (8 * (ni - 1));             /* digits ni..16 */
      p[ni] = '.';
      memcpy(p + ni + 1, &frac, 16);
      p += nd + 1;
    } else
      p += ni;
  } else {
    memcpy(p, "0.00000", 8);
    p += 1 - E;                                    /* "0." and -E-1 zeros */
    p[0] = c0;
    memcpy(p + 1, &D, 16);
    p += nd;
  }
  *p = '\0';
  return (size_t)(p - buf);
}

size_t csv_fmt_g17_fast(char *buf, double x) { return fmt_fast(buf, x); }
size_t csv_fmt_g17(char *buf, double x)
{
  size_t n = fmt_fast(buf, x);
  if (n) return n;
  return (size_t)snprintf(buf, CSV_G17_MAX, "%.17g", x);
}
struct csv_writer {
  FILE *f;
  char *buf;
  size_t len, cap;
  int err;          /* errno of the first failure */
};

csv_writer *csv_writer_alloc(FILE *f, size_t bufsize)
{
  csv_writer *w = malloc(sizeof *w);
  if (!w) return NULL;
  w->cap = bufsize ? bufsize : (size_t)1 << 20;
  if (w->cap < 4 * CSV_G17_MAX) w->cap = 4 * CSV_G17_MAX;
  w->buf = malloc(w->cap);
  if (!w->buf) { free(w); return NULL; }
  w->f = f;
  w->len = 0;
  w->err = 0;
  return w;
}

void csv_writer_free(csv_writer *w)
{
  if (!w) return;
  free(w->buf);
  free(w);
}

int csv_errno(const csv_writer *w) { return w->err; }

static int csv_drain(csv_writer *w)
{
  if (w->err) return LG_EOUTPUT;
  if (w->len) {
    errno = 0;
    size_t n = fwrite(w->buf, 1, w->len, w->f);
    if (n != w->len) { w->err = errno ? errno : EIO; return LG_EOUTPUT; }
    w->len = 0;
  }
  return LG_OK;
}

int csv_put_row(csv_writer *w, const double *v, size_t n)
{
  if (w->err) return LG_EOUTPUT;
  for (size_t i = 0; i < n; i++) {
    if (w->cap - w->len < CSV_G17_MAX + 2 && csv_drain(w) != LG_OK) return LG_EOUTPUT;
    if (i) w->buf[w->len++] = ',';
    size_t k = fmt_fast(w->buf + w->len, v[i]);
    w->len += k ? k : csv_fmt_g17(w->buf + w->len, v[i]);
  }
  if (w->cap - w->len < 2 && csv_drain(w) != LG_OK) return LG_EOUTPUT;
  w->buf[w->len++] = '\n';
  return LG_OK;
}

int csv_put_str(csv_writer *w, const char *s)
{
  size_t n = strlen(s);
  if (w->err) return LG_EOUTPUT;
  if (w->cap - w->len < n) {
    if (csv_drain(w) != LG_OK) return LG_EOUTPUT;
    if (n > w->cap) {
      errno = 0;
      if (fwrite(s, 1, n, w->f) != n) { w->err = errno ? errno : EIO; return LG_EOUTPUT; }
      return LG_OK;
    }
  }
  memcpy(w->buf + w->len, s, n);
  w->len += n;
  return LG_OK;
}

int csv_printf(csv_writer *w, const char *fmt, ...)
{
  char small[512], *s = small;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) { w->err = EINVAL; return LG_EOUTPUT; }
  if ((size_t)n >= sizeof small) {
    s = malloc((size_t)n + 1);
    if (!s) { w->err = ENOMEM; return LG_EOUTPUT; }
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  int status = csv_put_str(w, s);
  if (s != small) free(s);
  return status;
}

int csv_flush(csv_writer *w)
{
  if (csv_drain(w) != LG_OK) return LG_EOUTPUT;
  errno = 0;
  if (fflush(w->f) != 0 || ferror(w->f)) { w->err = errno ? errno : EIO; return LG_EOUTPUT; }
  return LG_OK;
}
