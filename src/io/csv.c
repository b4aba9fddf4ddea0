/* csv.c: exact %.17g formatting of doubles and a buffered CSV writer. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "io/csv.h"

__extension__ typedef unsigned __int128 u128;

static int clz64(uint64_t v) { return __builtin_clzll(v); }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CSV_LITTLE_ENDIAN 1
#else
#define CSV_LITTLE_ENDIAN 0
#endif

static const char digit_pairs[201] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

#if defined(__SSE2__) && CSV_LITTLE_ENDIAN
#include <emmintrin.h>
#ifdef __GNUC__
#define CSV_OPAQUE(v) __asm__("" : "+x"(v))      /* the compiler forgets v's value */
#else
#define CSV_OPAQUE(v) ((void)0)
#endif
typedef __m128i digits_16;
static inline long digits16(digits_16 *D, uint32_t a, uint32_t b)  /* 16 ASCII digits; 17 - trailing zeros */
{
  __m128i x = _mm_unpacklo_epi64(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b));
  __m128i h = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi32((int)0xd1b71759)), 45);
  __m128i r = _mm_sub_epi32(x, _mm_mul_epu32(h, _mm_set1_epi32(10000)));
  __m128i v = _mm_or_si128(h, _mm_slli_epi64(r, 32));         /* four numbers < 10^4 */
  __m128i k100 = _mm_set1_epi16(100), k10 = _mm_set1_epi16(10);
  CSV_OPAQUE(k100);
  CSV_OPAQUE(k10);
  __m128i v1 = _mm_srli_epi16(_mm_mulhi_epu16(v, _mm_set1_epi16(5243)), 3);
  __m128i v0 = _mm_sub_epi16(v, _mm_mullo_epi16(v1, k100));
  __m128i w = _mm_or_si128(v1, _mm_slli_epi32(v0, 16));        /* eight numbers < 100 */
  __m128i w1 = _mm_mulhi_epu16(w, _mm_set1_epi16(6554));
  __m128i w0 = _mm_sub_epi16(w, _mm_mullo_epi16(w1, k10));
  __m128i d = _mm_or_si128(w1, _mm_slli_epi16(w0, 8));         /* sixteen digits */
  unsigned nz = (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(d, _mm_setzero_si128()));
  *D = _mm_add_epi8(d, _mm_set1_epi8('0'));
  return 1 + (31 ^ __builtin_clz(2 * nz + 1));              /* 1 + highest nonzero digit */
}
#else
static inline uint64_t digits8(uint32_t v)       /* v < 10^8: its digits as bytes 0..9 */
{
  uint64_t y = (v / 10000) | ((uint64_t)(v % 10000) << 32);
  uint64_t h = ((y * 5243) >> 19) & UINT64_C(0x0000007F0000007F);
  y = h | ((y - h * 100) << 16);
  uint64_t t = ((y * 103) >> 10) & UINT64_C(0x000F000F000F000F);
  return t | ((y - t * 10) << 8);
}

typedef u128 digits_16;
static inline long digits16(digits_16 *D, uint32_t a, uint32_t b)
{
  const uint64_t ASCII0 = UINT64_C(0x3030303030303030);
  uint64_t g1 = digits8(a), g2 = digits8(b);
  *D = (u128)(g1 + ASCII0) | ((u128)(g2 + ASCII0) << 64);
  return 17 - (g2 ? clz64(g2) / 8 : g1 ? 8 + clz64(g1) / 8 : 16);
}
#endif
static int floor_log10_pow2(int n)               /* floor(n log10 2), |n| <= 1650 */
{
  return (int)(((int64_t)n * 78913 + ((int64_t)1 << 40)) >> 18) - (1 << 22);
}

enum { EXACT_N2MIN = -130, EXACT_N2MAX = 56 };
typedef struct {
  uint64_t F, F2;   /* t > 0: 5^q << (63 - L); t < 0: 5^q << (127 - L) = F 2^64 + F2 */
  uint64_t h;       /* 2^(|t| - 1) - 1, for rounding */
  int E, t;         /* decimal exponent; y = P / 2^(64 + |t|); t = 0: not exact */
} exact_entry;
static struct {                                  /* one base address for both */
  exact_entry tab[2 * (EXACT_N2MAX - EXACT_N2MIN + 1)];
  uint64_t thr[EXACT_N2MAX - EXACT_N2MIN + 1];   /* m 2^10 >= thr: E0 + 1 */
} exact_tb;
static int exact_ready;

#ifdef __GNUC__
#define CSV_INLINE static inline __attribute__((always_inline))
#else
#define CSV_INLINE static inline
#endif

