/* valid.c: checks of model parameters with one message style, the grammar
   of numbers typed by a user, and escaping for messages. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"

/* The fewest significant digits p0 that read back as x.  Reading back is
   monotone in the digits.  For a normal double, two distinct decimals of at
   most 15 significant digits lie more than 1e-15 apart relatively, more
   than the two units in the last place (2.2e-16 each) within which both
   would have to lie to read back as x: at most one such decimal reads back.
   So when %.15g reads back, p0 is the number of significant digits it
   shows (no shorter decimal can), and otherwise p0 is 16 or 17: two
   conversions where a bisection over 1..17 took five.  Subnormal numbers,
   with fewer digits of precision, keep the bisection.  A larger precision
   can only be shorter where %g leaves exponent notation: at p = X + 1 for
   the decimal exponent X ("10", not "1e+01"); that one candidate is tried
   too, and the shorter kept (the smaller precision on a tie). */
static int lg_reads_back(char *c, size_t n, int p, double x)
{
  snprintf(c, n, "%.*g", p, x);
  return strtod(c, NULL) == x || x != x;
}

/* significant digits shown by a %g string: from the first nonzero digit to
   the last, the exponent aside (at least 1) */
static int lg_sig_digits(const char *c)
{
  int k = 0, zeros = 0, started = 0;
  for (; *c && *c != 'e'; c++) {
    if (*c < '0' || *c > '9') continue;
    if (*c == '0') { if (started) zeros++; continue; }
    started = 1;
    k += zeros + 1;
    zeros = 0;
  }
  return k ? k : 1;
}

size_t lg_fmt_shortest(char *buf, size_t n, double x)
{
  char c[40], best[40];
  int lo = 1, hi = 17, have = 0;   /* have: c holds %.{lo}g already */
  if (!(fabs(x) < DBL_MIN) || x == 0) {         /* normal, zero, infinite or NaN */
    if (lg_reads_back(c, sizeof c, 15, x)) {
      lo = lg_sig_digits(c);
      /* %.15g writes what %.{lo}g does, but for an integer ending in zeros,
         which the smaller precision writes with an exponent */
      size_t len = strlen(c);
      have = strchr(c, 'e') || strchr(c, '.') || c[len - 1] != '0' || len == 1
             || (len == 2 && c[0] == '-');
    } else if (lg_reads_back(c, sizeof c, 16, x)) lo = 16, have = 1;
    else lo = 17;
  } else
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (lg_reads_back(c, sizeof c, mid, x)) hi = mid; else lo = mid + 1;
    }
  if (have) memcpy(best, c, sizeof c);
  else lg_reads_back(best, sizeof best, lo, x);
  char *e = strchr(best, 'e');
  int p1 = e ? atoi(e + 1) + 1 : 0;
  if (p1 > lo && p1 <= 17 && lg_reads_back(c, sizeof c, p1, x) && strlen(c) < strlen(best))
    memcpy(best, c, sizeof c);
  size_t len = strlen(best);
  if (n) {
    size_t k = len < n - 1 ? len : n - 1;
    memcpy(buf, best, k);
    buf[k] = '\0';
  }
  return len;
}

void lg_fmt_values(char *buf, size_t n, const double *v, int len)
{
  size_t k = 0;
  if (n) buf[0] = '\0';
  for (int i = 0; i < len && k + 40 < n; i++) {
    if (i) buf[k++] = ',';
    k += lg_fmt_shortest(buf + k, n - k, v[i]);
  }
}
int lg_param_error(char *msg, size_t n, const char *name, const double *v, int len,
                   const char *fmt, ...)
{
  char val[400];
  va_list ap;
  if (!msg || !n) return LG_EINVAL;
  lg_fmt_values(val, sizeof val, v, len);
  int k = snprintf(msg, n, "parameter %s: %s ", name, val);
  va_start(ap, fmt);
  if (k >= 0 && (size_t)k < n) vsnprintf(msg + k, n - (size_t)k, fmt, ap);
  va_end(ap);
  return LG_EINVAL;
}

int lg_check_finite(char *msg, size_t n, const char *name, const double *v, int len)
{
  for (int i = 0; i < len; i++)
    if (!isfinite(v[i])) return lg_param_error(msg, n, name, v, len, "is not finite");
  return LG_OK;
}

int lg_check_params_finite(const lg_param *table, const void *par, char *msg, size_t n)
{
  for (const lg_param *p = table; p->name; p++)
    if (lg_check_finite(msg, n, p->name, lg_param_ptr(p, (void *)par), p->len) != LG_OK)
      return LG_EINVAL;
  return LG_OK;
}

int lg_check_positive(char *msg, size_t n, const char *name, double v)
{
  return v > 0 && isfinite(v) ? LG_OK : lg_param_error(msg, n, name, &v, 1, "is not positive");
}

