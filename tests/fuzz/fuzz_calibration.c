/* calibration.json (zswapbench calibrate writes it, compare reads it): calibration_load on a
 * memfd holding the input, then each entry found again by its host, configuration and metric.
 * Every entry read has a metric of the table, a host and a configuration, and a finite,
 * non-negative threshold and run-to-run spread. */
#include <errno.h>
#include <math.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/result/calibration.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct calibration c;
	char path[64];
	int fd = memfd_create("zsb-fuzz-calibration", MFD_CLOEXEC), ret;

	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	ret = calibration_load(path, &c);
	close(fd);
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -ENOMEM);
	if (ret) {
		FUZZ_ASSERT(c.n == 0);
		return 0;
	}
	for (size_t i = 0; i < c.n; i++) {
		const struct calibration_entry *e = &c.entries[i];
		FUZZ_ASSERT(e->metric >= 0 && e->metric < M_COUNT);
		FUZZ_ASSERT(e->host[0] && e->shape[0]);
		FUZZ_ASSERT(isfinite(e->threshold_pct) && e->threshold_pct >= 0);
		FUZZ_ASSERT(isfinite(e->run_sd_log) && e->run_sd_log >= 0);
		FUZZ_ASSERT(calibration_find(&c, e->host, e->shape, e->metric) != NULL);
	}
	calibration_free(&c);
	return 0;
}
