/* A load generator's output, read in every format: read or refused with a one-line reason,
 * never past its length; what is read has a throughput and only finite, non-negative numbers,
 * and auto reads a text as the format it names would. */
#include <errno.h>
#include <math.h>

#include "runner/loadgen/loadgen.h"
#include "fuzz.h"

static void check(const struct load_result *r, enum load_format asked)
{
	FUZZ_ASSERT(r->have[LQ_THROUGHPUT]);
	FUZZ_ASSERT(r->format > LOAD_AUTO && r->format < LOAD_FORMAT_COUNT);
	FUZZ_ASSERT(asked == LOAD_AUTO || r->format == asked);
	for (int q = 0; q < LQ_COUNT; q++)
		FUZZ_ASSERT(!r->have[q] || (isfinite(r->value[q]) && r->value[q] >= 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct load_result r[LOAD_FORMAT_COUNT];
	int ret[LOAD_FORMAT_COUNT];
	enum load_format as;
	char why[256];

	for (int f = 0; f < LOAD_FORMAT_COUNT; f++) {
		ret[f] = load_parse((const char *)data, size, (enum load_format)f, &r[f], why,
				    sizeof(why));
		FUZZ_ASSERT(ret[f] == 0 || ret[f] == -EINVAL);
		if (ret[f]) {
			FUZZ_ASSERT(why[0] && !strchr(why, '\n') && !strchr(why, '\r'));
			continue;
		}
		check(&r[f], (enum load_format)f);
	}
	/* Auto is the parse of the format it found, refusal and all. */
	as = r[LOAD_AUTO].format;
	FUZZ_ASSERT(as > LOAD_AUTO && as < LOAD_FORMAT_COUNT && ret[as] == ret[LOAD_AUTO]);
	if (!ret[LOAD_AUTO]) {
		FUZZ_ASSERT(memcmp(r[as].have, r[LOAD_AUTO].have, sizeof(r[as].have)) == 0);
		for (int q = 0; q < LQ_COUNT; q++)
			FUZZ_ASSERT(!r[as].have[q] || r[as].value[q] == r[LOAD_AUTO].value[q]);
	}
	return 0;
}