int lg_check_nonneg(char *msg, size_t n, const char *name, double v)
{
  return v >= 0 && isfinite(v) ? LG_OK : lg_param_error(msg, n, name, &v, 1, "is negative");
}

int lg_check_positive3(char *msg, size_t n, const char *name, const double v[3])
{
  for (int i = 0; i < 3; i++)
    if (!(v[i] > 0 && isfinite(v[i])))
      return lg_param_error(msg, n, name, v, 3, "is not positive (component %d)", i + 1);
  return LG_OK;
}

int lg_check_unit(char *msg, size_t n, const char *name, const double d[3], int zero_ok)
{
  double len = so3_norm(d);
  if (lg_check_finite(msg, n, name, d, 3) != LG_OK) return LG_EINVAL;
  if (zero_ok && len == 0) return LG_OK;
  if (!(fabs(len - 1) <= LG_UNIT_TOL))
    return lg_param_error(msg, n, name, d, 3, "is not a unit vector (length %.17g%s)", len,
                          zero_ok ? "; 0,0,0 turns it off" : "");
  return LG_OK;
}

int lg_check_inertia(char *msg, size_t n, const char *name, const double J[3])
{
  if (lg_check_positive3(msg, n, name, J) != LG_OK) return LG_EINVAL;
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    if (!(J[i] <= (J[j] + J[k]) * (1 + LG_TRIANGLE_SLACK)))
      return lg_param_error(msg, n, name, J, 3, "violates the triangle inequality "
                            "(component %d exceeds the sum of the other two)", i + 1);
  }
  return LG_OK;
}

static double det3(const double A[9])
{
  return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6])
         + A[2] * (A[3] * A[7] - A[4] * A[6]);
}

int lg_check_rotation(char *msg, size_t n, const char *name, double R[9], int reortho)
{
  if (lg_check_finite(msg, n, name, R, 9) != LG_OK) return LG_EINVAL;
  double det = det3(R), err = so3_orth_err(R);
  if (!(det > 0))
    return lg_param_error(msg, n, name, R, 9, "is %s (det = %.3g), not a rotation",
                          det < 0 ? "a reflection" : "singular", det);
  if (err <= LG_ROT_TOL && fabs(det - 1) <= LG_ROT_TOL) return LG_OK;
  if (!reortho)
    return lg_param_error(msg, n, name, R, 9,
                          "is not a rotation (||I - R R^T|| = %.3g, det = %.17g; tolerance %g); "
                          "--reortho replaces a matrix off by at most %g by the nearest rotation",
                          err, det, LG_ROT_TOL, LG_REORTHO_MAX);
  if (!(err <= LG_REORTHO_MAX))
    return lg_param_error(msg, n, name, R, 9,
                          "is too far from a rotation to repair (||I - R R^T|| = %.3g > %g)",
                          err, LG_REORTHO_MAX);
  if (so3_reortho(R, R) != 0)
    return lg_param_error(msg, n, name, R, 9, "cannot be made orthogonal");
  return LG_OK;
}
static const char *digits(const char *c)
{
  while (*c >= '0' && *c <= '9') c++;
  return c;
}

/* the end of the grammar's longest match at s, or NULL; *frac: fraction or exponent seen */
static const char *scan_number(const char *s, int *frac)
{
  const char *c = s, *d;
  *frac = 0;
  if (*c == '-') c++;
  d = digits(c);
  if (d - c > 1 && *c == '0') return NULL;          /* 007 */
  int nint = (int)(d - c);
  c = d;
  if (*c == '.') {
    d = digits(c + 1);
    if (nint == 0 && d == c + 1) return NULL;       /* "." or "-." */
    c = d;
    *frac = 1;
  } else if (nint == 0) return NULL;
  if (*c == 'e' || *c == 'E') {
    const char *e = c + 1;
    if (*e == '+' || *e == '-') e++;
    d = digits(e);
    if (d == e) return NULL;
    c = d;
    *frac = 1;
  }
  return c;
}

int lg_parse_real(const char *s, double *v)
{
  int frac;
  const char *end = scan_number(s, &frac);
  if (!end || *end != '\0') return LG_PARSE_SYNTAX;
  *v = strtod(s, NULL);
  return isfinite(*v) ? LG_PARSE_OK : LG_PARSE_RANGE;
}

int lg_parse_count(const char *s, long max, long *v)
{
  int frac;
  const char *end = scan_number(s, &frac);
  if (!end || *end != '\0' || frac) return LG_PARSE_SYNTAX;
  if (s[0] == '-' || strcmp(s, "0") == 0) return LG_PARSE_RANGE;
  long x = 0;
  for (const char *c = s; *c; c++) {
    if (x > (max - (*c - '0')) / 10) return LG_PARSE_RANGE;
    x = 10 * x + (*c - '0');
  }
  *v = x;
  return LG_PARSE_OK;
}
int lg_fail(char *msg, size_t n, int status, const char *fmt, ...)
{
  if (msg && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
  }
  return status;
}

