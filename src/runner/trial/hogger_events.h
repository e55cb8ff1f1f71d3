/* The hogger's reports (common/proto.h), read line by line into what a job has done. */
#ifndef ZSB_HOGGER_EVENTS_H
#define ZSB_HOGGER_EVENTS_H
#include <stdint.h>

/* What a hogger job reported, in CLOCK_MONOTONIC ns. */
struct hogger_events {
	uint64_t start, filled, accessed, done;
	uint64_t bytes;                    /* written so far */
	uint64_t fill_majflt, access_majflt; /* the hogger's own counts at those points */
	int got_filled, got_accessed, got_done, alloc_error;
};

/* One line without its newline; a line it does not know changes nothing. Returns 1 for a
 * progress line (the fill curve wants to know), else 0. */
int hogger_event_parse(const char *line, struct hogger_events *ev);

#endif
