/* verdicts.c: join the claims registries with the measurements; decide verdicts. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NFIELD = 12, MAXCLAIM = 2000, MAXLINE = 8192, MAXALT = 8 };
enum { F_ID, F_STEM, F_FIGURE, F_KIND, F_CLAIM, F_QUANTITY, F_PUBLISHED, F_RULE, F_TOL,
       F_WHY, F_CONFLICT, F_UNIT };

static const double line_fraction = 0.01;   /* coincide / distinct */
static const double decades = 1.0;          /* log10 */
static const double fragile_margin = 1.25;  /* a verdict within 25 % of its line */

typedef struct {
  char *assumption;      /* NAME=VALUE */
  double value;
} alternative;

typedef struct {
  char *field[NFIELD];   /* the registry row */
  const char *paper;     /* the registry file it came from */
  int measured;          /* 1 once a measurement was read */
  double value;          /* the measured value */
  int ambiguous;         /* the check flagged two readings */
  char *note;            /* the check's note, or NULL */
  int nalt;              /* values under the open assumptions */
  alternative alt[MAXALT];
  const char *verdict;   /* decided by decide_all */
  char why[1024];        /* the reason of an ambiguous verdict, or "" */
  char flips[256];       /* assumptions that change the verdict, or "" */
  char said[1024];       /* what the rows of its conflict column say, or "" */
} claim;

static claim claims[MAXCLAIM];
static int nclaims;

static const char *const header =
  "id\tstem\tfigure\tkind\tclaim\tquantity\tpublished\trule\ttol\twhy\tconflict\tunit";
static const char *const kinds[] = {"claim", "finding", "check"};
static const char *const verdicts[] = {"reproduced", "not reproduced", "ambiguous", "pending"};

static char *dupstr(const char *s)
{
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (!d) { fprintf(stderr, "verdicts: out of memory\n"); exit(2); }
  return memcpy(d, s, n);
}

static void chomp(char *s)
{
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
}

/* Split s at tabs in place; return the number of fields. */
static int split_tabs(char *s, char **f, int max)
{
  int n = 0;
  f[n++] = s;
  for (char *p = s; *p; p++)
    if (*p == '\t') {
      *p = '\0';
      if (n == max) return max + 1;
      f[n++] = p + 1;
    }
  return n;
}

/* The key of the registry a row came from: "sun2022" of
   "papers/sun2022/claims.tsv". */
static void paper_key(char *key, size_t n, const char *path)
{
  const char *s = strstr(path, "papers/"), *e;
  s = s ? s + 7 : path;
  e = strchr(s, '/');
  snprintf(key, n, "%.*s", e ? (int)(e - s) : (int)strlen(s), s);
}

static claim *find_claim(const char *id)
{
  for (int i = 0; i < nclaims; i++)
    if (strcmp(claims[i].field[F_ID], id) == 0) return &claims[i];
  return NULL;
}
static int parse_number(const char *s, double *x)
{
  char *end;
  errno = 0;
  *x = strtod(s, &end);
  return end != s && *end == '\0' && errno == 0 && isfinite(*x);
}

static int parse_range(const char *s, double *lo, double *hi)
{
  const char *dots = strstr(s, "..");
  if (!dots) return 0;
  char buf[128];
  size_t n = (size_t)(dots - s);
  if (n >= sizeof buf) return 0;
  memcpy(buf, s, n);
  buf[n] = '\0';
  return parse_number(buf, lo) && parse_number(dots + 2, hi) && *lo <= *hi;
}

static int in_list(const char *s, const char *const *list, int n)
{
  for (int i = 0; i < n; i++)
    if (strcmp(s, list[i]) == 0) return 1;
  return 0;
}

static int is_rule(const char *c, const char *r) { return strcmp(c, r) == 0; }

/* What is wrong with the rule, published value and tolerance of a row, or NULL. */
static const char *check_rule(char *const *f)
{
  static const char *const rules[] = {"le", "ge", "abs", "rel", "range", "log10",
                                      "coincide", "distinct", "drift", "bounded", "lt", "gt"};
  const char *r = f[F_RULE];
  double p, tol, lo, hi;
  if (!in_list(r, rules, 12)) return "unknown rule";
  if (!parse_number(f[F_TOL], &tol) || tol < 0) return "tolerance is not a number >= 0";
  if (is_rule(r, "range")) return parse_range(f[F_PUBLISHED], &lo, &hi)
      ? NULL : "published value is not lo..hi for rule range";
  if (!parse_number(f[F_PUBLISHED], &p)) return "published value is not a number";
  if (is_rule(r, "log10") && (p <= 0 || tol != decades))
    return "rule log10 needs a positive published value and the tolerance of one decade";
  if ((is_rule(r, "coincide") || is_rule(r, "distinct")) && (p <= 0 || tol != line_fraction))
    return "rules coincide and distinct need an axis range > 0 and the tolerance 0.01";
  if ((is_rule(r, "drift") || is_rule(r, "bounded")) && (p <= 1 || tol != 0))
    return "rules drift and bounded need a drift ratio > 1 and the tolerance 0";
  if ((is_rule(r, "lt") || is_rule(r, "gt")) && (p <= 0 || tol != 0))
    return "rules lt and gt need a ratio > 0 and the tolerance 0";
  if (f[F_UNIT][0] == '\0' || strchr(f[F_UNIT], ' '))
    return "unit is empty or has a blank (write 1 for a pure number)";
  return NULL;
}

