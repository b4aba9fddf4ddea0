/* lgvidrv.h: run-and-print helpers shared by the figure drivers of the LGVI chapter. */
#ifndef LGVIDRV_H
#define LGVIDRV_H
#include "core/lg.h"

/* Defaults of a model, a tweak, a check (exits with the model's message). */
const lg_model *drv_params(const char *model, void *par, int reortho,
                           void (*tweak)(void *par));
/* Run one scheme and print one block of the named columns (and dE, dL). */
void drv_block(const char *label, const lg_model *m, const char *scheme,
               const void *par, const lg_opts *opt, double h, long nsteps,
               long every, const char *cols);
/* The header and the runs shared by the bai2015 drivers. */
void bai_header(const char *what);
void bai_runs(const char *cols, int printed_r0, int consistent, int variants);
/* The runs shared by the moiseev2024 drivers of Figs. 5-8. */
void moiseev_runs(const char *what, const char *cols, int upright);

#endif
