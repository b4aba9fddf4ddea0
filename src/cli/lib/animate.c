/* animate.c: lgsim animate's reading and writing (section sec:animate). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/lib/animate.h"
#include "cli/lib/args.h"
#include "core/lg.h"
#include "io/csv.h"
#include "model/multibody.h"

static int anim_usage(char *msg, size_t n, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__((format(printf, 3, 4)))
#endif
  ;
static int anim_usage(char *msg, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (msg && n) vsnprintf(msg, n, fmt, ap);
  va_end(ap);
  return LGSIM_EXIT_USAGE;
}
static int anim_count(const char *name, const char *v, long max, long *out, char *msg, size_t n)
{
  char *end;
  errno = 0;
  long k = strtol(v, &end, 10);
  if (!isdigit((unsigned char)v[0]) || *end || errno || k < 1 || k > max)
    return anim_usage(msg, n, "%s: '%s' is not a whole number from 1 to %ld", name, v, max);
  *out = k;
  return LGSIM_EXIT_OK;
}

static int anim_view(anim_args *a, const char *v, char *msg, size_t n)
{
  char *end, *end2;
  double x = strtod(v, &end), z = NAN;
  if (end != v && *end == ',') z = strtod(end + 1, &end2);
  if (end == v || *end != ',' || end2 == end + 1 || *end2 || !isfinite(x) || !isfinite(z)
      || isspace((unsigned char)v[0]) || isspace((unsigned char)end[1]))
    return anim_usage(msg, n, "--view: '%s' is not ROT_X,ROT_Z (two numbers in degrees, "
                      "e.g. 60,30)", v);
  if (x < 0 || x > 180 || z < 0 || z >= 360)
    return anim_usage(msg, n, "--view: '%s': ROT_X must lie in [0, 180] and ROT_Z in [0, 360)",
                      v);
  a->view = 1;
  a->rot_x = x;
  a->rot_z = z;
  return LGSIM_EXIT_OK;
}

static int has_suffix(const char *s, const char *suf)
{
  size_t a = strlen(s), b = strlen(suf);
  return a > b && strcmp(s + a - b, suf) == 0;
}

int anim_parse(anim_args *a, int argc, char **argv, char *msg, size_t n)
{
  memset(a, 0, sizeof *a);
  for (int i = 0; i < argc; i++) {
    const char *arg = argv[i];
    int st = LGSIM_EXIT_OK;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      a->help = 1;
      return LGSIM_EXIT_OK;
    }
    if (arg[0] != '-' || strcmp(arg, "-") == 0) {
      if (a->csv) return anim_usage(msg, n, "animate: unexpected argument '%s' (one RUN.csv)", arg);
      a->csv = arg;
      continue;
    }
    if (strcmp(arg, "-o") != 0 && strcmp(arg, "--every") != 0 && strcmp(arg, "--view") != 0
        && strcmp(arg, "--model-file") != 0 && strcmp(arg, "--filmstrip") != 0)
      return anim_usage(msg, n, "animate: unknown option '%s' (see lgsim help animate)", arg);
    if (i + 1 >= argc) return anim_usage(msg, n, "%s: missing value", arg);
    const char *v = argv[++i];
    if (strcmp(arg, "-o") == 0) a->out = v;
    else if (strcmp(arg, "--model-file") == 0) a->model_file = v;
    else if (strcmp(arg, "--every") == 0) st = anim_count(arg, v, LONG_MAX, &a->every, msg, n);
    else if (strcmp(arg, "--filmstrip") == 0) st = anim_count(arg, v, 24, &a->strip, msg, n);
    else st = anim_view(a, v, msg, n);
    if (st != LGSIM_EXIT_OK) return st;
  }
  if (!a->csv) return anim_usage(msg, n, "animate: missing RUN.csv (the CSV of an lgsim run)");
  if (!a->out || !a->out[0]) return anim_usage(msg, n, "animate: missing -o FILE (.gif, or "
                                               ".pdf or .png with --filmstrip)");
  if (!a->strip && !has_suffix(a->out, ".gif"))
    return anim_usage(msg, n, "-o: '%s' does not end in .gif (an animation is a GIF; "
                      "--filmstrip N writes .pdf or .png)", a->out);
  if (a->strip && !has_suffix(a->out, ".pdf") && !has_suffix(a->out, ".png"))
    return anim_usage(msg, n, "-o: '%s' does not end in .pdf or .png (a filmstrip)", a->out);
  if (a->strip && a->every)
    return anim_usage(msg, n, "--every and --filmstrip: give one of them");
  return LGSIM_EXIT_OK;
}
typedef struct {
  char model[128], family[64], scheme[64], file[PATH_MAX], sha[80];
  char **param;               /* "NAME=VALUE" of every # param line */
  int nparam;
} anim_header;