static int read_registry(const char *path)
{
  FILE *fp = fopen(path, "r");
  if (!fp) { fprintf(stderr, "verdicts: cannot open %s\n", path); return 1; }
  char line[MAXLINE];
  int lineno = 0, bad = 0;
  while (fgets(line, sizeof line, fp)) {
    lineno++;
    chomp(line);
    if (lineno == 1) {
      if (strcmp(line, header) != 0) {
        fprintf(stderr, "verdicts: %s: the header line is not the registry header\n", path);
        bad = 1;
        break;
      }
      continue;
    }
    if (line[0] == '\0') continue;
    if (nclaims == MAXCLAIM) { fprintf(stderr, "verdicts: too many claims\n"); bad = 1; break; }
    claim *c = &claims[nclaims];
    memset(c, 0, sizeof *c);
    char *copy = dupstr(line);
    int n = split_tabs(copy, c->field, NFIELD);
    const char *why = NULL;
    if (n != NFIELD) why = "wrong number of fields";
    else if (find_claim(c->field[F_ID])) why = "id used twice";
    else if (!in_list(c->field[F_KIND], kinds, 3)) why = "kind is not claim, finding or check";
    else why = check_rule(c->field);
    if (why) {
      fprintf(stderr, "verdicts: %s:%d: %s\n", path, lineno, why);
      free(copy);
      bad = 1;
      continue;
    }
    c->paper = path;
    nclaims++;
  }
  fclose(fp);
  return bad;
}
/* Does the conflict list of c name id? */
static int names(const claim *c, const char *id)
{
  const char *s = c->field[F_CONFLICT];
  size_t n = strlen(id);
  while (*s) {
    size_t k = strcspn(s, ",");
    if (k == n && strncmp(s, id, n) == 0) return 1;
    s += k + (s[k] == ',');
  }
  return 0;
}

static int check_conflicts(void)
{
  int bad = 0;
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    const char *s = c->field[F_CONFLICT];
    if (strcmp(s, "-") == 0) continue;
    while (*s) {
      char id[256];
      size_t k = strcspn(s, ",");
      snprintf(id, sizeof id, "%.*s", (int)(k < 255 ? k : 255), s);
      const claim *o = find_claim(id);
      const char *why = !o ? "names an unknown row" : o == c ? "names itself"
                      : !names(o, c->field[F_ID]) ? "is not named back" : NULL;
      if (why) {
        fprintf(stderr, "verdicts: %s: conflict %s %s\n", c->field[F_ID], id, why);
        bad = 1;
      }
      s += k + (s[k] == ',');
    }
  }
  return bad;
}
/* NAME=VALUE: a name of letters, digits and '_', an '=', and no blank. */
static int is_assumption(const char *s)
{
  const char *eq = strchr(s, '=');
  if (!eq || eq == s || eq[1] == '\0') return 0;
  for (const char *p = s; *p; p++)
    if (p < eq ? !(isalnum((unsigned char)*p) || *p == '_') : isspace((unsigned char)*p))
      return 0;
  return 1;
}

static int read_measurements(const char *path)
{
  FILE *fp = fopen(path, "r");
  if (!fp) { fprintf(stderr, "verdicts: cannot open %s\n", path); return 1; }
  char line[MAXLINE];
  int lineno = 0, bad = 0;
  while (fgets(line, sizeof line, fp)) {
    lineno++;
    chomp(line);
    if (line[0] == '\0' || line[0] == '#') continue;
    char *f[4] = {NULL, NULL, NULL, NULL};
    int n = split_tabs(line, f, 4);
    claim *c = n >= 2 && n <= 4 ? find_claim(f[0]) : NULL;
    char *end;
    double v = n >= 2 ? strtod(f[1], &end) : 0;
    int amb = n >= 3 && strcmp(f[2], "ambiguous") == 0;
    int noted = n == 4 && strcmp(f[2], "note") == 0;
    int alt = n == 3 && is_assumption(f[2]);
    const char *why = NULL;
    if (n < 2 || n > 4)
      why = "expected: id, value [, ambiguous [, note] | , note, note | , NAME=VALUE]";
    else if (!c) why = "id not in any registry";
    else if (end == f[1] || *end != '\0') why = "value is not a number";
    else if (!isfinite(v) && !amb) why = "value is not finite";
    else if (n >= 3 && !amb && !alt && !noted)
      why = "third field must be the word ambiguous, the word note with a note, or NAME=VALUE";
    else if (!alt && c->measured) why = "claim measured twice";
    else if (alt && c->nalt == MAXALT) why = "too many assumptions for one claim";
    else if (alt)
      for (int k = 0; k < c->nalt; k++)
        if (strcmp(c->alt[k].assumption,
                   f[2]) == 0) why = "claim measured twice under one assumption";
    if (why) {
      fprintf(stderr, "verdicts: %s:%d: %s\n", path, lineno, why);
      bad = 1;
      continue;
    }
    if (alt) {
      c->alt[c->nalt].assumption = dupstr(f[2]);
      c->alt[c->nalt++].value = v;
      continue;
    }
    c->measured = 1;
    c->value = v;
    c->ambiguous = amb;
    c->note = n == 4 ? dupstr(f[3]) : NULL;
  }
  fclose(fp);
  return bad;
}

