/* What the runner watches while a trial's workload runs: the swap peak, the sample at
 * "filled" (or at the swap peak, for a command), the fill curve, and the time series. */
#ifndef ZSB_WATCH_H
#define ZSB_WATCH_H
#include <stdint.h>

#include "runner/kernel/cgroup.h"
#include "runner/kernel/vmstat.h"
#include "runner/kernel/psi.h"
#include "runner/result/results.h"
#include "runner/swap/backend.h"
#include "runner/trial/pressure.h"
#include "runner/trial/setup.h"
#include "runner/trial/workload.h"

struct watch {
	const struct trial_setup *s;
	const struct bench_cgroup *cg;
	struct workload *w;
	struct trial *t;
	uint64_t swap_peak;
	/* Read when every job is filled (a hogger), or at the swap peak (a command): zram mm_stat
	 * and cgroup swap drop to nothing when the workload exits. */
	int sampled;
	uint64_t seen, go;
	uint64_t cgroup_swap;
	int have_cgroup_swap;
	struct swap_sample dev;
	struct vmstat_snap mid;
	int have_mid;
	uint64_t next_curve_bytes;
	/* The series counts from these: the trial's start. */
	struct vmstat_snap start;
	struct psi psi_start, cg_psi_start;
	int have_psi, have_cg_psi;
	double psi_before_pct; /* share of a quiet window before the release spent stalled */
	uint64_t device_used_max, device_size; /* our device's fill, seen at every tick */
	struct pressure_ctl pressure; /* --pressure-target's controller */
};

/* Records where the series starts from (vmstat, PSI): call just before the release. */
/* Outside pressure over the window from since_ns (when *before was read) to now, slept to at
 * least its least length: psi_before_pct, or -1 without PSI (before NULL). */
void watch_quiet(struct watch *wt, const struct psi *before, uint64_t since_ns);
void watch_start(struct watch *wt);
void watch_tick(void *arg);
void watch_progress(void *arg, uint64_t total, uint64_t ns);
void watch_filled(void *arg);

#endif
