/* mjpeer.c: a multibody model of the package run in MuJoCo. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <valgrind/callgrind.h>
#include "peer/lib/mjpeer.h"

int mjp_integrator(const char *name)
{
  if (!name) return -1;
  if (strcmp(name, "euler") == 0) return mjINT_EULER;
  if (strcmp(name, "implicit") == 0) return mjINT_IMPLICIT;
  if (strcmp(name, "rk4") == 0) return mjINT_RK4;
  return -1;
}

/* the package's initial bodies, by its reference scheme */
static lgr_sim *mjp_start(const lgr_model *lm, char *msg, size_t msglen)
{
  lgr_sim *p = lgr_alloc(lm, "ref", msg, msglen);
  if (p && lgr_init(p, 1e-3, msg, msglen) != LGR_OK) {
    lgr_free(p);
    return NULL;
  }
  return p;
}

int mjp_alloc(mjp_sim *s, const lgr_model *lm, const char *integrator, double h, char *msg,
              size_t msglen)
{
  const char *tmp = getenv("TMPDIR");
  char dir[256], path[300], err[1000] = "";
  int in = mjp_integrator(integrator);
  memset(s, 0, sizeof *s);
  if (in < 0 || !(h > 0)) {
    snprintf(msg, msglen, "no MuJoCo integrator '%s' or step %g", integrator ? integrator : "",
             h);
    return -1;
  }
  snprintf(dir, sizeof dir, "%s/lgpeer.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    snprintf(msg, msglen, "cannot make a directory for the MJCF file");
    return -1;
  }
  snprintf(path, sizeof path, "%s/model.xml", dir);
  if (lgr_model_write_mjcf(lm, path, msg, msglen) == LGR_OK)
    s->m = mj_loadXML(path, NULL, err, sizeof err);
  else err[0] = '\0';
  remove(path);
  rmdir(dir);
  if (!s->m) {
    if (err[0]) snprintf(msg, msglen, "MuJoCo: %s", err);
    return -1;
  }
  s->m->opt.timestep = h;
  s->m->opt.integrator = in;
  s->m->opt.enableflags |= mjENBL_ENERGY;
  s->d = mj_makeData(s->m);
  lgr_sim *p = mjp_start(lm, msg, msglen);
  s->nb = p ? lgr_nbodies(p) : 0;
  s->id = s->nb > 0 ? malloc((size_t)s->nb * sizeof *s->id) : NULL;
  if (!s->d || !p || !s->id) {
    lgr_free(p);
    mjp_free(s);
    return -1;
  }
  mjp_reset(s);
  mjp_sync(s);
  for (int i = 0; i < s->nb; i++) {      /* the MuJoCo body at body i's initial pose */
    lgr_body q;
    double best = INFINITY;
    lgr_get_body(p, i, &q);
    for (int id = 1; id < s->m->nbody; id++) {
      double e = 0;
      for (int j = 0; j < 3; j++) e = fmax(e, fabs(s->d->xpos[3 * id + j] - q.x[j]));
      for (int j = 0; j < 9; j++) e = fmax(e, fabs(s->d->xmat[9 * id + j] - q.R[j]));
      if (e < best) best = e, s->id[i] = id;
    }
    if (!(best <= 1e-9)) {
      snprintf(msg, msglen, "body %d has no counterpart in MuJoCo (off by %.3g)", i + 1, best);
      lgr_free(p);
      mjp_free(s);
      return -1;
    }
  }
  lgr_free(p);
  return 0;
}

void mjp_reset(mjp_sim *s)
{
  mj_resetDataKeyframe(s->m, s->d, 0);
}

void mjp_steps(mjp_sim *s, long n)
{
  for (long k = 0; k < n; k++) mj_step(s->m, s->d);
}

void mjp_sync(mjp_sim *s)
{
  mj_forward(s->m, s->d);
}

void mjp_body(const mjp_sim *s, int i, lgr_body *b)
{
  int id = s->id[i];
  double vel[6];
  mj_objectVelocity(s->m, s->d, mjOBJ_BODY, id, vel, 0);
  memcpy(b->R, s->d->xmat + 9 * id, sizeof b->R);
  memcpy(b->x, s->d->xpos + 3 * id, sizeof b->x);
  for (int j = 0; j < 3; j++) {
    b->W[j] = b->R[j] * vel[0] + b->R[3 + j] * vel[1] + b->R[6 + j] * vel[2];
    b->v[j] = vel[3 + j];
  }
}

double mjp_energy(const mjp_sim *s)
{
  return s->d->energy[0] + s->d->energy[1];
}

void mjp_free(mjp_sim *s)
{
  if (s->d) mj_deleteData(s->d);
  if (s->m) mj_deleteModel(s->m);
  free(s->id);
  memset(s, 0, sizeof *s);
}

int mjp_job_init(mjp_job *j, const lgr_model *lm, const char *name, double h, char *msg,
                 size_t msglen)
{
  memset(j, 0, sizeof *j);
  j->lm = lm;
  j->name = name;
  j->h = h;
  j->mujoco = strncmp(name, "mujoco-", 7) == 0;
  return j->mujoco ? mjp_alloc(&j->s, lm, name + 7, h, msg, msglen) : 0;
}

void mjp_job_free(mjp_job *j)
{
  if (j->mujoco) mjp_free(&j->s);
}

