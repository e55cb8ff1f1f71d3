#include "runner/kernel/cgroup.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libcgroup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/base/sizes.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/mounts.h"
#include "runner/kernel/sysfs.h"

static const struct cgroup_files v1_files = {
	.limit = "memory.limit_in_bytes",
	.swap_limit = "memory.memsw.limit_in_bytes",
	.swap_current = NULL,
	.mem_peak = "memory.max_usage_in_bytes",
	.memsw_peak = "memory.memsw.max_usage_in_bytes",
	.oom_file = "memory.oom_control",
	.mem_current = "memory.usage_in_bytes",
};

static const struct cgroup_files v2_files = {
	.limit = "memory.max",
	.swap_limit = "memory.swap.max",
	.swap_current = "memory.swap.current",
	.mem_peak = "memory.peak",
	.memsw_peak = "memory.swap.peak",
	.oom_file = "memory.events",
	.mem_current = "memory.current",
};

const char *cgroup_mode_name(enum cgroup_mode mode)
{
	static const char *const names[] = {
		[CGROUP_MODE_NONE] = "none",
		[CGROUP_MODE_V1] = "v1",
		[CGROUP_MODE_V2] = "v2",
		[CGROUP_MODE_HYBRID] = "hybrid",
	};
	return names[mode];
}

/* Is word one of the space-separated words of <dir>/<file>? (cgroup.controllers and
 * cgroup.subtree_control list controllers that way.) */
static int file_lists_word(const char *dir, const char *file, const char *word)
{
	char path[PATH_LEN], buf[512];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return sysfs_read_line(path, buf, sizeof(buf)) >= 0 && words_contain(buf, word, ' ');
}

/* A mount point into out; one that does not fit is not cut short: out is left as it was. */
static void mount_path(const char *target, char *out, size_t len)
{
	size_t n = strlen(target);

	if (n < len)
		memcpy(out, target, n + 1);
}

/* Where each hierarchy is mounted; returns whether any v1 one is. */
static int hierarchies(const struct mounts *m, struct cgroup_env *env)
{
	const struct mount *e;
	int have_v1_any = 0;

	for (size_t pos = 0; (e = mounts_next(m, NULL, &pos));) {
		if (strcmp(e->fstype, "cgroup2") == 0) {
			mount_path(e->target, env->unified_root, sizeof(env->unified_root));
		} else if (strcmp(e->fstype, "cgroup") == 0) {
			have_v1_any = 1;
			if (words_contain(e->options, "memory", ','))
				mount_path(e->target, env->memory_root, sizeof(env->memory_root));
			if (words_contain(e->options, "blkio", ','))
				mount_path(e->target, env->blkio_root, sizeof(env->blkio_root));
		}
	}
	return have_v1_any;
}

int cgroup_mounts_parse(const char *text, struct cgroup_env *env)
{
	struct mounts m;
	int have_v1_any;

	if (mounts_parse(text, &m) < 0)
		return 0;
	have_v1_any = hierarchies(&m, env);
	mounts_free(&m);
	return have_v1_any;
}

/* The administrator's parent group, when there is one: a cgroup under the memory root. */
static void find_parent(struct cgroup_env *env)
{
	char path[PATH_LEN];

	snprintf(path, sizeof(path), "%s/%s/cgroup.procs", env->memory_root, CGROUP_PARENT);
	if (sysfs_exists(path))
		snprintf(env->parent, sizeof(env->parent), "%s", CGROUP_PARENT);
	/* A root of PATH_MAX with the parent appended cannot be a path: the parent is left out. */
	if (snprintf(env->group_root, sizeof(env->group_root), "%s%s%s", env->memory_root,
		     env->parent[0] ? "/" : "", env->parent) >= (int)sizeof(env->group_root))
		snprintf(env->group_root, sizeof(env->group_root), "%s", env->memory_root);
}

