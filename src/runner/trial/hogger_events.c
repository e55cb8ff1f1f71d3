#include "runner/trial/hogger_events.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* "word N N ...": the word, then n fields as the hogger prints them (" %llu" each); a field
 * the hogger may add later can follow after a blank. 0, or -1 for any other line: sscanf's
 * %llu would take "start5", "start -1" (2^64 - 1) and " +5", and has no defined result past
 * 64 bits. */
static int fields(const char *line, const char *word, unsigned long long *v, int n)
{
	size_t len = strlen(word);
	const char *p = line + len;

	if (strncmp(line, word, len) != 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char *end;
		if (p[0] != ' ' || p[1] < '0' || p[1] > '9')
			return -1;
		errno = 0;
		v[i] = strtoull(p + 1, &end, 10);
		if (errno)
			return -1;
		p = end;
	}
	return *p == '\0' || *p == ' ' ? 0 : -1;
}

int hogger_event_parse(const char *line, struct hogger_events *ev)
{
	unsigned long long v[3];

	if (fields(line, "start", v, 1) == 0) {
		ev->start = v[0];
	} else if (fields(line, "progress", v, 2) == 0) {
		ev->bytes = v[0];
		return 1;
	} else if (fields(line, "filled", v, 3) == 0) {
		ev->bytes = v[0];
		ev->filled = v[1];
		ev->fill_majflt = v[2];
		ev->got_filled = 1;
	} else if (fields(line, "accessed", v, 2) == 0) {
		ev->accessed = v[0];
		ev->access_majflt = v[1];
		ev->got_accessed = 1;
	} else if (fields(line, "done", v, 1) == 0) {
		ev->done = v[0];
		ev->got_done = 1;
	} else if (strncmp(line, "error", 5) == 0 && (line[5] == '\0' || line[5] == ' ')) {
		ev->alloc_error = 1;
	}
	return 0;
}