int mjp_job_run(mjp_job *j, long n, lgr_body *b, long every, double *de)
{
  char msg[256];
  double e0, e = 0;
  if (j->mujoco) {
    mjp_reset(&j->s);
    mjp_sync(&j->s);
    e0 = mjp_energy(&j->s);
    for (long k = 0; k < n; k++) {
      mj_step(j->s.m, j->s.d);
      if (de && (k + 1) % every == 0) {
        mjp_sync(&j->s);
        e = fmax(e, fabs(mjp_energy(&j->s) - e0));
      }
    }
    mjp_sync(&j->s);
    for (int i = 0; b && i < j->s.nb; i++) mjp_body(&j->s, i, &b[i]);
    if (de) *de = e;
    return isfinite(j->s.d->qvel[0]) ? 0 : -1;
  }
  lgr_sim *p = lgr_alloc(j->lm, j->name, msg, sizeof msg);
  int st = p ? lgr_init(p, j->h, msg, sizeof msg) : LGR_EINVAL;
  e0 = lgr_energy(p);
  for (long k = 0; k < n && st == LGR_OK; k++) {
    st = lgr_step(p);
    if (de && (k + 1) % every == 0) e = fmax(e, fabs(lgr_energy(p) - e0));
  }
  for (int i = 0; b && st == LGR_OK && i < lgr_nbodies(p); i++) lgr_get_body(p, i, &b[i]);
  if (de) *de = st == LGR_OK ? e : NAN;
  lgr_free(p);
  return st == LGR_OK ? 0 : -1;
}

/* the counted run itself: Callgrind collects inside this function alone */
void mjp_counted(mjp_job *j, long n);
void mjp_counted(mjp_job *j, long n)
{
  if (j->mujoco) {
    mjp_reset(&j->s);
    for (long k = 0; k < n; k++) mj_step(j->s.m, j->s.d);
    return;
  }
  lgr_sim *p = lgr_alloc(j->lm, j->name, NULL, 0);
  if (!p || lgr_init(p, j->h, NULL, 0) != LGR_OK) exit(1);
  for (long k = 0; k < n; k++)
    if (lgr_step(p) != LGR_OK) exit(1);
  lgr_free(p);
}

void mjp_count(mjp_job *j, long n)
{
  CALLGRIND_START_INSTRUMENTATION;
  mjp_counted(j, n);
  CALLGRIND_STOP_INSTRUMENTATION;
}

double mjp_distance(int nb, const lgr_body *a, const lgr_body *b, double ws)
{
  double e = 0;
  for (int i = 0; i < nb; i++)
    for (int k = 0; k < 9; k++) {
      e = fmax(e, fabs(a[i].R[k] - b[i].R[k]));
      if (k < 3) e = fmax(e, fabs(a[i].W[k] - b[i].W[k]) / ws);
    }
  return e;
}

char *mjp_chain_text(const char *joint, int n)
{
  int rev = strcmp(joint, "revolute") == 0;
  size_t cap = 256 + 200 * (size_t)n, len = 0;
  char *t = malloc(cap);
  if (!t) exit(1);
  len += (size_t)snprintf(t + len, cap - len, "model %s-chain%d\ngravity 9.81 0 0 1\n", joint, n);
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(t + len, cap - len,
                            "body r%d\n mass 1\n inertia 0.0834 0.002 0.0833\n position 0 %d.5 0\n"
                            " angvel 0 %d 0\n", i, i, rev ? 0 : 3 + i % 5);
  for (int i = 0; i < n; i++) {
    char a[16] = "ground";
    if (i > 0) snprintf(a, sizeof a, "r%d", i - 1);
    len += (size_t)snprintf(t + len, cap - len, "joint %s %s 0 %s 0 r%d 0 -0.5 0%s\n",
                            rev ? "revolute" : "spherical", a, i > 0 ? "0.5" : "0", i,
                            rev ? " axis 1 0 0" : "");
  }
  return t;
}

lgr_model *mjp_chain(const char *joint, int n)
{
  char *t = mjp_chain_text(joint, n), msg[256];
  lgr_model *m = lgr_model_parse(t, joint, msg, sizeof msg);
  free(t);
  if (!m) { fprintf(stderr, "mjp: %s\n", msg); exit(1); }
  return m;
}

int mjp_peer_run(const char *prog, const char *text, const char *integrator, double h, long n,
                 int nb, lgr_body *b)
{
  const char *tmp = getenv("TMPDIR");
  char dir[256], path[300], cmd[1200], line[16384];
  int got = 0;
  snprintf(dir, sizeof dir, "%s/lgpeer.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return -1;
  snprintf(path, sizeof path, "%s/model.mb", dir);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(text, f);
    if (fclose(f) == 0) {
      snprintf(cmd, sizeof cmd, "'%s' --model-file '%s' --integrator %s --h %.17g --T %.17g"
               " --every %ld", prog, path, integrator, h, (double)n * h, n);
      FILE *p = popen(cmd, "r");
      while (p && fgets(line, sizeof line, p)) {
        if (line[0] == '#' || line[0] == 't') continue;
        char *c = line;
        strtod(c, &c);                          /* t */
        got = 1;
        for (int i = 0; i < nb && got; i++) {
          double v[18];
          for (int k = 0; k < 18; k++) {
            char *e;
            if (*c != ',') { got = 0; break; }
            v[k] = strtod(c + 1, &e);
            c = e;
          }
          if (!got) break;
          memcpy(b[i].x, v, sizeof b[i].x);
          memcpy(b[i].R, v + 3, sizeof b[i].R);
          memcpy(b[i].W, v + 12, sizeof b[i].W);
          memcpy(b[i].v, v + 15, sizeof b[i].v);
        }
      }
      if (!p || pclose(p) != 0) got = 0;
    }
  }
  remove(path);
  rmdir(dir);
  return got ? 0 : -1;
}