/* A value under an assumption needs the value under the chapter's reading. */
static int check_alternatives(void)
{
  int bad = 0;
  for (int i = 0; i < nclaims; i++)
    if (claims[i].nalt > 0 && !claims[i].measured) {
      fprintf(stderr, "verdicts: %s: measured under %s but not under the chapter's reading\n",
              claims[i].field[F_ID], claims[i].alt[0].assumption);
      bad = 1;
    }
  return bad;
}
static int holds(const claim *c, double m)
{
  const char *rule = c->field[F_RULE];
  double tol = strtod(c->field[F_TOL], NULL), p = 0, lo = 0, hi = 0;
  if (is_rule(rule, "range")) {
    parse_range(c->field[F_PUBLISHED], &lo, &hi);
    return m >= lo - tol && m <= hi + tol;
  }
  p = strtod(c->field[F_PUBLISHED], NULL);
  if (is_rule(rule, "le")) return m <= p + tol;
  if (is_rule(rule, "ge")) return m >= p - tol;
  if (is_rule(rule, "abs")) return fabs(m - p) <= tol;
  if (is_rule(rule, "rel")) return fabs(m - p) <= tol * fabs(p);
  if (is_rule(rule, "coincide")) return m <= tol * p;
  if (is_rule(rule, "distinct")) return m > tol * p;
  if (is_rule(rule, "bounded")) return m <= sqrt(p);
  if (is_rule(rule, "drift")) return m > sqrt(p);
  if (is_rule(rule, "lt")) return m < p;
  if (is_rule(rule, "gt")) return m > p;
  return m > 0 && fabs(log10(m) - log10(p)) <= tol;   /* log10 */
}

static const char *answer(int ok) { return ok ? "reproduced" : "not reproduced"; }

/* Where the rule puts its line, in the units of the quantity: the relation
   the measured value must satisfy (op) and one or two bounds (a, b).  The
   same numbers are printed in the TSV, in the report's tables and, through
   the macro \threshold, in the prose. */
typedef struct { const char *op; double a, b; } threshold;

static threshold rule_threshold(const claim *c)
{
  const char *r = c->field[F_RULE];
  double tol = strtod(c->field[F_TOL], NULL), p = 0, lo = 0, hi = 0;
  if (is_rule(r, "range")) {
    parse_range(c->field[F_PUBLISHED], &lo, &hi);
    return (threshold){"in", lo - tol, hi + tol};
  }
  p = strtod(c->field[F_PUBLISHED], NULL);
  if (is_rule(r, "le")) return (threshold){"<=", p + tol, 0};
  if (is_rule(r, "ge")) return (threshold){">=", p - tol, 0};
  if (is_rule(r, "abs")) return (threshold){"in", p - tol, p + tol};
  if (is_rule(r, "rel")) return (threshold){"in", p - tol * fabs(p), p + tol * fabs(p)};
  if (is_rule(r, "coincide")) return (threshold){"<=", tol * p, 0};
  if (is_rule(r, "distinct")) return (threshold){">", tol * p, 0};
  if (is_rule(r, "bounded")) return (threshold){"<=", sqrt(p), 0};
  if (is_rule(r, "drift")) return (threshold){">", sqrt(p), 0};
  if (is_rule(r, "lt")) return (threshold){"<", p, 0};
  if (is_rule(r, "gt")) return (threshold){">", p, 0};
  return (threshold){"in", p * pow(10, -tol), p * pow(10, tol)};   /* log10 */
}

/* The margin of a verdict: the factor by which the measured value m would
   have to change, up or down, to cross the rule's line, the smallest over
   the line's bounds of max(|b/m|, |m/b|).  A bound of the other sign than m,
   or zero, cannot be reached by a factor and does not count; NAN when no
   bound counts (a yes-or-no outcome at zero) or m is not a nonzero number. */
static double rule_margin(const claim *c, double m)
{
  threshold t = rule_threshold(c);
  double bound[2] = {t.a, t.b}, best = INFINITY;
  int nb = strcmp(t.op, "in") == 0 ? 2 : 1;
  if (!isfinite(m) || m == 0) return NAN;
  for (int k = 0; k < nb; k++)
    if (bound[k] * m > 0)
      best = fmin(best, fmax(fabs(bound[k] / m), fabs(m / bound[k])));
  return isinf(best) ? NAN : best;
}

