/* fio's JSON output, read back for the block target. Any text is read or refused with a
 * reason; what is read is a set of finite, non-negative numbers, a direction with bytes has a
 * bandwidth, and the job's percentiles are ordered as fio orders them. */
#include <errno.h>
#include <math.h>

#include "common/util.h"
#include "runner/fio/result.h"
#include "fuzz.h"

static void check_direction(const struct fio_direction *d)
{
	FUZZ_ASSERT(isfinite(d->bw) && d->bw >= 0 && isfinite(d->iops) && d->iops >= 0);
	FUZZ_ASSERT(d->have == (d->io_bytes > 0));
	FUZZ_ASSERT(isfinite(d->clat_p50) && isfinite(d->clat_p99) && isfinite(d->clat_p999));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const jobs[] = { "seq-read", "rand-rw", "seq-write", "prefill" };
	struct fio_result r;
	char why[256];

	for (size_t i = 0; i < ARRAY_SIZE(jobs); i++) {
		int ret = fio_result_parse((const char *)data, size, jobs[i], &r, why, sizeof(why));
		FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -ENOENT || ret == -ENOMEM);
		if (ret) {
			FUZZ_ASSERT(why[0] || ret == -ENOMEM);
			continue;
		}
		check_direction(&r.read);
		check_direction(&r.write);
		FUZZ_ASSERT(isfinite(r.usr_cpu) && r.usr_cpu >= 0 && isfinite(r.sys_cpu) &&
			    r.sys_cpu >= 0);
		FUZZ_ASSERT(isfinite(r.runtime) && r.runtime >= 0);
	}
	return 0;
}
