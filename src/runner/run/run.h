/*
 * A run: the configuration, what preflight learned, the plan, one swap device per cell, the
 * undo journal, and the results the trials fill in.
 */
#ifndef ZSB_RUN_H
#define ZSB_RUN_H
#include <limits.h>
#include <stdio.h>

#include "runner/cli/config.h"
#include "runner/base/log.h"
#include "runner/result/results.h"
#include "runner/run/background.h"
#include "runner/run/placement.h"
#include "runner/run/plan.h"
#include "runner/run/preflight.h"
#include "runner/run/progress.h"
#include "runner/kernel/run_as.h"
#include "runner/swap/backend.h"
#include "runner/trial/hogger_argv.h"
#include "runner/trial/workload.h"
#include "runner/undo/journal.h"

struct run {
	const struct config *cfg;
	struct host host;
	struct plan plan;
	struct placement placement; /* where the workload runs, and the runner */
	struct swap_shared shared; /* what the cells' swap devices share */
	struct swap_device *devices; /* one per plan cell */
	size_t ndevices; /* made so far: released at the end */
	struct journal journal;
	struct results results; /* one result cell per plan cell, in the same order */
	struct failure failure;
	char output[PATH_MAX];
	char other_swap[512]; /* swap areas that are not ours, as found */
	char workdir[PATH_MAX]; /* where --setup and a command run; empty: none */
	struct run_as user; /* --user, looked up at the start; its name empty: root */
	struct background background; /* --background: a hogger outside the cgroup */
	struct progress progress;
	int said_no_pmu; /* the hardware counters' absence, said once */
	int stopped; /* a trial of COMMAND failed, and -i did not ask to go on */
	/* --min-trials: the level each look is tested at, and the trials a cell had when one
	 * decided (0: none did) */
	double look_level;
	unsigned decided_after;
	/* The run's clock: when its checks began and when its current phase did (clock_now_ns),
	 * and each phase's time so far, which every write of the file records. */
	uint64_t started_ns, phase_ns;
	double phase_s[RUN_PHASE_COUNT];
};

/* Everything after option parsing; returns the process exit status. */
int run_main(const struct config *cfg);

/* The results' cells, system and configuration for the plan (run_results.c). -ENOMEM. */
int run_results_init(struct run *run);
/* --dry-run: the plan and the changes it would make, from the backends' describe hooks. 0,
 * -ENOMEM or -EIO. */
int dry_run_print(const struct run *run, FILE *out);
/* --min-trials: the looks and where they stopped, into the results' plan. */
void run_results_note_sequential(struct run *run);
/* What a cell's device reported (algorithm, zpool, device) into its result cell. */
void run_results_note_device(struct run *run, size_t cell);

#endif