CSV_INLINE uint64_t round17(const exact_entry *xe, uint64_t m10)   /* m10 = m 2^10; N, 10^17, */
{                                                                  /* or 0 if t = 0 */
  uint64_t ip;
  int t = xe->t;
  if (t > 0) {
    u128 P = (u128)m10 * xe->F;                      /* 128-bit product hi:lo */
    uint64_t hi = (uint64_t)(P >> 64), lo = (uint64_t)P;
    uint64_t c = (uint64_t)(lo != 0) | ((hi >> t) & 1);
    ip = (hi + xe->h + c) >> t;
  } else if (t < 0) {
    t = -t;                                          /* 181-bit product w2:w1:w0 */
    uint64_t m = m10 >> 10;
    u128 a = (u128)m * xe->F2, b = (u128)m * xe->F;
    u128 mid = (a >> 64) + (uint64_t)b;
    uint64_t w0 = (uint64_t)a, w1 = (uint64_t)mid;
    uint64_t w2 = (uint64_t)(b >> 64) + (uint64_t)(mid >> 64);
    ip = (w2 << (64 - t)) | (w1 >> t);
    uint64_t c = (uint64_t)(w0 != 0) | (ip & 1);
    ip += ((w1 & ((UINT64_C(1) << t) - 1)) + xe->h + c) >> t;
  } else
    ip = 0;
  return ip;
}

#ifdef __GNUC__
__attribute__((noinline, cold))
#endif
static u128 ceil_pow2_div(int a, u128 B)         /* ceil(2^a / B), a >= 0 */
{
  u128 q = 0, r = 0;
  for (int i = a; i >= 0; i--) {                 /* binary long division */
    r = 2 * r + (i == a);
    q = 2 * q;
    if (r >= B) { r -= B; q++; }
    if (q >> 64) return (u128)1 << 64;
  }
  return q + (r != 0);
}

#ifdef __GNUC__
__attribute__((noinline, cold))
#endif
static void exact_init(void)
{
  for (int n = EXACT_N2MIN; n <= EXACT_N2MAX; n++) {
    int E0 = floor_log10_pow2(n), k = E0 + 1, e = n - 52, a = k - e;
    u128 p5 = 1, thr;                            /* threshold m >= 5^k 2^(k - e) */
    for (int i = 0; i < (k < 0 ? -k : k); i++) p5 *= 5;
    if (k < 0) thr = ceil_pow2_div(a, p5);
    else if (a >= 0) thr = a < 64 ? p5 << a : (u128)1 << 64;
    else thr = (p5 + ((u128)1 << -a) - 1) >> -a;
    exact_tb.thr[n - EXACT_N2MIN] = thr >= ((u128)1 << 53) ? UINT64_MAX : (uint64_t)thr;
    for (int j = 0; j < 2; j++) {
      exact_entry *x = &exact_tb.tab[2 * (n - EXACT_N2MIN) + j];
      int q = 16 - (E0 + j);
      x->E = E0 + j;
      x->F = x->F2 = x->h = 0;
      x->t = 0;
      if (q < 0 || q > 55 || !CSV_LITTLE_ENDIAN) continue;
      u128 f = 1;                                /* 5^q < 2^128 */
      for (int i = 0; i < q; i++) f *= 5;
      int L = f >> 64 ? 127 - clz64((uint64_t)(f >> 64)) : 63 - clz64((uint64_t)f);
      if (q <= 27) {                             /* one multiplication */
        x->F = (uint64_t)f << (63 - L);
        x->t = 9 - e - q - L;
      } else {                                   /* two */
        f <<= 127 - L;
        x->F = (uint64_t)(f >> 64);
        x->F2 = (uint64_t)f;
        x->t = e + q - (127 - L) + 64;
      }
      int at = x->t > 0 ? x->t : -x->t;          /* 1..63 on every entry a number reaches; */
      if (at > 63) x->t = 0;                     /* the others are never used */
      else if (at) x->h = (UINT64_C(1) << (at - 1)) - 1;
    }
    uint64_t *th = &exact_tb.thr[n - EXACT_N2MIN];
    const exact_entry *x0 = &exact_tb.tab[2 * (n - EXACT_N2MIN)];
    while (*th > (UINT64_C(1) << 52) && *th != UINT64_MAX && x0[0].t && x0[1].t
           && round17(x0, (*th - 1) << 10) == 10 * UINT64_C(10000000000000000))
      (*th)--;
    if (*th != UINT64_MAX) *th <<= 10;               /* compared with m 2^10 */
  }
  exact_ready = 1;
}

typedef struct {
  uint64_t N;       /* the 17-digit integer */
  digits_16 D;      /* digits 2..17 in ASCII */
  long nd;          /* significant digits without trailing zeros, 1..17 */
  long E;           /* decimal exponent X */
  char c0;          /* leading digit in ASCII */
} dig17;

