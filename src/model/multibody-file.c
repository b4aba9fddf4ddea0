/* multibody-file.c: multibody models from their text description: the
   parser, the parameter table, validation and the output row. */
#define _POSIX_C_SOURCE 200809L   /* open, fstat, fdopen */
#include <ctype.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <float.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/lg.h"
#include "lie/so3.h"
#include "model/multibody.h"
#include "model/multibody-internal.h"
#include "io/sha256.h"

typedef struct {
  lg_model m; /* first, so that an lg_model * is an mb_model * */
  mb_topo topo;
  lg_param *params;
  char *strings; /* names, units and docs of the parameters */
  char *columns;
  char *name, *doc, *source;
} mb_model;
typedef struct {
  char *name;
  double val[MB_BODYLEN];
  int line, have_m, have_J, have_x;   /* have_J: 3 or 6 numbers, or 0 */
  int seen[6];   /* line of mass, inertia, position, rotation or cardan, angvel, velocity */
} mb_dbody;

typedef struct {
  const char *where; /* file name for messages */
  char *msg;
  size_t msglen;
  int line;
  char *name, *doc, *source;
  double g, gdir[3];
  mb_dbody *body;
  int nb, capb;
  mb_joint *joint;
  double *jpt; /* 6 per joint */
  double *jax; /* from the first joint other than spherical on (NULL before):
                  6 per joint, its axes (zero when it has none), */
  int *jkind;  /* and the kind of each joint */
  int *jline;  /* line of each joint */
  int gline;   /* line of the gravity statement */
  int assemble; /* line of the assemble statement, or 0 */
  int nj, capj;
  int *hash;   /* hcap slots: body index + 1, or 0 (open addressing by name) */
  int hcap;
  struct mb_dspring { int a, b, line; double v[MB_SPRINGLEN]; int jl[3]; } *spring;
  struct mb_dload { int body, line; double v[3]; } *load[2]; /* forces, torques */
  int ns, caps, nl[2], capl[2], njl, njf; /* springs, then njl joint loads (njf forces) */
  int *drive;     /* 4 per drive: joint, coordinate, law, line (section sec:mb-drive) */
  double *dval;   /* 2 per drive: the law's numbers */
  int nd, capd;
  double *jprod;  /* J12 J13 J23 of bodies 0..njp-1 given a full tensor (J11 J22
                     J33 in their val), allocated at the first one only, so a
                     file without one reads as it did, allocation for allocation */
  int njp;
} mb_desc;

static int desc_error(mb_desc *d, const char *fmt, ...)
{
  int n = snprintf(d->msg, d->msglen, "%s:%d: ", d->where, d->line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < d->msglen) vsnprintf(d->msg + n, d->msglen - (size_t)n, fmt, ap);
  va_end(ap);
  return LG_EINVAL;
}

static char *dupstr(const char *s, size_t n)
{
  char *c = malloc(n + 1);
  if (c) {
    memcpy(c, s, n);
    c[n] = '\0';
  }
  return c;
}

/* the next whitespace-separated word of *s, or NULL at the end */
static const char *next_word(const char **s, size_t *n)
{
  const char *c = *s;
  while (*c == ' ' || *c == '\t' || *c == '\r') c++;
  if (*c == '\0') return NULL;
  const char *w = c;
  while (*c && *c != ' ' && *c != '\t' && *c != '\r') c++;
  *n = (size_t)(c - w);
  *s = c;
  return w;
}

/* read exactly len numbers from the rest of the line */
static int read_numbers(mb_desc *d, const char *key, const char **s, double *v, int len)
{
  for (int i = 0; i < len; i++) {
    size_t n;
    const char *w = next_word(s, &n);
    if (!w)
      return desc_error(d, "'%s' needs %d number%s, found %d", key, len, len > 1 ? "s" : "", i);
    char buf[64];
    if (n >= sizeof buf) return desc_error(d, "'%s': '%.20s...' is not a number", key, w);
    memcpy(buf, w, n);
    buf[n] = '\0';
    int st = lg_parse_real(buf, &v[i]);
    if (st == LG_PARSE_SYNTAX) return desc_error(d, "'%s': '%s' is not a number", key, buf);
    if (st != LG_PARSE_OK) return desc_error(d, "'%s': '%s' is not a finite number", key, buf);
  }
  size_t n;
  const char *w = next_word(s, &n);
  if (w)
    return desc_error(d, "'%s' takes %d number%s; '%.*s' is one too many", key, len,
                      len > 1 ? "s" : "", (int)(n > 40 ? 40 : n), w);
  return LG_OK;
}

static size_t name_hash(const char *w, size_t n)   /* FNV-1a */
{
  size_t h = (size_t)2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)w[i]) * (size_t)16777619u;
  return h;
}

/* the slot of name w in the table: its body's, or the empty one where it goes */
static int *name_slot(const mb_desc *d, const char *w, size_t n)
{
  size_t mask = (size_t)d->hcap - 1, i = name_hash(w, n) & mask;
  for (;; i = (i + 1) & mask) {
    int b = d->hash[i] - 1;
    if (b < 0 || (strncmp(d->body[b].name, w, n) == 0 && d->body[b].name[n] == '\0'))
      return &d->hash[i];
  }
}

static int find_body(const mb_desc *d, const char *w, size_t n)
{
  if (n == 6 && strncmp(w, "ground", 6) == 0) return MB_GROUND;
  if (d->hcap == 0) return -2;
  int b = *name_slot(d, w, n) - 1;
  return b >= 0 ? b : -2;
}

/* enter body i (already in d->body) into the table, kept at most half full */
static int name_insert(mb_desc *d, int i)
{
  if (2 * (d->nb + 1) > d->hcap) {
    int cap = d->hcap ? 2 * d->hcap : 64;
    int *h = calloc((size_t)cap, sizeof *h);
    if (!h) return LG_ENOMEM;
    free(d->hash);
    d->hash = h;
    d->hcap = cap;
    for (int k = 0; k < i; k++) {
      const char *nm = d->body[k].name;
      *name_slot(d, nm, strlen(nm)) = k + 1;
    }
  }
  const char *nm = d->body[i].name;
  *name_slot(d, nm, strlen(nm)) = i + 1;
  return LG_OK;
}


/* the kind a joint statement names first, or -1: a kind word followed by
   something that is not a number (a body's name, or 'ground'), so that a
   body named like a kind still opens a spherical joint as before */
static int joint_kind_word(const char *s)
{
  size_t n, m;
  const char *w = next_word(&s, &n), *v = next_word(&s, &m);
  if (!w || !v) return -1;
  char buf[64];
  double x;
  snprintf(buf, sizeof buf, "%.*s", (int)(m < sizeof buf - 1 ? m : sizeof buf - 1), v);
  if (m < sizeof buf && lg_parse_real(buf, &x) != LG_PARSE_SYNTAX) return -1;
  for (int k = 0; k < MB_NKIND; k++)
    if (strlen(mb_joint_kind[k]) == n && strncmp(w, mb_joint_kind[k], n) == 0) return k;
  return -1;
}

static int read_joint(mb_desc *d, const char **s)
{
  int side[2], kind = joint_kind_word(*s);
  double pt[6], ax[6] = {0, 0, 0, 0, 0, 0};
  size_t n;
  if (kind >= 0) next_word(s, &n);
  else kind = MB_SPHERICAL;
  const char *kw = mb_joint_kind[kind];
  const int naxes = kind == MB_UNIVERSAL ? 2 : kind == MB_SPHERICAL || kind == MB_WELD ? 0 : 1;
  char usage[120];
  snprintf(usage, sizeof usage, "'joint%s%s' needs SIDE x y z SIDE x y z%s", kind ? " " : "",
           kind ? kw : "",
           naxes == 2 ? " axis U1 U2 U3 axis V1 V2 V3" : naxes ? " axis U1 U2 U3" : "");
  for (int k = 0; k < 2; k++) {
    const char *w = next_word(s, &n);
    if (!w) return desc_error(d, "%s", usage);
    side[k] = find_body(d, w, n);
    if (side[k] == -2)
      return desc_error(d, "joint: no body named '%.*s' above this line (or 'ground')",
                        (int)(n > 40 ? 40 : n), w);
    for (int i = 0; i < 3; i++) {
      size_t m;
      const char *v = next_word(s, &m);
      char buf[64];
      if (!v) return desc_error(d, "%s", usage);
      if (m >= sizeof buf) return desc_error(d, "joint: '%.20s...' is not a number", v);
      memcpy(buf, v, m);
      buf[m] = '\0';
      if (lg_parse_real(buf, &pt[3 * k + i]) != LG_PARSE_OK)
        return desc_error(d, "joint: '%s' is not a finite number", buf);
    }
  }
  for (int a = 0; a < naxes; a++) {
    const char *w = next_word(s, &n);
    if (!w || n != 4 || strncmp(w, "axis", 4) != 0) return desc_error(d, "%s", usage);
    char key[32];
    snprintf(key, sizeof key, "joint %s: axis", kw);
    for (int i = 0; i < 3; i++) {
      size_t m;
      const char *v = next_word(s, &m);
      char buf[64];
      if (!v) return desc_error(d, "%s: 'axis' needs 3 numbers, found %d", key, i);
      if (m >= sizeof buf) return desc_error(d, "%s: '%.20s...' is not a number", key, v);
      memcpy(buf, v, m);
      buf[m] = '\0';
      int ps = lg_parse_real(buf, &ax[3 * a + i]);
      if (ps == LG_PARSE_SYNTAX) return desc_error(d, "%s: '%s' is not a number", key, buf);
      if (ps != LG_PARSE_OK) return desc_error(d, "%s: '%s' is not a finite number", key, buf);
    }
    if (so3_norm(ax + 3 * a) == 0)
      return desc_error(d, "joint %s: axis %d is zero (give a direction)", kw, a + 1);
  }
  const char *w = next_word(s, &n);
  if (w)
    return desc_error(d, "joint%s%s: unexpected '%.*s' after the %s", kind ? " " : "",
                      kind ? kw : "", (int)(n > 40 ? 40 : n), w,
                      naxes == 2 ? "second axis" : naxes ? "axis" : "second point");
  if (naxes == 2) {
    const double c = so3_dot(ax, ax + 3) / (so3_norm(ax) * so3_norm(ax + 3));
    if (!(fabs(c) <= 1e-9))
      return desc_error(d, "joint universal: the axes are not perpendicular (cosine %.3g, "
                        "tolerance 1e-9)", c);
  }
  if (side[0] == MB_GROUND && side[1] == MB_GROUND)
    return desc_error(d, "joint: both sides are the ground");
  if (side[0] == side[1])
    return desc_error(d, "joint: both sides are body '%s'", d->body[side[0]].name);
  if (d->nj == d->capj) {
    int cap = d->capj ? 2 * d->capj : 8;
    mb_joint *j = realloc(d->joint, (size_t)cap * sizeof *j);
    if (!j) return LG_ENOMEM;
    d->joint = j;
    double *p = realloc(d->jpt, 6 * (size_t)cap * sizeof *p);
    if (!p) return LG_ENOMEM;
    d->jpt = p;
    if (d->jax) {
      p = realloc(d->jax, 6 * (size_t)cap * sizeof *p);
      if (!p) return LG_ENOMEM;
      d->jax = p;
      int *k = realloc(d->jkind, (size_t)cap * sizeof *k);
      if (!k) return LG_ENOMEM;
      d->jkind = k;
    }
    int *l = realloc(d->jline, (size_t)cap * sizeof *l);
    if (!l) return LG_ENOMEM;
    d->jline = l;
    d->capj = cap;
  }
  if (kind != MB_SPHERICAL && !d->jax) {  /* the first joint of another kind */
    d->jax = calloc(6 * (size_t)d->capj, sizeof *d->jax);
    d->jkind = calloc((size_t)d->capj, sizeof *d->jkind);   /* MB_SPHERICAL before */
    if (!d->jax || !d->jkind) return LG_ENOMEM;
  }
  d->joint[d->nj].a = side[0];
  d->joint[d->nj].b = side[1];
  d->jline[d->nj] = d->line;
  memcpy(d->jpt + 6 * d->nj, pt, sizeof pt);
  if (d->jax) {
    d->jkind[d->nj] = kind;
    memcpy(d->jax + 6 * d->nj, ax, sizeof ax);
  }
  d->nj++;
  return LG_OK;
}

