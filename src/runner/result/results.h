/*
 * What a run measured, as plain data: its cells, their trials and statistics, the system and
 * the configuration. Nothing here points into the run, so a result file read back from disk
 * (json_read.h) is the same thing as a run in progress, and the JSON writer, the tables and
 * the comparisons take only this.
 */
#ifndef ZSB_RESULTS_H
#define ZSB_RESULTS_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "common/histogram.h"
#include "common/proto.h"
#include "runner/base/sizes.h"
#include "runner/result/metrics.h"
#include "runner/result/series.h"
#include "runner/result/statistics.h"

struct json_object;

#define RESULT_FORMAT "zswapbench-result"
#define RESULT_FORMAT_VERSION 2

enum trial_status {
	TRIAL_OK,
	TRIAL_OOM,
	TRIAL_FAILED,
	TRIAL_INTERRUPTED,
	TRIAL_STATUS_COUNT
};

/* Validity: each a warning in the table and a flag in the result file. */
enum trial_flag {
	TRIAL_FLAG_NEVER_SWAPPED = 1 << 0, /* nothing reached swap: the limit was not binding */
	TRIAL_FLAG_SWAP_MISMATCH = 1 << 1, /* cgroup swap and /proc/vmstat disagree */
	TRIAL_FLAG_DEVICE_FULL = 1 << 2, /* the swap device filled up */
	TRIAL_FLAG_PRESSURE_BEFORE = 1 << 3, /* the machine was short of memory before it began */
	TRIAL_FLAG_OUTLIER = 1 << 4, /* its primary metric far from its cell's median (MAD) */
	TRIAL_FLAG_SLOW_FIRST = 1 << 5, /* first measured trial much worse: use --warmup */
	TRIAL_FLAG_OTHER_CPUS = 1 << 6, /* ran on other CPUs than its cell's first trial */
	TRIAL_FLAG_COUNT = 7
};

/* One process of the workload, as it ended. */
struct job_result {
	enum trial_status status;
	double fill, access, elapsed; /* seconds; negative when not reported */
	double user, sys;
	uint64_t majflt, bytes;
	int cpu; /* where it last ran; -1: unknown */
	int64_t migrations; /* moves between CPUs; -1: unknown */
	int born_inside; /* created in its cgroup (clone3), not moved there; -1: unknown */
	char *output; /* a command's output, its tail; NULL for the hogger (owned) */
	int output_cut; /* what came before the tail is not kept */
	char note[200];
};

/* How swap grew while the workload wrote: bounded, about 256 points a trial. */
struct curve_point {
	double t; /* seconds since the release */
	uint64_t bytes; /* written by all jobs */
	uint64_t swap; /* cgroup swap at that moment */
};

/* --extended (the seeds' EXTENDED_LOG): raw kernel files before and after the trial. */
enum extended_file {
	X_MM_STAT,
	X_IO_STAT,
	X_DEBUG_STAT,
	X_BUDDYINFO,
	X_VMSTAT,
	X_MEMINFO,
	X_COUNT
};
struct extended {
	char *before[X_COUNT]; /* NULL where the file is not there (zram files for disk) */
	char *after[X_COUNT];
};

/* Where the runner's own time goes around a trial (make bench reports it). */
enum trial_phase {
	PHASE_SWAP, /* the backend's start: swapfile, mkswap, swapon, zram's attributes */
	PHASE_CGROUP, /* the cgroup created with its limits */
	PHASE_SPAWN, /* the workload's processes forked and moved in */
	PHASE_QUIET, /* the quiet window that measures outside pressure (deliberate) */
	PHASE_RECORD, /* counters read and metrics made after the workload exited */
	PHASE_TEARDOWN, /* the journal's rewind: swapoff, reset, rmdir, unlink */
	PHASE_SAVE, /* the result file rewritten */
	PHASE_PREPARE, /* --prepare, before the trial: the user's, not the runner's */
	PHASE_CLEANUP, /* --cleanup, after it */
	PHASE_PROBE, /* the reference probe before the trial's device and cgroup */
	PHASE_WORKLOAD, /* from the workload's release to its end: the measured span */
	PHASE_STATS, /* after the trial: its cell's statistics, its device noted, its line */
	PHASE_COUNT
};

