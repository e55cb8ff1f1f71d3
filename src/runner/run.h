/*
 * A run: the plan of cells (one per backend x compressor), their trials, and the state the
 * result file and the report are made from.
 */
#ifndef ZSB_RUN_H
#define ZSB_RUN_H
#include <limits.h>
#include <stddef.h>

#include "cgroup.h"
#include "journal.h"
#include "options.h"
#include "stats.h"
#include "swap.h"
#include "trial.h"
#include "workload.h"

struct cell {
	char label[64];               /* "disk", "zram:lz4" */
	const struct backend *backend;
	const char *comp;             /* NULL: the kernel's default */
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
	unsigned long long swap_size;
	struct workload_spec workload;  /* the hogger with its options, or the command */
	char *hogger_argv[16];
	char hogger_args[3][32];
	struct workload background;     /* --background: a hogger outside the cgroup */
	struct workload_spec background_spec;
	char *background_argv[8];
	char background_args[32];
};

/* The cross product of the configured axes; -errno. */
int plan_build(struct run *run);
void plan_free(struct run *run);
/* Statistics over a cell's measured, successful trials. */
void cell_update_stats(struct cell *cell);
const char *run_status_name(enum run_status s);

/* Everything after option parsing; returns the process exit status. */
int run_main(const struct config *cfg);

#endif
