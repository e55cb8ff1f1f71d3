/* What one trial is given: the cgroup mode, its swap device and journal, its cgroup's limits,
 * the workload, and how to sample it. */
#ifndef ZSB_TRIAL_SETUP_H
#define ZSB_TRIAL_SETUP_H
#include <stdint.h>

#include "runner/kernel/cgroup.h"
#include "runner/swap/backend.h"
#include "runner/trial/service.h"
#include "runner/trial/target.h"
#include "runner/trial/workload.h"
#include "runner/undo/journal.h"

struct workload_driver;

struct trial_setup {
	const struct cgroup_env *env;
	struct swap_device *dev;
	struct journal *journal;
	struct cgroup_limits limits;
	const char *cgroup_name;
	const struct workload_spec *workload;
	const struct workload_driver *driver; /* what runs it and records what only it knows */
	const char *driver_args; /* --workload's after "NAME:"; "" */
	const struct target_spec *target; /* what the device is used as: swap, block, fs */
	const struct service_spec *service; /* the workload is a server under a load; NULL: not */
	uint64_t alloc; /* bytes all jobs will write: the curve's spacing and end */
	unsigned sample_ms; /* how often cgroup swap is sampled for its peak */
	double pressure_target_pct; /* memory.high held at this PSI some; 0: not */
	uint64_t timeout_ms; /* 0: none */
	int extended;
	/* Where the trial is, for the progress line; may be NULL. */
	void (*on_phase)(void *arg, const char *phase, uint64_t bytes);
	void *phase_arg;
};

#endif
