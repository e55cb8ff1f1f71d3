/*
 * The trial's memory cgroup. The mode (v1, v2, hybrid) and every file name come from the mount
 * table under the sysfs root, so the logic is tested on fake trees; creation, limits and
 * attaching go through libcgroup on a real system.
 */
#ifndef ZSB_CGROUP_H
#define ZSB_CGROUP_H
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

#include "runner/base/sizes.h"

enum cgroup_mode {
	CGROUP_MODE_NONE,
	CGROUP_MODE_V1,
	CGROUP_MODE_V2,
	CGROUP_MODE_HYBRID
};

/* The files that differ between v1 and v2; NULL where a version has no such file. */
struct cgroup_files {
	const char *limit; /* hard limit */
	const char *swap_limit; /* v1 memsw counts memory + swap, v2 swap.max swap alone */
	const char *swap_current; /* NULL: "swap" in memory.stat (v1) */
	const char *mem_peak;
	const char *memsw_peak; /* v1: memory + swap; v2: swap alone */
	const char *oom_file; /* holds the oom_kill counter */
	const char *mem_current; /* usage now */
};

struct cgroup_env {
	enum cgroup_mode mode;
	int memory_v2; /* the memory controller lives on the unified hierarchy */
	char memory_root[PATH_MAX]; /* mount point holding the memory controller */
	char blkio_root[PATH_MAX]; /* v1 blkio mount point, empty when none */
	char unified_root[PATH_MAX]; /* cgroup2 mount, empty when none */
	/* CGROUP_PARENT when an administrator made that group under the memory root (cgroup/
	 * cgconfig.conf): the trials' cgroups go under it. Empty: under the root. */
	char parent[16];
	char group_root[PATH_MAX]; /* memory_root[/parent]: where the trials' cgroups go */
	const struct cgroup_files *files;
};

#define CGROUP_PARENT "zswapbench"

/* What a trial's cgroup is given. */
struct cgroup_limits {
	uint64_t limit;
	uint64_t swap_limit; /* 0: none */
	int high; /* v2 memory.high; v1: the limit with the OOM killer off */
	int swappiness; /* v1 memory.swappiness; -1 leaves it */
	const char *throttle_dev; /* "MAJ:MIN" to throttle, or NULL */
	uint64_t throttle_read, throttle_write; /* bytes/s; 0: not that direction */
	uint64_t zswap_max; /* v2 memory.zswap.max; 0: leave it */
	int zswap_writeback; /* v2 memory.zswap.writeback 0 or 1; -1: leave it */
};

struct bench_cgroup {
	const struct cgroup_env *env;
	char name[64];
	char path[PATH_MAX]; /* memory_root/name, without the sysfs root */
	char io_path[PATH_MAX]; /* v1 blkio_root/name when throttled, else empty */
	char psi_path[PATH_MAX]; /* a cgroup with memory.pressure holding the workload */
	char pressure[PATH_LEN]; /* its memory.pressure file; empty when there is none */
	void *lcg; /* libcgroup's struct cgroup */
};

/* Where each hierarchy is mounted, from a mount table's text (as /proc/self/mounts); returns
 * whether any v1 hierarchy is mounted. */
int cgroup_mounts_parse(const char *text, struct cgroup_env *env);
/* Reads <root>/proc/self/mounts; -ENOENT when no memory controller is mounted. */
int cgroup_env_detect(struct cgroup_env *env);
const char *cgroup_mode_name(enum cgroup_mode mode);
/* v2 only: does group_root already delegate the memory controller to its children? */
int cgroup_memory_delegated(const struct cgroup_env *env);
/* v2: is controller in group_root's cgroup.subtree_control? */
int cgroup_delegates(const struct cgroup_env *env, const char *controller);
/* v2: may group_root hand controller down (is it in its cgroup.controllers)? */
int cgroup_parent_has(const struct cgroup_env *env, const char *controller);

/* Where the group will be: under group_root (and the v1 blkio root, under the parent group
 * there too, when throttling).
 * -EEXIST when a cgroup of that name already exists (it is someone else's). Creates nothing,
 * so the journal can announce the directories first. */
int bench_cgroup_init(struct bench_cgroup *cg, const struct cgroup_env *env, const char *name,
		      const struct cgroup_limits *limits);
/* Creates it with the limits, through libcgroup. */
int bench_cgroup_create(struct bench_cgroup *cg, const struct cgroup_limits *limits);
int bench_cgroup_attach(struct bench_cgroup *cg, pid_t pid);
/* The cgroup's directory for clone3's CLONE_INTO_CGROUP, when one v2 cgroup is all a process
 * must join (the real /sys, cgroup v2 memory: no v1 blkio twin, PSI in the same group); -1
 * otherwise. */
int bench_cgroup_open_dir(const struct bench_cgroup *cg);
/* v1 and hybrid: a cgroup of the same name at the top of the unified hierarchy, for its
 * memory.pressure (PSI per cgroup needs v2). v2: the group itself. psi_init names it (-ENOTSUP
 * where there is no such file, -EEXIST where the name is taken); psi_mkdir makes it on v1. */
int bench_cgroup_psi_init(struct bench_cgroup *cg);
int bench_cgroup_psi_mkdir(struct bench_cgroup *cg);
int bench_cgroup_psi_attach(struct bench_cgroup *cg, pid_t pid);
/* Drops libcgroup's handle; the directory itself is removed by the undo journal. */
void bench_cgroup_release(struct bench_cgroup *cg);

/* Readers: each returns 0 or -errno. */
int bench_cgroup_swap_usage(const struct bench_cgroup *cg, uint64_t *bytes);
int bench_cgroup_mem_peak(const struct bench_cgroup *cg, uint64_t *bytes);
int bench_cgroup_mem_usage(const struct bench_cgroup *cg, uint64_t *bytes);
/* v1: peak of memory + swap; v2: peak of swap alone. */
/* v2: memory.high of our own cgroup, moved while the trial runs (the pressure target). */
int bench_cgroup_set_high(const struct bench_cgroup *cg, uint64_t bytes);
int bench_cgroup_memsw_peak(const struct bench_cgroup *cg, uint64_t *bytes);
int bench_cgroup_oom_kills(const struct bench_cgroup *cg, uint64_t *count);
/* A key of the group's memory.stat. */
int bench_cgroup_stat(const struct bench_cgroup *cg, const char *key, uint64_t *value);
/* <path>/<file> into buf, for messages and readers. */
char *bench_cgroup_file(const struct bench_cgroup *cg, const char *file, char *buf, size_t len);

#endif
