/* /proc/swaps: swaps_parse, with a callback that checks what it is given and stops early on
 * one name, as swaps_area() does. */
#include <errno.h>

#include "runner/kernel/swaps.h"
#include "fuzz.h"

static int each(const char *name, uint64_t used, uint64_t size, void *arg)
{
	unsigned *count = arg;

	(void)used;
	(void)size;
	FUZZ_ASSERT(name[0] != '\0' && !strpbrk(name, " \t\n"));
	(*count)++;
	return strcmp(name, "/dev/zram1") == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	unsigned count = 0;
	int ret = swaps_parse(s, each, &count);

	FUZZ_ASSERT(ret == 0 || ret == 1);
	free(s);
	return 0;
}
