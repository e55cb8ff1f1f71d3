/* --data: pattern_parse, then what the hogger does with the result (the fill, a thread's own
 * state). file:PATH is only checked (stat), never opened: a FIFO would block. */
#include <errno.h>

#include "common/pattern.h"
#include "fuzz.h"

#define PAGE 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	struct pattern p;
	static unsigned char buf[4 * PAGE];

	if (pattern_parse(s, &p) == 0) {
		FUZZ_ASSERT(p.kind != NULL);
		FUZZ_ASSERT(p.nbytes <= sizeof(p.bytes));
		FUZZ_ASSERT(p.percent <= 100);
		if (p.path) {
			FUZZ_ASSERT(p.path[0] != '\0');
			pattern_check(&p);
		} else {
			struct pattern t;
			FUZZ_ASSERT(pattern_check(&p) == 0);
			memset(buf, 0, sizeof(buf));
			pattern_fill(&p, buf, sizeof(buf), PAGE);
			t = pattern_for_thread(&p, 3, 3 * PAGE + 1, PAGE);
			memset(buf, 0, sizeof(buf));
			pattern_fill(&t, buf, sizeof(buf), PAGE);
			pattern_rewind(&p);
		}
	}
	free(s);
	return 0;
}
