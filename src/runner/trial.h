/* One trial: fresh swap and cgroup, the hogger inside it, counters around it, all undone after. */
#ifndef ZSB_TRIAL_H
#define ZSB_TRIAL_H
#include <stdint.h>

#include "cgroup.h"
#include "journal.h"
#include "metrics.h"
#include "swap.h"

enum trial_status { TRIAL_OK, TRIAL_OOM, TRIAL_FAILED, TRIAL_INTERRUPTED };

struct trial {
	unsigned index;           /* 1-based within the cell, warmups included */
	int warmup;
	enum trial_status status;
	char note[256];           /* why it failed, in words */
	double value[M_COUNT];
	unsigned char have[M_COUNT];
};

struct trial_setup {
	const struct cgroup_env *env;
	struct swap_device *dev;
	struct journal *journal;
	uint64_t limit, swap_limit;
	const char *cgroup_name;
	char *const *hogger_argv;      /* argv[0] is the hogger's path */
	int drop_privileges;           /* run the hogger as uid/gid below */
	unsigned uid, gid;
	unsigned sample_ms;            /* how often cgroup swap is sampled for its peak */
};

/* Returns 0 when the trial ran (whatever its status), -EINTR when a signal came before the
 * hogger started, -errno when the setup failed; failed then names what (a path), for the
 * message. The journal is rewound to where it was on every path. */
int trial_run(const struct trial_setup *setup, struct trial *t, char *failed, size_t failed_len);
const char *trial_status_name(enum trial_status s);

#endif