static void header_free(anim_header *h)
{
  for (int i = 0; i < h->nparam; i++) free(h->param[i]);
  free(h->param);
}

/* copy the value of "# KEY = VALUE" into out if line is that key's */
static int header_value(const char *line, const char *key, char *out, size_t n)
{
  size_t k = strlen(key);
  if (strncmp(line, "# ", 2) != 0 || strncmp(line + 2, key, k) != 0
      || strncmp(line + 2 + k, " = ", 3) != 0)
    return 0;
  snprintf(out, n, "%.*s", (int)strcspn(line + 5 + k, "\r\n"), line + 5 + k);
  return 1;
}

static int header_line(anim_header *h, const char *line)
{
  if (header_value(line, "model", h->model, sizeof h->model)
      || header_value(line, "model_family", h->family, sizeof h->family)
      || header_value(line, "model_file", h->file, sizeof h->file)
      || header_value(line, "model_sha256", h->sha, sizeof h->sha)
      || header_value(line, "scheme", h->scheme, sizeof h->scheme))
    return LG_OK;
  if (strncmp(line, "# param ", 8) != 0) return LG_OK;
  const char *name = line + 8, *eq = strstr(name, " = ");
  if (!eq) return LG_OK;
  const char *val = eq + 3, *unit = strrchr(val, '[');
  size_t vlen = unit && unit > val ? (size_t)(unit - val) : strcspn(val, "\r\n");
  while (vlen && val[vlen - 1] == ' ') vlen--;
  char **p = realloc(h->param, ((size_t)h->nparam + 1) * sizeof *p);
  if (!p) return LG_ENOMEM;
  h->param = p;
  const size_t len = (size_t)(eq - name) + vlen + 2;
  if (!(p[h->nparam] = malloc(len))) return LG_ENOMEM;
  snprintf(p[h->nparam++], len, "%.*s=%.*s", (int)(eq - name), name, (int)vlen, val);
  return LG_OK;
}
static lg_model *anim_model(const anim_args *a, const anim_header *h, char *note, size_t nn,
                            const lg_model **m, char *msg, size_t n)
{
  char digest[80] = "", path[2 * PATH_MAX + 2];
  const char *file = a->model_file;
  lg_model *own = NULL;
  if (!file && h->file[0]) {
    if (strstr(h->file, "\\x"))
      return anim_usage(msg, n, "%s: its model file's name (# model_file) has escaped bytes; "
                        "give the file with --model-file", a->csv), NULL;
    file = h->file;
    FILE *f = fopen(file, "r");
    if (!f && h->file[0] != '/' && strchr(a->csv, '/')) {
      snprintf(path, sizeof path, "%.*s/%s", (int)(strrchr(a->csv, '/') - a->csv), a->csv, h->file);
      if ((f = fopen(path, "r"))) file = path;
    }
    if (!f)
      return anim_usage(msg, n, "%s: its model file %s (# model_file) is not found here nor "
                        "beside the CSV; give it with --model-file", a->csv, h->file), NULL;
    fclose(f);
  }
  if (file) {
    if (!(own = mb_model_read_digest(file, digest, msg, n))) return NULL;
    if (h->sha[0] && strcmp(h->sha, digest) != 0)
      snprintf(note, nn, "warning: %.200s is not the file the run read (its SHA-256 differs "
               "from the run's # model_sha256); the joint points are the run's", file);
    *m = own;
    return own;
  }
  if (!h->model[0])
    return anim_usage(msg, n, "%s: no '# model' line: not the CSV of an lgsim run", a->csv), NULL;
  if (!(*m = lg_model_find(h->model)))
    return anim_usage(msg, n, "%s: model '%s' (# model) is not a built-in model; give its file "
                      "with --model-file", a->csv, h->model), NULL;
  return NULL;
}
typedef struct {
  int n;                      /* attachment points */
  int *body;                  /* their bodies, or MB_GROUND */
  const double **P;           /* their points: body frame, or space for the ground */
  int nj, ns;                 /* the first 2 nj are the joints' sides, then 2 ns springs' ends */
} anim_geom;

