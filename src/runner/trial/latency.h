/* A trial's latencies: every job's histograms, received and checked (hogger_events.c),
 * merged exactly into the trial's, and the percentiles a user feels as metrics. */
#ifndef ZSB_LATENCY_H
#define ZSB_LATENCY_H

#include "runner/result/results.h"
#include "runner/trial/workload.h"

/* After the jobs' record (it uses the access phase's major faults). A phase that a job sent
 * inconsistent (or no job sent) gives no latency metric. 0 or -ENOMEM. */
int latency_record(struct trial *t, const struct workload *w);
/* The percentile metrics of a histogram of phase p into t (µs). */
void latency_metrics(struct trial *t, enum lat_phase p, const struct histogram *h);

#endif
