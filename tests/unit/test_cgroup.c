#include <criterion/criterion.h>
#include <limits.h>
#include <stdlib.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/kernel/cgroup.h"
#include "runner/kernel/sysfs.h"
#include "fixture.h"
#include "tools.h"

static void on(const char *tree, struct cgroup_env *env, int expect)
{
	sysfs_set_root(tree);
	cr_assert_eq(cgroup_env_detect(env), expect, "%s", tree);
}

static struct bench_cgroup in(const struct cgroup_env *env, const char *name)
{
	struct bench_cgroup cg;
	memset(&cg, 0, sizeof(cg));
	cg.env = env;
	cr_assert_lt(snprintf(cg.path, sizeof(cg.path), "%s/%s", env->memory_root, name),
		     (int)sizeof(cg.path));
	return cg;
}

Test(cgroup, hybrid_uses_the_v1_memory_controller)
{
	struct cgroup_env env;
	on(FIXTURES "/hybrid", &env, 0);
	cr_assert_eq(env.mode, CGROUP_MODE_HYBRID);
	cr_assert_str_eq(env.memory_root, "/sys/fs/cgroup/memory");
	cr_assert_str_eq(env.unified_root, "/sys/fs/cgroup/unified");
	cr_assert_not(env.memory_v2);
	cr_assert_str_eq(env.files->limit, "memory.limit_in_bytes");
	cr_assert_str_eq(env.files->swap_limit, "memory.memsw.limit_in_bytes");
	cr_assert(cgroup_memory_delegated(&env));
}

Test(cgroup, v1_only)
{
	struct cgroup_env env;
	on(FIXTURES "/v1", &env, 0);
	cr_assert_eq(env.mode, CGROUP_MODE_V1);
	cr_assert_str_eq(cgroup_mode_name(env.mode), "v1");
}

Test(cgroup, pure_v2)
{
	struct cgroup_env env;
	on(FIXTURES "/v2", &env, 0);
	cr_assert_eq(env.mode, CGROUP_MODE_V2);
	cr_assert(env.memory_v2);
	cr_assert_str_eq(env.memory_root, "/sys/fs/cgroup");
	cr_assert_str_eq(env.files->limit, "memory.max");
	cr_assert_str_eq(env.files->swap_limit, "memory.swap.max");
	cr_assert(cgroup_memory_delegated(&env));
}

Test(cgroup, v2_parent_that_does_not_delegate_memory)
{
	struct cgroup_env env;
	on(FIXTURES "/v2-undelegated", &env, 0);
	cr_assert_not(cgroup_memory_delegated(&env));
}

Test(cgroup, no_memory_controller_is_reported)
{
	struct cgroup_env env;
	on(FIXTURES "/v2-nomem", &env, -ENOENT);
	cr_assert_eq(env.mode, CGROUP_MODE_V2);
	on(FIXTURES "/none", &env, -ENOENT);
	cr_assert_eq(env.mode, CGROUP_MODE_NONE);
}

Test(cgroup, v1_readers)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	uint64_t v;
	on(FIXTURES "/hybrid", &env, 0);
	cg = in(&env, "zsb-test");
	cr_assert_eq(bench_cgroup_swap_usage(&cg, &v), 0);
	cr_assert_eq(v, 101703680, "v1 swap comes from memory.stat");
	cr_assert_eq(bench_cgroup_mem_peak(&cg, &v), 0);
	cr_assert_eq(v, 33554432);
	cr_assert_eq(bench_cgroup_memsw_peak(&cg, &v), 0);
	cr_assert_eq(v, 135434240);
	cr_assert_eq(bench_cgroup_oom_kills(&cg, &v), 0);
	cr_assert_eq(v, 2);
}

Test(cgroup, v2_readers)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	uint64_t v;
	on(FIXTURES "/v2", &env, 0);
	cg = in(&env, "zsb-test");
	cr_assert_eq(bench_cgroup_swap_usage(&cg, &v), 0);
	cr_assert_eq(v, 101707776, "v2 swap comes from memory.swap.current");
	cr_assert_eq(bench_cgroup_mem_peak(&cg, &v), 0);
	cr_assert_eq(v, 33554432);
	cr_assert_eq(bench_cgroup_memsw_peak(&cg, &v), 0);
	cr_assert_eq(v, 101711872);
	cr_assert_eq(bench_cgroup_oom_kills(&cg, &v), 0);
	cr_assert_eq(v, 1);
}