CSV_INLINE void to_dig17(dig17 *r)
{
  uint64_t ip = r->N;
  uint64_t hi9 = ip / 100000000, lo8 = ip - hi9 * 100000000;
  uint64_t d0 = (hi9 * 720575941) >> 56;           /* hi9 / 10^8 for hi9 < 2^30 */
  uint64_t hi8 = hi9 - d0 * 100000000;
  r->nd = digits16(&r->D, (uint32_t)hi8, (uint32_t)lo8);
  r->c0 = (char)('0' + d0);
}

CSV_INLINE int exact17(dig17 *r, double x)       /* 0 and N = 0: outside the exact range */
{
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  int bexp = (int)((bits >> 52) & 0x7ff);
  uint64_t m10 = (bits << 12 >> 2) | (UINT64_C(1) << 62);   /* m 2^10 */
  unsigned bi = (unsigned)(bexp - 1023 - EXACT_N2MIN);   /* binade index; huge if not normal */
  r->N = 0;
  if (bi > EXACT_N2MAX - EXACT_N2MIN) return 0;
  const exact_entry *xe = &exact_tb.tab[2 * bi] + (m10 >= exact_tb.thr[bi]);
  r->N = round17(xe, m10);
  r->E = xe->E;
  return r->N != 0;
}

CSV_INLINE char *lay17(char *p, dig17 *r, uint64_t neg)   /* neg: the sign bit */
{
  to_dig17(r);
  long E = r->E, nd = r->nd;
  char c0 = r->c0;
  digits_16 D = r->D;
  *p = '-';
  p += neg;
  if ((unsigned long)(E + 4) < 4) {                /* -4 <= E < 0 */
    memcpy(p, "0.00000", 8);
    p += 1 - E;                                    /* "0." and -E-1 zeros */
    p[0] = c0;
    memcpy(p + 1, &D, 16);
    p += nd;
  } else if (E < -4 || E >= 17) {
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
    long ni = E + 1;                               /* digits before the point */
    p[0] = c0;
    memcpy(p + 1, &D, 16);
    if (nd > ni) {
      u128 frac;
      memcpy(&frac, &D, 16);
      frac >>= 8 * (ni - 1);                       /* digits ni..16 */
      p[ni] = '.';
      memcpy(p + ni + 1, &frac, 16);
      p += nd + 1;
    } else
      p += ni;
  }
  return p;
}

size_t csv_fmt_g17_fast(char *buf, double x)
{
  dig17 r;
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  if (!exact_ready) exact_init();
  if (!exact17(&r, x)) return 0;
  char *p = lay17(buf, &r, bits >> 63);
  *p = '\0';
  return (size_t)(p - buf);
}
size_t csv_fmt_g17(char *buf, double x)
{
  size_t n = csv_fmt_g17_fast(buf, x);
  return n ? n : (size_t)snprintf(buf, CSV_G17_MAX, "%.17g", x);
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

#if defined(__GNUC__) && !defined(__clang__)
#define CSV_UNROLL4 _Pragma("GCC unroll 4")
#else
#define CSV_UNROLL4
#endif
#define CSV_GROUP 4                              /* numbers rounded before any is laid out */

int csv_put_row(csv_writer *w, const double *v, size_t n)
{
  const size_t each = CSV_G17_MAX + 1;
  if (w->err) return LG_EOUTPUT;
  if (n > (w->cap - 1) / each) {                 /* a row longer than the buffer */
    for (size_t i = 0; i < n; i++) {
      char num[CSV_G17_MAX + 1];
      num[0] = ',';
      csv_fmt_g17(num + 1, v[i]);
      if (csv_put_str(w, i ? num : num + 1) != LG_OK) return LG_EOUTPUT;
    }
    return csv_put_str(w, "\n");
  }
  if (w->cap - w->len < n * each + 1 && csv_drain(w) != LG_OK) return LG_EOUTPUT;
  char *p = w->buf + w->len;                     /* a local pointer: stores through p */
  size_t i = 0;                                  /* cannot change w->len behind our back */
  if (!exact_ready) exact_init();
  for (; i + CSV_GROUP <= n; i += CSV_GROUP) {   /* the digits of a group, then their text */
    dig17 d[CSV_GROUP];
    CSV_UNROLL4
    for (int j = 0; j < CSV_GROUP; j++) exact17(&d[j], v[i + j]);
    CSV_UNROLL4
    for (int j = 0; j < CSV_GROUP; j++) {
      uint64_t bits;
      memcpy(&bits, &v[i + j], sizeof bits);
      if (d[j].N)
        p = lay17(p, &d[j], bits >> 63);
      else if (!(bits << 1)) {                   /* +0 or -0 */
        *p = '-';
        p += bits >> 63;
        *p++ = '0';
      } else
        p += csv_fmt_g17(p, v[i + j]);
      *p++ = ',';
    }
  }
  for (; i < n; i++) {
    p += csv_fmt_g17(p, v[i]);
    *p++ = ',';
  }
  p[n ? -1 : 0] = '\n';
  w->len = (size_t)(p - w->buf) + (n ? 0 : 1);
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
