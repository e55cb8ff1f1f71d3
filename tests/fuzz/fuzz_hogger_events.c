/* The hogger's reports (common/proto.h): hogger_event_parse, line by line, as workload.c
 * feeds it. */
#include "runner/trial/hogger_events.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	struct hogger_events ev;

	memset(&ev, 0, sizeof(ev));
	for (char *line = s, *nl; line; line = nl ? nl + 1 : NULL) {
		int ret;
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		ret = hogger_event_parse(line, &ev);
		FUZZ_ASSERT(ret == 0 || ret == 1);
	}
	free(s);
	return 0;
}