Test(cgroup, missing_group_is_an_error_not_zero)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	uint64_t v = 5;
	on(FIXTURES "/v2", &env, 0);
	cg = in(&env, "absent");
	cr_assert_eq(bench_cgroup_swap_usage(&cg, &v), -ENOENT);
	cr_assert_eq(v, 5);
}

Test(cgroup, v2_memory_stat_keys)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	uint64_t v;
	on(FIXTURES "/v2", &env, 0);
	cg = in(&env, "zsb-test");
	cr_assert_eq(bench_cgroup_stat(&cg, "zswpout", &v), 0);
	cr_assert_eq(v, 24831);
	cr_assert_eq(bench_cgroup_stat(&cg, "zswapped", &v), 0);
	cr_assert_eq(v, 101711872);
	cr_assert_eq(bench_cgroup_stat(&cg, "zswp", &v), -ENOENT);
}

/* An administrator's group "zswapbench" (cgroup/cgconfig-v2.conf): the trials go under it, and
 * it is the group that must hand memory down, not the root. */
Test(cgroup, parent_group_holds_the_trials)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	struct cgroup_limits limits = { .limit = 1 << 20 };

	on(FIXTURES "/v2-parent", &env, 0);
	cr_assert_str_eq(env.parent, "zswapbench");
	cr_assert_str_eq(env.group_root, "/sys/fs/cgroup/zswapbench");
	cr_assert(cgroup_parent_has(&env, "memory"));
	cr_assert_not(cgroup_parent_has(&env, "cpu"));
	cr_assert_not(cgroup_memory_delegated(&env), "the root delegates; the group does not yet");
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zswapbench-1-0-1", &limits), 0);
	cr_assert_str_eq(cg.name, "zswapbench/zswapbench-1-0-1");
	cr_assert_str_eq(cg.path, "/sys/fs/cgroup/zswapbench/zswapbench-1-0-1");
}

Test(cgroup, no_parent_group_means_the_root)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	struct cgroup_limits limits = { .limit = 1 << 20 };

	on(FIXTURES "/v2", &env, 0);
	cr_assert_str_empty(env.parent);
	cr_assert_str_eq(env.group_root, "/sys/fs/cgroup");
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zswapbench-1-0-1", &limits), 0);
	cr_assert_str_eq(cg.path, "/sys/fs/cgroup/zswapbench-1-0-1");
}

/* A group of the trial's name already there is someone else's: never adopted. */
Test(cgroup, an_existing_group_is_not_ours)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	struct cgroup_limits limits = { .limit = 1 << 20 };

	on(FIXTURES "/v2", &env, 0);
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zsb-test", &limits), -EEXIST);
}

/* v1 throttles through the blkio hierarchy: without one, no throttle; with one, the group has
 * a twin there. */
Test(cgroup, a_v1_throttle_needs_the_blkio_hierarchy)
{
	struct cgroup_env env;
	struct bench_cgroup cg;
	struct cgroup_limits limits = { .limit = 1 << 20, .throttle_dev = "8:0" };

	on(FIXTURES "/v1", &env, 0);
	cr_assert_str_eq(env.blkio_root, "/sys/fs/cgroup/blkio");
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zswapbench-1-0-1", &limits), 0);
	cr_assert_str_eq(cg.path, "/sys/fs/cgroup/memory/zswapbench-1-0-1");
	cr_assert_str_eq(cg.io_path, "/sys/fs/cgroup/blkio/zswapbench-1-0-1");
	/* The same machine without its blkio mount. */
	env.blkio_root[0] = '\0';
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zswapbench-1-0-1", &limits), -ENOTSUP);
	limits.throttle_dev = NULL;
	cr_assert_eq(bench_cgroup_init(&cg, &env, "zswapbench-1-0-1", &limits), 0);
	cr_assert_str_empty(cg.io_path);
}

