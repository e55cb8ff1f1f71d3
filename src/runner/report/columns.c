#include "runner/report/columns.h"

#include <stdio.h>
#include <string.h>

/* Every view's columns: a table shows those of --columns that it has. */
static const struct column_info columns[COL_COUNT] = {
	[COL_METRIC] = { "METRIC", 0, "the metric, by its key in the result file" },
	[COL_UNIT] = { "UNIT", 0, "the metric's unit" },
	[COL_N] = { "N", 1, "trials in the statistics (the short answer: ok of measured)" },
	[COL_MEAN] = { "MEAN", 1, "the mean over the trials" },
	[COL_STDDEV] = { "STDDEV", 1, "the standard deviation" },
	[COL_RSD] = { "%STDDEV", 1, "the standard deviation relative to the mean" },
	[COL_MIN] = { "MIN", 1, "the smallest trial" },
	[COL_MEDIAN] = { "MEDIAN", 1, "the median trial" },
	[COL_MAX] = { "MAX", 1, "the largest trial" },
	[COL_CI] = { "CI", 1, "the 95% interval of the mean" },
	[COL_MEDIAN_CI] = { "MEDIAN-CI", 1, "the 95% interval of the median, from 6 trials" },
	[COL_INTERVAL] = { "INTERVAL", 1,
			   "the interval of the median: 95% from 6 trials, below that the range "
			   "and its coverage" },
	[COL_BASE] = { "BASE", 1,
		       "the base's median, and the spread of its trials (sd, % of the mean)" },
	[COL_CHANGE] = { "CHANGE", 1,
			 "the change of the median from base to new, with its interval" },
	[COL_NEW] = { "NEW", 1, "the new median, and the spread of its trials" },
	[COL_P] = { "P", 1, "the p-value of the change, corrected over its family" },
	[COL_SIG] = { "SIG", 0, "whether the change is significant" },
	[COL_CI_LOW] = { "CI-LOW", 1,
			 "a comparison's export: the change's interval, its low end (%)" },
	[COL_CI_HIGH] = { "CI-HIGH", 1,
			  "a comparison's export: the change's interval, its high end (%)" },
	[COL_CONFOUNDS] = { "CONFOUNDS", 0,
			    "a comparison's export: what the paired cells differ in that --match "
			    "left out" },
	[COL_CELL] = { "CELL", 0, "the cell's label: backend, compressor and the swept values" },
	[COL_ELAPSED] = { "ELAPSED", 1, "elapsed time, median" },
	[COL_THROUGHPUT] = { "THROUGHPUT", 1,
			     "operations per second, median (a service's, or a timed access's "
			     "reads): in its place of ELAPSED" },
	[COL_CPU] = { "CPU", 1, "CPU time of the workload, median" },
	[COL_SWAP] = { "SWAP", 1, "swap the cgroup used at its peak, median" },
	[COL_RAM] = { "RAM", 1, "RAM that held the swapped pages, median" },
	[COL_RATIO] = { "RATIO", 1, "what the RAM held against what it cost" },
	[COL_VS_BEST] = { "VS-BEST", 1,
			  "the change against the best cell: a sweep's elapsed time, a block "
			  "device's bandwidth at the same jobs and mode, a filesystem's total "
			  "time" },
	[COL_VS_FIRST] = { "VS-FIRST", 1,
			   "a sweep's change of elapsed time (a service's throughput) against its "
			   "first cell, the baseline the plan named before the run" },
	[COL_SETUP] = { "SETUP", 0,
			"a device's cell without its jobs and mode: backend, "
			"compressor, section" },
	[COL_MODE] = { "MODE", 0, "fio's I/O mode (seq-write, rand-read, seq-rw...)" },
	[COL_READ] = { "READ", 1,
		       "a block device's read bandwidth (MiB/s), a filesystem's read phase (s): "
		       "median" },
	[COL_WRITE] = { "WRITE", 1,
			"a block device's write bandwidth (MiB/s), a filesystem's write phase "
			"(s): median" },
	[COL_IOPS] = { "IOPS", 1, "fio's I/O operations per second, read + write: median" },
	[COL_P99] = { "P99", 1,
		      "fio's 99th percentile of completion latency (read / write in a mixed "
		      "mode): median" },
	[COL_SYS] = { "SYS", 1, "fio's system CPU, percent of its runtime: median" },
	[COL_COMP_RATIO] = { "COMP-RATIO", 1,
			     "a compressed device: data held / its compressed size, median" },
	[COL_FLUSH] = { "FLUSH", 1, "a filesystem's sync and cache drop after the write: median" },
	[COL_TOTAL] = { "TOTAL", 1, "a filesystem's write, flush and read phases: median" },
	[COL_HELD] = { "HELD", 1, "the data a compressed device held, median" },
	[COL_FILE] = { "FILE", 0, "the result file" },
	[COL_HOST] = { "HOST", 0, "the host it ran on" },
	[COL_KERNEL] = { "KERNEL", 0, "the kernel it ran on" },
	[COL_BACKEND] = { "BACKEND", 0, "the swap backend" },
	[COL_COMP] = { "COMP", 0, "the compressor used" },
	[COL_JOBS] = { "JOBS", 1, "processes in the cgroup" },
	[COL_LIMIT] = { "LIMIT", 1, "the cgroup's memory limit, bytes" },
	[COL_LIMIT_MODE] = { "LIMIT-MODE", 0, "max or high" },
	[COL_DATA] = { "DATA", 0, "the data pattern" },
	[COL_ACCESS] = { "ACCESS", 0, "the access phase" },
	[COL_ALLOC] = { "ALLOC", 1, "the allocation, bytes" },
	[COL_TRIAL] = { "TRIAL", 1, "the trial's number" },
	[COL_WARMUP] = { "WARMUP", 0, "whether the trial was a warmup" },
	[COL_STATUS] = { "STATUS", 0, "the trial's status" },
	[COL_VALUE] = { "VALUE", 1,
			"the metric's value in its unit; in a device comparison, each file's "
			"median, headed by the file's name" },
	[COL_PHASE] = { "PHASE", 0, "a phase of the run or of its trials (-v's time budget)" },
	[COL_SECONDS] = { "SECONDS", 1, "the phase's wall time in all, seconds" },
	[COL_SHARE] = { "SHARE", 1, "the phase's share of the run's wall time" },
	[COL_PER_TRIAL] = { "PER-TRIAL", 1, "a trial's phase: its mean over the trials, seconds" },
};

const struct column_info *column_info(enum column_id id)
{
	return &columns[id];
}

int column_find(const char *name)
{
	for (int id = 0; id < COL_COUNT; id++)
		if (strcmp(columns[id].name, name) == 0)
			return id;
	return -1;
}

const char *report_column_names(void)
{
	static char list[COL_COUNT * 16];
	size_t at = 0;

	if (!list[0])
		for (int id = 0; id < COL_COUNT && at < sizeof(list); id++)
			at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s", id ? ", " : "",
					       columns[id].name);
	return list;
}

void report_column_list(FILE *out)
{
	fputs("Available output columns:\n", out);
	for (size_t i = 0; i < COL_COUNT; i++)
		fprintf(out, "%12s  %s\n", columns[i].name, columns[i].help);
}
