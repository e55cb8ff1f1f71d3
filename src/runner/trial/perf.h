/* Counters per trial through perf_event_open, inherited by the workload's threads and children
 * and started at its exec. Counters this machine lacks (hardware ones in a VM without a PMU)
 * are reported as unavailable, never as zero. */
#ifndef ZSB_PERF_H
#define ZSB_PERF_H
#include <stdint.h>
#include <sys/types.h>

#include "runner/result/metrics.h"

#define PERF_MAX_PIDS 256

struct perf_set {
	int fd[M_COUNT][PERF_MAX_PIDS]; /* per metric, per workload process; -1 */
	unsigned npids;
	unsigned char opened[M_COUNT]; /* at least one fd of that metric */
	unsigned char unavailable[M_COUNT];
};

/* Opens every counter on every pid (each still before its exec). */
void perf_open(struct perf_set *p, const pid_t *pids, unsigned npids);
/* Sums each counter over the pids, scaled when multiplexed; 0 or -errno per metric. */
int perf_value(const struct perf_set *p, enum metric_id m, double *value);
void perf_close(struct perf_set *p);
/* Is m one of the perf metrics? */
int perf_metric(enum metric_id m);

#endif