static int anim_geometry(const lg_model *m, void *par, anim_geom *g, char *msg, size_t n)
{
  const mb_topo *t = ((const mb_par *)par)->topo;
  g->nj = t->nj;
  g->ns = t->ld->ns;
  g->n = 2 * (g->nj + g->ns);
  g->body = malloc(((size_t)g->n + 1) * sizeof *g->body);
  g->P = malloc(((size_t)g->n + 1) * sizeof *g->P);
  if (!g->body || !g->P) return anim_usage(msg, n, "out of memory");
  for (int i = 0; i < g->n; i++) {
    const int spring = i >= 2 * g->nj, k = spring ? (i - 2 * g->nj) / 2 : i / 2, s = i % 2;
    const mb_joint *j = spring ? &t->ld->spring[k] : &t->joint[k];
    char name[48];
    snprintf(name, sizeof name, "%c%d%c", spring ? 'S' : 'P', k + 1, s ? 'b' : 'a');
    const lg_param *p = lg_param_find(m, name);
    if (!p || p->len != 3)
      return anim_usage(msg, n, "model %s has no parameter %s (the point of %s %d)", m->name,
                        name, spring ? "spring" : "joint", k + 1);
    g->body[i] = s ? j->b : j->a;
    g->P[i] = lg_param_ptr(p, par);
  }
  return LGSIM_EXIT_OK;
}

/* point i of the geometry at the state of row r (x: 3 per body, R: 9) */
static void anim_point(const anim_geom *g, int i, const double *x, const double *R, double y[3])
{
  const int b = g->body[i];
  if (b == MB_GROUND) { memcpy(y, g->P[i], 3 * sizeof *y); return; }
  for (int r = 0; r < 3; r++)
    y[r] = x[3 * b + r] + R[9 * b + 3 * r] * g->P[i][0] + R[9 * b + 3 * r + 1] * g->P[i][1]
           + R[9 * b + 3 * r + 2] * g->P[i][2];
}

static void anim_box(anim_frames *f, const double *y)
{
  for (int r = 0; r < 3; r++) {
    f->lo[r] = fmin(f->lo[r], y[r]);
    f->hi[r] = fmax(f->hi[r], y[r]);
  }
}

