/* The hogger's reports (common/proto.h): hogger_event_parse, line by line, as workload.c feeds
 * it. A line that is not one of the reports changes nothing; and the reports as the hogger
 * prints them (src/hogger/main.c), with numbers from the input, parse back exactly. */
#include "common/util.h"
#include "runner/trial/hogger_events.h"
#include "fuzz.h"

static int known(const char *line)
{
	static const char *const words[] = { "start", "progress", "filled", "accessed", "done",
					     "error", "hist",	  "poked",  "worked" };
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strncmp(line, words[i], strlen(words[i])) == 0)
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), line[128];
	struct hogger_events ev, before;
	unsigned long long n[3] = { 0 };

	memset(&ev, 0, sizeof(ev));
	for (char *at = s, *nl; at; at = nl ? nl + 1 : NULL) {
		int ret;
		nl = strchr(at, '\n');
		if (nl)
			*nl = '\0';
		before = ev;
		ret = hogger_event_parse(at, &ev);
		FUZZ_ASSERT(ret == 0 || ret == 1);
		if (!known(at))
			FUZZ_ASSERT(ret == 0 && memcmp(&before, &ev, sizeof(ev)) == 0);
	}

	memcpy(n, data, size < sizeof(n) ? size : sizeof(n));
	memset(&ev, 0, sizeof(ev));
	snprintf(line, sizeof(line), "start %llu", n[0]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 0 && ev.start == n[0]);
	snprintf(line, sizeof(line), "progress %llu %llu", n[1], n[2]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 1 && ev.bytes == n[1]);
	snprintf(line, sizeof(line), "filled %llu %llu %llu", n[0], n[1], n[2]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 0 && ev.got_filled && ev.bytes == n[0] &&
		    ev.filled == n[1] && ev.fill_majflt == n[2]);
	snprintf(line, sizeof(line), "accessed %llu %llu", n[2], n[0]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 0 && ev.got_accessed && ev.accessed == n[2] &&
		    ev.access_majflt == n[0]);
	snprintf(line, sizeof(line), "worked %llu", n[1]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 0 && ev.got_worked && ev.reads == n[1]);
	snprintf(line, sizeof(line), "done %llu", n[1]);
	FUZZ_ASSERT(hogger_event_parse(line, &ev) == 0 && ev.got_done && ev.done == n[1]);
	FUZZ_ASSERT(hogger_event_parse("error 12", &ev) == 0 && ev.alloc_error);
	/* A histogram as the hogger sends one: accepted whole and consistent, or refused. */
	for (int p = 0; p < LAT_COUNT; p++)
		FUZZ_ASSERT(ev.lat_state[p] != LAT_DONE || hist_check(&ev.lat[p]) == NULL);
	snprintf(line, sizeof(line), "hist access %llu 2", n[0] % HIST_MAX_VALUE);
	hogger_event_parse(line, &ev);
	snprintf(line, sizeof(line), "histend access 2 %llu %llu %llu 0",
		 2 * (n[0] % HIST_MAX_VALUE), n[0] % HIST_MAX_VALUE, n[0] % HIST_MAX_VALUE);
	hogger_event_parse(line, &ev);
	FUZZ_ASSERT(ev.lat_state[LAT_ACCESS] == LAT_DONE && hist_count(&ev.lat[LAT_ACCESS]) == 2 &&
		    hist_max(&ev.lat[LAT_ACCESS]) == n[0] % HIST_MAX_VALUE);
	free(s);
	return 0;
}
