/* One trial: fresh swap and cgroup, the workload inside it, counters around it, all undone after. */
#ifndef ZSB_TRIAL_H
#define ZSB_TRIAL_H
#include <stddef.h>
#include <stdint.h>

#include "runner/kernel/cgroup.h"
#include "runner/result/results.h"
#include "runner/swap/backend.h"
#include "runner/trial/workload.h"
#include "runner/undo/journal.h"

struct trial_setup {
	const struct cgroup_env *env;
	struct swap_device *dev;
	struct journal *journal;
	struct cgroup_limits limits;
	const char *cgroup_name;
	const struct workload_spec *workload;
	uint64_t alloc;                /* bytes all jobs will write: the curve's spacing and end */
	unsigned sample_ms;            /* how often cgroup swap is sampled for its peak */
	uint64_t timeout_ms;           /* 0: none */
	int extended;
	/* Where the trial is, for the progress line; may be NULL. */
	void (*on_phase)(void *arg, const char *phase, uint64_t bytes);
	void *phase_arg;
};

/* Returns 0 when the trial ran (whatever its status), -EINTR when a signal came before the
 * workload started, -errno when the setup failed; failed then names what (a path, and the
 * value written), for the message. The journal is rewound to where it was on every path. */
int trial_run(const struct trial_setup *setup, struct trial *t, char *failed, size_t failed_len);

#endif