int lg_read_real(const char *what, const char *s, double *v, char *msg, size_t n)
{
  int st = lg_parse_real(s, v);
  if (st == LG_PARSE_SYNTAX)
    return lg_fail(msg, n, LG_EINVAL, "%s: '%s' is not a number (decimal, as 0.01 or 1e-3)",
                  what, s);
  if (st != LG_PARSE_OK) return lg_fail(msg, n, LG_EINVAL, "%s: '%s' is not a finite number", what, s);
  return LG_OK;
}

int lg_read_count(const char *what, const char *s, long max, long *v, char *msg, size_t n)
{
  int st = lg_parse_count(s, max, v);
  if (st == LG_PARSE_SYNTAX)
    return lg_fail(msg, n, LG_EINVAL, "%s: '%s' is not an integer (decimal digits)", what, s);
  if (st != LG_PARSE_OK && (s[0] == '-' || strcmp(s, "0") == 0))
    return lg_fail(msg, n, LG_EINVAL, "%s: %s is not positive", what, s);
  if (st != LG_PARSE_OK)
    return lg_fail(msg, n, LG_EINVAL, "%s: %s is too large (at most %ld)", what, s, max);
  return LG_OK;
}

int lg_read_vector(const char *what, const char *s, double *v, int len, char *msg, size_t n)
{
  int k = 1, st = LG_OK;
  for (const char *c = s; *c; c++) k += *c == ',';
  if (k != len)
    return lg_fail(msg, n, LG_EINVAL, "%s: '%s' has %d component%s, expected %d", what, s, k,
                  k == 1 ? "" : "s", len);
  char *copy = malloc(strlen(s) + 1), *c = copy;
  if (!copy) return lg_fail(msg, n, LG_ENOMEM, "out of memory");
  strcpy(copy, s);
  for (int i = 0; i < len && st == LG_OK; i++) {
    char *comma = strchr(c, ',');
    if (comma) *comma = '\0';
    st = lg_read_real(what, c, &v[i], msg, n);
    if (comma) c = comma + 1;
  }
  free(copy);
  return st;
}

int lg_set_param(const lg_model *m, void *par, const char *arg, char *msg, size_t n)
{
  const char *eq = strchr(arg, '=');
  char what[80];
  if (!eq) return lg_fail(msg, n, LG_EINVAL, "--set: '%s' is not NAME=VALUE", arg);
  snprintf(what, sizeof what, "%.*s", (int)(eq - arg), arg);
  const lg_param *p = lg_param_find(m, what);
  if (!p)
    return lg_fail(msg, n, LG_EINVAL, "--set: model %s has no parameter '%.*s' (see lgsim list %s)",
                  m->name, (int)(eq - arg), arg, m->name);
  snprintf(what, sizeof what, "--set %s", p->name);
  double v[9];
  const char *val = eq + 1;
  int st;
  if (p->len == 9 && strncmp(val, "cardan:", 7) == 0) {
    double ang[3];
    if ((st = lg_read_vector(what, val + 7, ang, 3, msg, n)) != LG_OK) return st;
    so3_cardan(v, ang);
  } else if ((st = lg_read_vector(what, val, v, p->len, msg, n)) != LG_OK)
    return st;
  memcpy(lg_param_ptr(p, par), v, (size_t)p->len * sizeof(double));
  return LG_OK;
}

static const struct { const char *name; int code; } lg_solvers[] = {
  {"direct", LG_NEWTON_DIRECT}, {"newton", LG_NEWTON_PLAIN}, {"hybridsj", LG_NEWTON_HYBRIDSJ},
  {"direct-gsl", LG_NEWTON_DIRECT_GSL}
};

int lg_newton_solver_code(const char *name)
{
  for (size_t i = 0; i < sizeof lg_solvers / sizeof lg_solvers[0]; i++)
    if (strcmp(lg_solvers[i].name, name) == 0) return lg_solvers[i].code;
  return -1;
}

const char *lg_newton_solver_name(int code)
{
  for (size_t i = 0; i < sizeof lg_solvers / sizeof lg_solvers[0]; i++)
    if (lg_solvers[i].code == code) return lg_solvers[i].name;
  return "?";
}
size_t lg_escape(char *buf, size_t n, const char *s)
{
  size_t k = 0;
  if (!n) return 0;
  for (const unsigned char *c = (const unsigned char *)s; *c && k + 5 < n; c++) {
    if (*c < 0x20 || *c >= 0x7f) k += (size_t)snprintf(buf + k, n - k, "\\x%02x", *c);
    else buf[k++] = (char)*c;
  }
  buf[k] = '\0';
  return k;
}