/* The run's own wall time by phase, seconds, around and between the trials: with the trials'
 * phases (struct trial's phase_s), where a run's time went. */
enum run_phase {
	RUN_PHASE_PLAN, /* the checks, the plan, the CPUs chosen */
	RUN_PHASE_START, /* the lock, the machine's facts, the result file's first write */
	RUN_PHASE_SETUP, /* the run's parameters, each cell's device, --setup, --background */
	RUN_PHASE_TRIALS, /* the schedule: every trial with its phases, and between them */
	RUN_PHASE_REWIND, /* the journal rewound at the end: devices, files and folders undone */
	RUN_PHASE_ANSWER, /* the answer computed and printed, before the file's last write */
	RUN_PHASE_COUNT
};

struct run_budget {
	double wall; /* from the start of the checks to the last write of the file; 0: unknown */
	double phase_s[RUN_PHASE_COUNT];
};

struct trial {
	unsigned index; /* 1-based within the cell, warmups included */
	/* Which run it belongs to, 0-based, where a cell pools the trials of several runs
	 * (result/group.c); 0 in a run's own file. */
	unsigned run;
	int warmup;
	enum trial_status status;
	char note[256]; /* why it failed, in words */
	double value[M_COUNT];
	unsigned char have[M_COUNT];
	unsigned char unavailable[M_COUNT]; /* counters this machine lacks: not zero, absent */
	struct job_result *jobs;
	unsigned njobs;
	struct curve_point *curve;
	size_t ncurve;
	struct series *series; /* NULL with --interval 0 */
	struct extended *extended; /* --extended: raw files before and after; else NULL */
	unsigned flags; /* TRIAL_FLAG_*: what makes this trial's numbers doubtful */
	char cpus[64]; /* the CPUs its jobs ended on ("1", "0-1"); empty: unknown */
	struct histogram
		*lat[LAT_COUNT]; /* every job's latencies merged, exactly; NULL: none (owned) */
	double outlier_z; /* modified z-score of its cell's primary metric within its cell */
	double phase_s[PHASE_COUNT]; /* the runner's time in each phase, seconds */
};

/* A setting the cell has of its own, a value of a knob axis: "swappiness" "10". */
#define CELL_KNOBS_MAX 4
struct cell_knob {
	char name[32]; /* the option's */
	char value[48]; /* as typed */
};

/* One point of the sweep and what its trials measured. */
struct result_cell {
	char label[96]; /* "disk", "zram:lz4", "zswap:lzo jobs=2 limit=100M" */
	char backend[16];
	char comp[32]; /* asked for; empty: the kernel's default */
	char comp_used[64]; /* what the kernel reports as selected */
	char zpool_used[32];
	char device[PATH_MAX];
	uint64_t limit;
	unsigned jobs;
	char mode[16]; /* a block device's fio mode ("seq-read"); empty: none */
	struct cell_knob knobs[CELL_KNOBS_MAX]; /* its own settings, in the axes' order */
	unsigned nknobs;
	uint64_t alloc; /* what its workload writes in all */
	struct trial *trials;
	size_t ntrials, cap;
	struct summary stats[M_COUNT];
	unsigned char have_stats[M_COUNT];
	unsigned failed; /* measured trials that were not ok */
	unsigned measured; /* measured trials (not warmups), ok or not */
};

enum run_status {
	RUN_RUNNING,
	RUN_COMPLETE,
	RUN_INTERRUPTED,
	RUN_FAILED,
	RUN_STATUS_COUNT
};

#define RESULT_RUN_ID_LEN 32

/* The page size of a file that does not record it: every such file was written on x86_64,
 * the only machine zswapbench ran on before the field was added. */
#define RESULT_PAGE_SIZE_UNRECORDED 4096

struct result_system {
	char kernel[128], kernel_build[256], arch[65], hostname[256];
	int cpus;
	uint64_t mem_total;
	uint64_t page_size; /* bytes: the unit of the counters in pages (zswap's stored_pages) */
	char cgroup_mode[16];
	char other_swap[512]; /* swap areas that were not ours, space-separated */
	struct json_object
		*facts; /* what `zswapbench sysinfo` reads, taken before the first change (owned) */
};

