/* Key-value kernel files (/proc/vmstat, memory.stat, memory.events, oom_control, meminfo):
 * kv_find with the keys the runner asks for, vmstat_parse, and words_contain on controller
 * lists and mount options. The first line of the input is also tried as a word. */
#include <errno.h>

#include "runner/kernel/kv.h"
#include "runner/kernel/vmstat.h"
#include "fuzz.h"

static const char *const keys[] = {
	"swap", "pswpin", "pswpout", "swpout_zero", "pgmajfault", "zswpwb", "oom_kill",
	"MemTotal", "Zswap", "Zswapped", "max", "high", "memory",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), *nl;
	struct vmstat_snap snap;
	uint64_t v;

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		int ret = kv_find(s, keys[i], &v);
		FUZZ_ASSERT(ret == 0 || ret == -ENOENT || ret == -EINVAL || ret == -ERANGE);
	}
	vmstat_parse(s, &snap);
	words_contain(s, "memory", ' ');
	words_contain(s, "memory", ',');
	words_contain(s, "blkio", ',');
	words_contain(s, "lz4", ' ');
	nl = strchr(s, '\n');
	if (nl) {
		*nl = '\0';
		words_contain(nl + 1, s, ' ');
		words_contain(nl + 1, s, ',');
		if (s[0] && !strchr(s, ' '))
			kv_find(nl + 1, s, &v);
	}
	free(s);
	return 0;
}
