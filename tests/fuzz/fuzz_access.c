/* --access: access_parse, and the ranges its header promises. */
#include <errno.h>

#include "common/access.h"
#include "fuzz.h"

/* Passes or seconds, never both: the hogger loops by one of them. */
static int counted_or_timed(const struct access *a, unsigned max_passes)
{
	if (a->seconds)
		return a->passes == 0 && a->seconds <= 3600;
	return a->passes >= 1 && a->passes <= max_passes;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	struct access a;
	int ret = access_parse(s, &a);

	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	if (ret == 0) {
		switch (a.kind) {
		case ACCESS_FILL:
			FUZZ_ASSERT(a.passes == 0 && a.seconds == 0);
			break;
		case ACCESS_REREAD:
		case ACCESS_RANDOM:
			FUZZ_ASSERT(counted_or_timed(&a, 1000));
			break;
		case ACCESS_HOT:
			FUZZ_ASSERT(a.hot_pct >= 1 && a.hot_pct <= 100);
			FUZZ_ASSERT(counted_or_timed(&a, 100000));
			break;
		case ACCESS_TABS:
			FUZZ_ASSERT(a.tabs >= 2 && a.tabs <= 64);
			FUZZ_ASSERT(a.passes >= 1 && a.passes <= 100000 && a.seconds == 0);
			break;
		default:
			FUZZ_ASSERT(!"unknown access kind");
		}
	}
	free(s);
	return 0;
}