static int new_body(mb_desc *d, const char *w, size_t n)
{
  if (find_body(d, w, n) != -2)
    return desc_error(d, "body '%.*s' is defined twice (or is named ground)",
                      (int)(n > 40 ? 40 : n), w);
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)w[i]) && w[i] != '_' && w[i] != '-')
      return desc_error(d, "body name '%.*s': use letters, digits, '_' and '-'",
                        (int)(n > 40 ? 40 : n), w);
  if (d->nb == d->capb) {
    int cap = d->capb ? 2 * d->capb : 8;
    mb_dbody *b = realloc(d->body, (size_t)cap * sizeof *b);
    if (!b) return LG_ENOMEM;
    d->body = b;
    d->capb = cap;
  }
  mb_dbody *b = &d->body[d->nb];
  memset(b, 0, sizeof *b);
  if (!(b->name = dupstr(w, n))) return LG_ENOMEM;
  b->line = d->line;
  b->val[MB_R] = b->val[MB_R + 4] = b->val[MB_R + 8] = 1.0; /* R = I */
  if (name_insert(d, d->nb) != LG_OK) {
    free(b->name);
    return LG_ENOMEM;
  }
  d->nb++;
  return LG_OK;
}

static int set_text(mb_desc *d, char **field, const char *key, const char *s)
{
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  if (n == 0) return desc_error(d, "'%s' needs a text", key);
  if (*field) return desc_error(d, "'%s' is given twice", key);
  return (*field = dupstr(s, n)) ? LG_OK : LG_ENOMEM;
}

/* a side of a spring: a body or the ground, then a point */
static int read_side(mb_desc *d, const char **s, int *body, double pt[3])
{
  size_t n;
  const char *w = next_word(s, &n);
  if (!w) return desc_error(d, "'spring' needs SIDE x y z SIDE x y z stiffness K damping C "
                            "length L0");
  *body = find_body(d, w, n);
  if (*body == -2)
    return desc_error(d, "spring: no body named '%.*s' above this line (or 'ground')",
                      (int)(n > 40 ? 40 : n), w);
  for (int i = 0; i < 3; i++) {
    const char *v = next_word(s, &n);
    char buf[64];
    if (!v) return desc_error(d, "'spring' needs SIDE x y z SIDE x y z stiffness K damping C "
                              "length L0");
    if (n >= sizeof buf) return desc_error(d, "spring: '%.20s...' is not a number", v);
    memcpy(buf, v, n);
    buf[n] = '\0';
    if (lg_parse_real(buf, &pt[i]) != LG_PARSE_OK)
      return desc_error(d, "spring: '%s' is not a finite number", buf);
  }
  return LG_OK;
}

/* a spring (joint 0: after the point springs before it) or a joint load */
static int add_spring(mb_desc *d, const struct mb_dspring *sp, int joint)
{
  if (d->ns == d->caps) {
    int cap = d->caps ? 2 * d->caps : 8;
    struct mb_dspring *q = realloc(d->spring, (size_t)cap * sizeof *q);
    if (!q) return LG_ENOMEM;
    d->spring = q;
    d->caps = cap;
  }
  const int at = joint ? d->ns : d->ns - d->njl;
  memmove(d->spring + at + 1, d->spring + at, (size_t)(d->ns - at) * sizeof *d->spring);
  d->spring[at] = *sp;
  d->ns++;
  d->njl += joint;
  return LG_OK;
}

static int read_spring(mb_desc *d, const char **s)
{
  struct mb_dspring sp;
  memset(&sp, 0, sizeof sp);
  sp.line = d->line;
  int st = read_side(d, s, &sp.a, sp.v);
  if (st == LG_OK) st = read_side(d, s, &sp.b, sp.v + 3);
  if (st != LG_OK) return st;
  static const char *const word[3] = {"stiffness", "damping", "length"};
  int have[3] = {0, 0, 0};
  size_t n;
  for (const char *w; (w = next_word(s, &n));) {
    int k = 0;
    while (k < 3 && !(strlen(word[k]) == n && strncmp(w, word[k], n) == 0)) k++;
    if (k == 3)
      return desc_error(d, "spring: unexpected '%.*s' (stiffness K, damping C and length L0 "
                        "follow the two points)", (int)(n > 40 ? 40 : n), w);
    if (have[k]) return desc_error(d, "spring: '%s' is given twice", word[k]);
    const char *v = next_word(s, &n);
    char buf[64];
    if (!v) return desc_error(d, "spring: '%s' needs a number", word[k]);
    if (n >= sizeof buf) return desc_error(d, "spring: '%.20s...' is not a number", v);
    memcpy(buf, v, n);
    buf[n] = '\0';
    double x;
    int ps = lg_parse_real(buf, &x);
    if (ps == LG_PARSE_SYNTAX)
      return desc_error(d, "spring: %s '%s' is not a number", word[k], buf);
    if (ps != LG_PARSE_OK)
      return desc_error(d, "spring: %s '%s' is not a finite number", word[k], buf);
    if (x < 0)
      return desc_error(d, "spring: %s %s is negative (it must be zero or more)", word[k], buf);
    sp.v[MB_SK + k] = x;
    have[k] = 1;
  }
  for (int k = 0; k < 3; k++)
    if (!have[k])
      return desc_error(d, "spring: no '%s' (give stiffness K, damping C and length L0)",
                        word[k]);
  if (sp.a == MB_GROUND && sp.b == MB_GROUND)
    return desc_error(d, "spring: both sides are the ground");
  if (sp.a == sp.b)
    return desc_error(d, "spring: both sides are body '%s' (its length could not change)",
                      d->body[sp.a].name);
  return add_spring(d, &sp, 0);
}

/* joint-spring and joint-force (section sec:mb-jointload): springs of the
   description, after its point springs */
static int read_jload(mb_desc *d, const char *s, int spring)
{
  struct mb_dspring sp = {0, 0, d->line, {0}, {0, 0, 0}};
  char err[300];
  if (mb_jload_parse(s, spring, d->nj, d->jkind, d->joint, d->jpt, &sp.a, &sp.b, sp.jl, sp.v,
                     err, sizeof err) != LG_OK)
    return desc_error(d, "joint-%s: %s", spring ? "spring" : "force", err);
  d->njf += !spring;
  return add_spring(d, &sp, 1);
}

/* drive K [coordinate I] speed W | sine A OMEGA (section sec:mb-drive) */
static int read_drive(mb_desc *d, const char *s)
{
  int drv[3];
  double v[2];
  char err[300];
  if (mb_drive_parse(s, d->nj, d->jkind, drv, v, err, sizeof err) != LG_OK)
    return desc_error(d, "drive: %s", err);
  for (int i = 0; i < d->nd; i++)
    if (d->drive[4 * i] == drv[0])
      return desc_error(d, "drive: joint %d already has a drive (line %d); one drive per "
                        "joint", drv[0] + 1, d->drive[4 * i + 3]);
  if (d->nd == d->capd) {
    const int cap = d->capd ? 2 * d->capd : 4;
    int *q = realloc(d->drive, 4 * (size_t)cap * sizeof *q);
    if (!q) return LG_ENOMEM;
    d->drive = q;
    double *w = realloc(d->dval, 2 * (size_t)cap * sizeof *w);
    if (!w) return LG_ENOMEM;
    d->dval = w;
    d->capd = cap;
  }
  memcpy(d->drive + 4 * d->nd, drv, sizeof drv);
  d->drive[4 * d->nd + 3] = d->line;
  memcpy(d->dval + 2 * d->nd, v, sizeof v);
  d->nd++;
  return LG_OK;
}

