/* lgsim-args.c: libFuzzer target over the command line of lgsim run (one
   argument per line), every model's check, and multibody model files. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cli/lib/args.h"
#include "model/multibody.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_model_file(const char *text)
{
  char msg[1024];
  lg_model *m = mb_model_parse(text, "fuzz", msg, sizeof msg);
  if (!m) return;
  void *par = calloc(1, m->par_size);
  if (par) {
    lg_params_default(m, par);
    m->check(par, 0, msg, sizeof msg);
    m->check(par, 1, msg, sizeof msg);
    m->check(par, MB_CHECK_ASSEMBLE, msg, sizeof msg);
  }
  free(par);
  mb_model_free(m);
}

static void fuzz_run_args(char *text)
{
  char *argv[64], msg[1024];
  int argc = 0;
  size_t len = strlen(text);
  if (len && text[len - 1] == '\n') text[len -
                                         1] = '\0';   /* a final newline ends the last line */
  for (char *c = text; argc < 64;) {
    argv[argc++] = c;
    char *nl = strchr(c, '\n');
    if (!nl) break;
    *nl = '\0';
    c = nl + 1;
  }
  run_args a;
  int st = lgsim_parse_run(&a, argc, argv, msg, sizeof msg);
  if (st == LGSIM_EXIT_OK && !a.help) lgsim_prepare(&a, msg, sizeof msg);
  lgsim_args_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size > 4096) return 0;
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  if (strncmp(text, "model ", 6) == 0) fuzz_model_file(text);
  else fuzz_run_args(text);
  free(text);
  return 0;
}
