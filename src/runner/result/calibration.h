/*
 * What "no change" looks like on this machine: the same configuration run K times as
 * independent runs (zswapbench calibrate), and the spread of their medians. Two runs of one
 * setup differ by more than the trials within a run do; with one run a side, compare tests a
 * change between two files of that host and configuration against this spread (t on the logs,
 * K - 1 degrees of freedom), and without it does not test at all. The calibrations live in
 * one JSON file, an entry per host, configuration (the cell's match key) and metric.
 */
#ifndef ZSB_CALIBRATION_H
#define ZSB_CALIBRATION_H
#include <stddef.h>

#include "runner/base/sizes.h"
#include "runner/result/metrics.h"
#include "runner/result/results.h"

struct calibration_entry {
	char host[256], kernel[128], shape[PATH_LEN], date[32];
	enum metric_id metric;
	double threshold_pct; /* the 90th percentile of |change| between two runs' medians */
	/* The standard deviation of log(median) over the runs: what compare tests a change
	 * between two single runs against, with runs - 1 degrees of freedom. */
	double run_sd_log;
	double within_pct; /* the median %stddev of a run's trials */
	double median; /* the median of the runs' medians, in the metric's unit */
	unsigned runs, trials;
};

struct calibration {
	struct calibration_entry *entries;
	size_t n;
};

/* A cell's configuration as calibrations are keyed: "zram:lz4, limit 50M, jobs 1, data
 * compressible:50, access fill, alloc 300M" (the same cells compare matches). */
const char *calibration_shape(const struct results *r, const struct result_cell *c, char *buf,
			      size_t len);
/* The entries K runs of one configuration give: per cell and key metric. -EINVAL when the
 * runs do not have the same cells or fewer than 3 runs measured a cell; -ENOMEM. */
int calibration_compute(const struct results *const *runs, size_t k, struct calibration *out);
/* Reads the file; a missing file is an empty calibration. -EINVAL names nothing: the caller
 * says which file. */
int calibration_load(const char *path, struct calibration *c);
/* Adds the entries of add, replacing those of the same host, configuration and metric, and
 * writes the file atomically. */
int calibration_store(const char *path, const struct calibration *add);
/* The entry for this host, configuration and metric, or NULL. */
const struct calibration_entry *calibration_find(const struct calibration *c, const char *host,
						 const char *shape, enum metric_id m);
void calibration_free(struct calibration *c);

#endif
