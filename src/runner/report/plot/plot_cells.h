/* What the views read of the results: a cell by label, its median trial, and the metrics
 * drawn per trial with their statistics. */
#ifndef ZSB_PLOT_CELLS_H
#define ZSB_PLOT_CELLS_H

#include "runner/result/results.h"

/* The cell of r labelled label, or NULL. */
const struct result_cell *plot_find_cell(const struct results *r, const char *label);
/* The trial whose value of the cell's primary metric is the cell's median; NULL when no counted
 * trial has one. */
const struct trial *plot_median_trial(const struct result_cell *c);
/* A trial's value of m as the tables read it; CPU time (M_CPU_TIME) as user + sys only in a
 * trial that holds none of its own, as files before cpu_time do; NaN when it has none. */
double plot_quantity(const struct trial *t, enum metric_id m);
/* The summary of m over the cell's counted trials; -ENODATA when none has it. */
int plot_cell_summary(const struct result_cell *c, enum metric_id m, struct summary *s);
/* A cell as every plot draws it: what the verdict decided on, the median of its trials, and
 * the interval the views give that median. */
struct plot_point {
	double median, lo, hi;
	double cover; /* of [lo, hi]: the confidence, or a range's 1 - 2^(1-n); 0 for one trial */
	int range; /* [lo, hi] is the range of the trials: too few for the confidence's interval */
	size_t n; /* the trials */
};
/* s drawn: its median within summary_median_interval's bounds (one trial's: the median). */
void plot_point_of(const struct summary *s, struct plot_point *p);
/* Whether a measured trial of the cell, failed or not, has m. */
int plot_cell_has(const struct result_cell *c, enum metric_id m);

#endif
