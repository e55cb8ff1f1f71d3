/*
 * --pressure-target: a senpai-style controller (Meta's TMO, ASPLOS '22). While the workload
 * runs, memory.high of the trial's cgroup (v2) is moved once a second so that the cgroup's
 * memory pressure (PSI "some" over that second) stays near the target: lowered while the
 * pressure is below it, raised while above. The memory the workload settles in is what it
 * needs at that cost, and what the swap setup lets it give up.
 */
#ifndef ZSB_PRESSURE_H
#define ZSB_PRESSURE_H
#include <stdint.h>

#include "runner/kernel/cgroup.h"
#include "runner/result/results.h"

#define PRESSURE_SAMPLES 4096

struct pressure_ctl {
	double target_pct; /* 0: off */
	uint64_t last_ns, last_some_us;
	uint64_t high; /* what memory.high was last set to; 0: not yet */
	/* memory.current at each step, in bytes: doubles, as median_of takes them (exact up to
	 * 2^53 bytes) */
	double current[PRESSURE_SAMPLES];
	unsigned n, raised, lowered;
	int broken; /* a file could not be read or written: the controller stopped */
};

void pressure_start(struct pressure_ctl *c, double target_pct, const struct bench_cgroup *cg,
		    uint64_t now_ns);
/* Called at every tick: acts once a second. */
void pressure_tick(struct pressure_ctl *c, const struct bench_cgroup *cg, uint64_t now_ns);
/* settled_memory: the median of memory.current over the second half of the steps. */
void pressure_record(const struct pressure_ctl *c, struct trial *t);

#endif
