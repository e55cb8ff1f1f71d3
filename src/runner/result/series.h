/*
 * The time series of a trial: every --interval, what the cgroup, the swap device, zram or zswap,
 * /proc/vmstat and PSI say, and how far the workload got. Memory stays bounded: at CAP points
 * the series keeps every other point and samples half as often from then on.
 */
#ifndef ZSB_SAMPLER_H
#define ZSB_SAMPLER_H
#include <stddef.h>
#include <stdint.h>

#define SERIES_CAP 2048

enum series_field {
	S_CGROUP_MEM, /* bytes: memory.usage_in_bytes / memory.current */
	S_CGROUP_SWAP, /* bytes */
	S_DEVICE_USED, /* bytes: /proc/swaps Used of our area */
	S_ZRAM_ORIG, /* bytes: mm_stat orig_data_size */
	S_ZRAM_COMPR, /* bytes: mm_stat compr_data_size */
	S_ZSWAP_STORED, /* pages: debugfs stored_pages */
	S_PSWPOUT, /* pages since the start of the trial */
	S_PSWPIN,
	S_PGMAJFAULT,
	S_PSI_SOME, /* system, microseconds stalled since the start */
	S_PSI_FULL,
	S_CG_PSI_SOME, /* the workload's cgroup */
	S_CG_PSI_FULL,
	S_PROGRESS, /* bytes the workload has written */
	S_COUNT
};

struct series {
	size_t n, cap; /* cap grows to SERIES_CAP, then the series decimates */
	unsigned stride; /* sample every stride-th tick: doubles at each decimation */
	unsigned long ticks;
	double *t; /* seconds since the release of the workload */
	double *v[S_COUNT];
	unsigned char have[S_COUNT];
};

/* What a field counts: what a plot multiplies it by to draw it in its own unit. */
enum series_unit {
	SERIES_BYTES,
	SERIES_PAGES, /* times the page size of the machine that measured it */
	SERIES_MICROSECONDS,
	SERIES_EVENTS,
};

/* The plot against time that draws a field; the fields of one plot in the order of the enum. */
enum series_plot {
	SERIES_PLOT_NONE,
	SERIES_PLOT_MEMORY,
	SERIES_PLOT_PSI
};

struct series_field_info {
	const char *key; /* in the result file: never renamed */
	enum series_unit unit;
	enum series_plot plot;
	const char *label; /* the plot's key entry; NULL when not drawn */
};

const struct series_field_info *series_field_info(enum series_field f);
/* Its key in the result file. */
const char *series_field_name(enum series_field f);
void series_init(struct series *s);
void series_free(struct series *s);
/* Called every tick; returns 1 when this tick is to be recorded. */
int series_due(struct series *s);
/* Appends one point; a field not present at this point is NaN there (have[f] says whether
 * the field was ever present). -ENOMEM. */
int series_add(struct series *s, double t, const double *values, const unsigned char *present);
/* What the arrays of a series of that many points added take (it grows by doubling to
 * SERIES_CAP): what a reader charges before it adds them. */
size_t series_size(size_t points);

#endif
