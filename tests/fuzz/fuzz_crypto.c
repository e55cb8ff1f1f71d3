/* /proc/crypto: zswap_compressors_parse lists the scomp/acomp algorithms once each, into the
 * caller's buffer (zswap.c's size) and into a small one that cuts the list. */
#include "runner/kernel/zswap.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), *again = fuzz_text(data, size);
	char buf[512], small[6];

	FUZZ_ASSERT(zswap_compressors_parse(s, buf, sizeof(buf)) == 0);
	FUZZ_ASSERT(strlen(buf) < sizeof(buf));
	FUZZ_ASSERT(zswap_compressors_parse(again, small, sizeof(small)) == 0);
	FUZZ_ASSERT(strlen(small) < sizeof(small));
	free(s);
	free(again);
	return 0;
}
