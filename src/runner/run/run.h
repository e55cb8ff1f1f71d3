/*
 * A run: the plan of cells (one per backend x compressor), their trials, and the state the
 * result file and the report are made from.
 */
#ifndef ZSB_RUN_H
#define ZSB_RUN_H
#include <limits.h>
#include <stddef.h>

#include "runner/kernel/cgroup.h"
#include "runner/undo/journal.h"
#include "runner/cli/options.h"
#include "runner/result/stats.h"
#include "runner/swap/backend.h"
#include "runner/trial/trial.h"
#include "runner/trial/workload.h"

struct cell {
	char label[96];               /* "disk", "zram:lz4", "zswap:lzo jobs=2 limit=100M" */
	const struct backend *backend;
	const char *comp;             /* NULL: the kernel's default */
	uint64_t limit;
	unsigned jobs;
	uint64_t alloc;               /* what its hoggers write in all */
	struct workload_spec workload; /* the hogger with this cell's share, or the command */
	char *hogger_argv[20];
	char hogger_args[3][32];
	struct swap_device dev;
	struct trial *trials;
	size_t ntrials, cap;
	struct stats stats[M_COUNT];
	unsigned char have_stats[M_COUNT];
	unsigned failed;              /* measured trials that were not ok */
};

enum run_status { RUN_RUNNING, RUN_COMPLETE, RUN_INTERRUPTED, RUN_FAILED };

struct run {
	const struct config *cfg;
	struct cgroup_env env;
	struct cell *cells;
	size_t ncells;
	struct journal journal;
	enum run_status status;
	char error[PATH_MAX + 256];   /* why the run failed, when it did */
	char started[32];             /* ISO 8601, UTC */
	char output[PATH_MAX];
	char hogger[PATH_MAX];
	char swapfile[PATH_MAX];
	char other_swap[512];         /* swap areas that are not ours, as found */
	char throttle_dev[32];        /* --disk-throttle: "MAJ:MIN" of the swapfile's disk */
	unsigned long seed;           /* --order shuffled: the seed given, or one drawn and recorded */
	unsigned long long swap_size;
	struct swap_shared shared;      /* what the cells' swap devices share */
	struct schedule_entry { unsigned cell, trial; } *schedule; /* the order trials run in */
	size_t nschedule;
	struct workload background;     /* --background: a hogger outside the cgroup */
	struct workload_spec background_spec;
	char *background_argv[8];
	char background_args[32];
};

/* The cross product of the configured axes (backend x compressor x jobs x limit), each cell
 * with its workload, and the schedule of its trials (--order); -errno. */
int plan_build(struct run *run);
void plan_free(struct run *run);
/* Statistics over a cell's measured, successful trials. */
void cell_update_stats(struct cell *cell);
const char *run_status_name(enum run_status s);

/* Everything after option parsing; returns the process exit status. */
int run_main(const struct config *cfg);

#endif