/* The margin of a row as decided: NAN unless measured and not flagged. */
static double margin(const claim *c)
{
  return c->measured && !c->ambiguous ? rule_margin(c, c->value) : NAN;
}

/* A claim or finding within 25 % of its line.  A check is not marked: its
   band is the theory it tests (an order within 0.1 of 2 is inside 5 % of
   either end wherever it lies), and its margin is in the TSV. */
static int fragile(const claim *c)
{
  double f = margin(c);
  return strcmp(c->field[F_KIND], "check") != 0 && isfinite(f) && f <= fragile_margin;
}

/* The rule's answer for the value under the chapter's reading. */
static const char *by_rule(const claim *c)
{
  if (!c->measured) return "pending";
  if (c->ambiguous) return "ambiguous";
  return answer(holds(c, c->value));
}

static void append(char *buf, size_t size, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

static void append(char *buf, size_t size, const char *fmt, ...)
{
  size_t n = strlen(buf);
  va_list ap;
  if (n + 1 >= size) return;
  va_start(ap, fmt);
  vsnprintf(buf + n, size - n, fmt, ap);
  va_end(ap);
}

static void decide(claim *c)
{
  c->why[0] = c->flips[0] = c->said[0] = '\0';
  if (!c->measured) { c->verdict = "pending"; return; }
  if (c->ambiguous) { c->verdict = "ambiguous"; return; }
  int ok = holds(c, c->value);
  if (strcmp(c->field[F_CONFLICT], "-") != 0) {
    for (int i = 0; i < nclaims; i++) {
      const claim *o = &claims[i];
      if (o == c || !names(c, o->field[F_ID]) || !o->measured) continue;
      const char *ov = o->ambiguous ? "ambiguous" : answer(holds(o, o->value));
      append(c->said, sizeof c->said, "%s%s says the opposite of the same numbers (%s: %.3g, "
             "%s)", c->said[0] ? "; " : "the paper contradicts itself: ",
             o->field[F_FIGURE], o->field[F_ID], o->value, ov);
    }
  }
  for (int k = 0; k < c->nalt; k++) {
    int ok2 = holds(c, c->alt[k].value);
    if (ok2 == ok) continue;
    append(c->flips, sizeof c->flips, "%s%s", c->flips[0] ? "," : "", c->alt[k].assumption);
    append(c->why, sizeof c->why, "%sunder %s the value is %.3g (%s), under the chapter's "
           "reading %.3g (%s)", c->why[0] ? "; " : "", c->alt[k].assumption, c->alt[k].value,
           answer(ok2), c->value, answer(ok));
  }
  c->verdict = c->why[0] ? "ambiguous" : answer(ok);
}

/* The note of a row: why it is ambiguous, then what the rows that contradict
   it say, or else the check's own note; NULL when there is none. */
static const char *row_note(const claim *c, char *buf, size_t size)
{
  if (!c->why[0] && !c->said[0]) return c->note;
  snprintf(buf, size, "%s%s%s", c->why, c->why[0] && c->said[0] ? "; " : "", c->said);
  return buf;
}

static void decide_all(void)
{
  for (int i = 0; i < nclaims; i++) decide(&claims[i]);
}
static int count(const char *kind, const char *verdict)
{
  int n = 0;
  for (int i = 0; i < nclaims; i++)
    n += strcmp(claims[i].field[F_KIND], kind) == 0 && strcmp(claims[i].verdict, verdict) == 0;
  return n;
}

static int write_tsv(const char *path)
{
  FILE *fp = fopen(path, "w");
  if (!fp) { fprintf(stderr, "verdicts: cannot write %s\n", path); return 1; }
  fprintf(fp, "id\tpaper\tstem\tfigure\tkind\tclaim\tpublished\trule\ttol\tthreshold"
              "\tmeasured\tunit\tby_rule\tmargin\talternatives\tassumption\tnote\tverdict\n");
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    char mv[32] = "-", mg[32] = "-", alts[512] = "", key[64], th[64];
    if (c->measured) snprintf(mv, sizeof mv, "%.6g", c->value);
    if (isfinite(margin(c))) snprintf(mg, sizeof mg, "%.3g", margin(c));
    for (int k = 0; k < c->nalt; k++)
      append(alts, sizeof alts, "%s%s:%.6g", k ? ";" : "", c->alt[k].assumption, c->alt[k].value);
    char nb[2048];
    const char *note = row_note(c, nb, sizeof nb);
    if (!note) note = "-";
    paper_key(key, sizeof key, c->paper);
    threshold t = rule_threshold(c);
    if (strcmp(t.op, "in") == 0) snprintf(th, sizeof th, "in [%.4g, %.4g]", t.a, t.b);
    else snprintf(th, sizeof th, "%s %.4g", t.op, t.a);
    fprintf(fp, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
            c->field[F_ID], key, c->field[F_STEM], c->field[F_FIGURE], c->field[F_KIND],
            c->field[F_CLAIM], c->field[F_PUBLISHED], c->field[F_RULE], c->field[F_TOL], th, mv,
            c->field[F_UNIT], by_rule(c), mg, alts[0] ? alts : "-", c->flips[0] ? c->flips : "-",
            note, c->verdict);
  }
  for (int k = 0; k < 3; k++) {
    fprintf(fp, "# %s:", kinds[k]);
    for (int v = 0; v < 4; v++) fprintf(fp, " %d %s,", count(kinds[k], verdicts[v]), verdicts[v]);
    int n = 0;
    for (int i = 0; i < nclaims; i++) n += strcmp(claims[i].field[F_KIND], kinds[k]) == 0;
    fprintf(fp, " of %d\n", n);
  }
  return fclose(fp) != 0;
}
static void tex_text(FILE *fp, const char *s)
{
  for (; *s; s++) switch (*s) {
    case '\\': fputs("\\textbackslash{}", fp); break;
    case '{': case '}': case '%': case '$': case '&': case '#': case '_':
      fprintf(fp, "\\%c", *s); break;
    case '^': fputs("\\^{}", fp); break;
    case '~': fputs("\\~{}", fp); break;
    case '<': fputs("\\textless{}", fp); break;
    case '>': fputs("\\textgreater{}", fp); break;
    case ',': fputs(",\\allowbreak{}", fp); break;
    default: fputc(*s, fp);
  }
}

