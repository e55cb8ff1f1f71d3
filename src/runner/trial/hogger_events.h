/* The hogger's reports (common/proto.h), read line by line into what a job has done. */
#ifndef ZSB_HOGGER_EVENTS_H
#define ZSB_HOGGER_EVENTS_H
#include <stdint.h>

#include "common/histogram.h"
#include "common/proto.h"
/* Where a phase's histogram is: not sent, being received, received and consistent, refused. */
enum lat_state {
	LAT_NONE,
	LAT_OPEN,
	LAT_DONE,
	LAT_BAD
};

/* What a hogger job reported, in CLOCK_MONOTONIC ns. */
struct hogger_events {
	uint64_t start, filled, accessed, done;
	uint64_t bytes; /* written so far */
	uint64_t fill_majflt, access_majflt; /* the hogger's own counts at those points */
	uint64_t reads; /* a timed access: the reads it made ("worked") */
	int got_filled, got_accessed, got_done, got_worked, alloc_error;
	/* The sender is sandboxed and not trusted: a histogram counts only once hist_check
	 * passed on what was received. */
	struct histogram lat[LAT_COUNT];
	enum lat_state lat_state[LAT_COUNT];
	unsigned pokes; /* tabs: pokes answered */
	uint64_t poke_majflt; /* major faults over them */
	int poked; /* a "poked" line came in since the last look */
};

/* One line without its newline; a line it does not know changes nothing. Returns 1 for a
 * progress line (the fill curve wants to know), else 0. Histogram lines ("hist PHASE LOWER
 * COUNT", "histend PHASE TOTAL SUM MIN MAX OVERFLOW") rebuild ev->lat; "poked NS MAJFLT"
 * counts a tab's poke. */
int hogger_event_parse(const char *line, struct hogger_events *ev);

#endif
