/* Before the first change: every check (exit 2 or 3 with one line), and the warnings. Nothing
 * here changes the machine or creates a file. */
#ifndef ZSB_PREFLIGHT_H
#define ZSB_PREFLIGHT_H
#include <limits.h>
#include <stddef.h>

#include "runner/cli/config.h"
#include "runner/kernel/cgroup.h"
#include "runner/run/plan.h"

/* What preflight learned about this machine. */
struct host {
	struct cgroup_env env;
	char hogger[PATH_MAX]; /* the hogger binary */
	char throttle_dev[32]; /* --disk-throttle: "MAJ:MIN" of the swapfile's disk */
};

/* Checks everything that can be checked without a change; returns an exit status or 0. */
int preflight(const struct config *cfg, struct host *host);
/* What is drawn at the end (--plot, --report): its folder or file's directory there now, not
 * after an hour of trials, and gnuplot installed. An exit status or 0. */
int preflight_drawing(const struct config *cfg);
/* What needs the plan's cells: each backend with the compressors its cells use, and the
 * memory against what the machine can spare (--background, zram's pages, which no cgroup
 * limit bounds). An exit status or 0; changes nothing. */
int preflight_plan(const struct config *cfg, const struct host *host, const struct plan *plan);
/* The parameters of a cell's swap device: its backend's settings, the run's swap size and
 * swapfile, the cgroup mode and kernel its checks need. */
struct swap_params swap_params_for(const struct config *cfg, const struct host *host,
				   const struct plan *plan, const struct plan_cell *cell,
				   struct swap_shared *shared);
/* What the user should know before trusting the numbers; other swap areas into other_swap. */
void warnings(const struct config *cfg, const struct host *host, const struct plan *plan,
	      char *other_swap, size_t len);

#endif