static void tex_number(FILE *fp, double x)
{
  char buf[64], *e;
  if (isnan(x)) { fputs("---", fp); return; }
  /* below 0.01 or from 1e5 on, always with a power of ten: 1.16e-04, not 0.000116 */
  if (x != 0 && (fabs(x) < 0.01 || fabs(x) >= 1e5)) snprintf(buf, sizeof buf, "%.2e", x);
  else if (fabs(x) != 1 && fabs(fabs(x) - 1) < 0.005) {   /* a ratio near 1: show its side */
    int digits = 2 + (int)ceil(-log10(fabs(fabs(x) - 1)));
    snprintf(buf, sizeof buf, "%.*g", digits < 17 ? digits : 17, x);
  }
  else snprintf(buf, sizeof buf, "%.3g", x);
  if ((e = strchr(buf, 'e')) != NULL) {   /* 1.16e-04 -> 1.16e-4, 1.00e-16 -> 1e-16 */
    char *z = e;
    while (z > buf && z[-1] == '0') z--;
    if (z > buf && z[-1] == '.') z--;
    memmove(z, e, strlen(e) + 1);
  }
  if ((e = strchr(buf, 'e')) != NULL) {
    *e = '\0';
    int ex = atoi(e + 1);
    if (strcmp(buf, "1") == 0) fprintf(fp, "$10^{%d}$", ex);
    else if (strcmp(buf, "-1") == 0) fprintf(fp, "$-10^{%d}$", ex);
    else fprintf(fp, "$%s\\times10^{%d}$", buf, ex);
  } else fprintf(fp, "$%s$", buf);
}

/* A unit after a number: nothing for a pure number ("1"); in the registry
   a product is written with "*" and a power with "^" ("kg*m^2/s"). */
static void tex_unit(FILE *fp, const claim *c)
{
  const char *u = c->field[F_UNIT];
  if (strcmp(u, "1") == 0) return;
  fputc(' ', fp);                       /* a line may break before the unit */
  for (; *u; u++)
    if (*u == '*') fputs("\\,", fp);
    else if (*u == '^' && u[1]) fprintf(fp, "\\textsuperscript{%c}", *++u);
    else if (*u == '_' || *u == '%' || *u == '&' || *u == '#') fprintf(fp, "\\%c", *u);
    else fputc(*u, fp);
}

/* The line of the rule as a relation, in the units of the quantity. */
static void tex_threshold(FILE *fp, const claim *c)
{
  static const struct { const char *op, *tex; } ops[] = {
    {"<=", "$\\le$\\,"}, {">=", "$\\ge$\\,"}, {"<", "$<$\\,"}, {">", "$>$\\,"}};
  threshold t = rule_threshold(c);
  if (strcmp(t.op, "in") == 0) {
    fputs("$[$", fp); tex_number(fp, t.a); fputs("$,$\\allowbreak{} ", fp); tex_number(fp, t.b);
    fputs("$]$", fp);
  } else {
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
      if (strcmp(t.op, ops[i].op) == 0) fputs(ops[i].tex, fp);
    tex_number(fp, t.a);
  }
  tex_unit(fp, c);
}

/* Does the paper print the number the rule compares with?  Not for the rules
   whose p is the package's reading of a figure (an axis range, the drift
   ratio of a linear drift, the 1 of an ordering). */
