/* What the bars of a plot of cells are, and how the plot says so: each cell's median with the
 * interval of the median the verdict uses, or the range of its trials where they are too few
 * for it (plot_point_of). The title names which; where a plot has both, a ring marks the
 * ranges. */
#ifndef ZSB_PLOT_BARS_H
#define ZSB_PLOT_BARS_H
#include <stddef.h>
#include <stdio.h>

#include "runner/report/plot/plot_cells.h"
#include "runner/report/plot/plot_script.h"

/* The cells a plot drew, by their bars. */
struct plot_bars {
	size_t interval, range, single; /* single: one trial, no bar */
	double cover; /* the least coverage of a range; 1 while there is none */
};

#define PLOT_BARS_INIT                                                                             \
	{                                                                                          \
		.cover = 1                                                                         \
	}

void plot_bars_add(struct plot_bars *b, const struct plot_point *p);
/* A datablock's row: x, the median, its bounds, their coverage, 1 where they are the range. */
void plot_bars_row(FILE *f, double x, const struct plot_point *p);
/* What the bars are, for the title: "bars: the 95% interval of the median", ... */
const char *plot_bars_text(const struct plot_bars *b, char *buf, size_t len);
/* Where the plot has both kinds: the ranges of datablock id (rows of plot_bars_row) ringed. */
void plot_bars_rings(struct script *s, const struct plot_bars *b, int id, const char *colour);
/* The key entry of the rings, once a plot that has them. */
void plot_bars_ring_key(struct script *s, const struct plot_bars *b);

#endif
