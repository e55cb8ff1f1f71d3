/*
 * sysbench's latency histogram (--histogram=on), printed before its summary: a header, then a
 * row per bucket that holds events, lowest first ("0.642 |*****   1879"). Its head is what a
 * cut takes first, so a histogram whose header is gone is still read: the events its summary
 * counts and its rows do not were in the rows cut away, all below the first row kept, which
 * leaves every percentile above them exact.
 */
#ifndef ZSB_LOADGEN_SYSBENCH_HIST_H
#define ZSB_LOADGEN_SYSBENCH_HIST_H
#include <stddef.h>

#include "runner/loadgen/loadgen.h"
#include "runner/loadgen/text.h"

/* A histogram's rows in the text: from the first row's start to the last's end. */
struct sb_rows {
	const char *first, *end;
	int whole; /* its header was there: no row was cut away */
};

struct sb_hist {
	struct sb_rows cur; /* the histogram last seen */
	struct sb_rows mine; /* the one printed before the last summary */
	int open; /* cur's rows are being read */
	int closed; /* cur ended after the last summary's 'transactions:' line */
	int have_mine;
	unsigned long long events; /* the last summary's 'total number of events:' */
	int have_events;
};

/* Each line of the text, in order, before anything else reads it: 1 when it is the
 * histogram's, 0 when not, -EINVAL with why for a row that is malformed. */
int sb_hist_line(struct sb_hist *h, struct span line, size_t index, char *why, size_t why_len);
/* At each summary's 'transactions:' line: the histogram just before it is that summary's. */
void sb_hist_summary(struct sb_hist *h);
/* P50, P95 and P99 of the last summary's histogram into r, those the cut left exact. */
int sb_hist_percentiles(const struct sb_hist *h, struct load_result *r, char *why, size_t why_len);

#endif