static int prints_number(const claim *c)
{
  static const char *const read[] = {"coincide", "distinct", "drift", "bounded", "lt", "gt"};
  return !in_list(c->field[F_RULE], read, 6);
}

/* A fragile verdict is marked beside it, with its margin. */
static void tex_fragile(FILE *fp, const claim *c)
{
  if (!fragile(c)) return;
  fputs("\\newline\\fragile{", fp);
  tex_number(fp, margin(c));
  fputs("}", fp);
}

static void tex_published(FILE *fp, const claim *c)
{
  double lo, hi;
  if (is_rule(c->field[F_RULE], "range") && parse_range(c->field[F_PUBLISHED], &lo, &hi)) {
    tex_number(fp, lo); fputs("--", fp); tex_number(fp, hi);
  } else tex_number(fp, strtod(c->field[F_PUBLISHED], NULL));
}

/* The rule as a formula in m (measured), p (published) and the tolerance. */
static void tex_rule(FILE *fp, const claim *c)
{
  static const struct { const char *rule, *tex; } t[] = {
    {"le", "$m\\le p+\\tau$"}, {"ge", "$m\\ge p-\\tau$"}, {"abs", "$|m-p|\\le\\tau$"},
    {"rel", "$|m-p|\\le\\tau|p|$"}, {"range", "$m\\in p\\pm\\tau$"},
    {"log10", "$|\\lg\\frac mp|\\le\\tau$"}, {"coincide", "$m\\le\\tau p$"},
    {"distinct", "$m>\\tau p$"}, {"drift", "$m>\\sqrt p$"}, {"bounded", "$m\\le\\sqrt p$"},
    {"lt", "$m<p$"}, {"gt", "$m>p$"}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (is_rule(c->field[F_RULE], t[i].rule)) {
      fprintf(fp, "\\texttt{%s}\\newline %s", t[i].rule, t[i].tex);
      if (!is_rule(c->field[F_RULE], "drift") && !is_rule(c->field[F_RULE], "bounded")
          && !is_rule(c->field[F_RULE], "lt") && !is_rule(c->field[F_RULE], "gt")) {
        fputs(", $\\tau=$", fp);
        tex_number(fp, strtod(c->field[F_TOL], NULL));
      }
    }
}

static void tex_table(FILE *fp, const char *kind)
{
  fprintf(fp, "\\newcommand{\\claimstable@%s}{%%\n", kind);
  fputs("{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n"
        "\\begin{longtable}{@{}p{0.42\\textwidth}p{0.17\\textwidth}"
        ">{\\raggedleft}p{0.09\\textwidth}>{\\raggedleft}p{0.11\\textwidth}"
        ">{\\raggedright}p{0.12\\textwidth}@{}}\n"
        "\\toprule claim & rule & published $p$ & measured $m$ & verdict\\tabularnewline"
        "\\midrule\\endhead\n", fp);
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    if (strcmp(c->field[F_KIND], kind) != 0) continue;
    fputs("\\texttt{", fp);
    for (const char *k = c->field[F_ID]; *k; k++)   /* ids break after a hyphen */
      if (*k == '-') fputs("-\\allowbreak{}", fp); else fputc(*k, fp);
    fputs("}\\newline ", fp);
    if (strcmp(c->field[F_FIGURE], "-") != 0) {
      tex_text(fp, c->field[F_FIGURE]);
      fputs(": ", fp);
    }
    tex_text(fp, c->field[F_CLAIM]);
    char nb[2048];
    const char *note = row_note(c, nb, sizeof nb);
    if (note) { fputs(" \\emph{(", fp); tex_text(fp, note); fputs(")}", fp); }
    fputs(" & ", fp);
    tex_rule(fp, c);
    fputs(" & ", fp);
    tex_published(fp, c);
    fputs(" & ", fp);
    if (c->measured) { tex_number(fp, c->value); tex_unit(fp, c); } else fputs("---", fp);
    fprintf(fp, " & \\verdict{%s}", c->verdict);
    tex_fragile(fp, c);
    fputs("\\tabularnewline\n", fp);
  }
  fputs("\\bottomrule\n\\end{longtable}}}\n", fp);
}

/* the length of the name of an assumption NAME=VALUE, with its '=' */
static size_t alt_name_len(const char *a) { return strcspn(a, "=") + 1; }

/* the table of measurements under open assumptions: every row, or (in the
   report, which lists no check) the lines of claims and findings whose
   verdict an assumption changes.  The values
   of one claim under one name (the ensemble's starts, the spans) share a
   line: the range of m, and in how many of them the verdict changes. */
