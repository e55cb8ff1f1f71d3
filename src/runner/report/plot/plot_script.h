/*
 * One plot being written: NAME.gp, a gnuplot script with its datablocks, kept beside the
 * picture it draws (NAME.svg or NAME.png) so that it can be edited and drawn again. The plot
 * command is gathered apart while the datablocks are written, since gnuplot needs every
 * datablock defined before the plot that reads it.
 */
#ifndef ZSB_PLOT_SCRIPT_H
#define ZSB_PLOT_SCRIPT_H
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "runner/base/outfile.h"
#include "runner/report/plot/plot_ctx.h"

#define NAME_MAX_PLOT 160

struct script {
	FILE *f, *plot;
	char *plotbuf;
	size_t plotlen;
	char name[NAME_MAX_PLOT];
	struct out_file out; /* the script until it is whole, then renamed NAME.gp */
	int entries, blocks;
	int width, height; /* of the plot without its key */
	size_t keys, keylen; /* key entries, the longest in characters */
	size_t titlelen; /* the longest line of the title */
};

struct style {
	const char *colour; /* "rrggbb" */
	int dt, pt; /* dash type; point type on bold lines, 0 for none */
	int bold;
};

/* Begins dir/NAME.gp for a plot of width x height pixels before its key. */
int script_begin(struct plot_ctx *x, struct script *s, const char *name, int width, int height);
/* Closes the script, runs gnuplot on it (from our descriptor), puts it in its place as NAME.gp
 * and lists the picture as written. */
int script_end(struct plot_ctx *x, struct script *s);
/* Drops a script that will not be finished, and its file. */
void script_abort(struct plot_ctx *x, struct script *s);
/* The next element of the plot command, after its separator: where to write it. */
FILE *script_element(struct script *s);
/* The element's key entry; NULL: none. */
void script_key(struct script *s, const char *title);
/* A line of datablock block's column ycol against its first, styled, with its key entry. */
void script_trace(struct script *s, int block, int ycol, const struct style *st, size_t npoints,
		  const char *title);
/* A key entry that draws nothing: what thin and bold lines mean, the median trial chosen by
 * the metric by (plot_median_trial: its cell's primary). */
void script_legend(struct script *s, int thin, enum metric_id by);
/* A datablock of the script ($dN << EOD ... EOD): its number, for plot ... $dN. */
int datablock_begin(struct script *s);
void datablock_end(struct script *s);

#endif
