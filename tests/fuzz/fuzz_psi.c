/* Pressure stall information: /proc/pressure/memory and a cgroup's memory.pressure. Any text
 * is parsed or refused; and the input's first bytes, printed as the kernel prints the file,
 * must parse back to the same numbers. */
#include <errno.h>
#include <math.h>

#include "runner/kernel/psi.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), text[256];
	struct psi p;
	int ret = psi_parse(s, &p);
	uint64_t n[4] = { 0 };

	FUZZ_ASSERT(ret == 0 || ret == -EINVAL);
	if (ret == 0) {
		FUZZ_ASSERT(p.some_avg10 >= 0 && p.some_avg10 <= 100);
		FUZZ_ASSERT(p.full_avg10 >= 0 && p.full_avg10 <= 100);
		FUZZ_ASSERT(p.some_avg60 >= 0 && p.some_avg60 <= 100);
		FUZZ_ASSERT(p.full_avg60 >= 0 && p.full_avg60 <= 100);
		FUZZ_ASSERT(p.have_full || (p.full_avg10 == 0 && p.full_total == 0));
	}
	/* The kernel's own format (kernel/sched/psi.c: "%s avg10=%lu.%02lu ... total=%llu"). */
	memcpy(n, data, size < sizeof(n) ? size : sizeof(n));
	snprintf(text, sizeof(text),
		 "some avg10=%llu.%02llu avg60=0.00 avg300=0.00 total=%llu\n"
		 "full avg10=%llu.%02llu avg60=0.00 avg300=0.00 total=%llu\n",
		 (unsigned long long)(n[0] % 101),
		 (unsigned long long)(n[0] % 101 == 100 ? 0 : n[1] % 100), (unsigned long long)n[2],
		 (unsigned long long)(n[1] % 101), 0ULL, (unsigned long long)n[3]);
	FUZZ_ASSERT(psi_parse(text, &p) == 0);
	FUZZ_ASSERT(p.some_total == n[2] && p.full_total == n[3] && p.have_full);
	FUZZ_ASSERT(fabs(p.some_avg10 - (double)(n[0] % 101) -
			 (n[0] % 101 == 100 ? 0 : (double)(n[1] % 100) / 100)) < 1e-9);
	free(s);
	return 0;
}
