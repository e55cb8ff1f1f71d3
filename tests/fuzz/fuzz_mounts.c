/* The mount table through libmount (mounts_parse, either format) and cgroup_mounts_parse on
 * top of it, which finds the v1 memory and blkio hierarchies and the cgroup2 mount. And the
 * input's first line, as a directory the kernel escapes in the mount table (a blank as
 * \040...), must come back as the memory hierarchy's root and as the mount at that target. */
#include <sys/sysmacros.h>

#include "runner/kernel/cgroup.h"
#include "runner/kernel/mounts.h"
#include "fuzz.h"

/* Whatever the text, every mount is whole and the lookups stay inside the table. */
static void lookups(const char *text)
{
	const struct mount *e;
	struct mounts m;

	if (mounts_parse(text, &m) < 0)
		return;
	for (size_t i = 0; i < m.n; i++) {
		e = &m.all[i];
		FUZZ_ASSERT(e->source && e->target && e->fstype && e->options);
		FUZZ_ASSERT(mounts_at(&m, e->target, e->fstype) != NULL);
		e = mounts_holding(&m, m.all[i].target, NULL);
		FUZZ_ASSERT(e && e >= m.all && e < m.all + m.n);
	}
	e = mounts_of_dev(&m, makedev(8, 1));
	FUZZ_ASSERT(!e || e->dev == makedev(8, 1));
	mounts_free(&m);
}

/* The kernel's mangle() for the mount point (fs/proc_namespace.c: " \t\n\\"). */
static void mangle(const char *path, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++) {
		if (strchr(" \t\n\\", path[i]))
			out += sprintf(out, "\\%03o", (unsigned char)path[i]);
		else
			*out++ = path[i];
	}
	*out = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cgroup_env env;
	char *s = fuzz_text(data, size), line[4 * 200 + 64], dir[4 * 200 + 1];
	size_t n = strcspn(s, "\n");
	int v1;

	memset(&env, 0, sizeof(env));
	v1 = cgroup_mounts_parse(s, &env);
	FUZZ_ASSERT(v1 == 0 || v1 == 1);
	FUZZ_ASSERT(strlen(env.memory_root) < sizeof(env.memory_root));
	FUZZ_ASSERT(strlen(env.blkio_root) < sizeof(env.blkio_root));
	FUZZ_ASSERT(strlen(env.unified_root) < sizeof(env.unified_root));
	if (env.memory_root[0] || env.blkio_root[0])
		FUZZ_ASSERT(v1 == 1);
	lookups(s);
	free(s);

	/* The first line as a mount point (a path has no NUL and is not empty). */
	s = fuzz_text(data, size);
	n = strcspn(s, "\n");
	n = n > 200 ? 200 : n;
	if (n > 0 && !memchr(s, '\0', n)) {
		char *raw = strndup(s, n);
		mangle(raw, strlen(raw), dir);
		snprintf(line, sizeof(line), "cgroup %s cgroup rw,nosuid,memory 0 0\n", dir);
		memset(&env, 0, sizeof(env));
		FUZZ_ASSERT(cgroup_mounts_parse(line, &env) == 1);
		if (strcmp(env.memory_root, raw) != 0) {
			fprintf(stderr, "mount point '%s' read as '%s'\n", raw, env.memory_root);
			abort();
		}
		{
			struct mounts m;
			FUZZ_ASSERT(mounts_parse(line, &m) == 0 && m.n == 1 &&
				    mounts_at(&m, raw, "cgroup"));
			mounts_free(&m);
		}
		free(raw);
	}
	free(s);
	return 0;
}