/* frame k from the bodies' positions x and rotations R */
static void anim_frame(anim_frames *f, const anim_geom *g, int nb, int k, const double *x,
                       const double *R)
{
  double *seg = f->seg + 6 * (size_t)f->nseg * k, *spr = f->spr + 6 * (size_t)f->nspr * k;
  double *dot = f->dot + 3 * (size_t)f->ndot * k, *cen = f->cen + 3 * (size_t)f->ncen * k;
  for (int i = 0; i < g->n; i++) {
    double y[3];
    anim_point(g, i, x, R, y);
    anim_box(f, y);
    if (g->body[i] != MB_GROUND) {          /* a body segment: centre to point */
      memcpy(seg, x + 3 * g->body[i], 3 * sizeof *seg);
      memcpy(seg + 3, y, 3 * sizeof *seg);
      seg += 6;
    }
    if (i < 2 * g->nj && (i % 2 == 0 ? g->body[i] != MB_GROUND
                                      : g->body[i - 1] == MB_GROUND)) {
      memcpy(dot, y, 3 * sizeof *dot);     /* the joint at its first body side */
      dot += 3;
    }
    if (i >= 2 * g->nj) {
      memcpy(spr, y, 3 * sizeof *spr);      /* the spring: end a, then end b */
      spr += 3;
    }
  }
  for (int b = 0; b < nb; b++) {
    memcpy(cen + 3 * b, x + 3 * b, 3 * sizeof *cen);
    anim_box(f, x + 3 * b);
  }
}
/* the index of every column the drawing reads: t, then x (3 per body), R (9) */
static int anim_columns(const char *line, int nb, int *col, const anim_args *a, char *msg,
                        size_t n)
{
  const int need = 1 + 12 * nb;
  for (int i = 0; i < need; i++) col[i] = -1;
  const char *c = line;
  for (int i = 0; c; i++) {
    size_t len = strcspn(c, ",\r\n");
    char name[48];
    snprintf(name, sizeof name, "%.*s", (int)(len < 47 ? len : 47), c);
    int b, r, s;
    char tail;
    if (strcmp(name, "t") == 0) col[0] = i;
    else if (sscanf(name, "x%d_%d%c", &b, &r, &tail) == 2 && b >= 1 && b <= nb && r >= 1 && r <= 3)
      col[1 + 3 * (b - 1) + r - 1] = i;
    else if (sscanf(name, "R%d_%1d%1d%c", &b, &r, &s, &tail) == 3 && b >= 1 && b <= nb && r >= 1
             && r <= 3 && s >= 1 && s <= 3)
      col[1 + 3 * nb + 9 * (b - 1) + 3 * (r - 1) + s - 1] = i;
    c = c[len] == ',' ? c + len + 1 : NULL;
  }
  for (int i = 0; i < need; i++)
    if (col[i] < 0) {
      char what[32];
      if (i == 0) snprintf(what, sizeof what, "t");
      else if (i <= 3 * nb) snprintf(what, sizeof what, "x%d_%d", (i - 1) / 3 + 1, (i - 1) % 3 + 1);
      else snprintf(what, sizeof what, "R%d_%d%d", (i - 1 - 3 * nb) / 9 + 1,
                    (i - 1 - 3 * nb) % 9 / 3 + 1, (i - 1 - 3 * nb) % 3 + 1);
      return anim_usage(msg, n, "%s: no column %s (the rows must hold every body's position "
                        "and rotation)", a->csv, what);
    }
  return LGSIM_EXIT_OK;
}

/* the numbers of one row at the columns col (need of them) into v */
static int anim_row(char *line, const int *col, int need, double *v, int maxcol)
{
  double *all = malloc(((size_t)maxcol + 1) * sizeof *all);
  if (!all) return -1;
  char *c = line;
  int i = 0, ok = 1;
  for (; i <= maxcol && c && ok; i++) {
    char *end;
    all[i] = strtod(c, &end);
    ok = end != c && (*end == ',' || *end == '\n' || *end == '\r' || !*end) && isfinite(all[i]);
    c = *end == ',' ? end + 1 : NULL;
  }
  if (ok && i <= maxcol) ok = 0;
  for (int k = 0; k < need && ok; k++) v[k] = all[col[k]];
  free(all);
  return ok ? 0 : 1;
}

/* which rows become frames: every-th from the first, or a strip's spread */
static int anim_pick(const anim_frames *f, long strip, long r)
{
  if (!strip) return r % f->every == 0;
  for (int k = 0; k < f->nframes; k++)
    if (f->nframes == 1 ? r == 0 : r == (long)llround((double)k * (double)(f->rows - 1)
                                                      / (f->nframes - 1)))
      return 1;
  return 0;
}

