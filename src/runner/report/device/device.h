/*
 * A device measured itself (--target block or fs), as its views read the results: what the
 * run used its devices as, a cell's setup (its label without jobs and mode), the order of the
 * rows (jobs, then fio's modes as the plan runs them, then the setups as they came), and the
 * quantities a device is judged by, per trial, with their summaries. The views are
 * device_block.c, device_fs.c, device_held.c and device_compare.c (report.h); the comparisons
 * they make are device_tests.h's.
 */
#ifndef ZSB_DEVICE_H
#define ZSB_DEVICE_H
#include <stddef.h>
#include <stdio.h>

#include "runner/result/results.h"

/* What a row is judged by: one metric, or read + write of a mixed mode, whose two directions
 * are one fio job's and move together: their sum is what the device moved. */
struct device_qty {
	enum metric_id m[2];
	size_t n;
};

struct device_qty device_qty_of(enum metric_id m);
/* The bandwidth of the cell's mode: read, write, or both summed; -ENODATA for neither. */
int device_bandwidth(const struct result_cell *c, struct device_qty *q);
/* Whether more of q is better (bandwidth) or less (time, RAM). */
int device_higher_better(const struct device_qty *q);
/* "read", "write", "read + write", or the metric's key. */
const char *device_qty_name(const struct device_qty *q);
/* Whether fio's mode reads, writes: from the mode's name, else from what the cell measured. */
int device_mode_reads(const struct result_cell *c);
int device_mode_writes(const struct result_cell *c);

/* q over the counted trials (measured, ok, with every metric of q), in order; how many.
 * values holds c->ntrials. */
size_t device_values(const struct result_cell *c, const struct device_qty *q, double *values);
/* Their summary; -ENODATA when no trial has q, -ENOMEM. */
int device_summary(const struct result_cell *c, const struct device_qty *q, struct summary *s);

/* The cell's setup: its label without " jobs=N" and its mode ("zram", "zram:lz4"). */
const char *device_setup(const struct result_cell *c, char *buf, size_t len);
/* Whether r's cells are of more than one setup. */
int device_several_setups(const struct results *r);
/* The cells of r in the rows' order: jobs, fio's mode, then as they came. order holds ncells. */
void device_order(const struct results *r, size_t *order);

/* How a median's uncertainty is written in one table: the 95% interval of the median where
 * every cell has the trials for one (6), else the range of the trials. */
enum device_interval {
	INTERVAL_MEDIAN_CI,
	INTERVAL_RANGE
};
enum device_interval device_interval_of(const struct results *r);
/* "what the brackets hold", for the table's title. */
const char *device_interval_words(enum device_interval k);
/* "888.9 [842.1…888.9]" in m's display unit; "-" without a summary. */
const char *device_median_text(enum metric_id m, const struct summary *s, enum device_interval k,
			       char *buf, size_t len);

#endif
