/* stress-ng's YAML metrics: read, or refused (-ENOENT absent, -EINVAL malformed) with a
 * one-line reason, never past the length; what is read is finite and not negative. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "runner/loadgen/stress_ng.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stress_ng_metrics m;
	char why[256] = "";
	int ret = stress_ng_metrics_parse((const char *)data, size, "vm", &m, why, sizeof(why));

	FUZZ_ASSERT(ret == 0 || ret == -ENOENT || ret == -EINVAL);
	if (ret) {
		FUZZ_ASSERT(why[0] && !strchr(why, '\n') && !strchr(why, '\r'));
		return 0;
	}
	FUZZ_ASSERT(isfinite(m.bogo_ops) && m.bogo_ops >= 0);
	FUZZ_ASSERT(isfinite(m.ops_per_s) && m.ops_per_s >= 0);
	FUZZ_ASSERT(isfinite(m.wall_s) && m.wall_s >= 0);
	return 0;
}
