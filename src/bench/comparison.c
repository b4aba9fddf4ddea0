/* comparison.c: ns per step of the work-precision schemes, against their instructions. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/lg.h"
#include "bench/lib/benchtime.h"

static double step_ns(const char *model, const char *scheme, double h, long n1, long n2)
{
  double par[1024], t1[30], t5[30];
  lg_opts opt;
  const lg_model *m = lg_model_find(model);
  const lg_scheme_type *S = m ? lg_scheme_find(m->family, scheme) : NULL;
  if (!S || m->par_size > sizeof par) return NAN;
  lg_params_default(m, par);
  m->check(par, 1, NULL, 0);
  lg_opts_default(&opt);
  for (int r = 0; r < 30; r++) {
    double t0 = bench_now_ns();
    lg_run(S, par, &opt, h, n1, n1, NULL, NULL, NULL);
    double tm = bench_now_ns();
    lg_run(S, par, &opt, h, n2, n2, NULL, NULL, NULL);
    t1[r] = tm - t0;
    t5[r] = bench_now_ns() - tm;
  }
  return (bench_min(t5, 30) - bench_min(t1, 30)) / (double)(n2 - n1);
}

int main(void)
{
  const char *figs[] = {"planar", "moiseev", "fasttop", "doublependulum", "mast"};
  printf("%-14s %-20s %-16s %10s %12s %10s\n", "figure", "model", "scheme", "ns/step",
         "instr/step", "ns/instr");
  for (int f = 0; f < 5; f++) {
    char path[128], line[512], name[64], model[64];
    double ips, hc;
    long n1 = 100, n2 = 500;
    snprintf(path, sizeof path, "data/cmp-work-precision-%s.dat", figs[f]);
    FILE *fp = fopen(path, "r");
    if (!fp) { printf("%-14s (no %s: run make first)\n", figs[f], path); continue; }
    while (fgets(line, sizeof line, fp)) {
      if (sscanf(line, "# cost: steps x instructions per step, counted by Callgrind over "
                 "steps %ld..%ld", &n1, &n2) == 2)
        n1--;
      if (sscanf(line, "# block scheme %63s model %63s order %*d label %*s ips %lf h_c %lf",
                 name, model, &ips, &hc) == 4) {
        double ns = step_ns(model, name, hc, n1, n2);
        printf("%-14s %-20s %-16s %10.0f %12.0f %10.3f\n", figs[f], model, name, ns, ips,
               ns / ips);
      }
    }
    fclose(fp);
  }
  return 0;
}