int anim_read(const anim_args *a, anim_frames *f, char *msg, size_t n)
{
  memset(f, 0, sizeof *f);
  anim_header h;
  memset(&h, 0, sizeof h);
  anim_geom g = {0, NULL, NULL, 0, 0};
  const lg_model *m = NULL;
  lg_model *own = NULL;
  void *par = NULL;
  int *col = NULL, st = LGSIM_EXIT_OK;
  double *v = NULL;
  char *line = NULL;
  size_t cap = 0;
  long lineno = 0, colline = 0, rows = 0;
  ssize_t len;
  FILE *in = fopen(a->csv, "r");
  if (!in) return anim_usage(msg, n, "%s: cannot read: %s", a->csv, strerror(errno));
  while ((len = getline(&line, &cap, in)) > 0) {
    lineno++;
    if (line[0] != '#') break;
    if (header_line(&h, line) != LG_OK) { st = anim_usage(msg, n, "out of memory"); goto done; }
  }
  if (len <= 0) {
    st = anim_usage(msg, n, "%s: no line of column names and no rows to draw", a->csv);
    goto done;
  }
  colline = lineno;
  own = anim_model(a, &h, f->note, sizeof f->note, &m, msg, n);
  if (!m) { st = LGSIM_EXIT_USAGE; goto done; }
  if (strcmp(m->family, "multibody") != 0) {
    st = anim_usage(msg, n, "%s: model %s (family %s) has no bodies and joints to draw; lgsim "
                    "animate draws multibody runs", a->csv, m->name, m->family);
    goto done;
  }
  if (!(par = calloc(1, m->par_size))) { st = anim_usage(msg, n, "out of memory"); goto done; }
  lg_params_default(m, par);
  for (int i = 0; i < h.nparam; i++) {
    char why[512];
    if (lg_set_param(m, par, h.param[i], why, sizeof why) != LG_OK) {
      st = anim_usage(msg, n, "%s: the line '# param %.*s' does not fit model %s: %s", a->csv,
                      (int)strcspn(h.param[i], "="), h.param[i], m->name, why);
      goto done;
    }
  }
  const mb_topo *t = ((const mb_par *)par)->topo;
  const int nb = t->nb, need = 1 + 12 * nb;
  memcpy(f->gdir, ((const mb_par *)par)->val + MB_GDIR, sizeof f->gdir);
  snprintf(f->model, sizeof f->model, "%s", m->name);
  snprintf(f->scheme, sizeof f->scheme, "%s", h.scheme[0] ? h.scheme : "?");
  if ((st = anim_geometry(m, par, &g, msg, n))) goto done;
  if (!(col = malloc((size_t)need * sizeof *col)) || !(v = malloc((size_t)need * sizeof *v))) {
    st = anim_usage(msg, n, "out of memory");
    goto done;
  }
  if ((st = anim_columns(line, nb, col, a, msg, n))) goto done;
  int maxcol = 0;
  for (int i = 0; i < need; i++) maxcol = col[i] > maxcol ? col[i] : maxcol;
  const long start = ftell(in);
  while ((len = getline(&line, &cap, in)) > 0)
    if (line[0] != '#') rows++;
  if (rows == 0) {
    st = anim_usage(msg, n, "%s: no rows to draw (the run wrote its header only)", a->csv);
    goto done;
  }
  f->rows = rows;
  f->every = a->strip ? 1 : a->every ? a->every : (rows + 99) / 100;
  f->nframes = (int)(a->strip ? (a->strip < rows ? a->strip : rows) : (rows - 1) / f->every + 1);
  for (int i = 0; i < g.n; i++) {
    if (g.body[i] != MB_GROUND) f->nseg++;
    else f->nfix++;
  }
  f->nspr = g.ns;
  f->ncen = nb;
  f->ndot = g.nj;
  const size_t F = (size_t)f->nframes;
  f->t = malloc(F * sizeof *f->t);
  f->seg = malloc((F * 6 * (size_t)f->nseg + 1) * sizeof *f->seg);
  f->spr = malloc((F * 6 * (size_t)f->nspr + 1) * sizeof *f->spr);
  f->dot = malloc((F * 3 * (size_t)f->ndot + 1) * sizeof *f->dot);
  f->cen = malloc((F * 3 * (size_t)f->ncen + 1) * sizeof *f->cen);
  f->fix = malloc((3 * (size_t)f->nfix + 1) * sizeof *f->fix);
  if (!f->t || !f->seg || !f->spr || !f->dot || !f->cen || !f->fix) {
    st = anim_usage(msg, n, "out of memory");
    goto done;
  }
  for (int r = 0; r < 3; r++) { f->lo[r] = INFINITY; f->hi[r] = -INFINITY; }
  for (int i = 0, k = 0; i < g.n; i++)
    if (g.body[i] == MB_GROUND) memcpy(f->fix + 3 * k++, g.P[i], 3 * sizeof *f->fix);
  if (fseek(in, start, SEEK_SET) != 0) {
    st = anim_usage(msg, n, "%s: cannot read it twice (a pipe?): %s", a->csv, strerror(errno));
    goto done;
  }
  lineno = colline;
  for (long r = 0, k = 0; k < f->nframes && (len = getline(&line, &cap, in)) > 0;) {
    lineno++;
    if (line[0] == '#') continue;
    if (anim_pick(f, a->strip, r++)) {
      const int bad = anim_row(line, col, need, v, maxcol);
      if (bad) {
        st = bad < 0 ? anim_usage(msg, n, "out of memory")
                     : anim_usage(msg, n, "%s:%ld: not a row of %d finite numbers", a->csv, lineno,
                                  maxcol + 1);
        goto done;
      }
      f->t[k] = v[0];
      anim_frame(f, &g, nb, (int)k++, v + 1, v + 1 + 3 * nb);
    }
  }
done:
  free(line);
  free(col);
  free(v);
  free(g.body);
  free(g.P);
  free(par);
  mb_model_free(own);
  header_free(&h);
  fclose(in);
  return st;
}
/* write s to f in gnuplot's single quotes */
static void gp_quote(FILE *f, const char *s)
{
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputc('\'', f);
    fputc(*s, f);
  }
  fputc('\'', f);
}

