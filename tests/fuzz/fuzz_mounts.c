/* /proc/self/mounts: cgroup_mounts_parse finds the v1 memory and blkio hierarchies and the
 * cgroup2 mount. */
#include "runner/kernel/cgroup.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cgroup_env env;
	char *s = fuzz_text(data, size);
	int v1;

	memset(&env, 0, sizeof(env));
	v1 = cgroup_mounts_parse(s, &env);
	FUZZ_ASSERT(v1 == 0 || v1 == 1);
	FUZZ_ASSERT(strlen(env.memory_root) < sizeof(env.memory_root));
	FUZZ_ASSERT(strlen(env.blkio_root) < sizeof(env.blkio_root));
	FUZZ_ASSERT(strlen(env.unified_root) < sizeof(env.unified_root));
	if (env.memory_root[0] || env.blkio_root[0])
		FUZZ_ASSERT(v1 == 1);
	free(s);
	return 0;
}
