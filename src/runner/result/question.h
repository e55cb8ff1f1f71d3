/*
 * What a run answers, by what its cells measured: one primary metric (elapsed for a swap run,
 * a service's throughput, a block device's bandwidth, a filesystem's total time) and the
 * secondary ones that add to it. The table is here, below the results model, so that the model
 * (a cell's outliers), the comparisons and every view read one answer.
 *
 * A sample is given as its M_COUNT flags of the metrics it has statistics of (a cell's
 * have_stats); two samples answer the first question whose metric both measured.
 */
#ifndef ZSB_QUESTION_H
#define ZSB_QUESTION_H
#include "runner/result/metrics.h"

struct question;

/* The question two samples answer; elapsed's when they share no other. */
const struct question *question_of(const unsigned char *has_a, const unsigned char *has_b);
/* Its primary metric for these samples (a block device's read and write: the one both have). */
enum metric_id question_primary(const struct question *q, const unsigned char *has_a,
				const unsigned char *has_b);
/* Whether m is one of the question's secondary metrics, the primary being primary. */
int question_secondary(const struct question *q, enum metric_id primary, enum metric_id m);
/* Whether m is a primary or a secondary metric of any question: the metrics that answer. */
int metric_is_key(enum metric_id m);

#endif