/* one data file of nframes blocks of per points (pairs: a blank line after
   each pair), or nothing when per is zero */
static int anim_data(const char *dir, const char *name, const double *p, int nframes, int per,
                     int pairs, const double *sg)
{
  char path[PATH_MAX + 64];
  if (per == 0) return 0;
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  for (int k = 0; k < nframes; k++) {
    for (int i = 0; i < per; i++) {
      const double *y = p + 3 * ((size_t)per * k + i);
      fprintf(f, "%.9g %.9g %.9g\n", sg[0] * y[0], sg[1] * y[1], sg[2] * y[2]);
      if (pairs && i % 2 == 1) fputc('\n', f);
    }
    if (k + 1 < nframes) fputs("\n\n", f);
  }
  const int bad = ferror(f);
  return fclose(f) == 0 && !bad ? 0 : -1;
}

/* the view: the user's, or face on to a plane of motion, or oblique */
static void anim_pick_view(const anim_args *a, const anim_frames *f, double *rx, double *rz)
{
  double e[3], big = 0;
  int small = 0;
  *rx = 60;
  *rz = 30;
  if (a->view) { *rx = a->rot_x; *rz = a->rot_z; return; }
  for (int r = 0; r < 3; r++) {
    e[r] = f->hi[r] - f->lo[r];
    big = fmax(big, e[r]);
    if (e[r] < e[small]) small = r;
  }
  if (!(e[small] < 1e-3 * big)) return;
  if (small == 0) { *rx = 90; *rz = 90; }     /* the y-z plane, seen along x */
  else if (small == 1) { *rx = 90; *rz = 0; } /* the x-z plane, seen along y */
  else { *rx = 0; *rz = 0; }                  /* the x-y plane, seen from above */
}