/* force BODY F1 F2 F3 (kind 0) or torque BODY T1 T2 T3 (kind 1) */
static int read_load(mb_desc *d, const char **s, const char *key, int kind)
{
  struct mb_dload l;
  size_t n;
  const char *w = next_word(s, &n);
  if (!w) return desc_error(d, "'%s' needs BODY and 3 numbers", key);
  l.body = find_body(d, w, n);
  if (l.body == -2)
    return desc_error(d, "%s: no body named '%.*s' above this line", key,
                      (int)(n > 40 ? 40 : n), w);
  if (l.body == MB_GROUND) return desc_error(d, "%s: the ground takes no %s", key, key);
  l.line = d->line;
  int st = read_numbers(d, key, s, l.v, 3);
  if (st != LG_OK) return st;
  if (d->nl[kind] == d->capl[kind]) {
    int cap = d->capl[kind] ? 2 * d->capl[kind] : 8;
    struct mb_dload *q = realloc(d->load[kind], (size_t)cap * sizeof *q);
    if (!q) return LG_ENOMEM;
    d->load[kind] = q;
    d->capl[kind] = cap;
  }
  d->load[kind][d->nl[kind]++] = l;
  return LG_OK;
}

/* One line, comments already cut off. */
static int read_line(mb_desc *d, const char *s)
{
  size_t n;
  const char *w = next_word(&s, &n);
  if (!w) return LG_OK;
  char key[16];
  snprintf(key, sizeof key, "%.*s", (int)(n < sizeof key - 1 ? n : sizeof key - 1), w);
  if (n >= sizeof key) return desc_error(d, "unknown keyword '%.40s'", w);
  if (strcmp(key, "model") == 0) {
    const char *v = next_word(&s, &n);
    if (!v) return desc_error(d, "'model' needs a name");
    if (d->name) return desc_error(d, "'model' is given twice");
    for (size_t i = 0; i < n; i++)
      if (!isalnum((unsigned char)v[i]) && v[i] != '_' && v[i] != '-')
        return desc_error(d, "model name '%.*s': use letters, digits, '_' and '-'",
                          (int)(n > 40 ? 40 : n), v);
    if (next_word(&s, &n)) return desc_error(d, "'model' takes one name");
    return (d->name = dupstr(v, n)) ? LG_OK : LG_ENOMEM;
  }
  if (strcmp(key, "doc") == 0) return set_text(d, &d->doc, key, s);
  if (strcmp(key, "source") == 0) return set_text(d, &d->source, key, s);
  if (strcmp(key, "gravity") == 0) {
    double v[4];
    int st = read_numbers(d, key, &s, v, 4);
    if (st != LG_OK) return st;
    if (d->gline) return desc_error(d, "'gravity' is given twice");
    d->gline = d->line;
    d->g = v[0];
    memcpy(d->gdir, v + 1, sizeof d->gdir);
    return LG_OK;
  }
  if (strcmp(key, "body") == 0) {
    const char *v = next_word(&s, &n);
    if (!v) return desc_error(d, "'body' needs a name");
    int st = new_body(d, v, n);
    if (st != LG_OK) return st;
    if (next_word(&s, &n)) return desc_error(d, "'body' takes one name");
    return LG_OK;
  }
  if (strcmp(key, "joint") == 0) return read_joint(d, &s);
  if (strcmp(key, "spring") == 0) return read_spring(d, &s);
  if (strcmp(key, "joint-spring") == 0 || strcmp(key, "joint-force") == 0)
    return read_jload(d, s, key[6] == 's');
  if (strcmp(key, "drive") == 0) return read_drive(d, s);
  if (strcmp(key, "force") == 0) return read_load(d, &s, key, 0);
  if (strcmp(key, "torque") == 0) return read_load(d, &s, key, 1);
  if (strcmp(key, "assemble") == 0) {
    if (next_word(&s, &n)) return desc_error(d, "'assemble' takes no value");
    if (d->assemble) return desc_error(d, "'assemble' is given twice (line %d)", d->assemble);
    d->assemble = d->line;
    return LG_OK;
  }
  int jlen = 3;           /* an inertia: three principal moments or a full tensor */
  if (strcmp(key, "inertia") == 0) {
    const char *c = s;
    int nw = 0;
    while (next_word(&c, &n)) nw++;
    if (nw != 3 && nw != 6)
      return desc_error(d, "'inertia' needs 3 numbers, found %d (or 6, a full tensor: J11 J22 "
                        "J33 J12 J13 J23)", nw);
    jlen = nw;
  }
  static const struct {
    const char *key;
    int off, len, slot;   /* slot: which of mb_dbody's seen[] */
  } prop[] = {{"mass", MB_M, 1, 0},     {"inertia", MB_J, 3, 1}, {"position", MB_X, 3, 2},
              {"rotation", MB_R, 9, 3}, {"cardan", -1, 3, 3},    {"angvel", MB_W, 3, 4},
              {"velocity", MB_V, 3, 5}};
  for (size_t i = 0; i < sizeof prop / sizeof prop[0]; i++) {
    if (strcmp(key, prop[i].key) != 0) continue;
    if (d->nb == 0) return desc_error(d, "'%s' before the first 'body' line", key);
    mb_dbody *b = &d->body[d->nb - 1];
    double v[9];
    const int len = prop[i].off == MB_J ? jlen : prop[i].len;
    int st = read_numbers(d, key, &s, v, len);
    if (st != LG_OK) return st;
    int *seen = &b->seen[prop[i].slot];
    if (*seen)
      return desc_error(d, "'%s': body '%.40s' already has its %s from line %d (give it once)",
                        key, b->name, prop[i].slot == 3 ? "rotation" : key, *seen);
    *seen = d->line;
    if (prop[i].off < 0) so3_cardan(b->val + MB_R, v);
    else memcpy(b->val + prop[i].off, v, (size_t)(len == 6 ? 3 : len) * sizeof(double));
    if (len == 6) {                   /* the products of a full tensor */
      const int bi = d->nb - 1;
      if (bi >= d->njp) {
        const int n2 = bi + 1 > 2 * d->njp ? bi + 1 : 2 * d->njp;
        double *jp = realloc(d->jprod, 3 * (size_t)n2 * sizeof *jp);
        if (!jp) return LG_ENOMEM;
        memset(jp + 3 * d->njp, 0, 3 * (size_t)(n2 - d->njp) * sizeof *jp);
        d->jprod = jp;
        d->njp = n2;
      }
      memcpy(d->jprod + 3 * bi, v + 3, 3 * sizeof *v);
    }
    if (prop[i].off == MB_M) b->have_m = 1;
    if (prop[i].off == MB_J) b->have_J = len;
    if (prop[i].off == MB_X) b->have_x = 1;
    return LG_OK;
  }
  return desc_error(d,
                    "unknown keyword '%s' (model, doc, source, gravity, body, mass, inertia, "
                    "position, rotation, cardan, angvel, velocity, joint, spring, force, torque, "
                    "joint-spring, joint-force, drive, assemble)",
                    key);
}

static void desc_free(mb_desc *d)
{
  free(d->jprod);
  free(d->hash);
  for (int i = 0; i < d->nb; i++) free(d->body[i].name);
  free(d->body);
  free(d->joint);
  free(d->jpt);
  free(d->jax);
  free(d->jkind);
  free(d->jline);
  free(d->spring);
  free(d->drive);
  free(d->dval);
  free(d->load[0]);
  free(d->load[1]);
  free(d->name);
  free(d->doc);
  free(d->source);
}
static void mb_par_init(const lg_model *m, void *par)
{
  mb_par *p = par;
  const mb_topo *t = p->topo = &((const mb_model *)m)->topo;
  if (t->nxval > 0)          /* the joints' row vectors, which no parameter names */
    memcpy(p->val + t->user + mb_jointx0(t), t->def + mb_jointx0(t),
           (size_t)t->nxval * sizeof(double));
  mb_principal(par);   /* a full tensor: the principal copy of the defaults */
  if (t->nxval > 0) mb_joint_frames(t, p->val);   /* in the principal frames */
}

static int check_error(char *msg, size_t msglen, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (msg && msglen) vsnprintf(msg, msglen, fmt, ap);
  va_end(ap);
  return LG_EINVAL;
}

/* "FILE:LINE: " of body k (k < nb), joint k - nb (k < nb + nj), the
   gravity statement (k = nb + nj), then of each spring, force and torque
   (k = nb + nj + 1 + ...) while every value is still the
   description's, else "" (a --set changed something, which the message
   then names instead) */
static const char *origin(const mb_par *p, int k, char *buf, size_t n)
{
  const mb_topo *t = p->topo;
  buf[0] = '\0';
  const size_t nv = mb_nval(t) + (t->user ? 6 * (size_t)t->nb : 0);   /* and the tensors */
  if (t->line[k] > 0 && memcmp(p->val + t->user, t->def, nv * sizeof(double)) == 0)
    snprintf(buf, n, "%s:%d: ", t->file, t->line[k]);
  return buf;
}

/* the same for body i's statement of a property, slot s of the order mass,
   inertia, position, rotation (or cardan), angvel, velocity; the body's own
   line when the description left that property at its default */
static const char *body_origin(const mb_par *p, int i, int s, char *buf, size_t n)
{
  const mb_topo *t = p->topo;
  const int base = t->nb + t->nj + 1 + t->ld->ns + t->ld->nf + t->ld->nt;
  return origin(p, base + 6 * i + s, buf, n);
}

/* the length scale of the check's tolerances: 1 m, and every coordinate
   of the mass centres and of the joint points (the user's values) */
double mb_length_scale(const mb_par *p)
{
  double L = 1;
  const size_t u = (size_t)p->topo->user;
  for (int i = 0; i < p->topo->nb; i++)
    for (int c = 0; c < 3; c++) L = fmax(L, fabs((u + mb_body_par(p, i))[MB_X + c]));
  for (int k = 0; k < p->topo->nj; k++)
    for (int c = 0; c < 6; c++) L = fmax(L, fabs((u + mb_joint_par(p, k))[c]));
  return L;
}

