/* What the views read of the results: a cell by label, its median trial, and the quantities
 * drawn per trial with their statistics. */
#ifndef ZSB_PLOT_CELLS_H
#define ZSB_PLOT_CELLS_H

#include "runner/result/results.h"

enum quantity {
	Q_ELAPSED,
	Q_CPU,
	Q_RATIO,
	Q_COUNT
};

/* The cell of r labelled label, or NULL. */
const struct result_cell *plot_find_cell(const struct results *r, const char *label);
/* The trial whose elapsed time is the cell's median; NULL when no counted trial has one. */
const struct trial *plot_median_trial(const struct result_cell *c);
/* A trial's q; NaN when it has none. */
double plot_quantity(const struct trial *t, enum quantity q);
/* The summary of q over the cell's counted trials; -ENODATA when none has it. */
int plot_cell_summary(const struct result_cell *c, enum quantity q, struct summary *s);
/* Whether a measured trial of the cell, failed or not, has q. */
int plot_cell_has(const struct result_cell *c, enum quantity q);

#endif
