/*
 * What every plot of one plot_results call shares: the result sets and their names, the cell
 * labels of all of them, the folder, what was written and what was left out. plot.c makes it;
 * each view (plot_time.c, plot_fill.c, plot_trials.c, plot_sweep.c, plot_bandwidth.c) draws
 * from it.
 */
#ifndef ZSB_PLOT_CTX_H
#define ZSB_PLOT_CTX_H
#include <limits.h>
#include <stddef.h>

#include "runner/report/plot/plot_output.h"
#include "runner/result/results.h"

/* Tableau's ten and two more: distinct on white, so twelve cells each get their own. */
#define PLOT_NPALETTE 12
extern const char *const plot_palette[PLOT_NPALETTE];

struct plot_ctx {
	const struct results *const *sets;
	size_t n;
	char **names; /* the caller's, or "run 1"...; owned copies */
	char **tags; /* "name (kernel)": what a key says of a set when n > 1 */
	const char *dir;
	int dirfd; /* dir, opened by plot_begin: every script and picture is made through it */
	int png;
	char gnuplot[PATH_MAX];
	struct plot_output *out;
	char *why;
	size_t why_len;
	const char **labels; /* every cell label of every set, first seen first */
	char (*slugs)[100]; /* the same as file names */
	size_t nlabels;
};

/* gnuplot found and the folder made (one level) and opened, before any script: 0, -ENOENT
 * without gnuplot (nothing made), -EINVAL for no folder, -EPERM for a folder refused (a link,
 * one another user can write: folder.h), another -errno; why says what. */
int plot_begin(struct plot_ctx *x);
/* The folder closed (after plot_begin, whatever it returned). */
void plot_end(struct plot_ctx *x);
/* "svg" or "png". */
const char *plot_ext(const struct plot_ctx *x);
/* A failure: why says what (printf-style), then ": " and strerror(-err); returns err. */
__attribute__((format(printf, 3, 4))) int plot_fail(struct plot_ctx *x, int err, const char *fmt,
						    ...);
/* A plot the data does not allow is no failure: it is listed as "NAME.svg: why". 0 or -ENOMEM. */
__attribute__((format(printf, 3, 4))) int plot_skip(struct plot_ctx *x, const char *name,
						    const char *fmt, ...);
/* The picture at path was drawn: listed in out. 0 or -ENOMEM. */
int plot_written(struct plot_ctx *x, const char *path);

/* The views, in the order plot_results draws them; each returns 0 or -errno with why set. */
/* bandwidth-MODE for each fio mode of a block device's sets (plot_bandwidth.c). */
int plot_bandwidth(struct plot_ctx *x);
/* memory-CELL and psi-CELL for every cell (plot_time.c). */
int plot_against_time(struct plot_ctx *x);
/* fill-curve (plot_fill.c). */
int plot_fill_curve(struct plot_ctx *x);
/* trials-PRIMARY for each primary metric the cells measured (trials-elapsed for a swap run),
 * trials-cpu, trials-compression-ratio (plot_trials.c). */
int plot_trials_per_cell(struct plot_ctx *x);
/* sweep-jobs, sweep-limit, sweep-comp, for the axes that vary (plot_sweep.c). */
int plot_sweeps(struct plot_ctx *x);

#endif