/* the check of a full inertia tensor J (six numbers) named nm: finite
   (checked before), positive definite, and its principal moments within
   the triangle inequalities */
static int mb_check_tensor(char *m1, size_t ml, const char *nm, const double J[6])
{
  double Jp[3], Q[9];
  mb_inertia_axes(J, Jp, Q);
  for (int c = 0; c < 3; c++)
    if (!(Jp[c] > 0))
      return lg_param_error(m1, ml, nm, J, 6, "is not positive definite (principal moments "
                            "%.6g, %.6g, %.6g)", Jp[0], Jp[1], Jp[2]);
  for (int c = 0; c < 3; c++) {
    const double o = Jp[(c + 1) % 3] + Jp[(c + 2) % 3];
    if (!(Jp[c] <= o * (1 + LG_TRIANGLE_SLACK)))
      return lg_param_error(m1, ml, nm, J, 6, "violates the triangle inequality (principal "
                            "moment %.6g exceeds the sum %.6g of the other two)", Jp[c], o);
  }
  return LG_OK;
}

#define MB_COND_MAX 1e15   /* largest ratio of two masses or of two inertias */
static int mb_check_conditioning(const mb_par *p, char *msg, size_t msglen)
{
  const mb_topo *t = p->topo;
  char o[300];
  int lo[2] = {0, 0}, hi[2] = {0, 0}, clo = 0, chi = 0;   /* body of the extremes */
  for (int i = 0; i < t->nb; i++) {
    const double *b = mb_body_par(p, i);
    if (b[MB_M] < DBL_MIN)
      return check_error(msg, msglen, "%sm%d (body %.40s) = %g is denormal: the model is "
                         "ill-conditioned (its inverse overflows)", body_origin(p, i, 0, o, sizeof o),
                         i + 1, t->name[i], b[MB_M]);
    for (int c = 0; c < 3; c++)
      if (b[MB_J + c] < DBL_MIN)
        return check_error(msg, msglen, "%sJ%d (body %.40s): the moment %g is denormal: the "
                           "model is ill-conditioned (its inverse overflows)",
                           body_origin(p, i, 1, o, sizeof o), i + 1, t->name[i], b[MB_J + c]);
    if (b[MB_M] < mb_body_par(p, lo[0])[MB_M]) lo[0] = i;
    if (b[MB_M] > mb_body_par(p, hi[0])[MB_M]) hi[0] = i;
    for (int c = 0; c < 3; c++) {
      if (b[MB_J + c] < mb_body_par(p, lo[1])[MB_J + clo]) { lo[1] = i; clo = c; }
      if (b[MB_J + c] > mb_body_par(p, hi[1])[MB_J + chi]) { hi[1] = i; chi = c; }
    }
  }
  const double mlo = mb_body_par(p, lo[0])[MB_M], mhi = mb_body_par(p, hi[0])[MB_M];
  const double jlo = mb_body_par(p, lo[1])[MB_J + clo], jhi = mb_body_par(p, hi[1])[MB_J + chi];
  if (mhi > MB_COND_MAX * mlo)
    return check_error(msg, msglen, "%sthe model is ill-conditioned: masses m%d = %g and "
                       "m%d = %g differ by more than a factor %g", body_origin(p, hi[0], 0, o, sizeof o),
                       hi[0] + 1, mhi, lo[0] + 1, mlo, MB_COND_MAX);
  if (jhi > MB_COND_MAX * jlo)
    return check_error(msg, msglen, "%sthe model is ill-conditioned: principal moments %g of "
                       "J%d and %g of J%d differ by more than a factor %g",
                       body_origin(p, lo[1], 1, o, sizeof o), jhi, hi[1] + 1, jlo, lo[1] + 1,
                       MB_COND_MAX);
  return LG_OK;
}
/* drives whose rows depend on the others (section sec:mb-drive): the rank
   decision at q with the first m drives alone, m = 0, 1, ..., nd; where
   drive m - 1 adds a dropped row (whichever row the factorisation drops),
   it is refused, naming its line */
static int mb_check_drive_rank(const mb_par *p, const lg_body *q, char *msg, size_t msglen)
{
  const mb_topo *t = p->topo;
  const int nj = t->nj, nd = t->ld->nd;
  const size_t nv = mb_nval_all(t);
  mb_topo t2 = *t;
  mb_loads L2 = *t->ld;
  int *ji = malloc(3 * (size_t)nj * sizeof *ji), *jd = malloc((size_t)nj * sizeof *jd);
  mb_par *p2 = malloc(sizeof *p2 + nv * sizeof(double));
  int st = LG_OK, prev = 0;
  if (!ji || !jd || !p2) st = check_error(msg, msglen, "out of memory");
  else {
    memcpy(p2->val, p->val, nv * sizeof(double));
    p2->topo = &t2;
    t2.ld = &L2;
    t2.jinfo = ji;
    L2.jdrive = jd;
  }
  for (int m = 0; m <= nd && st == LG_OK; m++) {
    L2.nd = m;
    for (int j = 0; j < nj; j++) jd[j] = -1;
    for (int i = 0; i < m; i++) jd[t->ld->drv[4 * i]] = i;
    t2.nc = 0;
    for (int j = 0; j < nj; j++) {
      ji[3 * j] = t->jinfo[3 * j];
      ji[3 * j + 1] = t2.nc;
      ji[3 * j + 2] = t->jinfo[3 * j + 2];
      t2.nc += mb_jnrows(&t2, j);
    }
    mb_work *w = mb_work_alloc(&t2);
    if (!w) {
      st = check_error(msg, msglen, "out of memory");
      break;
    }
    const int r = mb_rank_check(p2, q, w, MB_RANK_TOL);
    const int n = r == LG_OK ? mb_redundant_rows(w, NULL, 0) : 0;
    mb_work_free(w);
    if (r != LG_OK) break;                /* the rank check of the model reports it */
    if (m > 0 && n > prev)
      st = check_error(msg, msglen, "%s:%d: drive: the coordinate of joint %d cannot move "
                       "at t = 0 (the other joints fix it, or another drive prescribes it: "
                       "the drive's row depends on the others), so no motion can be "
                       "prescribed to it", t->file, t->ld->drv[4 * (m - 1) + 3],
                       t->ld->drv[4 * (m - 1)] + 1);
    prev = n;
  }
  free(ji);
  free(jd);
  free(p2);
  return st;
}
/* the factorisation of A at t = 0: redundant rows are dropped (and
   reported by lgsim and the library), a matrix that is not finite refused */
static int mb_check_rank(const mb_par *p, const lg_body *q, char *msg, size_t msglen)
{
  const mb_topo *t = p->topo;
  if (t->nj == 0) return LG_OK;
  mb_work *w = mb_work_alloc(t);
  if (!w) return check_error(msg, msglen, "out of memory");
  int st = mb_rank_check(p, q, w, MB_RANK_TOL);
  double res = 0, rel = 0;
  const int k = st == LG_OK ? mb_weak_joint(w, &res, &rel) : -1;
  if (st == LG_OK && t->ld->nd > 0 && (st = mb_check_drive_rank(p, q, msg, msglen)) != LG_OK) {
    mb_work_free(w);                   /* its message stands */
    return st;
  }
  if (st == LG_ENOMEM) st = check_error(msg, msglen, "out of memory");
  else if (st != LG_OK)
    st = check_error(msg, msglen, "the constraint matrix at t = 0 is not finite (a mass or "
                     "an inertia too small)");
  else if (k >= 0) {
    char o[300], how[120];
    const int a = t->joint[k].a, b = t->joint[k].b;
    const double ma = a == MB_GROUND ? INFINITY : mb_body_par(p, a)[MB_M];
    const double mb = b == MB_GROUND ? INFINITY : mb_body_par(p, b)[MB_M];
    if (isnan(rel)) snprintf(how, sizeof how, "its pivot is only %.3g times its round-off floor", res);
    else snprintf(how, sizeof how, "its pivot is %.3g of its diagonal, below %g", rel, MB_PIVOT_MIN);
    st = check_error(msg, msglen, "%sjoint %d: double precision cannot hold it (%s): it joins "
                     "%s%.40s (%g kg) and %s%.40s (%g kg), a mass ratio of %.3g; make the "
                     "masses closer, or weld the light body to the heavy one",
                     origin(p, t->nb + k, o, sizeof o), k + 1, how,
                     a == MB_GROUND ? "" : "body ", a == MB_GROUND ? "the ground" : t->name[a], ma,
                     b == MB_GROUND ? "" : "body ", b == MB_GROUND ? "the ground" : t->name[b], mb,
                     fmax(ma, mb) / fmin(ma, mb));
  }
  mb_work_free(w);
  return st;
}
static int mb_check_spring_length(const mb_par *p, const lg_body *q, char *msg, size_t msglen)
{
  const mb_topo *t = p->topo;
  char o[300];
  const int k = mb_spring_undirected(p, q);
  if (k < 0) return LG_OK;
  const double *sp = mb_spring_par(p, k);
  return check_error(msg, msglen, "%sspring %d: its two points coincide at t = 0, so its "
                     "direction is undefined (rest length %g, damping %g; move a point, or "
                     "make both zero)", origin(p, t->nb + t->nj + 1 + k, o, sizeof o), k + 1,
                     sp[MB_SL], sp[MB_SC]);
}
static int mb_check_assemble(mb_par *p, double L, char *msg, size_t msglen)
{
  const mb_topo *t = p->topo;
  const int nb = t->nb;
  if (t->nj == 0) return LG_OK;
  int st = mb_check_conditioning(p, msg, msglen);
  if (st != LG_OK) return st;
  lg_body *q = malloc(2 * (size_t)nb * sizeof *q);
  mb_work *w = mb_work_alloc(t);
  if (!q || !w) {
    free(q);
    mb_work_free(w);
    return check_error(msg, msglen, "out of memory");
  }
  mb_initial(p, q);
  if ((st = mb_check_rank(p, q, msg, msglen)) != LG_OK) {   /* its message stands */
    mb_work_free(w);
    free(q);
    return st;
  }
  mb_assembly a = {0};
  st = mb_assemble_state(p, q, L, &a, w);
  if (st == LG_OK)
    for (int i = 0; i < nb; i++) {   /* the assembled state becomes the initial one */
      double *b = p->val + MB_BODY0 + MB_BODYLEN * i;
      memcpy(b + MB_R, q[i].R, sizeof q[i].R);
      memcpy(b + MB_X, q[i].x, sizeof q[i].x);
      memcpy(b + MB_W, q[i].W, sizeof q[i].W);
      memcpy(b + MB_V, q[i].v, sizeof q[i].v);
      if (t->user) {                 /* and, turned back, the user's */
        lg_body u;
        mb_user_body(p, i, &q[i], &u);
        b += t->user;
        memcpy(b + MB_R, u.R, sizeof u.R);
        memcpy(b + MB_X, u.x, sizeof u.x);
        memcpy(b + MB_W, u.W, sizeof u.W);
        memcpy(b + MB_V, u.v, sizeof u.v);
      }
    }
  else if (st == LG_ENEWTON && a.phi > a.tol) {
    char j[400];
    mb_joints_over(p, q, 0, a.tol, j, sizeof j);
    st = check_error(msg, msglen, "%s: assembly failed: after %d rounds of Gauss-Newton "
                     "steps the joints still miss by up to %.3g m (tolerance %.3g m): %s; they cannot all hold "
                     "at once", t->file, a.rounds, a.phi, a.tol, j);
  } else if (st == LG_ENEWTON) {
    char j[400];
    mb_joints_over(p, q, 1, a.vtol, j, sizeof j);
    st = check_error(msg, msglen, "%s: assembly failed: the projected velocities still "
                     "violate %s (tolerance %.3g m/s)", t->file, j, a.vtol);
  } else if (st == LG_ESINGULAR && a.rounds > 0) {
    char j[400], d[120];
    mb_joints_over(p, q, 0, a.tol, j, sizeof j);
    if (mb_singular_text(w, d, sizeof d) == 0) snprintf(d, sizeof d, "some joints");
    st = check_error(msg, msglen, "%s: assembly failed after %d rounds of Gauss-Newton "
                     "steps: the constraint Jacobian lost rank (%s remove the same motion at the "
                     "configuration reached) with the joints still missed: %s; they cannot all "
                     "hold at once", t->file, a.rounds, d, j);
  } else
    st = check_error(msg, msglen, "%s: assembly failed: the configuration became infinite or "
                     "NaN after %d rounds of Gauss-Newton steps (largest miss %.3g m); the "
                     "joints cannot all hold at once", t->file, a.rounds, a.phi);
  mb_work_free(w);
  free(q);
  return st == LG_OK ? LG_OK : LG_EINVAL;
}