int cgroup_env_detect(struct cgroup_env *env)
{
	struct mounts m;
	int have_v1_any, ret = mounts_read(MOUNTS, &m);

	memset(env, 0, sizeof(*env));
	if (ret < 0)
		return ret;
	have_v1_any = hierarchies(&m, env);
	mounts_free(&m);
	if (env->memory_root[0]) {
		env->files = &v1_files;
		env->mode = env->unified_root[0] ? CGROUP_MODE_HYBRID : CGROUP_MODE_V1;
		find_parent(env);
		return 0;
	}
	/* The v2 controllers are listed in the root's cgroup.controllers, not in the mount
	 * options. */
	if (env->unified_root[0] &&
	    file_lists_word(env->unified_root, "cgroup.controllers", "memory")) {
		snprintf(env->memory_root, sizeof(env->memory_root), "%s", env->unified_root);
		env->files = &v2_files;
		env->memory_v2 = 1;
		/* v1 hierarchies without memory beside a v2 memory controller: still v2 for us. */
		env->mode = have_v1_any ? CGROUP_MODE_HYBRID : CGROUP_MODE_V2;
		find_parent(env);
		return 0;
	}
	/* Mounted, but without a memory controller: say which, for the error message. */
	if (env->unified_root[0])
		env->mode = have_v1_any ? CGROUP_MODE_HYBRID : CGROUP_MODE_V2;
	else
		env->mode = have_v1_any ? CGROUP_MODE_V1 : CGROUP_MODE_NONE;
	return -ENOENT;
}

int cgroup_delegates(const struct cgroup_env *env, const char *controller)
{
	return file_lists_word(env->group_root, "cgroup.subtree_control", controller);
}

int cgroup_parent_has(const struct cgroup_env *env, const char *controller)
{
	return file_lists_word(env->group_root, "cgroup.controllers", controller);
}

int cgroup_memory_delegated(const struct cgroup_env *env)
{
	return !env->memory_v2 || cgroup_delegates(env, "memory");
}

char *bench_cgroup_file(const struct bench_cgroup *cg, const char *file, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", cg->path, file);
	return n < 0 || (size_t)n >= len ? NULL : buf;
}

/* libcgroup returns its own 5xxxx codes; keep errno where it has one. */
static int lcg_error(int ret)
{
	if (ret == ECGOTHER || ret == ECGROUPVALUENOTEXIST)
		return -(cgroup_get_last_errno() ? cgroup_get_last_errno() : EIO);
	return ret ? -EIO : 0;
}

static int add_u64(struct cgroup_controller *c, const char *name, uint64_t v)
{
	return cgroup_add_value_uint64(c, name, v) ? -EINVAL : 0;
}

static int add_str(struct cgroup_controller *c, const char *name, const char *v)
{
	return cgroup_add_value_string(c, name, v) ? -EINVAL : 0;
}

/* The memory controller's settings, in the order the kernel accepts them. */
static int memory_settings(struct cgroup_controller *mem, const struct cgroup_env *env,
			   const struct cgroup_limits *l)
{
	int ret;

	if (l->high && env->memory_v2)
		ret = add_u64(mem, "memory.high", l->limit);
	else
		ret = add_u64(mem, env->files->limit, l->limit);
	/* v1 refuses a memsw limit below the memory limit, so the memory limit goes first;
	 * v1's memsw limit covers memory plus swap, v2's swap.max swap alone. */
	if (!ret && l->swap_limit)
		ret = add_u64(mem, env->files->swap_limit,
			      env->memory_v2 ? l->swap_limit : l->limit + l->swap_limit);
	/* v1 has no memory.high; its nearest: reclaim at the hard limit, stall instead of kill. */
	if (!ret && l->high && !env->memory_v2)
		ret = add_str(mem, "memory.oom_control", "1");
	if (!ret && l->swappiness >= 0 && !env->memory_v2)
		ret = add_u64(mem, "memory.swappiness", (uint64_t)l->swappiness);
	/* zswap per cgroup exists on v2 only: preflight refuses these options elsewhere. */
	if (!ret && l->zswap_max && env->memory_v2)
		ret = add_u64(mem, "memory.zswap.max", l->zswap_max);
	if (!ret && l->zswap_writeback >= 0 && env->memory_v2)
		ret = add_u64(mem, "memory.zswap.writeback", (uint64_t)l->zswap_writeback);
	return ret;
}