int anim_write(const anim_args *a, const anim_frames *f, const char *dir, const char *target,
               int progress, char *msg, size_t n)
{
  char path[PATH_MAX + 64];
  const char *file[4] = {"bodies.dat", "springs.dat", "joints.dat", "centres.dat"};
  const int down = f->gdir[2] > 0.5;                /* gravity along +z */
  const double sg[3] = {1, down ? -1 : 1, down ? -1 : 1};
  if (anim_data(dir, file[0], f->seg, f->nframes, 2 * f->nseg, 1, sg)
      || anim_data(dir, file[1], f->spr, f->nframes, 2 * f->nspr, 1, sg)
      || anim_data(dir, file[2], f->dot, f->nframes, f->ndot, 0, sg)
      || anim_data(dir, file[3], f->cen, f->nframes, f->ncen, 0, sg)
      || anim_data(dir, "ground.dat", f->fix, 1, f->nfix, 0, sg))
    return snprintf(msg, n, "cannot write the frames into %s: %s", dir, strerror(errno)),
           LGSIM_EXIT_FAIL;
  snprintf(path, sizeof path, "%s/anim.gp", dir);
  FILE *gp = fopen(path, "w");
  if (!gp) return snprintf(msg, n, "cannot write %s: %s", path, strerror(errno)), LGSIM_EXIT_FAIL;
  double rx, rz, big = 0;
  anim_pick_view(a, f, &rx, &rz);
  for (int r = 0; r < 3; r++) big = fmax(big, f->hi[r] - f->lo[r]);
  const double pad = fmax(0.05 * big, 0.05);
  if (a->strip) {
    const int png = has_suffix(a->out, ".png");
    if (png) fprintf(gp, "set terminal pngcairo size %ld,300 font ',8'\n", 240L * f->nframes);
    else fprintf(gp, "set terminal pdfcairo size %gcm,4.5cm font ',7'\n", 3.5 * f->nframes);
  } else {
    const double dt = f->nframes > 1 ? (f->t[f->nframes - 1] - f->t[0]) / (f->nframes - 1) : 0.1;
    fprintf(gp, "set terminal gif animate delay %d size 640,480\n",
            (int)fmin(100, fmax(2, round(100 * dt))));
  }
  fputs("set output ", gp);
  gp_quote(gp, target);
  fputs("\nset encoding utf8\nunset key\nset view equal xyz\n", gp);
  fprintf(gp, "set view %.6g, %.6g, %s\n", rx, rz, a->strip ? "1.25" : "1.4");
  fprintf(gp, "set xrange [%.9g:%.9g]\n", f->lo[0] - pad, f->hi[0] + pad);
  for (int r = 1; r < 3; r++)
    fprintf(gp, "set %crange [%.9g:%.9g]\n", 'x' + r, down ? -f->hi[r] - pad : f->lo[r] - pad,
            down ? -f->lo[r] + pad : f->hi[r] + pad);
  fprintf(gp, "set xyplane relative 0\nset xlabel 'x (m)'\nset ylabel '%sy (m)'\n"
          "set zlabel '%sz (m)'\n", down ? "-" : "", down ? "-" : "");
  fputs(
        "set style line 1 lc rgb '#1f4e9e' lw 3\nset style line 2 lc rgb '#7a7a7a' lw 1 dt 2\n"
        "set style line 3 lc rgb '#c0392b' pt 7 ps 1.2\nset style line 4 lc rgb '#1f4e9e' pt 6 "
        "ps 0.8\nset style line 5 lc rgb '#000000' pt 5 ps 1.2\n", gp);
  if (a->strip) fputs("unset xtics\nunset ytics\nunset ztics\nunset xlabel\nunset ylabel\n"
                      "unset zlabel\nset border 0\nset margins 0, 0, 0, 2\n", gp);
  if (a->strip) fprintf(gp, "set multiplot layout 1,%d title ", f->nframes);
  else fputs("set title ", gp);
  {
    char title[256];
    snprintf(title, sizeof title, "%s, %s", f->model, f->scheme);
    gp_quote(gp, title);
  }
  fputs(" noenhanced\n", gp);
  for (int k = 0; k < f->nframes; k++) {
    if (a->strip) fprintf(gp, "set title 't = %.4g s'\n", f->t[k]);
    else fprintf(gp, "set label 1 't = %.3f s' at screen 0.03, 0.95\n", f->t[k]);
    const char *sep = "splot ";
    const int per[4] = {f->nseg, f->nspr, f->ndot, f->ncen};
    const char *how[4] = {"with lines ls 1", "with lines ls 2", "with points ls 3",
                          "with points ls 4"};
    for (int i = 0; i < 4; i++) {
      if (per[i] == 0) continue;
      snprintf(path, sizeof path, "%s/%s", dir, file[i]);
      fputs(sep, gp);
      gp_quote(gp, path);
      fprintf(gp, " index %d %s", k, how[i]);
      sep = ", ";
    }
    if (f->nfix) {
      snprintf(path, sizeof path, "%s/ground.dat", dir);
      fputs(sep, gp);
      gp_quote(gp, path);
      fputs(" with points ls 5", gp);
    }
    fputc('\n', gp);
    if (progress) fprintf(gp, "print 'lgsim-frame %d'\n", k + 1);
  }
  if (a->strip) fputs("unset multiplot\n", gp);
  fputs("set output\n", gp);
  if (fclose(gp) != 0)
    return snprintf(msg, n, "cannot write %s: %s", path, strerror(errno)), LGSIM_EXIT_FAIL;
  return LGSIM_EXIT_OK;
}

void anim_free(anim_frames *f)
{
  free(f->t);
  free(f->seg);
  free(f->spr);
  free(f->dot);
  free(f->cen);
  free(f->fix);
  memset(f, 0, sizeof *f);
}