static int mb_check(void *vpar, int flags, char *msg, size_t msglen)
{
  char o[300], m1[400], nm[6][80];
  const size_t ml = sizeof m1;
  mb_par *p = vpar;
  const mb_topo *t = p->topo;
  const int reortho = flags & 1, assemble = (flags & MB_CHECK_ASSEMBLE) || t->assemble;
  /* a full tensor: the checks below read the user's values, in both copies */
  if (t->user) memcpy(p->val, p->val + t->user, (size_t)t->user * sizeof(double));
  double *e = p->val + MB_GDIR;
  if (lg_check_finite(m1, ml, "g", p->val + MB_G, 1) || lg_check_finite(m1, ml, "gdir", e, 3) ||
      lg_check_nonneg(m1, ml, "g", p->val[MB_G]) || lg_check_unit(m1, ml, "gdir", e, 0))
    return check_error(msg, msglen, "%s%s", origin(p, t->nb + t->nj, o, sizeof o), m1);
  for (int i = 0; i < t->nb; i++) {
    double *b = p->val + t->user + MB_BODY0 + MB_BODYLEN * i;
    static const char *const stem[6] = {"m", "J", "R", "x", "W", "v"};
    for (int k = 0; k < 6; k++)
      snprintf(nm[k], sizeof nm[k], "%s%d (body %.40s)", stem[k], i + 1, t->name[i]);
    const int six = mb_six(t, i);
    const double *J = six ? mb_tensor(p, i) : b + MB_J;
    /* the message names the line of the statement that gave the bad value */
    static const int slot[6] = {0, 1, 3, 2, 4, 5};   /* of m J R x W v, in body_origin's order */
    const double *val[6] = {b + MB_M, J, b + MB_R, b + MB_X, b + MB_W, b + MB_V};
    const int len[6] = {1, six ? 6 : 3, 9, 3, 3, 3};
    int bad = -1;
    for (int k = 0; k < 6 && bad < 0; k++)
      if (lg_check_finite(m1, ml, nm[k], val[k], len[k])) bad = k;
    if (bad < 0 && lg_check_positive(m1, ml, nm[0], b[MB_M])) bad = 0;
    if (bad < 0 && (six ? mb_check_tensor(m1, ml, nm[1], J)
                        : lg_check_inertia(m1, ml, nm[1], b + MB_J)))
      bad = 1;
    if (bad < 0 && lg_check_rotation(m1, ml, nm[2], b + MB_R, reortho)) bad = 2;
    if (bad >= 0)
      return check_error(msg, msglen, "%s%s", body_origin(p, i, slot[bad], o, sizeof o), m1);
  }
  for (int k = 0; k < t->nj; k++) {
    snprintf(nm[0], sizeof nm[0], "P%da", k + 1);
    snprintf(nm[1], sizeof nm[1], "P%db", k + 1);
    if (lg_check_finite(m1, ml, nm[0], mb_joint_par(p, k), 3) ||
        lg_check_finite(m1, ml, nm[1], mb_joint_par(p, k) + 3, 3))
      return check_error(msg, msglen, "%s%s", origin(p, t->nb + k, o, sizeof o), m1);
  }
  for (int k = 0; k < t->nj; k++) {
    const int kind = mb_jkind(t, k);
    const int na = kind == MB_UNIVERSAL ? 2 : kind == MB_SPHERICAL || kind == MB_WELD ? 0 : 1;
    const double *X = na ? mb_jointx_par(p, k) : NULL;
    for (int a = 0; a < na; a++) {
      snprintf(nm[0], sizeof nm[0], "%c%d", a ? 'V' : 'U', k + 1);
      if (lg_check_finite(m1, ml, nm[0], X + 3 * a, 3))
        return check_error(msg, msglen, "%s%s", origin(p, t->nb + k, o, sizeof o), m1);
      if (so3_norm(X + 3 * a) == 0)
        return check_error(msg, msglen, "%s%s (joint %d, %s) is zero: an axis needs a direction",
                           origin(p, t->nb + k, o, sizeof o), nm[0], k + 1, mb_joint_kind[kind]);
    }
    if (na == 2 && !(fabs(so3_dot(X, X + 3)) <= 1e-9 * so3_norm(X) * so3_norm(X + 3)))
      return check_error(msg, msglen, "%sU%d and V%d (joint %d, universal) are not perpendicular",
                         origin(p, t->nb + k, o, sizeof o), k + 1, k + 1, k + 1);
  }
  for (int k = t->ld->np; k < t->ld->ns; k++)     /* the joint loads (section sec:mb-jointload) */
    if (mb_jload_check(p, k, mb_file_dissipates(t), m1, ml))
      return check_error(msg, msglen, "%s%s", origin(p, t->nb + t->nj + 1 + k, o, sizeof o), m1);
  for (int k = 0; k < t->ld->np; k++) {
    const double *sp = mb_spring_par(p, k);
    static const char *const what[3] = {"K", "C", "L"};
    snprintf(nm[0], sizeof nm[0], "S%da", k + 1);
    snprintf(nm[1], sizeof nm[1], "S%db", k + 1);
    for (int c = 0; c < 3; c++) snprintf(nm[2 + c], sizeof nm[2 + c], "%s%d", what[c], k + 1);
    int bad = lg_check_finite(m1, ml, nm[0], sp, 3) || lg_check_finite(m1, ml, nm[1], sp + 3, 3);
    for (int c = 0; c < 3 && !bad; c++)
      bad = lg_check_finite(m1, ml, nm[2 + c], sp + MB_SK + c, 1) ||
            lg_check_nonneg(m1, ml, nm[2 + c], sp[MB_SK + c]);
    if (bad)
      return check_error(msg, msglen, "%s%s", origin(p, t->nb + t->nj + 1 + k, o, sizeof o), m1);
    if (sp[MB_SC] > 0 && !mb_file_dissipates(t))
      return check_error(msg, msglen, "%sparameter C%d: %g gives a damper to a model file without "
                         "dampers or torques, whose energy is conserved and written as the column "
                         "energy (watched for drift); give the damping in the file (its column is "
                         "then energy_nc)", origin(p, t->nb + t->nj + 1 + k, o, sizeof o), k + 1,
                         sp[MB_SC]);
  }
  for (int k = 0; k < t->ld->nf + t->ld->nt; k++) {
    const int force = k < t->ld->nf;
    snprintf(nm[0], sizeof nm[0], "%s%d", force ? "F" : "T", force ? k + 1 : k - t->ld->nf + 1);
    if (lg_check_finite(m1, ml, nm[0], mb_load_par(p, k), 3))
      return check_error(msg, msglen, "%s%s",
                         origin(p, t->nb + t->nj + 1 + t->ld->ns + k, o, sizeof o), m1);
  }
  const double L = mb_length_scale(p); /* of the tolerances */
  mb_drive_at(p, 0);                   /* the drives' rows at t = 0 (section sec:mb-drive) */
  mb_principal(p);                     /* a full tensor: the principal copy */
  if (t->nxval > 0) mb_joint_frames(t, p->val);   /* the joints' rows, from the axes */
  lg_body *q = malloc((size_t)t->nb * sizeof *q);
  double *c = malloc(((size_t)t->nc + 1) * sizeof *c);
  int st = LG_OK;
  if (!q || !c) st = LG_ENOMEM;
  else {
    mb_initial(p, q);
    if (assemble && (st = mb_check_assemble(p, L, msg, msglen)) == LG_OK) mb_initial(p, q);
    if (st == LG_OK) mb_phi(p, q, c);
    double V = 0;
    for (int i = 0; i < t->nb; i++)
      for (int r = 0; r < 3; r++) V = fmax(V, fmax(fabs(q[i].v[r]), L * fabs(q[i].W[r])));
    for (int k = 0; k < t->nj && st == LG_OK; k++)
      if (mb_joint_norm(t, k, c) > 1e-9 * L)
        st = check_error(msg, msglen,
                         "%sjoint %d: the initial positions miss it by %.3g m (tolerance %.3g m); "
                         "--assemble (or an 'assemble' line in the model file) moves the "
                         "start onto the joints",
                         origin(p, t->nb + k, o, sizeof o), k + 1, mb_joint_norm(t, k, c),
                         1e-9 * L);
    if (st == LG_OK) mb_bv(p, q, c);
    for (int k = 0; k < t->nj && st == LG_OK; k++)
      if (mb_joint_norm(t, k, c) > 1e-9 * (1 + V))
        st = check_error(
            msg, msglen,
            "%sjoint %d: the initial velocities violate it by %.3g m/s (tolerance %.3g m/s); "
            "--assemble (or an 'assemble' line in the model file) projects them onto the joints",
            origin(p, t->nb + k, o, sizeof o), k + 1, mb_joint_norm(t, k, c), 1e-9 * (1 + V));
  }
  if (st == LG_OK) st = mb_check_spring_length(p, q, msg, msglen);
  if (st == LG_OK) st = mb_check_conditioning(p, msg, msglen);
  if (st == LG_OK) st = mb_check_rank(p, q, msg, msglen);
  free(q);
  free(c);
  return st;
}