/* blk-throttle: v1 blkio.throttle.*_bps_device in the blkio hierarchy, v2 io.max. */
static int throttle_settings(struct cgroup *lcg, const struct cgroup_env *env,
			     const struct cgroup_limits *l)
{
	char value[96];

	if (!l->throttle_dev)
		return 0;
	if (env->memory_v2) {
		char r[24] = "max", w[24] = "max";
		struct cgroup_controller *io = cgroup_add_controller(lcg, "io");
		if (l->throttle_read)
			snprintf(r, sizeof(r), "%llu", (unsigned long long)l->throttle_read);
		if (l->throttle_write)
			snprintf(w, sizeof(w), "%llu", (unsigned long long)l->throttle_write);
		snprintf(value, sizeof(value), "%s rbps=%s wbps=%s", l->throttle_dev, r, w);
		return io ? add_str(io, "io.max", value) : -ENOMEM;
	}
	struct cgroup_controller *blkio = cgroup_add_controller(lcg, "blkio");
	int ret = 0;
	if (!blkio)
		return -ENOMEM;
	if (l->throttle_read) {
		snprintf(value, sizeof(value), "%s %llu", l->throttle_dev,
			 (unsigned long long)l->throttle_read);
		ret = add_str(blkio, "blkio.throttle.read_bps_device", value);
	}
	if (!ret && l->throttle_write) {
		snprintf(value, sizeof(value), "%s %llu", l->throttle_dev,
			 (unsigned long long)l->throttle_write);
		ret = add_str(blkio, "blkio.throttle.write_bps_device", value);
	}
	return ret;
}

int bench_cgroup_init(struct bench_cgroup *cg, const struct cgroup_env *env, const char *name,
		      const struct cgroup_limits *limits)
{
	char parent[PATH_LEN];

	memset(cg, 0, sizeof(*cg));
	cg->env = env;
	/* libcgroup names a group by its path under each controller's mount. */
	snprintf(cg->name, sizeof(cg->name), "%s%s%s", env->parent, env->parent[0] ? "/" : "",
		 name);
	if (snprintf(cg->path, sizeof(cg->path), "%s/%s", env->memory_root, cg->name) >=
	    (int)sizeof(cg->path))
		return -ENAMETOOLONG;
	if (limits->throttle_dev && !env->memory_v2) {
		if (!env->blkio_root[0])
			return -ENOTSUP;
		if (snprintf(cg->io_path, sizeof(cg->io_path), "%s/%s", env->blkio_root,
			     cg->name) >= (int)sizeof(cg->io_path))
			return -ENAMETOOLONG;
		/* libcgroup would make a missing parent itself, a directory nobody would remove. */
		snprintf(parent, sizeof(parent), "%s/%s/cgroup.procs", env->blkio_root,
			 env->parent);
		if (env->parent[0] && !sysfs_exists(parent))
			return -ENOENT;
	}
	/* libcgroup would silently adopt an existing directory; it is not ours to use or remove. */
	if (sysfs_exists(cg->path) || (cg->io_path[0] && sysfs_exists(cg->io_path)))
		return -EEXIST;
	return 0;
}

int bench_cgroup_create(struct bench_cgroup *cg, const struct cgroup_limits *limits)
{
	static int initialised;
	struct cgroup_controller *mem;
	struct cgroup *lcg = NULL;
	int ret;

	if (!initialised) {
		ret = cgroup_init();
		if (ret)
			return lcg_error(ret);
		initialised = 1;
	}
	ret = -ENOMEM;
	lcg = cgroup_new_cgroup(cg->name);
	if (!lcg)
		goto out;
	mem = cgroup_add_controller(lcg, "memory");
	if (!mem)
		goto out;
	ret = memory_settings(mem, cg->env, limits);
	if (!ret)
		ret = throttle_settings(lcg, cg->env, limits);
	if (ret)
		goto out;
	ret = lcg_error(cgroup_create_cgroup(lcg, 0));
	if (ret)
		goto out;
	cg->lcg = lcg;
	lcg = NULL;
out:
	if (lcg)
		cgroup_free(&lcg);
	return ret;
}

/* A write to cgroup.procs is what libcgroup's attach does, without its mount table walk. */
int bench_cgroup_attach(struct bench_cgroup *cg, pid_t pid)
{
	char path[PATH_LEN], value[24];
	int ret;

	snprintf(value, sizeof(value), "%d", (int)pid);
	snprintf(path, sizeof(path), "%s/cgroup.procs", cg->path);
	ret = sysfs_write(path, value);
	if (!ret && cg->io_path[0]) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cg->io_path);
		ret = sysfs_write(path, value);
	}
	return ret;
}