struct results {
	int format_version;
	char tool_version[32];
	enum run_status status;
	/* why the run failed, when it did: the failure and its strerror */
	char error[MSG_LEN + 128];
	double alpha, noise_pct; /* what a significant change is, for comparisons */
	char started[32]; /* ISO 8601, UTC */
	/* 32 hex digits drawn when the run started: what makes two files one run. "" in files
	 * from before it was written. */
	char run_id[RESULT_RUN_ID_LEN + 1];
	char updated[32];
	struct result_system system;
	struct json_object *config; /* the options, keyed by option name (owned) */
	struct json_object *plan; /* what the run derived: seed, swap size, swapfile... (owned) */
	struct result_cell *cells;
	size_t ncells;
	struct run_budget budget; /* zeroes in a file from before it was recorded */
};

void results_init(struct results *r);
void results_free(struct results *r);
/* A new cell at the end; NULL when out of memory. */
struct result_cell *results_add_cell(struct results *r);
/* A new, zeroed trial at the end of the cell; NULL when out of memory. */
struct trial *cell_add_trial(struct result_cell *c);
/* Room for n trials in all, no more: a reader that knows how many. -ENOMEM. */
int cell_reserve_trials(struct result_cell *c, size_t n);
/* Drops the cell's last trial (one that never ran). */
void cell_drop_trial(struct result_cell *c);
/* Statistics over the cell's measured, successful trials, and the flags that compare trials
 * with their cell (outlier, slow-first) by its primary metric. */
void cell_update_stats(struct result_cell *c);
/* The primary metric of the question the cell answers by what it measured (question.h): a
 * service's throughput, a filesystem's total time, a block device's bandwidth, else elapsed;
 * compare_primary of the cell with itself. What a view shows a cell by, in its direction. */
enum metric_id cell_primary(const struct result_cell *c);
/* The set's: its first cell's that measured one (a cell whose every trial failed has none). */
enum metric_id results_primary(const struct results *r);
void trial_set(struct trial *t, enum metric_id id, double v);
/* The metric's values over the measured, successful trials (values holds ntrials). */
size_t cell_values(const struct result_cell *c, enum metric_id m, double *values);
/* The median of the metric in each run the cell pools, in the order of the runs (medians holds
 * ntrials); how many runs have the metric. */
size_t cell_run_medians(const struct result_cell *c, enum metric_id m, double *medians);
/* How many runs of the cell have the metric. */
size_t cell_runs(const struct result_cell *c, enum metric_id m);
void trial_free(struct trial *t);

/* One run read twice (a file and a copy of it): the same run id, kernel and configuration (a
 * file from before run ids: the same start, host, kernel and configuration). Its cells' trials
 * share their conditions; two runs' do not. */
int results_same_run(const struct results *a, const struct results *b);
enum device_kind {
	DEVICE_SWAP,
	DEVICE_BLOCK,
	DEVICE_FS
};

/* What the run used its devices as (--target); a file from before --target measured swap. */
enum device_kind device_kind_of(const struct results *r);
/* Whether two options' values are the same setting: numbers by value (a tool that rewrites
 * 0.0 as 0, as jq does, changes no setting), anything else as JSON or by its text ("1" and 1). */
int config_value_same(struct json_object *a, struct json_object *b);
/* An option of the run's configuration as text ("" when absent or null). */
const char *results_config_text(const struct results *r, const char *key, char *buf, size_t len);

const char *trial_status_name(enum trial_status s);
const char *run_status_name(enum run_status s);
/* The flag's name in the result file ("never-swapped") and its sentence for the table, of a
 * trial of c (an outlier's names the metric c's trials were judged by; buf holds it). */
const char *trial_flag_name(unsigned bit_index);
const char *trial_flag_text(unsigned bit_index, const struct result_cell *c, char *buf, size_t len);
const char *extended_name(enum extended_file f);
const char *trial_phase_name(enum trial_phase p);
const char *run_phase_name(enum run_phase p);
/* Reverse lookups for the reader: -1 when unknown. */
int trial_status_from_name(const char *name);
int run_status_from_name(const char *name);
int trial_flag_from_name(const char *name);

#endif