static void mb_row(const void *vpar, const lg_state *s, double *out)
{
  const mb_par *p = vpar;
  *out++ = s->t;
  for (int i = 0; i < p->topo->nb; i++) {
    const lg_body *b = &s->body[i];
    lg_body u;
    if (p->topo->user) {                 /* a full tensor: the user's frame */
      mb_user_body(p, i, b, &u);
      b = &u;
    }
    memcpy(out, b->x, 3 * sizeof(double));
    memcpy(out + 3, b->R, 9 * sizeof(double));
    memcpy(out + 12, b->W, 3 * sizeof(double));
    memcpy(out + 15, b->v, 3 * sizeof(double));
    out += 18;
  }
  out[0] = mb_energy(p, s->body);
  mb_drive_at(p, s->t);                /* a drive's residual at the row's time (sec:mb-drive) */
  out[1] = mb_orth_err(p, s->body);
  out[2] = mb_phi_err(p, s->body);
  out[3] = mb_dphi_err(p, s->body);
}
typedef struct {
  char *buf;
  size_t len, cap;
  int fail;
} strbuf;

static size_t sb_printf(strbuf *b, const char *fmt, ...)
{
  va_list ap;
  size_t at = b->len;
  for (;;) {
    va_start(ap, fmt);
    int n = vsnprintf(b->buf ? b->buf + b->len : NULL, b->buf ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
      b->fail = 1;
      return at;
    }
    if (b->buf && b->len + (size_t)n < b->cap) {
      b->len += (size_t)n + 1;
      return at;
    }
    size_t cap = 2 * (b->cap + (size_t)n + 64);
    char *c = realloc(b->buf, cap);
    if (!c) {
      b->fail = 1;
      return at;
    }
    b->buf = c;
    b->cap = cap;
  }
}

static const struct {
  const char *fmt;
  int off, len;
  const char *unit, *doc;
} mb_body_params[] = {
    {"m%d", MB_M, 1, "kg", "mass of body %d (%s)"},
    {"J%d", MB_J, 3, "kg m^2",
     "principal moments of inertia of body %d (%s) about its mass centre"},
    {"R%d", MB_R, 9, "-", "initial rotation of body %d (%s), body to space, row-major"},
    {"x%d", MB_X, 3, "m", "initial position of the mass centre of body %d (%s)"},
    {"W%d", MB_W, 3, "rad/s", "initial angular velocity of body %d (%s), body frame"},
    {"v%d", MB_V, 3, "m/s", "initial velocity of the mass centre of body %d (%s)"},
};

