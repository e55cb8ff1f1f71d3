/* Everything checked before the first change to the machine, and the warnings after it. */
#include "runner/run/preflight.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/size.h"
#include "common/pattern.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/base/log.h"
#include "runner/report/plot.h"
#include "runner/undo/param.h"

#ifndef ZSB_LIBEXECDIR
#define ZSB_LIBEXECDIR "/usr/local/libexec/zswapbench"
#endif

/* blk-throttle works on whole disks: the swapfile's filesystem's disk, "MAJ:MIN". */
static int disk_throttle_device(const char *swapfile, char *out, size_t len)
{
	char copy[PATH_MAX], sysdev[96], path[160], buf[32];
	struct stat st;
	unsigned maj, min;

	snprintf(copy, sizeof(copy), "%s", swapfile);
	if (stat(dirname(copy), &st) < 0) {
		say("--disk-throttle: %s: %s", copy, strerror(errno));
		return -errno;
	}
	maj = major(st.st_dev);
	min = minor(st.st_dev);
	snprintf(sysdev, sizeof(sysdev), "/sys/dev/block/%u:%u", maj, min);
	if (!sysfs_exists(sysdev)) {
		say("--disk-throttle: %s is not on a block device (%u:%u)", copy, maj, min);
		return -ENODEV;
	}
	/* A partition: throttle its disk, whose dev is one directory up. */
	snprintf(path, sizeof(path), "%s/partition", sysdev);
	if (sysfs_exists(path)) {
		snprintf(path, sizeof(path), "%s/../dev", sysdev);
		if (sysfs_read_line(path, buf, sizeof(buf)) < 0 || sscanf(buf, "%u:%u", &maj, &min) != 2) {
			say("--disk-throttle: cannot find the disk of partition %u:%u", maj, min);
			return -ENODEV;
		}
	}
	snprintf(out, len, "%u:%u", maj, min);
	return 0;
}

/* The hogger: --hogger, beside zswapbench (a build tree), or where make install put it
 * (PREFIX/libexec/zswapbench, found from sbin/ as from the compiled-in path). */
static int find_hogger(const struct config *cfg, char *out, size_t len)
{
	char self[PATH_MAX], *dir;
	ssize_t n;

	if (cfg->hogger[0]) {
		snprintf(out, len, "%s", cfg->hogger);
		return access(out, X_OK) == 0 ? 0 : -errno;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0)
		return -errno;
	self[n] = '\0';
	dir = dirname(self);
	snprintf(out, len, "%s/zswapbench-hogger", dir);
	if (access(out, X_OK) == 0)
		return 0;
	snprintf(out, len, "%s/../libexec/zswapbench/zswapbench-hogger", dir);
	if (access(out, X_OK) == 0)
		return 0;
	snprintf(out, len, "%s/zswapbench-hogger", ZSB_LIBEXECDIR);
	return access(out, X_OK) == 0 ? 0 : -errno;
}

/* What execvp would run: a path as given, or the first executable match in PATH. */
static int find_command(const char *name)
{
	const char *path = getenv("PATH");
	char candidate[PATH_MAX];

	if (strchr(name, '/'))
		return access(name, X_OK) == 0 ? 0 : -errno;
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		snprintf(candidate, sizeof(candidate), "%.*s/%s", (int)n, p, name);
		if (n && access(candidate, X_OK) == 0)
			return 0;
		p += n + (p[n] == ':');
	}
	return -ENOENT;
}

/* A file (or, for want_dir, a folder made at the end) the run will write: its directory must
 * be there now, not after an hour of trials. */
static int check_output_path(const char *option, const char *path, int want_dir)
{
	char copy[PATH_MAX];
	struct stat st;

	if (!path[0])
		return 0;
	snprintf(copy, sizeof(copy), "%s", path);
	if (stat(dirname(copy), &st) < 0 || !S_ISDIR(st.st_mode)) {
		say("--%s '%s': directory %s does not exist", option, path, copy);
		return -EINVAL;
	}
	if (stat(path, &st) == 0 && !S_ISDIR(st.st_mode) != !want_dir) {
		say("--%s '%s': %s", option, path, want_dir ? "is not a directory" : "is a directory");
		return -EINVAL;
	}
	return 0;
}