static void tex_sensitivity(FILE *fp, const char *name, int checks)
{
  fprintf(fp, "\\newcommand{\\%s}{%%\n", name);
  fputs(
        "{\\footnotesize\\setlength{\\tabcolsep}{4pt}\n"
        "\\begin{longtable}{@{}p{0.22\\textwidth}p{0.14\\textwidth}>{\\raggedleft}p{0.1\\textwidth}"
        ">{\\raggedleft}p{0.14\\textwidth}p{0.29\\textwidth}@{}}\n"
        "\\toprule claim & assumption & $m$ as read & $m$ so & verdict as read $\\to$ so"
        "\\tabularnewline\\midrule\\endhead\n", fp);
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    if (!checks && strcmp(c->field[F_KIND], "check") == 0) continue;
    int a = holds(c, c->value);
    for (int k = 0; k < c->nalt; k++) {
      const char *ak = c->alt[k].assumption;
      size_t len = alt_name_len(ak);
      int seen = 0, n = 0, flips = 0;
      double lo = INFINITY, hi = -INFINITY;
      for (int j = 0; j < c->nalt; j++) {
        if (strncmp(c->alt[j].assumption, ak, len) != 0) continue;
        if (j < k) seen = 1;
        n++;
        flips += holds(c, c->alt[j].value) != a;
        lo = fmin(lo, c->alt[j].value);
        hi = fmax(hi, c->alt[j].value);
      }
      if (seen) continue;                      /* a name already on its line */
      if (!checks && !flips) continue;         /* the report: the lines that change a verdict */
      fputs("\\texttt{", fp);
      tex_text(fp, c->field[F_ID]);
      fputs("} & \\texttt{", fp);
      if (n == 1) tex_text(fp, ak);
      else {
        char nm[64];
        snprintf(nm, sizeof nm, "%.*s", (int)(len < 63 ? len : 63), ak);
        tex_text(fp, nm);
        fprintf(fp, "}, %d values & ", n);
      }
      if (n == 1) fputs("} & ", fp);
      tex_number(fp, c->value);
      fputs(" & ", fp);
      tex_number(fp, lo);
      if (n > 1) { fputs(" to ", fp); tex_number(fp, hi); }
      if (n == 1 || flips == 0 || flips == n)
        fprintf(fp, " & %s%s $\\to$ %s%s\\tabularnewline\n", flips ? "\\textbf{" : "",
                answer(a), answer(flips ? !a : a), flips ? "}" : "");
      else
        fprintf(fp, " & \\textbf{%s $\\to$ %s in %d of %d}\\tabularnewline\n", answer(a),
                answer(!a), flips, n);
    }
  }
  fputs("\\bottomrule\n\\end{longtable}}}\n", fp);
}

/* For each paper, its claims (kind claim only) in a short table for the
   findings chapter, and their counts by verdict. */
static void tex_paper_tables(FILE *fp)
{
  for (int i = 0; i < nclaims; i++) {
    char key[64], other[64];
    paper_key(key, sizeof key, claims[i].paper);
    int first = 1;
    for (int j = 0; j < i && first; j++) {
      paper_key(other, sizeof other, claims[j].paper);
      first = strcmp(key, other) != 0;
    }
    if (!first) continue;
    for (int v = 0; v < 4; v++) {
      int n = 0;
      for (int j = 0; j < nclaims; j++) {
        paper_key(other, sizeof other, claims[j].paper);
        n += strcmp(key, other) == 0 && strcmp(claims[j].field[F_KIND], "claim") == 0
             && strcmp(claims[j].verdict, verdicts[v]) == 0;
      }
      fprintf(fp, "\\expandafter\\def\\csname lgp@%s@%s\\endcsname{%d}\n", key, verdicts[v], n);
    }
    fprintf(fp, "\\expandafter\\def\\csname lgp@%s@table\\endcsname{%%\n", key);
    fputs("{\\footnotesize\\setlength{\\tabcolsep}{3pt}\n"
          "\\begin{longtable}{@{}>{\\raggedright}p{0.07\\textwidth}p{0.4\\textwidth}"
          ">{\\raggedleft}p{0.12\\textwidth}>{\\raggedleft}p{0.1\\textwidth}"
          ">{\\raggedleft}p{0.13\\textwidth}p{0.1\\textwidth}@{}}\n"
          "\\toprule figure & claim & measured $m$ & published & holds when $m$ is"
          " & verdict\\tabularnewline\\midrule\\endhead\n", fp);
    for (int j = 0; j < nclaims; j++) {
      const claim *c = &claims[j];
      paper_key(other, sizeof other, c->paper);
      if (strcmp(key, other) != 0 || strcmp(c->field[F_KIND], "claim") != 0) continue;
      tex_text(fp, c->field[F_FIGURE]);
      fputs(" & ", fp);
      tex_text(fp, c->field[F_CLAIM]);
      fputs(" & ", fp);
      if (c->measured) { tex_number(fp, c->value); tex_unit(fp, c); } else fputs("---", fp);
      fputs(" & ", fp);
      if (prints_number(c)) { tex_published(fp, c); tex_unit(fp, c); } else fputs("---", fp);
      fputs(" & ", fp);
      tex_threshold(fp, c);
      fprintf(fp, " & \\verdict{%s}", c->verdict);
      tex_fragile(fp, c);
      fputs("\\tabularnewline\n", fp);
    }
    fputs("\\bottomrule\n\\end{longtable}}}\n", fp);
  }
}

