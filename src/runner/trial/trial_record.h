#ifndef ZSB_TRIAL_RECORD_H
#define ZSB_TRIAL_RECORD_H

#include "runner/kernel/mthp.h"
#include "runner/kernel/vmstat.h"
#include "runner/trial/perf.h"
#include "runner/trial/watch.h"

/* Everything a finished trial measured into t, and its status (the worst of its jobs'). */
void trial_record(struct trial *t, const struct watch *wt, const struct perf_set *perf,
		  const struct vmstat_snap *before, const struct vmstat_snap *after);

/* Each mTHP size's counters over the trial (kernel/mthp.h), as metrics: the rise from before to
 * after, or unavailable where the kernel lacks the counter or its size's folder, never 0. */
void trial_record_mthp(struct trial *t, const struct mthp_snap *before,
		       const struct mthp_snap *after);

#endif
