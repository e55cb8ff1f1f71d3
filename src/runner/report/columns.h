/*
 * Every table column, as util-linux's zramctl keeps its infos[]: an id, and a row of the table
 * below with the name --columns takes, how the column aligns and what it holds. A view lists
 * the ids it has and sets a cell by id, so a column that does not exist cannot be written;
 * --columns' names are turned into ids when they are typed, before a run.
 */
#ifndef ZSB_COLUMNS_H
#define ZSB_COLUMNS_H
#include <stddef.h>
#include <stdio.h>

enum column_id {
	/* a metric's statistics (-v) */
	COL_METRIC,
	COL_UNIT,
	COL_N,
	COL_MEAN,
	COL_STDDEV,
	COL_RSD,
	COL_MIN,
	COL_MEDIAN,
	COL_MAX,
	COL_CI,
	COL_MEDIAN_CI,
	COL_INTERVAL,
	/* a comparison */
	COL_BASE,
	COL_CHANGE,
	COL_NEW,
	COL_P,
	COL_SIG,
	COL_CI_LOW,
	COL_CI_HIGH,
	COL_CONFOUNDS,
	/* the short answer and the sweep's summary */
	COL_CELL,
	COL_ELAPSED,
	COL_THROUGHPUT,
	COL_CPU,
	COL_SWAP,
	COL_RAM,
	COL_RATIO,
	COL_VS_BEST,
	COL_VS_FIRST,
	/* a device measured itself: a block device's bandwidth, a filesystem's phases */
	COL_SETUP,
	COL_MODE,
	COL_READ,
	COL_WRITE,
	COL_IOPS,
	COL_P99,
	COL_SYS,
	COL_COMP_RATIO,
	COL_FLUSH,
	COL_TOTAL,
	COL_HELD,
	/* the long CSV: where a row comes from */
	COL_FILE,
	COL_HOST,
	COL_KERNEL,
	COL_BACKEND,
	COL_COMP,
	COL_JOBS,
	COL_LIMIT,
	COL_LIMIT_MODE,
	COL_DATA,
	COL_ACCESS,
	COL_ALLOC,
	COL_TRIAL,
	COL_WARMUP,
	COL_STATUS,
	COL_VALUE,
	/* where a run's time went (-v) */
	COL_PHASE,
	COL_SECONDS,
	COL_SHARE,
	COL_PER_TRIAL,
	COL_COUNT
};

struct column_info {
	const char *name; /* as --columns takes it and the heading shows it */
	int right; /* numbers align right */
	const char *help;
};

const struct column_info *column_info(enum column_id id);
/* The column called name (upper case, as the headings spell it), or -1. */
int column_find(const char *name);
/* --list-columns: every column, its name and what it holds, a line each, as util-linux's
 * tools list theirs under "Available output columns:". */
void report_column_list(FILE *out);
/* "METRIC, UNIT, ...", for the error message and the man page. */
const char *report_column_names(void);

/* --columns: the columns to print, in order; none: each table's own. As many as any list option. */
#define COLUMN_LIST_MAX 16
struct column_list {
	enum column_id v[COLUMN_LIST_MAX];
	size_t n;
	int add; /* -C +LIST: after the table's own columns, not in their place */
};

#endif