static int check_outputs(const struct config *cfg)
{
	if (check_output_path("output", cfg->output, 0) || check_output_path("plot", cfg->plot_dir, 1) ||
	    check_output_path("report", cfg->report_file, 0))
		return EXIT_USAGE;
	if ((cfg->plot_dir[0] || cfg->report_file[0]) && !plot_available()) {
		say("--%s: %s", cfg->plot_dir[0] ? "plot" : "report", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

/* The workload: a command that can be found, a hogger that can be run. */
static int check_workload(const struct config *cfg, struct host *host)
{
	int ret;

	if (cfg->command && (ret = find_command(cfg->command[0]))) {
		say("command '%s': %s", cfg->command[0], ret == -ENOENT ? "not found in PATH" : strerror(-ret));
		return EXIT_USAGE;
	}
	if ((!cfg->command || cfg->background) && (ret = find_hogger(cfg, host->hogger, sizeof(host->hogger)))) {
		say("--hogger '%s': %s (build it with make)", host->hogger, strerror(-ret));
		return EXIT_USAGE;
	}
	return 0;
}

/* Each backend with each compressor a cell uses, as its check sees them (once a pair). */
static int check_backends(const struct config *cfg, const struct plan *plan)
{
	struct swap_shared shared = { .zram_id = -1, .loop_n = -1 };
	struct swap_params p = { .cfg = cfg, .size = plan->swap_size, .swapfile = plan->swapfile, .shared = &shared };

	for (size_t i = 0; i < plan->ncells; i++) {
		const struct plan_cell *c = &plan->cells[i];
		struct swap_device dev;
		int seen = 0, ret;
		for (size_t k = 0; k < i && !seen; k++)
			seen = plan->cells[k].backend == c->backend &&
			       (plan->cells[k].comp == c->comp || (plan->cells[k].comp && c->comp && !strcmp(plan->cells[k].comp, c->comp)));
		if (seen)
			continue;
		p.comp = c->comp;
		swap_device_init(&dev, c->backend, &p);
		if ((ret = swap_device_check(&dev))) {
			say("%s", dev.why);
			return ret == -EINVAL ? EXIT_USAGE : EXIT_UNSUPPORTED;
		}
	}
	return 0;
}

/* What the machine can spare: MemAvailable less a margin (256M, or 5% of the RAM if more),
 * so the kernel, other programs and our own runner keep their room. */
static int spare_memory(uint64_t *spare, uint64_t *available, uint64_t *margin)
{
	uint64_t total;
	int ret = kv_read("/proc/meminfo", "MemAvailable", available);

	if (ret || (ret = kv_read("/proc/meminfo", "MemTotal", &total)))
		return ret;
	*margin = total / 20 > (256ULL << 20) ? total / 20 : 256ULL << 20;
	*spare = *available > *margin ? *available - *margin : 0;
	return 0;
}

/* RAM a zram cell costs outside the cgroup: what spills past the limit, at the pattern's
 * expected ratio, at most the device, at most --zram-mem-limit. */
static uint64_t zram_ram(const struct config *cfg, uint64_t alloc, uint64_t limit)
{
	uint64_t disk = cfg->zram_size ? cfg->zram_size : plan_swap_size(cfg);
	uint64_t spill = cfg->command ? disk : alloc > limit ? alloc - limit : 0;
	struct pattern pat;
	double ratio = cfg->command || pattern_parse(cfg->data, &pat) ? 1 : pattern_expected_ratio(&pat);
	uint64_t need = (uint64_t)((double)(spill < disk ? spill : disk) / ratio);

	return cfg->zram_mem_limit && cfg->zram_mem_limit < need ? cfg->zram_mem_limit : need;
}

/* What is not charged to the trial's cgroup can fill the machine: --background and zram's
 * compressed pages. Refused before any change, unless it fits what the machine can spare. */
static int check_memory(const struct config *cfg, const struct plan *plan)
{
	uint64_t spare, available, margin, worst = 0, need;
	char a[32], b[32], c[32], d[32], e[32];

	if (spare_memory(&spare, &available, &margin))
		return 0;
	for (size_t i = 0; i < plan->ncells; i++) {
		const struct plan_cell *cell = &plan->cells[i];
		need = cell->limit + (cell->backend->flags & BACKEND_UNCHARGED_RAM ? zram_ram(cfg, cell->alloc, cell->limit) : 0);
		worst = need > worst ? need : worst;
	}
	if (cfg->background + worst <= spare)
		return 0;
	size_format(available, b, sizeof(b));
	size_format(margin, c, sizeof(c));
	size_format(spare, d, sizeof(d));
	size_format(cfg->background + worst, e, sizeof(e));
	if (cfg->background > spare / 2)
		say("--background %s: more than this machine can spare beside the trials (%s: MemAvailable %s less a "
		    "%s margin); nothing was changed", size_format(cfg->background, a, sizeof(a)), d, b, c);
	else
		say("--alloc %s: the trials would need about %s of RAM, zram's compressed pages included, more than "
		    "this machine can spare (%s: MemAvailable %s less a %s margin); lower --alloc or cap zram with "
		    "--zram-mem-limit; nothing was changed", size_format(cfg->alloc, a, sizeof(a)), e, d, b, c);
	return EXIT_UNSUPPORTED;
}

/* The administrator's parent group must be able to hold the trials: memory (and blkio or io
 * for --disk-throttle) where they will be created. */
static int check_parent_group(const struct config *cfg, const struct cgroup_env *env)
{
	char path[PATH_MAX + 32];
	int throttle = cfg->throttle_read || cfg->throttle_write;

	if (!env->parent[0])
		return 0;
	if (env->memory_v2 && !cgroup_parent_has(env, "memory")) {
		say("cgroup %s has no memory controller: add +memory to its parent's cgroup.subtree_control "
		    "(cgroup/cgconfig-v2.conf does), or remove the group", env->group_root);
		return EXIT_UNSUPPORTED;
	}
	if (throttle && env->memory_v2 && !cgroup_parent_has(env, "io")) {
		say("--disk-throttle: cgroup %s has no io controller to hand down", env->group_root);
		return EXIT_UNSUPPORTED;
	}
	snprintf(path, sizeof(path), "%s/%s/cgroup.procs", env->blkio_root, env->parent);
	if (throttle && !env->memory_v2 && !sysfs_exists(path)) {
		say("--disk-throttle: the trials go under cgroup %s, which has no blkio group (%s/%s): "
		    "cgroup/cgconfig.conf makes both", env->group_root, env->blkio_root, env->parent);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

/* The kernel's major.minor from uname, e.g. 608 for 6.8; 0 when unknown. */
static unsigned kernel_version(void)
{
	struct utsname u;
	unsigned major = 0, minor = 0;

	if (uname(&u) < 0 || sscanf(u.release, "%u.%u", &major, &minor) != 2)
		return 0;
	return major * 100 + minor;
}

/* Switches of the memory manager and of zswap per cgroup: refused where the kernel or the
 * cgroup mode has no such file, before anything changes. */
static int check_mm_switches(const struct config *cfg, const struct cgroup_env *env)
{
	if (cfg->thp[0] && !sysfs_exists(THP_ENABLED)) {
		say("--thp %s: this kernel has no transparent huge pages (%s)", cfg->thp, THP_ENABLED);
		return EXIT_UNSUPPORTED;
	}
	if (cfg->mglru[0] && !sysfs_exists(MGLRU_ENABLED)) {
		say("--mglru %s: this kernel has no multi-gen LRU (CONFIG_LRU_GEN: no %s)", cfg->mglru, MGLRU_ENABLED);
		return EXIT_UNSUPPORTED;
	}
	if ((cfg->zswap_writeback[0] || cfg->zswap_max) && !env->memory_v2) {
		say("--%s: zswap is limited per cgroup only on cgroup v2 (this machine: %s)",
		    cfg->zswap_writeback[0] ? "zswap-writeback" : "zswap-max", cgroup_mode_name(env->mode));
		return EXIT_UNSUPPORTED;
	}
	if (cfg->zswap_writeback[0] && !cfg->sysroot[0] && kernel_version() && kernel_version() < 608) {
		say("--zswap-writeback: memory.zswap.writeback came with Linux 6.8");
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

int preflight(const struct config *cfg, struct host *host)
{
	char swapfile[PATH_MAX];
	int status;

	memset(host, 0, sizeof(*host));
	if (geteuid() != 0 && !cfg->sysroot[0]) {
		say("must run as root: it creates cgroups and swap areas (try: sudo zswapbench ...)");
		return EXIT_USAGE;
	}
	if ((status = check_workload(cfg, host)))
		return status;
	if (cgroup_env_detect(&host->env) < 0) {
		say("no memory cgroup controller is mounted (cgroup mode: %s)", cgroup_mode_name(host->env.mode));
		return EXIT_UNSUPPORTED;
	}
	if ((status = check_parent_group(cfg, &host->env)) || (status = check_mm_switches(cfg, &host->env)))
		return status;
	if (cfg->limit_mode == LIMIT_HIGH && !host->env.memory_v2 && !cfg->timeout_ms) {
		say("--limit-mode high: on cgroup v1 it stalls instead of killing, so it needs a --timeout");
		return EXIT_USAGE;
	}
	plan_swapfile(cfg, swapfile, sizeof(swapfile));
	if ((cfg->throttle_read || cfg->throttle_write) &&
	    disk_throttle_device(swapfile, host->throttle_dev, sizeof(host->throttle_dev)) < 0)
		return EXIT_UNSUPPORTED;
	return check_outputs(cfg);
}

int preflight_plan(const struct config *cfg, const struct plan *plan)
{
	int status = check_backends(cfg, plan);
	return status ? status : check_memory(cfg, plan);
}

void warnings(const struct config *cfg, const struct host *host, const struct plan *plan, char *other_swap,
	      size_t len)
{
	char a[32], b[32];

	/* What a command allocates is its own business; the hoggers' is known, per cell. */
	for (size_t i = 0; i < plan->ncells && !cfg->command; i++) {
		const struct plan_cell *c = &plan->cells[i];
		if (c->alloc <= c->limit)
			warn("%s: %s allocated fits in --limit %s: nothing will swap", c->label,
			    size_format(c->alloc, a, sizeof(a)), size_format(c->limit, b, sizeof(b)));
		else if (c->alloc > c->limit + plan->swap_size && (c->backend->flags & BACKEND_DEVICE))
			warn("%s: %s allocated exceeds the limit plus swap (%s): expect an OOM kill",
			    c->label, size_format(c->alloc, a, sizeof(a)),
			    size_format(c->limit + plan->swap_size, b, sizeof(b)));
	}
	for (size_t i = 0; i < plan->ncells && host->env.memory_v2; i++)
		if (plan->cells[i].backend->flags & BACKEND_POOL_CHARGED_V2) {
			/* Measured on Debian's 6.1 under v2: 128M under 32M is OOM-killed at 55M of swap. */
			warn("%s on cgroup v2: the compressed pool is charged to the cgroup too, so the "
			    "limit must hold the pages left and their compressed copies (a limit far below "
			    "--alloc ends in an OOM kill)", plan->cells[i].backend->name);
			break;
		}
	if (swaps_others(NULL, other_swap, len) > 0)
		warn("swap already active (%s): the kernel may use it too; it is left untouched", other_swap);
}
