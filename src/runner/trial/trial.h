/* One trial: fresh swap and cgroup, the workload inside it, counters around it, all undone after. */
#ifndef ZSB_TRIAL_H
#define ZSB_TRIAL_H
#include <stddef.h>
#include <stdint.h>

#include "runner/kernel/cgroup.h"
#include "runner/trial/extended.h"
#include "runner/undo/journal.h"
#include "runner/result/metrics.h"
#include "runner/trial/series.h"
#include "runner/swap/backend.h"
#include "runner/trial/workload.h"

enum trial_status { TRIAL_OK, TRIAL_OOM, TRIAL_FAILED, TRIAL_INTERRUPTED };

/* Validity: each a warning in the table and a flag in the result file. */
enum {
	TRIAL_FLAG_NEVER_SWAPPED = 1 << 0,   /* nothing reached swap: the limit was not binding */
	TRIAL_FLAG_SWAP_MISMATCH = 1 << 1,   /* cgroup swap and /proc/vmstat disagree */
	TRIAL_FLAG_DEVICE_FULL = 1 << 2,     /* the swap device filled up */
	TRIAL_FLAG_PRESSURE_BEFORE = 1 << 3, /* the machine was short of memory before it began */
	TRIAL_FLAG_OUTLIER = 1 << 4,         /* elapsed far from its cell's median (MAD) */
	TRIAL_FLAG_SLOW_FIRST = 1 << 5,      /* first measured trial much slower: use --warmup */
	TRIAL_FLAG_COUNT = 6
};

/* One process of the workload, as it ended. */
struct job_result {
	enum trial_status status;
	double fill, access, elapsed;   /* seconds; negative when not reported */
	double user, sys;
	uint64_t majflt, bytes;
	char note[200];
};

/* How swap grew while the workload wrote: bounded, about 256 points a trial. */
struct curve_point {
	double t;                 /* seconds since the release */
	uint64_t bytes;           /* written by all jobs */
	uint64_t swap;            /* cgroup swap at that moment */
};

struct trial {
	unsigned index;           /* 1-based within the cell, warmups included */
	int warmup;
	enum trial_status status;
	char note[256];           /* why it failed, in words */
	double value[M_COUNT];
	unsigned char have[M_COUNT];
	unsigned char unavailable[M_COUNT]; /* counters this machine lacks: not zero, absent */
	struct job_result *jobs;
	unsigned njobs;
	struct curve_point *curve;
	size_t ncurve;
	struct series *series;    /* NULL with --interval 0 */
	struct extended *extended; /* --extended: raw files before and after; else NULL */
	unsigned flags;           /* TRIAL_FLAG_*: what makes this trial's numbers doubtful */
	double outlier_z;         /* modified z-score of its elapsed time within its cell */
};

struct trial_setup {
	const struct cgroup_env *env;
	struct swap_device *dev;
	struct journal *journal;
	struct cgroup_limits limits;
	const char *cgroup_name;
	const struct workload_spec *workload;
	uint64_t alloc;                /* bytes all jobs will write: the curve's spacing and end */
	unsigned sample_ms;            /* how often cgroup swap is sampled for its peak */
	unsigned timeout_s;            /* 0: none */
	int extended;
};

/* Returns 0 when the trial ran (whatever its status), -EINTR when a signal came before the
 * workload started, -errno when the setup failed; failed then names what (a path), for the
 * message. The journal is rewound to where it was on every path. */
int trial_run(const struct trial_setup *setup, struct trial *t, char *failed, size_t failed_len);
void trial_free(struct trial *t);
const char *trial_status_name(enum trial_status s);

#endif