/* A temporary tree: ROOT/sys/fs/cgroup/{memory,blkio,unified}, the groups the test names. */
static char *tree(const char *const *dirs, const char *const *files)
{
	char *root = temp_dir("zsb-unit-cgroup"), path[PATH_MAX];

	for (; *dirs; dirs++) {
		snprintf(path, sizeof(path), "mkdir -p '%s%s'", root, *dirs);
		cr_assert_eq(system(path), 0, "%s", path);
	}
	for (; *files; files++) {
		FILE *f;
		snprintf(path, sizeof(path), "%s%s", root, *files);
		cr_assert_not_null(f = fopen(path, "w"), "%s", path);
		fclose(f);
	}
	sysfs_set_root(root);
	return root;
}

static void assert_file(const char *root, const char *file, const char *text)
{
	char path[PATH_MAX], buf[64] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, file);
	cr_assert_not_null(f = fopen(path, "r"), "%s", path);
	cr_assert_not_null(fgets(buf, sizeof(buf), f), "%s is empty", path);
	fclose(f);
	cr_assert_str_eq(buf, text, "%s", file);
}

/* Hybrid: memory on v1, PSI only on the unified hierarchy, in a group of the trial's own name
 * there (the parent group is a v1 one). */
Test(cgroup, hybrid_pressure_in_a_unified_twin)
{
	static const char *const dirs[] = { "/sys/fs/cgroup/memory/zswapbench/zswapbench-1-0-1",
					    "/sys/fs/cgroup/unified", NULL };
	static const char *const files[] = { "/sys/fs/cgroup/unified/memory.pressure", NULL };
	struct cgroup_env env = { .mode = CGROUP_MODE_HYBRID,
				  .memory_root = "/sys/fs/cgroup/memory",
				  .unified_root = "/sys/fs/cgroup/unified",
				  .parent = "zswapbench" };
	struct bench_cgroup cg = { .env = &env, .name = "zswapbench/zswapbench-1-0-1" };
	char *root = tree(dirs, files);

	snprintf(cg.path, sizeof(cg.path), "%s/%s", env.memory_root, cg.name);
	cr_assert_eq(bench_cgroup_psi_init(&cg), 0);
	cr_assert_str_eq(cg.psi_path, "/sys/fs/cgroup/unified/zswapbench-1-0-1");
	cr_assert_str_eq(cg.pressure, "/sys/fs/cgroup/unified/zswapbench-1-0-1/memory.pressure");
	cr_assert_eq(bench_cgroup_psi_mkdir(&cg), 0);
	cr_assert_eq(bench_cgroup_psi_init(&cg), -EEXIST, "a directory of that name is not ours");
	env.unified_root[0] = '\0';
	cr_assert_eq(bench_cgroup_psi_init(&cg), -ENOTSUP);
	sysfs_set_root(NULL);
	remove_dir(root);
}

/* The workload's pid goes into the memory group and, when throttled on v1, its blkio twin. */
Test(cgroup, attach_writes_both_groups)
{
	static const char *const dirs[] = { "/sys/fs/cgroup/memory/g", "/sys/fs/cgroup/blkio/g",
					    NULL };
	static const char *const files[] = { "/sys/fs/cgroup/memory/g/cgroup.procs",
					     "/sys/fs/cgroup/blkio/g/cgroup.procs", NULL };
	struct cgroup_env env = { .mode = CGROUP_MODE_V1, .memory_root = "/sys/fs/cgroup/memory" };
	struct bench_cgroup cg = { .env = &env,
				   .name = "g",
				   .path = "/sys/fs/cgroup/memory/g",
				   .io_path = "/sys/fs/cgroup/blkio/g" };
	char *root = tree(dirs, files);

	cr_assert_eq(bench_cgroup_attach(&cg, 4242), 0);
	assert_file(root, "/sys/fs/cgroup/memory/g/cgroup.procs", "4242");
	assert_file(root, "/sys/fs/cgroup/blkio/g/cgroup.procs", "4242");
	cg.io_path[0] = '\0';
	cr_assert_eq(bench_cgroup_attach(&cg, 77), 0);
	assert_file(root, "/sys/fs/cgroup/memory/g/cgroup.procs", "77");
	assert_file(root, "/sys/fs/cgroup/blkio/g/cgroup.procs", "4242");
	sysfs_set_root(NULL);
	remove_dir(root);
}
