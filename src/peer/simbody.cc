// simbody.cc: a model file of the package run in Simbody, written as CSV in
// the columns of lgsim run (per body position, rotation, angular velocity in
// the body frame, velocity; then the energy), and with --ref the distance of
// each written state from the package's reference at the same time.  The
// model is written as MJCF by liblgrepro (a tree, at its initial state, with
// the initial joint velocities as a keyframe) and read back here into
// Simbody's mobilized bodies.
// Usage: lgpeer-simbody --model-file FILE [--integrator rkm|verlet|euler|adaptive]
//                       [--h H] [--T T] [--every K] [--ref] [-o OUT]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>
#include "Simbody.h"
#include "api/lgrepro.h"

using namespace SimTK;

namespace {

[[noreturn]] void usage()
{
  std::fprintf(stderr, "Usage: lgpeer-simbody --model-file FILE [--integrator rkm|verlet|euler|"
                       "adaptive] [--h H] [--T T] [--every K] [--ref] [-o OUT]\n");
  std::exit(2);
}

// the numbers of attribute name="..." of an XML line (" name=" exactly)
std::vector<double> attr(const std::string &line, const char *name)
{
  std::vector<double> v;
  std::string key = std::string(" ") + name + "=\"";
  size_t i = line.find(key);
  if (i == std::string::npos) return v;
  std::istringstream in(line.substr(i + key.size(), line.find('"', i + key.size()) - i - key.size()));
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

std::string word(const std::string &line, const char *name)
{
  std::string key = std::string(" ") + name + "=\"";
  size_t i = line.find(key);
  if (i == std::string::npos) return "";
  size_t j = i + key.size();
  return line.substr(j, line.find('"', j) - j);
}

Vec3 vec3(const std::vector<double> &v) { return v.size() == 3 ? Vec3(v[0], v[1], v[2]) : Vec3(0); }

// One body of the MJCF tree, as the package's export writes it.
struct Node {
  int parent = -1;
  Transform X_PB;              // pose in the parent body (or in space)
  double mass = 0;
  Inertia J;                   // about the body's origin, its mass centre
  std::string type;            // ball, hinge, slide, free, or "" (welded)
  Vec3 p, axis;                // joint point and axis in the body
};

// The MJCF of lm, by the library's writer, read into nodes, gravity and qvel.
bool read_model(const lgr_model *lm, std::vector<Node> &nodes, Vec3 &g, std::vector<double> &qvel,
                char *msg, size_t msglen)
{
  const char *tmp = std::getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/lgpeer.XXXXXX";
  std::vector<char> d(dir.begin(), dir.end());
  d.push_back('\0');
  if (!mkdtemp(d.data())) {
    std::snprintf(msg, msglen, "cannot make a directory for the MJCF file");
    return false;
  }
  std::string path = std::string(d.data()) + "/model.xml";
  bool ok = lgr_model_write_mjcf(lm, path.c_str(), msg, msglen) == LGR_OK;
  std::ifstream in(path);
  std::string line;
  std::vector<int> open;
  g = Vec3(0);
  while (ok && std::getline(in, line)) {
    if (line.find("<option ") != std::string::npos) g = vec3(attr(line, "gravity"));
    else if (line.find("<body ") != std::string::npos) {
      Node n;
      n.parent = open.empty() ? -1 : open.back();
      std::vector<double> q = attr(line, "quat");
      if (q.size() != 4) ok = false;
      else n.X_PB = Transform(Rotation(Quaternion(q[0], q[1], q[2], q[3])), vec3(attr(line, "pos")));
      open.push_back((int)nodes.size());
      nodes.push_back(n);
    } else if (line.find("</body>") != std::string::npos && !open.empty()) open.pop_back();
    else if (line.find("<inertial ") != std::string::npos && !open.empty()) {
      Node &n = nodes[(size_t)open.back()];
      std::vector<double> m = attr(line, "mass"), di = attr(line, "diaginertia"),
                          fi = attr(line, "fullinertia");
      n.mass = m.empty() ? 0 : m[0];
      if (di.size() == 3) n.J = Inertia(di[0], di[1], di[2]);
      else if (fi.size() == 6) n.J = Inertia(fi[0], fi[1], fi[2], fi[3], fi[4], fi[5]);
      else ok = false;
    } else if (line.find("<joint ") != std::string::npos && !open.empty()) {
      Node &n = nodes[(size_t)open.back()];
      n.type = word(line, "type");
      n.p = vec3(attr(line, "pos"));
      n.axis = vec3(attr(line, "axis"));
    } else if (line.find("<key ") != std::string::npos) qvel = attr(line, "qvel");
  }
  std::remove(path.c_str());
  rmdir(d.data());
  if (ok && nodes.empty()) {
    std::snprintf(msg, msglen, "no body in the model");
    ok = false;
  }
  return ok;
}

// the largest over the bodies of the largest entry of R_i - R_i' and of
// |W_i - W_i'|_inf (rad/s)
double distance(const std::vector<lgr_body> &a, const std::vector<lgr_body> &b)
{
  double e = 0;
  for (size_t i = 0; i < a.size(); i++)
    for (int k = 0; k < 9; k++) {
      e = std::fmax(e, std::fabs(a[i].R[k] - b[i].R[k]));
      if (k < 3) e = std::fmax(e, std::fabs(a[i].W[k] - b[i].W[k]));
    }
  return e;
}

double number(const char *opt, const char *s)
{
  char *end;
  double x = s ? std::strtod(s, &end) : NAN;
  if (!s || *end || !(x > 0) || !std::isfinite(x)) {
    std::fprintf(stderr, "lgpeer-simbody: %s wants a positive number, not '%s'\n", opt, s ? s : "");
    std::exit(2);
  }
  return x;
}

} // namespace

int main(int argc, char **argv)
{
  const char *file = nullptr, *integ = "rkm", *out = nullptr;
  double h = 1e-3, T = 1;
  long every = 1;
  bool ref = false;
  char msg[512] = "";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (std::strcmp(a, "--ref") == 0) ref = true;
    else if (!v) usage();
    else if (std::strcmp(a, "--model-file") == 0) file = v, i++;
    else if (std::strcmp(a, "--integrator") == 0) integ = v, i++;
    else if (std::strcmp(a, "-o") == 0) out = v, i++;
    else if (std::strcmp(a, "--h") == 0) h = number(a, v), i++;
    else if (std::strcmp(a, "--T") == 0) T = number(a, v), i++;
    else if (std::strcmp(a, "--every") == 0) every = (long)number(a, v), i++;
    else usage();
  }
  const std::string in = integ;
  if (!file || every < 1 || (in != "rkm" && in != "verlet" && in != "euler" && in != "adaptive"))
    usage();
  long n = std::lround(T / h);
  if (std::fabs((double)n * h - T) > 1e-9 * T) {
    std::fprintf(stderr, "lgpeer-simbody: --T %g is not a whole number of steps of %g\n", T, h);
    return 2;
  }
  lgr_model *lm = lgr_model_read(file, msg, sizeof msg);
  std::vector<Node> nodes;
  std::vector<double> qvel;
  Vec3 g;
  if (!lm || !read_model(lm, nodes, g, qvel, msg, sizeof msg)) {
    std::fprintf(stderr, "lgpeer-simbody: %s\n", msg);
    lgr_model_free(lm);
    return 2;
  }
  // the package's initial bodies, and its reference if asked for
  lgr_sim *r = lgr_alloc(lm, "ref", msg, sizeof msg);
  if (!r || lgr_init(r, h, msg, sizeof msg) != LGR_OK) {
    std::fprintf(stderr, "lgpeer-simbody: the reference: %s\n", msg);
    lgr_free(r);
    lgr_model_free(lm);
    return 3;
  }
  const int nb = lgr_nbodies(r);

