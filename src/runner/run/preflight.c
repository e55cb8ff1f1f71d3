/* Everything checked before the first change to the machine, and the warnings after it. */
#include "runner/run/preflight.h"

#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "common/size.h"
#include "runner/kernel/sysfs.h"

void say(const char *fmt, ...)
{
	va_list ap;
	fputs("zswapbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The largest allocation of any cell: the default swap size must hold it. */
static uint64_t max_alloc(const struct config *cfg)
{
	uint64_t most = cfg->alloc_per_job ? 0 : cfg->alloc;
	for (size_t i = 0; i < cfg->njobs && cfg->alloc_per_job; i++)
		if (cfg->alloc_per_job * cfg->jobs[i] > most)
			most = cfg->alloc_per_job * cfg->jobs[i];
	return most;
}

/* blk-throttle works on whole disks: the swapfile's filesystem's disk, "MAJ:MIN". */
int disk_throttle_device(struct run *run)
{
	char copy[PATH_MAX], sysdev[96], path[160], buf[32];
	struct stat st;
	unsigned maj, min;

	snprintf(copy, sizeof(copy), "%s", run->swapfile);
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
	snprintf(run->throttle_dev, sizeof(run->throttle_dev), "%u:%u", maj, min);
	return 0;
}

static int find_hogger(struct run *run)
{
	char self[PATH_MAX];
	ssize_t n;

	if (run->cfg->hogger) {
		snprintf(run->hogger, sizeof(run->hogger), "%s", run->cfg->hogger);
	} else {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n < 0)
			return -errno;
		self[n] = '\0';
		snprintf(run->hogger, sizeof(run->hogger), "%s/zswapbench-hogger", dirname(self));
	}
	return access(run->hogger, X_OK) == 0 ? 0 : -errno;
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

static int choose_output(struct run *run)
{
	const struct config *cfg = run->cfg;
	char copy[PATH_MAX];
	struct stat st;
	time_t t = time(NULL);
	char stamp[32];

	if (cfg->output) {
		snprintf(run->output, sizeof(run->output), "%s", cfg->output);
		snprintf(copy, sizeof(copy), "%s", cfg->output);
		if (stat(dirname(copy), &st) < 0 || !S_ISDIR(st.st_mode)) {
			say("--output '%s': directory %s does not exist", cfg->output, copy);
			return -EINVAL;
		}
		if (stat(cfg->output, &st) == 0 && S_ISDIR(st.st_mode)) {
			say("--output '%s': is a directory", cfg->output);
			return -EINVAL;
		}
		return 0;
	}
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	snprintf(run->output, sizeof(run->output), "results/zswapbench-%s%s.json", stamp, cfg->suffix);
	if (mkdir("results", 0755) < 0 && errno != EEXIST) {
		say("results: %s", strerror(errno));
		return -errno;
	}
	return 0;
}

/* Everything that can be checked without changing the machine. Returns an exit status or 0. */
int preflight(struct run *run)
{
	const struct config *cfg = run->cfg;
	int ret;

	if (geteuid() != 0 && !cfg->sysroot) {
		say("must run as root: it creates cgroups and swap areas (try: sudo zswapbench ...)");
		return EXIT_USAGE;
	}
	if (cfg->command) {
		ret = find_command(cfg->command[0]);
		if (ret) {
			say("command '%s': %s", cfg->command[0],
			    ret == -ENOENT ? "not found in PATH" : strerror(-ret));
			return EXIT_USAGE;
		}
	}
	if (!cfg->command || cfg->background) {
		ret = find_hogger(run);
		if (ret) {
			say("--hogger '%s': %s (build it with make)", run->hogger, strerror(-ret));
			return EXIT_USAGE;
		}
	}
	if (cgroup_env_detect(&run->env) < 0) {
		say("no memory cgroup controller is mounted (cgroup mode: %s)", cgroup_mode_name(run->env.mode));
		return EXIT_UNSUPPORTED;
	}
	run->swap_size = cfg->swap_size ? cfg->swap_size : (max_alloc(cfg) + (1 << 20) - 1) & ~((1ULL << 20) - 1);
	if (cfg->swapfile)
		snprintf(run->swapfile, sizeof(run->swapfile), "%s", cfg->swapfile);
	else
		snprintf(run->swapfile, sizeof(run->swapfile), "/var/tmp/zswapbench-%d.swap", (int)getpid());
	ret = plan_build(run);
	if (ret) {
		say("planning: %s", strerror(-ret));
		return EXIT_RUNTIME;
	}
	for (size_t i = 0; i < run->ncells; i++) {
		struct cell *c = &run->cells[i];
		struct swap_params p = {
			.size = c->backend == &backend_zram && cfg->zram_size ? cfg->zram_size : run->swap_size,
			.priority = cfg->priority, .comp = c->comp, .swapfile = run->swapfile,
			.zswap_pool = cfg->zswap_pool, .zswap_zpool = cfg->zswap_zpool,
			.zram_mem_limit = cfg->zram_mem_limit,
			.zram_algo_params = cfg->zram_algo_params,
			.shared = &run->shared,
		};
		swap_device_init(&c->dev, c->backend, &p);
		ret = swap_device_check(&c->dev);
		if (ret) {
			say("%s", c->dev.why);
			return ret == -EINVAL ? EXIT_USAGE : EXIT_UNSUPPORTED;
		}
	}
	if (cfg->limit_mode == LIMIT_HIGH && !run->env.memory_v2 && !cfg->timeout) {
		say("--limit-mode high: on cgroup v1 it stalls instead of killing, so it needs a --timeout");
		return EXIT_USAGE;
	}
	if ((cfg->throttle_read || cfg->throttle_write) && disk_throttle_device(run) < 0)
		return EXIT_UNSUPPORTED;
	if (choose_output(run))
		return EXIT_USAGE;
	return 0;
}

/* What the user should know before trusting the numbers; changes nothing. */
void warnings(struct run *run)
{
	const struct config *cfg = run->cfg;
	char a[32], b[32];

	/* What a command allocates is its own business; the hoggers' is known, per cell. */
	for (size_t i = 0; i < run->ncells && !cfg->command; i++) {
		const struct cell *c = &run->cells[i];
		if (c->alloc <= c->limit) {
			say("warning: %s: %s allocated fits in --limit %s: nothing will swap", c->label,
			    size_format(c->alloc, a, sizeof(a)), size_format(c->limit, b, sizeof(b)));
		} else if (c->alloc > c->limit + run->swap_size && c->backend != &backend_none) {
			say("warning: %s: %s allocated exceeds the limit plus swap (%s): expect an OOM kill",
			    c->label, size_format(c->alloc, a, sizeof(a)),
			    size_format(c->limit + run->swap_size, b, sizeof(b)));
		}
	}
	for (size_t i = 0; i < run->ncells; i++)
		if (run->cells[i].backend == &backend_zswap && run->env.memory_v2) {
			/* Measured on Debian's 6.1 under v2: 128M under 32M is OOM-killed at 55M of swap. */
			say("warning: zswap on cgroup v2: the compressed pool is charged to the cgroup too, so the "
			    "limit must hold the pages left and their compressed copies (a limit far below "
			    "--alloc ends in an OOM kill)");
			break;
		}
	if (swaps_others(NULL, run->other_swap, sizeof(run->other_swap)) > 0)
		say("warning: swap already active (%s): the kernel may use it too; it is left untouched",
		    run->other_swap);
}

