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

/* "hist fill ..." or "hist access ...": the phase, and the rest of the line after it. */
static int lat_phase_of(const char *line, const char *word, const char **rest)
{
	static const char *const names[LAT_COUNT] = { "fill", "access" };
	size_t len = strlen(word);

	if (strncmp(line, word, len) != 0 || line[len] != ' ')
		return -1;
	for (int p = 0; p < LAT_COUNT; p++) {
		size_t n = strlen(names[p]);
		if (strncmp(line + len + 1, names[p], n) == 0 && line[len + 1 + n] == ' ') {
			*rest = line + len + 1 + n; /* at the blank before the numbers */
			return p;
		}
	}
	return -1;
}

/* A bucket: opens the phase's histogram on its first one; any error refuses the phase. */
static void lat_bucket(struct hogger_events *ev, int p, const char *rest)
{
	unsigned long long v[2];

	if (ev->lat_state[p] == LAT_NONE) {
		hist_init(&ev->lat[p]);
		ev->lat_state[p] = LAT_OPEN;
	}
	if (ev->lat_state[p] != LAT_OPEN || fields(rest, "", v, 2) ||
	    hist_add_bucket(&ev->lat[p], v[0], v[1]))
		ev->lat_state[p] = LAT_BAD;
}

static void lat_end(struct hogger_events *ev, int p, const char *rest)
{
	unsigned long long v[5];

	if (ev->lat_state[p] == LAT_NONE) { /* nothing recorded: an empty histogram */
		hist_init(&ev->lat[p]);
		ev->lat_state[p] = LAT_OPEN;
	}
	if (ev->lat_state[p] != LAT_OPEN || fields(rest, "", v, 5) ||
	    v[0] != hist_count(&ev->lat[p]) ||
	    (v[0] && hist_set_exact(&ev->lat[p], v[2], v[3], v[1], v[4])) ||
	    hist_check(&ev->lat[p]))
		ev->lat_state[p] = LAT_BAD;
	else
		ev->lat_state[p] = LAT_DONE;
}

int hogger_event_parse(const char *line, struct hogger_events *ev)
{
	unsigned long long v[3];
	const char *rest;
	int p;

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
	} else if (fields(line, "worked", v, 1) == 0) {
		ev->reads = v[0];
		ev->got_worked = 1;
	} else if (fields(line, "done", v, 1) == 0) {
		ev->done = v[0];
		ev->got_done = 1;
	} else if (strncmp(line, "error", 5) == 0 && (line[5] == '\0' || line[5] == ' ')) {
		ev->alloc_error = 1;
	} else if ((p = lat_phase_of(line, "hist", &rest)) >= 0) {
		lat_bucket(ev, p, rest);
	} else if ((p = lat_phase_of(line, "histend", &rest)) >= 0) {
		lat_end(ev, p, rest);
	} else if (fields(line, "poked", v, 2) == 0) {
		ev->pokes++;
		ev->poke_majflt += v[1];
		ev->poked = 1;
	}
	return 0;
}
