/* verdicts.c: join the claims registries with the measurements; decide verdicts. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NFIELD = 9, MAXCLAIM = 2000, MAXLINE = 8192 };
enum { F_ID, F_STEM, F_FIGURE, F_CLAIM, F_QUANTITY, F_PUBLISHED, F_RULE, F_TOL, F_WHY };

typedef struct {
  char *field[NFIELD];   /* the registry row */
  const char *paper;     /* the registry file it came from */
  int measured;          /* 1 once a measurement was read */
  double value;          /* the measured value */
  int ambiguous;         /* the check flagged two readings */
  char *note;            /* the check's note, or NULL */
} claim;

static claim claims[MAXCLAIM];
static int nclaims;

static const char *const header =
  "id\tstem\tfigure\tclaim\tquantity\tpublished\trule\ttol\twhy";

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

static int known_rule(const char *r)
{
  static const char *const rules[] = {"le", "ge", "abs", "rel", "range", "log10", NULL};
  for (int i = 0; rules[i]; i++)
    if (strcmp(r, rules[i]) == 0) return 1;
  return 0;
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
    char *copy = dupstr(line);
    double x, y;
    int n = split_tabs(copy, c->field, NFIELD);
    const char *why = NULL;
    if (n != NFIELD) why = "wrong number of fields";
    else if (find_claim(c->field[F_ID])) why = "id used twice";
    else if (!known_rule(c->field[F_RULE])) why = "unknown rule";
    else if (!parse_number(c->field[F_TOL], &x) || x < 0) why = "tolerance is not a number >= 0";
    else if (strcmp(c->field[F_RULE], "range") == 0
             ? !parse_range(c->field[F_PUBLISHED], &x, &y)
             : !parse_number(c->field[F_PUBLISHED], &x))
      why = "published value is not a number (or lo..hi for range)";
    else if (strcmp(c->field[F_RULE], "log10") == 0 && x <= 0)
      why = "published value must be positive for rule log10";
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
    const char *why = NULL;
    if (n < 2 || n > 4) why = "expected: id, value [, ambiguous [, note]]";
    else if (!c) why = "id not in any registry";
    else if (c->measured) why = "claim measured twice";
    else if (end == f[1] || *end != '\0') why = "value is not a number";
    else if (!isfinite(v) && !amb) why = "value is not finite";
    else if (n >= 3 && !amb) why = "third field must be the word ambiguous";
    if (why) {
      fprintf(stderr, "verdicts: %s:%d: %s\n", path, lineno, why);
      bad = 1;
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
static const char *verdict(const claim *c)
{
  if (!c->measured) return "pending";
  if (c->ambiguous) return "ambiguous";
  const char *rule = c->field[F_RULE];
  double m = c->value, tol = strtod(c->field[F_TOL], NULL), p = 0, lo = 0, hi = 0;
  int ok;
  if (strcmp(rule, "range") == 0) parse_range(c->field[F_PUBLISHED], &lo, &hi);
  else p = strtod(c->field[F_PUBLISHED], NULL);
  if (strcmp(rule, "le") == 0) ok = m <= p + tol;
  else if (strcmp(rule, "ge") == 0) ok = m >= p - tol;
  else if (strcmp(rule, "abs") == 0) ok = fabs(m - p) <= tol;
  else if (strcmp(rule, "rel") == 0) ok = fabs(m - p) <= tol * fabs(p);
  else if (strcmp(rule, "range") == 0) ok = m >= lo - tol && m <= hi + tol;
  else ok = m > 0 && fabs(log10(m) - log10(p)) <= tol;   /* log10 */
  return ok ? "reproduced" : "not reproduced";
}
static int write_tsv(const char *path)
{
  FILE *fp = fopen(path, "w");
  if (!fp) { fprintf(stderr, "verdicts: cannot write %s\n", path); return 1; }
  fprintf(fp, "id\tstem\tfigure\tclaim\tpublished\trule\ttol\tmeasured\tnote\tverdict\n");
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    char mv[32] = "-";
    if (c->measured) snprintf(mv, sizeof mv, "%.6g", c->value);
    fprintf(fp, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c->field[F_ID], c->field[F_STEM],
            c->field[F_FIGURE], c->field[F_CLAIM], c->field[F_PUBLISHED], c->field[F_RULE],
            c->field[F_TOL], mv, c->note ? c->note : "-", verdict(c));
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
    default: fputc(*s, fp);
  }
}

static void tex_number(FILE *fp, double x)
{
  char buf[64], *e;
  if (isnan(x)) { fputs("---", fp); return; }
  snprintf(buf, sizeof buf, "%.3g", x);
  if ((e = strchr(buf, 'e')) != NULL) {
    *e = '\0';
    int ex = atoi(e + 1);
    if (strcmp(buf, "1") == 0) fprintf(fp, "$10^{%d}$", ex);
    else if (strcmp(buf, "-1") == 0) fprintf(fp, "$-10^{%d}$", ex);
    else fprintf(fp, "$%s\\times10^{%d}$", buf, ex);
  } else fprintf(fp, "$%s$", buf);
}

static void tex_published(FILE *fp, const claim *c)
{
  double lo, hi;
  if (strcmp(c->field[F_RULE], "range") == 0 && parse_range(c->field[F_PUBLISHED], &lo, &hi)) {
    tex_number(fp, lo); fputs("--", fp); tex_number(fp, hi);
  } else tex_number(fp, strtod(c->field[F_PUBLISHED], NULL));
}

static int write_tex(const char *path)
{
  static const char *const kinds[] = {"reproduced", "not reproduced", "ambiguous", "pending"};
  FILE *fp = fopen(path, "w");
  if (!fp) { fprintf(stderr, "verdicts: cannot write %s\n", path); return 1; }
  fputs("% Written by the verdicts program from papers/*/claims.tsv and the checks.\n", fp);
  for (int i = 0; i < nclaims; i++) {
    if (!claims[i].measured) continue;
    fprintf(fp, "\\expandafter\\def\\csname lgm@%s\\endcsname{", claims[i].field[F_ID]);
    tex_number(fp, claims[i].value);
    fputs("}\n", fp);
  }
  for (int k = 0; k < 4; k++) {
    int n = 0;
    for (int i = 0; i < nclaims; i++) n += strcmp(verdict(&claims[i]), kinds[k]) == 0;
    fprintf(fp, "\\expandafter\\def\\csname lgc@%s\\endcsname{%d}\n", kinds[k], n);
  }
  fprintf(fp, "\\def\\claimtotal{%d}\n", nclaims);
  fputs("\\newcommand{\\claimstable}{%\n"
        "\\begin{longtable}{@{}p{0.15\\textwidth}p{0.37\\textwidth}rrl@{}}\n"
        "\\toprule claim & statement & published & measured & verdict\\\\\\midrule\\endhead\n", fp);
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    const char *v = verdict(c);
    fputs("\\texttt{\\footnotesize ", fp);
    tex_text(fp, c->field[F_ID]);
    fputs("} & {\\footnotesize ", fp);
    tex_text(fp, c->field[F_FIGURE]);
    fputs(": ", fp);
    tex_text(fp, c->field[F_CLAIM]);
    if (c->note) { fputs(" \\emph{(", fp); tex_text(fp, c->note); fputs(")}", fp); }
    fputs("} & ", fp);
    tex_published(fp, c);
    fputs(" & ", fp);
    if (c->measured) tex_number(fp, c->value); else fputs("---", fp);
    fprintf(fp, " & \\verdict{%s}\\\\\n", v);
  }
  fputs("\\bottomrule\n\\end{longtable}}\n", fp);
  return fclose(fp) != 0;
}
static int check_complete(const char *stem)
{
  int bad = 0, n = 0;
  for (int i = 0; i < nclaims; i++) {
    const claim *c = &claims[i];
    if (strcmp(c->field[F_STEM], stem) != 0) {
      if (c->measured) {
        fprintf(stderr, "verdicts: %s measured by the check of %s\n", c->field[F_ID], stem);
        bad = 1;
      }
      continue;
    }
    n++;
    if (!c->measured) {
      fprintf(stderr, "verdicts: %s has no measurement\n", c->field[F_ID]);
      bad = 1;
    } else printf("%s\t%s\n", c->field[F_ID], verdict(c));
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
  for (i++; i < argc; i++) bad |= read_measurements(argv[i]);
  if (stem) return bad | check_complete(stem);
  if (bad) return 1;
  return write_tsv(out_tsv) | write_tex(out_tex);
}
