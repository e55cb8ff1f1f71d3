#include "runner/trial/hogger_events.h"

#include <stdio.h>
#include <string.h>

int hogger_event_parse(const char *line, struct hogger_events *ev)
{
	unsigned long long a, b, c;

	if (sscanf(line, "start %llu", &a) == 1) {
		ev->start = a;
	} else if (sscanf(line, "progress %llu %llu", &a, &b) == 2) {
		ev->bytes = a;
		return 1;
	} else if (sscanf(line, "filled %llu %llu %llu", &a, &b, &c) == 3) {
		ev->bytes = a;
		ev->filled = b;
		ev->fill_majflt = c;
		ev->got_filled = 1;
	} else if (sscanf(line, "accessed %llu %llu", &a, &b) == 2) {
		ev->accessed = a;
		ev->access_majflt = b;
		ev->got_accessed = 1;
	} else if (sscanf(line, "done %llu", &a) == 1) {
		ev->done = a;
		ev->got_done = 1;
	} else if (strncmp(line, "error", 5) == 0) {
		ev->alloc_error = 1;
	}
	return 0;
}