static int write_tex(const char *path)
{
  FILE *fp = fopen(path, "w");
  if (!fp) { fprintf(stderr, "verdicts: cannot write %s\n", path); return 1; }
  fputs("% Written by the verdicts program from papers/*/claims.tsv and the checks.\n", fp);
  for (int i = 0; i < nclaims; i++) {
    const char *id = claims[i].field[F_ID];
    fprintf(fp, "\\expandafter\\def\\csname lgth@%s\\endcsname{", id);
    tex_threshold(fp, &claims[i]);
    fprintf(fp, "}\n\\expandafter\\def\\csname lgpub@%s\\endcsname{", id);
    tex_published(fp, &claims[i]);
    fputs("}\n", fp);
    fprintf(fp, "\\expandafter\\def\\csname lgv@%s\\endcsname{%s}\n", id, claims[i].verdict);
    if (isfinite(margin(&claims[i]))) {
      fprintf(fp, "\\expandafter\\def\\csname lgmg@%s\\endcsname{", id);
      tex_number(fp, margin(&claims[i]));
      fputs("}\n", fp);
    }
    if (!claims[i].measured) continue;
    fprintf(fp, "\\expandafter\\def\\csname lgm@%s\\endcsname{", id);
    tex_number(fp, claims[i].value);
    fputs("}\n", fp);
    for (int k = 0; k < claims[i].nalt; k++) {
      fprintf(fp, "\\expandafter\\def\\csname lgma@%s@%s\\endcsname{", id,
              claims[i].alt[k].assumption);
      tex_number(fp, claims[i].alt[k].value);
      fputs("}\n", fp);
    }
  }
  int nalt = 0, nflip = 0, nalt_paper = 0;
  for (int k = 0; k < 3; k++) {
    int n = 0;
    for (int v = 0; v < 4; v++)
      fprintf(fp, "\\expandafter\\def\\csname lgc@%s@%s\\endcsname{%d}\n", kinds[k],
              verdicts[v], count(kinds[k], verdicts[v]));
    for (int i = 0; i < nclaims; i++) n += strcmp(claims[i].field[F_KIND], kinds[k]) == 0;
    fprintf(fp, "\\expandafter\\def\\csname lgc@%s@total\\endcsname{%d}\n", kinds[k], n);
    tex_table(fp, kinds[k]);
  }
  for (int i = 0; i < nclaims; i++) {
    nalt += claims[i].nalt;
    if (strcmp(claims[i].field[F_KIND], "check") != 0) nalt_paper += claims[i].nalt;
    nflip += claims[i].flips[0] != '\0';
  }
  fprintf(fp, "\\def\\sensitivitycount{%d}\n\\def\\sensitivitycountpapers{%d}\n"
          "\\def\\sensitivityflips{%d}\n", nalt, nalt_paper, nflip);
  tex_sensitivity(fp, "sensitivitytable", 1);
  tex_sensitivity(fp, "sensitivitytablepapers", 0);
  tex_paper_tables(fp);
  return fclose(fp) != 0;
}
static int check_complete(const char *stem)
{
  int bad = 0, n = 0;
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    if (strcmp(c->field[F_STEM], stem) != 0) {
      if (c->measured || c->nalt) {
        fprintf(stderr, "verdicts: %s measured by the check of %s\n", c->field[F_ID], stem);
        bad = 1;
      }
      continue;
    }
    n++;
    if (!c->measured) {
      fprintf(stderr, "verdicts: %s has no measurement\n", c->field[F_ID]);
      bad = 1;
    } else printf("%s\t%s\n", c->field[F_ID], c->verdict);
  }
  if (n == 0) {
    fprintf(stderr, "verdicts: no claim in the registry has stem %s\n", stem);
    bad = 1;
  }
  return bad;
}
static void usage(void)
{
  fputs("usage: verdicts OUT.tsv OUT.tex REGISTRY.tsv... -- MEASURED.tsv...\n"
        "       verdicts --complete STEM REGISTRY.tsv... -- MEASURED.tsv...\n", stderr);
  exit(2);
}

int main(int argc, char **argv)
{
  int i = 1, bad = 0;
  const char *stem = NULL, *out_tsv = NULL, *out_tex = NULL;
  if (argc > 2 && strcmp(argv[1], "--complete") == 0) { stem = argv[2]; i = 3; }
  else if (argc > 3) { out_tsv = argv[1]; out_tex = argv[2]; i = 3; }
  else usage();
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) bad |= read_registry(argv[i]);
  if (i == argc) usage();
  bad |= check_conflicts();
  for (i++; i < argc; i++) bad |= read_measurements(argv[i]);
  bad |= check_alternatives();
  decide_all();
  if (stem) return bad | check_complete(stem);
  if (bad) return 1;
  return write_tsv(out_tsv) | write_tex(out_tex);
}