  // Simbody's system: one mobilized body per node, in the MJCF's order
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, g);
  std::vector<MobilizedBody> mob;
  for (const Node &n : nodes) {
    MobilizedBody &P = n.parent < 0 ? matter.Ground() : mob[(size_t)n.parent];
    Body::Rigid body(MassProperties(n.mass, Vec3(0), n.J));
    Transform X_BM(Rotation(), n.p);
    if (n.type == "hinge") X_BM = Transform(Rotation(UnitVec3(n.axis), ZAxis), n.p);
    if (n.type == "slide") X_BM = Transform(Rotation(UnitVec3(n.axis), XAxis), n.p);
    Transform X_PF = n.X_PB * X_BM;   // at q = 0 the mobilizer frames coincide
    if (n.type == "ball") mob.push_back(MobilizedBody::Ball(P, X_PF, body, X_BM));
    else if (n.type == "hinge") mob.push_back(MobilizedBody::Pin(P, X_PF, body, X_BM));
    else if (n.type == "slide") mob.push_back(MobilizedBody::Slider(P, X_PF, body, X_BM));
    else if (n.type == "free") mob.push_back(MobilizedBody::Free(P, Transform(), body, Transform()));
    else mob.push_back(MobilizedBody::Weld(P, n.X_PB, body, Transform()));
  }
  State state = system.realizeTopology();
  // initial state: every joint at its reference, a free body at its pose;
  // the velocities of the keyframe (ball: angular velocity in the body, as
  // Simbody's in F, which coincides with the body's frame at t = 0; free:
  // velocity in space, angular velocity in the body, which Simbody takes in
  // space)
  size_t k = 0;
  for (size_t i = 0; i < nodes.size(); i++) {
    const MobilizedBody &m = mob[i];
    const std::string &t = nodes[i].type;
    if (t == "free") {
      m.setQToFitTransform(state, nodes[i].X_PB);
      if (k + 6 > qvel.size()) return 3;
      Vec3 v(qvel[k], qvel[k + 1], qvel[k + 2]), w(qvel[k + 3], qvel[k + 4], qvel[k + 5]);
      m.setUToFitVelocity(state, SpatialVec(nodes[i].X_PB.R() * w, v));
      k += 6;
    } else if (t == "ball") {
      if (k + 3 > qvel.size()) return 3;
      m.setUToFitAngularVelocity(state, Vec3(qvel[k], qvel[k + 1], qvel[k + 2]));
      k += 3;
    } else if (t == "hinge" || t == "slide") {
      if (k + 1 > qvel.size()) return 3;
      m.setOneU(state, 0, qvel[k]);
      k += 1;
    }
  }
  system.realize(state, Stage::Velocity);
  // each package body is Simbody's body at the same initial pose
  std::vector<int> id((size_t)nb, -1);
  for (int i = 0; i < nb; i++) {
    lgr_body q;
    lgr_get_body(r, i, &q);
    double best = INFINITY;
    for (size_t j = 0; j < mob.size(); j++) {
      const Transform &X = mob[j].getBodyTransform(state);
      double e = 0;
      for (int a = 0; a < 3; a++) {
        e = std::fmax(e, std::fabs(X.p()[a] - q.x[a]));
        for (int b = 0; b < 3; b++) e = std::fmax(e, std::fabs(X.R()[a][b] - q.R[3 * a + b]));
      }
      if (e < best) best = e, id[(size_t)i] = (int)j;
    }
    if (!(best <= 1e-9)) {
      std::fprintf(stderr, "lgpeer-simbody: body %d has no counterpart in Simbody (off by %.3g)\n",
                   i + 1, best);
      return 3;
    }
  }

  Integrator *it;
  if (in == "verlet") it = new VerletIntegrator(system, h);
  else if (in == "euler") it = new SemiExplicitEulerIntegrator(system, h);
  else {
    it = new RungeKuttaMersonIntegrator(system);
    if (in == "rkm") it->setFixedStepSize(h);
    else it->setAccuracy(1e-12);
  }
  TimeStepper ts(system, *it);
  ts.initialize(state);

  std::FILE *f = out ? std::fopen(out, "w") : stdout;
  if (!f) {
    std::perror(out);
    return 2;
  }
  std::fprintf(f, "# lgpeer-simbody %s, Simbody 3.7\n# model_file = %s\n# integrator = %s\n"
                  "# h = %.17g\n# T = %.17g\nt", lgr_version(), file, integ, h, T);
  for (int i = 1; i <= nb; i++) {
    for (int j = 1; j <= 3; j++) std::fprintf(f, ",x%d_%d", i, j);
    for (int j = 1; j <= 9; j++) std::fprintf(f, ",R%d_%d%d", i, (j + 2) / 3, (j - 1) % 3 + 1);
    for (int j = 1; j <= 3; j++) std::fprintf(f, ",W%d_%d", i, j);
    for (int j = 1; j <= 3; j++) std::fprintf(f, ",v%d_%d", i, j);
  }
  std::fprintf(f, ",energy%s\n", ref ? ",err_ref" : "");
  std::vector<lgr_body> sb((size_t)nb), rb((size_t)nb);
  for (long s = 0; s <= n; s++) {
    if (s > 0) {
      ts.stepTo((double)s * h);
      if (ref && lgr_step(r) != LGR_OK) {
        std::fprintf(stderr, "lgpeer-simbody: the reference: %s\n", lgr_last_error(r));
        return 3;
      }
    }
    if (s % every != 0 && s != n) continue;
    const State &st = it->getState();
    system.realize(st, Stage::Dynamics);
    std::fprintf(f, "%.17g", (double)s * h);
    for (int i = 0; i < nb; i++) {
      const MobilizedBody &m = mob[(size_t)id[(size_t)i]];
      const Transform &X = m.getBodyTransform(st);
      Vec3 W = ~X.R() * m.getBodyAngularVelocity(st), v = m.getBodyOriginVelocity(st);
      lgr_body &q = sb[(size_t)i];
      for (int a = 0; a < 3; a++) {
        q.x[a] = X.p()[a], q.W[a] = W[a], q.v[a] = v[a];
        for (int b = 0; b < 3; b++) q.R[3 * a + b] = X.R()[a][b];
      }
      for (double x : q.x) std::fprintf(f, ",%.17g", x);
      for (double x : q.R) std::fprintf(f, ",%.17g", x);
      for (double x : q.W) std::fprintf(f, ",%.17g", x);
      for (double x : q.v) std::fprintf(f, ",%.17g", x);
      if (ref) lgr_get_body(r, i, &rb[(size_t)i]);
    }
    std::fprintf(f, ",%.17g", system.calcEnergy(st));
    if (ref) std::fprintf(f, ",%.17g", distance(sb, rb));
    std::fprintf(f, "\n");
  }
  if (f != stdout && std::fclose(f) != 0) {
    std::perror(out);
    return 2;
  }
  delete it;
  lgr_free(r);
  lgr_model_free(lm);
  return 0;
}
