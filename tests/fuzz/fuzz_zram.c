/* zram's sysfs files: mm_stat (zram_mm_stat_parse) and comp_algorithm (zram_algorithm_parse)
 * with the buffer sizes its callers use and small ones that cut the list. */
#include <errno.h>

#include "runner/kernel/zram.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	struct zram_mm_stat st;
	char list[512], sel[64], small[8], tiny[1];
	int ret = zram_mm_stat_parse(s, &st);

	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	ret = zram_algorithm_parse(s, list, sizeof(list), sel, sizeof(sel));
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	FUZZ_ASSERT(strlen(list) < sizeof(list) && strlen(sel) < sizeof(sel));
	if (ret == 0)
		FUZZ_ASSERT(sel[0] != '\0');
	zram_algorithm_parse(s, list, sizeof(list), NULL, 0); /* zram_algorithms() */
	zram_algorithm_parse(s, NULL, 0, sel, sizeof(sel)); /* zram_current_algorithm() */
	zram_algorithm_parse(s, small, sizeof(small), tiny, sizeof(tiny));
	FUZZ_ASSERT(strlen(small) < sizeof(small) && tiny[0] == '\0');
	free(s);
	return 0;
}
