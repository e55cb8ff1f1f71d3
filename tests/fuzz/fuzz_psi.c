/* Pressure stall information: /proc/pressure/memory and a cgroup's memory.pressure. */
#include <errno.h>
#include <math.h>

#include "runner/kernel/psi.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	struct psi p;
	int ret = psi_parse(s, &p);

	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	free(s);
	return 0;
}