static lg_model *mb_build(mb_desc *d)
{
  mb_model *M = calloc(1, sizeof *M);
  if (!M) return NULL;
  const int nb = d->nb, nj = d->nj;
  M->topo.nb = nb;
  M->topo.nj = nj;
  M->topo.joint = d->joint;
  d->joint = NULL;
  int naxes = 0;                  /* the rows, and the values of the other joints */
  M->topo.nc = 3 * nj;
  int *jdrive = NULL;             /* per joint, its drive or -1 (section sec:mb-drive) */
  if (d->nd) {
    if (!(jdrive = malloc((size_t)nj * sizeof *jdrive))) {
      mb_model_free(&M->m);
      return NULL;
    }
    for (int j = 0; j < nj; j++) jdrive[j] = -1;
    for (int i = 0; i < d->nd; i++) jdrive[d->drive[4 * i]] = i;
  }
  if (d->jkind) {
    int *ji = M->topo.jinfo = malloc(3 * (size_t)nj * sizeof *ji);
    if (!ji) {
      free(jdrive);
      mb_model_free(&M->m);
      return NULL;
    }
    M->topo.nc = 0;
    for (int j = 0; j < nj; j++) {
      const int kind = d->jkind[j];
      ji[3 * j] = kind;
      ji[3 * j + 1] = M->topo.nc;
      ji[3 * j + 2] = 0;
      M->topo.nc += mb_joint_nrows[kind] + (jdrive && jdrive[j] >= 0);
      if (kind != MB_SPHERICAL) {
        ji[3 * j + 2] = M->topo.nxval;
        M->topo.nxval += MB_JXLEN;
        naxes += kind == MB_UNIVERSAL ? 2 : kind == MB_WELD ? 0 : 1;
      }
    }
  }
  M->topo.name = calloc((size_t)nb + 1, sizeof *M->topo.name);
  const int ns = d->ns, nf = d->nl[0], nt = d->nl[1];
  size_t np = 2 + 6 * (size_t)nb + 2 * (size_t)nj + 5 * (size_t)ns + (size_t)nf + (size_t)nt
              + (size_t)naxes - 2 * (size_t)d->njf;   /* a joint force has 3 */
  /* allocated only when used: a model without them allocates as before */
  mb_loads *ld = NULL;
  M->topo.ld = &mb_no_loads;
  if (ns + nf + nt + d->nd > 0 && (ld = calloc(1, sizeof *ld)) != NULL) {
    M->topo.ld = ld;
    ld->nd = d->nd;
    ld->jdrive = jdrive;
    jdrive = NULL;
    if (d->nd) {
      ld->drv = malloc(4 * (size_t)d->nd * sizeof *ld->drv);
      ld->dval = malloc(2 * (size_t)d->nd * sizeof *ld->dval);
      if (ld->drv) memcpy(ld->drv, d->drive, 4 * (size_t)d->nd * sizeof *ld->drv);
      if (ld->dval) memcpy(ld->dval, d->dval, 2 * (size_t)d->nd * sizeof *ld->dval);
    }
    ld->ns = ns;
    ld->np = ns - d->njl;
    ld->nf = nf;
    ld->nt = nt;
    if (ns) ld->spring = malloc((size_t)ns * sizeof *ld->spring);
    if (d->njl) ld->jl = malloc(3 * (size_t)d->njl * sizeof *ld->jl);
    if (nf) ld->fbody = malloc((size_t)nf * sizeof *ld->fbody);
    if (nt) ld->tbody = malloc((size_t)nt * sizeof *ld->tbody);
  }
  M->params = calloc(np + 1, sizeof *M->params);
  free(jdrive);                   /* not handed over: out of memory */
  if (!M->topo.name || !M->params || (ns + nf + nt + d->nd > 0 && (!ld || (ns && !ld->spring) ||
                                                         (d->njl && !ld->jl) ||
                                                         (d->nd && (!ld->drv || !ld->dval)) ||
                                                         (nf && !ld->fbody) ||
                                                         (nt && !ld->tbody)))) {
    mb_model_free(&M->m);
    return NULL;
  }
  for (int i = 0; i < nb; i++) {
    M->topo.name[i] = d->body[i].name;
    d->body[i].name = NULL;
  }
  M->topo.file = dupstr(d->where, strlen(d->where));
  const size_t pl = (size_t)nb + (size_t)nj + 1 + (size_t)(ns + nf + nt); /* then the properties' */
  M->topo.line = malloc((pl + 6 * (size_t)nb) * sizeof *M->topo.line);
  for (int i = 0; i < nb; i++)          /* a full tensor: two copies of the values */
    if (d->body[i].have_J == 6) M->topo.user = (int)mb_nval(&M->topo);
  const size_t user = (size_t)M->topo.user;
  M->topo.def = malloc((mb_nval(&M->topo) + (user ? 7 * (size_t)nb : 0)) * sizeof *M->topo.def);
  if (!M->topo.file || !M->topo.line || !M->topo.def) {
    mb_model_free(&M->m);
    return NULL;
  }
  double *dv = M->topo.def;
  dv[MB_G] = d->g;
  memcpy(dv + MB_GDIR, d->gdir, sizeof d->gdir);
  for (int i = 0; i < nb; i++) {
    M->topo.line[i] = d->body[i].line;
    for (int k = 0; k < 6; k++)
      M->topo.line[pl + 6 * (size_t)i + (size_t)k] = d->body[i].seen[k] ? d->body[i].seen[k]
                                                                           : d->body[i].line;
    memcpy(dv + MB_BODY0 + MB_BODYLEN * i, d->body[i].val, sizeof d->body[i].val);
  }
  for (int j = 0; j < nj; j++) {
    M->topo.line[nb + j] = d->jline[j];
    memcpy(dv + MB_BODY0 + MB_BODYLEN * nb + MB_JOINTLEN * j, d->jpt + 6 * j, 6 * sizeof(double));
  }
  M->topo.line[nb + nj] = d->gline;
  for (int i = 0; i < nb && user; i++) {      /* the tensors, then their counts */
    double *J6 = dv + user + 6 * (size_t)i;
    memset(J6, 0, 6 * sizeof *J6);
    if (d->body[i].have_J == 6) {       /* its J slots unused (no parameter): zero */
      memset(dv + MB_BODY0 + MB_BODYLEN * i + MB_J, 0, 3 * sizeof *dv);
      memcpy(J6, d->body[i].val + MB_J, 3 * sizeof *J6);
      memcpy(J6 + 3, d->jprod + 3 * i, 3 * sizeof *J6);
    }
    dv[user + 6 * (size_t)nb + (size_t)i] = d->body[i].have_J;
  }
  for (int j = 0; j < ns; j++) {
    ld->spring[j].a = d->spring[j].a;
    ld->spring[j].b = d->spring[j].b;
    M->topo.line[nb + nj + 1 + j] = d->spring[j].line;
    if (j >= ld->np) memcpy(ld->jl + 3 * (j - ld->np), d->spring[j].jl, sizeof d->spring[j].jl);
    memcpy(dv + MB_BODY0 + MB_BODYLEN * nb + MB_JOINTLEN * nj + MB_SPRINGLEN * j,
           d->spring[j].v, sizeof d->spring[j].v);
  }
  for (int kind = 0, j0 = 0; kind < 2; j0 += d->nl[kind], kind++)
    for (int j = 0; j < d->nl[kind]; j++) {
      (kind ? ld->tbody : ld->fbody)[j] = d->load[kind][j].body;
      M->topo.line[nb + nj + 1 + ns + j0 + j] = d->load[kind][j].line;
      memcpy(dv + MB_BODY0 + MB_BODYLEN * nb + MB_JOINTLEN * nj + MB_SPRINGLEN * ns
                 + MB_LOADLEN * (j0 + j), d->load[kind][j].v, sizeof d->load[kind][j].v);
    }
  M->topo.assemble = d->assemble;
  for (int j = 0; j < nj; j++)
    if (mb_jkind(&M->topo, j) != MB_SPHERICAL)
      memcpy(dv + mb_jointx0(&M->topo) + mb_jxoff(&M->topo, j), d->jax + 6 * j,
             6 * sizeof(double));
  mb_joint_frames(&M->topo, dv);
  /* names, units and docs go to one buffer; offsets first, pointers after */
  strbuf sb = {0};
  size_t(*off)[3] = calloc(np, sizeof *off);
  if (!off) {
    mb_model_free(&M->m);
    return NULL;
  }
  size_t k = 0;
  lg_param *P = M->params;
  off[k][0] = sb_printf(&sb, "g");
  off[k][1] = sb_printf(&sb, "m/s^2");
  off[k][2] = sb_printf(&sb, "gravitational acceleration");
  P[k].offset = offsetof(mb_par, val) + (user + MB_G) * sizeof(double);
  P[k].len = 1;
  P[k].def[0] = d->g;
  k++;
  off[k][0] = sb_printf(&sb, "gdir");
  off[k][1] = sb_printf(&sb, "-");
  off[k][2] = sb_printf(&sb, "unit vector along which gravity acts, spatial frame");
  P[k].offset = offsetof(mb_par, val) + (user + MB_GDIR) * sizeof(double);
  P[k].len = 3;
  memcpy(P[k].def, d->gdir, sizeof d->gdir);
  k++;
  for (int i = 0; i < nb; i++)
    for (size_t j = 0; j < sizeof mb_body_params / sizeof mb_body_params[0]; j++, k++) {
      off[k][0] = sb_printf(&sb, mb_body_params[j].fmt, i + 1);
      off[k][1] = sb_printf(&sb, "%s", mb_body_params[j].unit);
      const int six = mb_body_params[j].off == MB_J && d->body[i].have_J == 6;
      off[k][2] = six ? sb_printf(&sb, "inertia tensor of body %d (%s) about its mass centre, "
                                  "body frame: J11,J22,J33,J12,J13,J23", i + 1, M->topo.name[i])
                      : sb_printf(&sb, mb_body_params[j].doc, i + 1, M->topo.name[i]);
      P[k].offset = offsetof(mb_par, val) +
                    (six ? 2 * user + 6 * (size_t)i
                         : user + (size_t)(MB_BODY0 + MB_BODYLEN * i + mb_body_params[j].off)) *
                        sizeof(double);
      P[k].len = six ? 6 : mb_body_params[j].len;
      memcpy(P[k].def, six ? dv + user + 6 * (size_t)i : d->body[i].val + mb_body_params[j].off,
             (size_t)P[k].len * sizeof(double));
    }
  for (int j = 0; j < nj; j++)
    for (int s = 0; s < 2; s++, k++) {
      int b = s ? M->topo.joint[j].b : M->topo.joint[j].a;
      off[k][0] = sb_printf(&sb, "P%d%c", j + 1, s ? 'b' : 'a');
      off[k][1] = sb_printf(&sb, "m");
      off[k][2] = b == MB_GROUND
                      ? sb_printf(&sb, "joint %d: its fixed point in space", j + 1)
                      : sb_printf(&sb, "joint %d: its point on body %d (%s), body frame", j + 1,
                                  b + 1, M->topo.name[b]);
      P[k].offset =
          offsetof(mb_par, val) +
          (user + (size_t)(MB_BODY0 + MB_BODYLEN * nb + MB_JOINTLEN * j + 3 * s)) *
              sizeof(double);
      P[k].len = 3;
      memcpy(P[k].def, d->jpt + 6 * j + 3 * s, 3 * sizeof(double));
    }
  for (int j = ns - d->njl; j < ns; j++)        /* the joint loads' (section sec:mb-jointload) */
    for (int c = 0; c < mb_jload_nparam(&M->topo, j); c++, k++) {
      char w[3][200];
      const size_t at = mb_jload_param(&M->topo, j, c, w[0], w[1], w[2], sizeof w[0], &P[k].len);
      for (int i = 0; i < 3; i++) off[k][i] = sb_printf(&sb, "%s", w[i]);
      P[k].offset = offsetof(mb_par, val) + (user + at) * sizeof(double);
      memcpy(P[k].def, dv + at, (size_t)P[k].len * sizeof(double));
    }
  for (int j = 0; j < ns - d->njl; j++) {
    static const struct {
      const char *fmt, *unit, *doc;
      int off, len;
    } sp[] = {{"S%da", "m", "spring %d: its point on side a", 0, 3},
              {"S%db", "m", "spring %d: its point on side b", 3, 3},
              {"K%d", "N/m", "spring %d: stiffness", MB_SK, 1},
              {"C%d", "N s/m", "spring %d: damping", MB_SC, 1},
              {"L%d", "m", "spring %d: rest length", MB_SL, 1}};
    for (size_t c = 0; c < sizeof sp / sizeof sp[0]; c++, k++) {
      off[k][0] = sb_printf(&sb, sp[c].fmt, j + 1);
      off[k][1] = sb_printf(&sb, "%s", sp[c].unit);
      off[k][2] = sb_printf(&sb, sp[c].doc, j + 1);
      P[k].offset = offsetof(mb_par, val)
                    + (user + (size_t)(MB_BODY0 + MB_BODYLEN * nb + MB_JOINTLEN * nj
                                       + MB_SPRINGLEN * j + sp[c].off)) * sizeof(double);
      P[k].len = sp[c].len;
      memcpy(P[k].def, d->spring[j].v + sp[c].off, (size_t)sp[c].len * sizeof(double));
    }
  }
  for (int kind = 0, j0 = 0; kind < 2; j0 += d->nl[kind], kind++)
    for (int j = 0; j < d->nl[kind]; j++, k++) {
      const int b = d->load[kind][j].body;
      off[k][0] = sb_printf(&sb, kind ? "T%d" : "F%d", j + 1);
      off[k][1] = sb_printf(&sb, kind ? "N m" : "N");
      off[k][2] = kind ? sb_printf(&sb, "torque %d on body %d (%s), constant in the body frame",
                                   j + 1, b + 1, M->topo.name[b])
                       : sb_printf(&sb, "force %d on body %d (%s), constant in space, at the "
                                   "mass centre", j + 1, b + 1, M->topo.name[b]);
      P[k].offset = offsetof(mb_par, val) + (user + (size_t)(MB_BODY0 + MB_BODYLEN * nb
                                                             + MB_JOINTLEN * nj + MB_SPRINGLEN * ns
                                                             + MB_LOADLEN * (j0 + j)))
                                            * sizeof(double);
      P[k].len = 3;
      memcpy(P[k].def, d->load[kind][j].v, 3 * sizeof(double));
    }
  for (int j = 0; j < nj; j++) {   /* the axes of the joints that have them */
    const int kind = mb_jkind(&M->topo, j);
    const int na = kind == MB_UNIVERSAL ? 2 : kind == MB_SPHERICAL || kind == MB_WELD ? 0 : 1;
    for (int a = 0; a < na; a++, k++) {
      off[k][0] = sb_printf(&sb, a ? "V%d" : "U%d", j + 1);
      off[k][1] = sb_printf(&sb, "-");
      off[k][2] = sb_printf(&sb, "joint %d (%s): its %saxis, in the frame of its side a at t = 0",
                            j + 1, mb_joint_kind[kind], na == 2 ? (a ? "second " : "first ") : "");
      P[k].offset = offsetof(mb_par, val) + (mb_jointx0(&M->topo) + (size_t)mb_jxoff(&M->topo, j)
                                             + 3 * (size_t)a) * sizeof(double);
      P[k].len = 3;
      memcpy(P[k].def, d->jax + 6 * j + 3 * a, 3 * sizeof(double));
    }
  }
  /* the columns: t, per body x, R, W, v, then the diagnostics */
  size_t c0 = sb_printf(&sb, "t");
  sb.len--;
  for (int i = 0; i < nb; i++) {
    static const char *const comp[] = {"x%d_1",  "x%d_2",  "x%d_3",  "R%d_11", "R%d_12", "R%d_13",
                                       "R%d_21", "R%d_22", "R%d_23", "R%d_31", "R%d_32", "R%d_33",
                                       "W%d_1",  "W%d_2",  "W%d_3",  "v%d_1",  "v%d_2",  "v%d_3"};
    for (int c = 0; c < 18; c++) {
      sb_printf(&sb, ",");
      sb.len--;
      sb_printf(&sb, comp[c], i + 1);
      sb.len--;
    }
  }
  /* with a damped spring or a torque the energy is not a conserved
     quantity: its column says so by its name, and lgsim's energy watch,
     which looks for "energy", leaves it alone (section sec:mb-applied) */
  sb_printf(&sb, mb_file_dissipates(&M->topo) ? ",energy_nc,orth_err,phi_err,dphi_err"
                                              : ",energy,orth_err,phi_err,dphi_err");
  if (sb.fail) {
    free(off);
    free(sb.buf);
    mb_model_free(&M->m);
    return NULL;
  }
  M->strings = sb.buf;
  for (size_t j = 0; j < np; j++) {
    P[j].name = sb.buf + off[j][0];
    P[j].unit = sb.buf + off[j][1];
    P[j].doc = sb.buf + off[j][2];
  }
  free(off);
  M->m.columns = sb.buf + c0;
  M->m.ncol = 1 + 18 * nb + 4;
  M->name = d->name;
  d->name = NULL;
  M->doc = d->doc;
  d->doc = NULL;
  M->source = d->source;
  d->source = NULL;
  M->m.name = M->name;
  M->m.family = "multibody";
  M->m.source = M->source ? M->source : "a model file";
  M->m.doc = M->doc ? M->doc : "rigid bodies and their joints (the file has no doc line)";
  M->m.par_size = sizeof(mb_par) + mb_nval_all(&M->topo) * sizeof(double);
  M->m.params = M->params;
  M->m.check = mb_check;
  M->m.row = mb_row;
  M->m.par_init = mb_par_init;
  return &M->m;
}