int bench_cgroup_open_dir(const struct bench_cgroup *cg)
{
	char path[PATH_LEN];

	if (!cg->env->memory_v2 || cg->io_path[0] || sysfs_root()[0] ||
	    !sysfs_path(path, sizeof(path), cg->path))
		return -1;
	return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

void bench_cgroup_release(struct bench_cgroup *cg)
{
	struct cgroup *lcg = cg->lcg;
	if (lcg)
		cgroup_free(&lcg);
	cg->lcg = NULL;
}

static int read_file_u64(const struct bench_cgroup *cg, const char *file, uint64_t *value)
{
	char path[PATH_LEN];
	if (!file)
		return -ENOTSUP;
	if (!bench_cgroup_file(cg, file, path, sizeof(path)))
		return -ENAMETOOLONG;
	return sysfs_read_u64(path, value);
}

int bench_cgroup_swap_usage(const struct bench_cgroup *cg, uint64_t *bytes)
{
	char path[PATH_LEN];

	if (cg->env->files->swap_current)
		return read_file_u64(cg, cg->env->files->swap_current, bytes);
	if (!bench_cgroup_file(cg, "memory.stat", path, sizeof(path)))
		return -ENAMETOOLONG;
	return kv_read(path, "swap", bytes);
}

int bench_cgroup_mem_peak(const struct bench_cgroup *cg, uint64_t *bytes)
{
	return read_file_u64(cg, cg->env->files->mem_peak, bytes);
}

int bench_cgroup_mem_usage(const struct bench_cgroup *cg, uint64_t *bytes)
{
	return read_file_u64(cg, cg->env->files->mem_current, bytes);
}

int bench_cgroup_set_high(const struct bench_cgroup *cg, uint64_t bytes)
{
	char path[PATH_LEN], value[32];

	if (!cg->env->memory_v2)
		return -ENOTSUP;
	if (!bench_cgroup_file(cg, "memory.high", path, sizeof(path)))
		return -ENAMETOOLONG;
	snprintf(value, sizeof(value), "%llu", (unsigned long long)bytes);
	return sysfs_write(path, value);
}

/* "zswapbench-1-0-1" of "zswapbench/zswapbench-1-0-1". */
static const char *base_name(const char *name)
{
	const char *slash = strrchr(name, '/');

	return slash ? slash + 1 : name;
}

int bench_cgroup_psi_init(struct bench_cgroup *cg)
{
	const struct cgroup_env *env = cg->env;
	char path[PATH_LEN];

	if (env->memory_v2) {
		snprintf(path, sizeof(path), "%s/memory.pressure", cg->path);
		if (!sysfs_exists(path))
			return -ENOTSUP;
		snprintf(cg->psi_path, sizeof(cg->psi_path), "%s", cg->path);
		snprintf(cg->pressure, sizeof(cg->pressure), "%s", path);
		return 0;
	}
	snprintf(path, sizeof(path), "%s/memory.pressure", env->unified_root);
	if (!env->unified_root[0] || !sysfs_exists(path))
		return -ENOTSUP;
	if (snprintf(cg->psi_path, sizeof(cg->psi_path), "%s/%s", env->unified_root,
		     base_name(cg->name)) >= (int)sizeof(cg->psi_path))
		return -ENAMETOOLONG;
	snprintf(cg->pressure, sizeof(cg->pressure), "%s/memory.pressure", cg->psi_path);
	return sysfs_exists(cg->psi_path) ? -EEXIST : 0; /* a directory of that name is not ours */
}

int bench_cgroup_psi_mkdir(struct bench_cgroup *cg)
{
	char full[ROOTED_PATH_LEN];

	if (cg->env->memory_v2)
		return 0;
	if (!sysfs_path(full, sizeof(full), cg->psi_path))
		return -ENAMETOOLONG;
	return mkdir(full, 0755) < 0 ? -errno : 0;
}

int bench_cgroup_psi_attach(struct bench_cgroup *cg, pid_t pid)
{
	char path[PATH_LEN], value[24];
	if (!cg->psi_path[0] || cg->env->memory_v2)
		return 0;
	snprintf(path, sizeof(path), "%s/cgroup.procs", cg->psi_path);
	snprintf(value, sizeof(value), "%d", (int)pid);
	return sysfs_write(path, value);
}

int bench_cgroup_memsw_peak(const struct bench_cgroup *cg, uint64_t *bytes)
{
	return read_file_u64(cg, cg->env->files->memsw_peak, bytes);
}

int bench_cgroup_stat(const struct bench_cgroup *cg, const char *key, uint64_t *value)
{
	char path[PATH_LEN];
	if (!bench_cgroup_file(cg, "memory.stat", path, sizeof(path)))
		return -ENAMETOOLONG;
	return kv_read(path, key, value);
}

int bench_cgroup_oom_kills(const struct bench_cgroup *cg, uint64_t *count)
{
	char path[PATH_LEN];
	if (!bench_cgroup_file(cg, cg->env->files->oom_file, path, sizeof(path)))
		return -ENAMETOOLONG;
	return kv_read(path, "oom_kill", count);
}