void mb_model_free(lg_model *m)
{
  mb_model *M = (mb_model *)m;
  if (!M) return;
  if (M->topo.name)
    for (int i = 0; i < M->topo.nb; i++) free(M->topo.name[i]);
  free(M->topo.name);
  free(M->topo.joint);
  free(M->topo.jinfo);
  if (M->topo.ld && M->topo.ld != &mb_no_loads) {
    mb_loads *ld;                     /* the model's own, allocated by mb_build */
    memcpy(&ld, &M->topo.ld, sizeof ld);
    free(ld->spring);
    free(ld->jl);
    free(ld->fbody);
    free(ld->tbody);
    free(ld->drv);
    free(ld->dval);
    free(ld->jdrive);
    free(ld);
  }
  free(M->topo.file);
  free(M->topo.line);
  free(M->topo.def);
  free(M->params);
  free(M->strings);
  free(M->name);
  free(M->doc);
  free(M->source);
  free(M);
}

lg_model *mb_model_parse(const char *text, const char *where, char *msg, size_t msglen)
{
  mb_desc d;
  memset(&d, 0, sizeof d);
  d.where = where;
  d.msg = msg;
  d.msglen = msglen;
  d.gdir[2] = 1;
  int st = LG_OK;
  char line[1024];
  for (const char *s = text; *s && st == LG_OK;) {
    /* one statement: a physical line, and the next ones while a line ends
       with a backslash; errors name the statement's first line */
    size_t len = 0;
    int first = d.line + 1, more = 1, comment = 0;
    while (more && *s && st == LG_OK) {
      const char *eol = strchr(s, '\n');
      size_t n = eol ? (size_t)(eol - s) : strlen(s);
      d.line++;
      size_t k = n;
      while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r')) k--;
      more = k && s[k - 1] == '\\';
      if (more) n = k - 1;
      /* a comment runs to the end of the statement and counts for no length */
      const char *hash = comment ? s : memchr(s, '#', n);
      if (hash) {
        comment = 1;
        n = (size_t)(hash - s);
      }
      if (len + n + 1 >= sizeof line)
        st = desc_error(&d, "statement longer than %d characters", (int)sizeof line - 2);
      else {
        memcpy(line + len, s, n);
        len += n;
        line[len++] = ' ';
        line[len] = '\0';
      }
      s = eol ? eol + 1 : s + strlen(s);
    }
    if (st != LG_OK) break;
    int last = d.line;
    d.line = first;
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    for (char *c = line; *c && st == LG_OK; c++)
      if (iscntrl((unsigned char)*c) && *c != '\t' && *c != '\r')
        st = desc_error(&d, "control character 0x%02x", (unsigned)(unsigned char)*c);
    if (st == LG_OK) st = read_line(&d, line);
    if (st == LG_OK) d.line = last;
  }
  if (st == LG_OK) {
    d.line = 0;
    if (!d.name) st = desc_error(&d, "no 'model NAME' line");
    else if (d.nb == 0) st = desc_error(&d, "no 'body' line");
    for (int i = 0; i < d.nb && st == LG_OK; i++) {
      d.line = d.body[i].line;
      const char *miss = !d.body[i].have_m   ? "mass"
                         : !d.body[i].have_J ? "inertia"
                         : !d.body[i].have_x ? "position"
                                             : NULL;
      if (miss) st = desc_error(&d, "body '%s' has no '%s' line", d.body[i].name, miss);
    }
  }
  lg_model *m = NULL;
  if (st == LG_OK && !(m = mb_build(&d))) {
    st = LG_ENOMEM;
    snprintf(msg, msglen, "%s: out of memory", where);
  }
  if (st == LG_ENOMEM && msg && !msg[0]) snprintf(msg, msglen, "%s: out of memory", where);
  desc_free(&d);
  return m;
}

lg_model *mb_model_read(const char *path, char *msg, size_t msglen)
{
  return mb_model_read_digest(path, NULL, msg, msglen);
}

lg_model *mb_model_read_digest(const char *path, char *digest, char *msg, size_t msglen)
{
  struct stat sb;
  /* refuse what is not a regular file before reading from it, without
     blocking: a FIFO opens at once with O_NONBLOCK, and fstat says what it is */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    snprintf(msg, msglen, "%s: %s", path, strerror(errno));
    return NULL;
  }
  const char *bad = fstat(fd, &sb) != 0 ? strerror(errno)
                  : S_ISDIR(sb.st_mode) ? "is a directory, not a model file"
                  : !S_ISREG(sb.st_mode) ? "is not a regular file (a FIFO, a device or a "
                                           "socket); give a file"
                                         : NULL;
  if (bad) {
    snprintf(msg, msglen, "%s: %s", path, bad);
    close(fd);
    return NULL;
  }
  if (sb.st_size > MB_FILE_MAX) {
    snprintf(msg, msglen, "%s: %lld bytes, larger than the limit of 16 MiB (%ld bytes)",
             path, (long long)sb.st_size, (long)MB_FILE_MAX);
    close(fd);
    return NULL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    snprintf(msg, msglen, "%s: %s", path, strerror(errno));
    close(fd);
    return NULL;
  }
  /* read at most MB_FILE_MAX + 1 bytes: a file that grew is still caught */
  size_t cap = (size_t)sb.st_size + 2, len = 0;
  char *text = malloc(cap);
  while (text) {
    size_t n = fread(text + len, 1, cap - len - 1, f);
    len += n;
    if (len > MB_FILE_MAX || n == 0) break;
    if (len < cap - 1) continue;
    size_t ncap = 2 * cap > (size_t)MB_FILE_MAX + 2 ? (size_t)MB_FILE_MAX + 2 : 2 * cap;
    char *t = realloc(text, ncap);
    if (!t) {
      free(text);
      text = NULL;
      break;
    }
    text = t;
    cap = ncap;
  }
  int err = ferror(f);
  fclose(f);
  if (!text) {
    snprintf(msg, msglen, "%s: out of memory", path);
    return NULL;
  }
  if (len > MB_FILE_MAX) {
    free(text);
    snprintf(msg, msglen, "%s: larger than the limit of 16 MiB (%ld bytes)", path,
             (long)MB_FILE_MAX);
    return NULL;
  }
  if (err) {
    free(text);
    snprintf(msg, msglen, "%s: read error", path);
    return NULL;
  }
  text[len] = '\0';
  if (strlen(text) != len) {
    free(text);
    snprintf(msg, msglen, "%s: contains a NUL byte", path);
    return NULL;
  }
  lg_model *m = mb_model_parse(text, path, msg, msglen);
  if (m && digest) sha256_hex(digest, text, len);
  free(text);
  return m;
}
const mb_topo *mb_model_topo(const lg_model *m)
{
  return m && m->check == mb_check ? &((const mb_model *)m)->topo : NULL;
}

/* every kind of connection: its word, the count and the array of mb_topo */
#define MB_CONNECTION_KINDS(X) \
  X("joint", nj, joint)

void mb_each_connection(const mb_topo *t, mb_connection_fn f, void *ctx)
{
#define MB_EACH_OF_KIND(WORD, COUNT, ARRAY) \
  for (int k = 0; k < t->COUNT; k++) f(ctx, WORD, k + 1, t->ARRAY[k].a, t->ARRAY[k].b);
  MB_CONNECTION_KINDS(MB_EACH_OF_KIND)
#undef MB_EACH_OF_KIND
  const mb_loads *ld = t->ld ? t->ld : &mb_no_loads;
  for (int k = 0; k < ld->np; k++) f(ctx, "spring", k + 1, ld->spring[k].a, ld->spring[k].b);
  /* a constant force or torque joins its body to the ground, which takes its reaction */
  for (int k = 0; k < ld->nf; k++) f(ctx, "force", k + 1, ld->fbody[k], MB_GROUND);
  for (int k = 0; k < ld->nt; k++) f(ctx, "torque", k + 1, ld->tbody[k], MB_GROUND);
}
