/* Everything checked before the first change to the machine, and the warnings after it. */
#include "runner/run/preflight.h"
#include "runner/kernel/spawn.h"

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
#include "runner/base/folder.h"
#include "runner/base/sizes.h"
#include "runner/cli/option_table.h"
#include "runner/kernel/blockdev.h"
#include "runner/kernel/meminfo.h"
#include "runner/kernel/mthp.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/base/log.h"
#include "runner/report/plot/plot.h"
#include "runner/undo/param.h"

#ifndef ZSB_LIBEXECDIR
#define ZSB_LIBEXECDIR "/usr/local/libexec/zswapbench"
#endif

/* blk-throttle works on whole disks: the swapfile's filesystem's disk, "MAJ:MIN". */
static int disk_throttle_device(const char *swapfile, char *out, size_t len)
{
	char copy[PATH_MAX];
	struct stat st;
	unsigned maj, min;
	int ret;

	snprintf(copy, sizeof(copy), "%s", swapfile);
	if (stat(dirname(copy), &st) < 0) {
		say("--disk-throttle: %s: %s", copy, strerror(errno));
		return -errno;
	}
	ret = blockdev_disk(major(st.st_dev), minor(st.st_dev), &maj, &min);
	if (ret == -ENODEV) {
		say("--disk-throttle: %s is not on a block device (%u:%u)", copy, major(st.st_dev),
		    minor(st.st_dev));
		return ret;
	}
	if (ret < 0) {
		say("--disk-throttle: cannot find the disk of partition %u:%u", major(st.st_dev),
		    minor(st.st_dev));
		return -ENODEV;
	}
	snprintf(out, len, "%u:%u", maj, min);
	return 0;
}

/* The hogger: --hogger, beside zswapbench (a build tree), or where make install put it
 * (PREFIX/libexec/zswapbench, found from bin/ as from the compiled-in path). */
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

/* The hogger is missing. --hogger is for developers: named only when they gave it. Otherwise
 * where it was looked for, and the remedy: make in a source tree, the package elsewhere. */
static void say_no_hogger(const struct config *cfg, int err)
{
	char self[PATH_MAX], source[PATH_MAX + 32], *dir = ".";
	ssize_t n;

	if (cfg->hogger[0]) {
		say("--hogger '%s': %s", cfg->hogger, strerror(-err));
		return;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		dir = dirname(self);
	}
	snprintf(source, sizeof(source), "%s/src/hogger", dir);
	if (access(source, F_OK) == 0)
		say("zswapbench-hogger, the program each trial runs, is not built in %s: run make "
		    "there",
		    dir);
	else
		say("zswapbench-hogger, the program each trial runs, is missing (looked for in %s, "
		    "%s/../libexec/zswapbench and %s): reinstall zswapbench",
		    dir, dir, ZSB_LIBEXECDIR);
}

/* What the spawn would run, looked for as it looks; a path as given must be there to run. */
static int find_command(const char *name)
{
	char path[PATH_MAX];
	int ret = spawn_find(name, path, sizeof(path));

	return ret ? ret : access(path, X_OK) == 0 ? 0 : -errno;
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
		say("--%s '%s': %s", option, path,
		    want_dir ? "is not a directory" : "is a directory");
		return -EINVAL;
	}
	return 0;
}

int preflight_drawing(const struct config *cfg)
{
	char why[PATH_LEN];

	if (check_output_path("plot", cfg->view.plot_dir, 1) ||
	    check_output_path("report", cfg->view.report_file, 0))
		return EXIT_USAGE;
	/* Refused now, not after an hour of trials: a folder another user can write. */
	if (cfg->view.plot_dir[0] && folder_check(cfg->view.plot_dir, why, sizeof(why))) {
		say("--plot %s", why);
		return EXIT_USAGE;
	}
	if ((cfg->view.plot_dir[0] || cfg->view.report_file[0]) && !plot_available()) {
		say("--%s: %s", cfg->view.plot_dir[0] ? "plot" : "report", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

static int check_outputs(const struct config *cfg)
{
	if (check_output_path("output", cfg->output, 0))
		return EXIT_USAGE;
	return preflight_drawing(cfg);
}

/* A command given as text (its words split at blanks): its first word must be found. */
static int check_command_text(const char *option, const char *text)
{
	char first[COMMAND_TEXT_MAX + 1];
	int ret;

	snprintf(first, sizeof(first), "%.*s", (int)strcspn(text, " \t"), text);
	if (first[0] && (ret = find_command(first))) {
		say("--%s '%s': %s", option, text,
		    ret == -ENOENT ? "not found in PATH" : strerror(-ret));
		return EXIT_USAGE;
	}
	return 0;
}

/* The program the run's driver needs (fio, mkfs.ext4, stress-ng), named with its package. */
static int check_driver_program(const struct config *cfg)
{
	const char *args;
	const struct workload_driver *d = plan_driver(cfg, &args);

	if (d->program && find_command(d->program)) {
		say("%s: %s not found in PATH (install the %s package: apt-get install %s)",
		    d->chosen_by, d->program, d->package, d->package);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

/* The commands the drivers' options give as text (--read-back, a service's --load, --ready,
 * --load-warmup), each as the table orders them. */
static int check_driver_commands(const struct config *cfg)
{
	int ret = 0;

	for (size_t pos = 0; pos < option_count() && !ret; pos++) {
		const struct option_desc *o = option_row(option_at(pos));
		if (o->scope == SCOPE_DRIVER && o->parse == command_text_check)
			ret = check_command_text(o->name,
						 *(char *const *)option_field_const(cfg, o));
	}
	return ret;
}

/* The workload: a command that can be found, a hogger that can be run. */
static int check_workload(const struct config *cfg, struct host *host)
{
	int ret;

	if ((ret = check_driver_program(cfg)))
		return ret;
	if ((ret = check_driver_commands(cfg)))
		return ret;
	if (cfg->command && (ret = find_command(cfg->command[0]))) {
		say("command '%s': %s", cfg->command[0],
		    ret == -ENOENT ? "not found in PATH" : strerror(-ret));
		return EXIT_USAGE;
	}
	if (((!cfg->command && cfg->driver.device.target != USE_BLOCK) || cfg->background) &&
	    (ret = find_hogger(cfg, host->hogger, sizeof(host->hogger)))) {
		say_no_hogger(cfg, ret);
		return EXIT_USAGE;
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

struct swap_params swap_params_for(const struct config *cfg, const struct host *host,
				   const struct plan *plan, const struct plan_cell *cell,
				   struct swap_shared *shared)
{
	return (struct swap_params){
		.settings = &cell->cfg->backend,
		.comp = cell->comp,
		.size = plan->swap_size,
		.swapfile = plan->swapfile,
		.use = cell->target.use,
		.cgroup_v2 = host->env.memory_v2,
		.cgroup_mode = cgroup_mode_name(host->env.mode),
		/* A fixture tree is not the running kernel. */
		.kernel = cfg->sysroot[0] ? 0 : kernel_version(),
		.shared = shared,
	};
}

/* Does an earlier cell set its backend up alike? Each such setup is checked once. */
static int seen_before(const struct plan *plan, size_t i)
{
	const struct plan_cell *c = &plan->cells[i];

	for (size_t k = 0; k < i; k++)
		if (plan_cells_same_device(&plan->cells[k], c))
			return 1;
	return 0;
}

/* Each backend with each compressor a cell uses, as its check sees them (once a pair). */
static int check_backends(const struct config *cfg, const struct host *host,
			  const struct plan *plan)
{
	struct swap_shared shared;
	int status = 0;

	swap_shared_init(&shared);
	for (size_t i = 0; i < plan->ncells && !status; i++) {
		struct swap_params p = swap_params_for(cfg, host, plan, &plan->cells[i], &shared);
		struct swap_device dev;
		int ret;
		if (seen_before(plan, i))
			continue;
		if ((ret = swap_device_init(&dev, plan->cells[i].backend, &p)) == 0 &&
		    (ret = swap_device_check(&dev))) {
			say("%s", dev.why);
			status = ret == -EINVAL ? EXIT_USAGE : EXIT_UNSUPPORTED;
		} else if (ret) {
			say("%s", strerror(-ret));
			status = EXIT_RUNTIME;
		}
		swap_device_release(&dev);
	}
	swap_shared_free(&shared);
	return status;
}

/* What the machine can spare: MemAvailable less a margin (256M, or 5% of the RAM if more),
 * so the kernel, other programs and our own runner keep their room. */
static int spare_memory(uint64_t *spare, uint64_t *available, uint64_t *margin)
{
	struct meminfo mi;
	uint64_t total;
	int ret = meminfo_read(&mi);

	if (ret || (ret = meminfo_get(&mi, "MemAvailable", available)) ||
	    (ret = meminfo_get(&mi, "MemTotal", &total)))
		return ret;
	*margin = total / 20 > (256ULL << 20) ? total / 20 : 256ULL << 20;
	*spare = *available > *margin ? *available - *margin : 0;
	return 0;
}

/* RAM a cell costs outside the cgroup, as its backend says: what spills past the limit (all
 * of it, for a command, whose allocation is unknown) at the pattern's expected ratio. */
static uint64_t uncharged_ram(const struct config *cfg, const struct host *host,
			      const struct plan *plan, const struct plan_cell *cell)
{
	struct swap_shared shared;
	struct swap_params p;
	struct swap_device dev;
	struct pattern pat;
	uint64_t spill = cfg->command	    ? UINT64_MAX
		: cell->alloc > cell->limit ? cell->alloc - cell->limit
					    : 0,
		 need = 0;
	double ratio = cfg->command ||
			pattern_parse(cfg->data_pages[0] ? cfg->data_pages : cfg->data, &pat)
		? 1
		: pattern_expected_ratio(&pat);

	swap_shared_init(&shared);
	p = swap_params_for(cfg, host, plan, cell, &shared);
	if (swap_device_init(&dev, cell->backend, &p) == 0)
		need = swap_device_uncharged_ram(&dev, spill, ratio);
	swap_device_release(&dev);
	swap_shared_free(&shared);
	return need;
}

/* a + b, or UINT64_MAX where it would wrap: a need that large is more than any machine has,
 * and is refused as such instead of passing as a small one. */
static uint64_t sum_or_max(uint64_t a, uint64_t b)
{
	uint64_t sum;

	return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

/* What is not charged to the trial's cgroup can fill the machine: --background and zram's
 * compressed pages. Refused before any change, unless it fits what the machine can spare. */
static int check_memory(const struct config *cfg, const struct host *host, const struct plan *plan)
{
	uint64_t spare, available, margin, worst = 0, need;
	char a[32], b[32], c[32], d[32], e[32];
	const struct backend *outside = NULL; /* a backend storing pages outside the cgroup */

	if (spare_memory(&spare, &available, &margin))
		return 0;
	for (size_t i = 0; i < plan->ncells; i++) {
		const struct plan_cell *cell = &plan->cells[i];
		need = sum_or_max(cell->limit, uncharged_ram(cfg, host, plan, cell));
		worst = need > worst ? need : worst;
		if (!outside && cell->backend->uncharged_ram)
			outside = cell->backend;
	}
	need = sum_or_max(cfg->background, worst);
	if (need <= spare)
		return 0;
	size_format(available, b, sizeof(b));
	size_format(margin, c, sizeof(c));
	size_format(spare, d, sizeof(d));
	size_format(need, e, sizeof(e));
	if (cfg->background > spare / 2)
		say("--background %s: more than this machine can spare beside the trials (%s: "
		    "MemAvailable %s less a "
		    "%s margin); nothing was changed",
		    size_format(cfg->background, a, sizeof(a)), d, b, c);
	else
		say("--alloc %s: the trials would need about %s of RAM%s%s, more than this "
		    "machine can spare (%s: MemAvailable %s less a %s margin); lower "
		    "--alloc%s%s%s; "
		    "nothing was changed",
		    size_format(cfg->alloc, a, sizeof(a)), e, outside ? ", " : "",
		    outside ? outside->ram_outside : "", d, b, c,
		    outside && outside->ram_cap_option ? " or cap " : "",
		    outside && outside->ram_cap_option ? outside->name : "",
		    outside && outside->ram_cap_option ? outside->ram_cap_option : "");
	return EXIT_UNSUPPORTED;
}

/* The administrator's parent group must be able to hold the trials: memory (and blkio or io
 * for --disk-throttle) where they will be created. */
static int check_parent_group(const struct config *cfg, const struct cgroup_env *env)
{
	char path[PATH_LEN];
	int throttle = cfg->backend.disk.throttle_read || cfg->backend.disk.throttle_write;

	if (!env->parent[0])
		return 0;
	if (env->memory_v2 && !cgroup_parent_has(env, "memory")) {
		say("cgroup %s has no memory controller: add +memory to its parent's "
		    "cgroup.subtree_control "
		    "(cgroup/cgconfig-v2.conf does), or remove the group",
		    env->group_root);
		return EXIT_UNSUPPORTED;
	}
	if (throttle && env->memory_v2 && !cgroup_parent_has(env, "io")) {
		say("--disk-throttle: cgroup %s has no io controller to hand down",
		    env->group_root);
		return EXIT_UNSUPPORTED;
	}
	snprintf(path, sizeof(path), "%s/%s/cgroup.procs", env->blkio_root, env->parent);
	if (throttle && !env->memory_v2 && !sysfs_exists(path)) {
		say("--disk-throttle: the trials go under cgroup %s, which has no blkio group "
		    "(%s/%s): "
		    "cgroup/cgconfig.conf makes both",
		    env->group_root, env->blkio_root, env->parent);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

/* Each size of --mthp: its enabled file there, offering the mode. A size or mode this kernel
 * lacks is a value to correct (exit 2), named with the sizes or modes it has, as --comp's
 * algorithm is; a kernel with no size at all (before 6.8) is unsupported (exit 3). 8K has a
 * folder and no enabled file on 6.18 (no anonymous folio of two pages). */
static int check_mthp(const struct mthp_settings *l)
{
	for (size_t i = 0; i < l->n; i++) {
		char choices[128], words[128], path[PATH_LEN], have[128], size[16];
		const struct mthp_setting *s = &l->v[i];
		int ret = mthp_choices(s->kb, choices, sizeof(choices));

		mthp_size_name(s->kb, size, sizeof(size));
		(void)mthp_enabled_path(s->kb, path, sizeof(path));
		if (ret == -ENOENT && !mthp_sizes_offered(have, sizeof(have))) {
			say("--mthp '%s:%s': this kernel has no multi-size THP (no "
			    "/sys/kernel/mm/transparent_hugepage/hugepages-<N>kB/enabled; it came "
			    "with Linux 6.8)",
			    size, s->mode);
			return EXIT_UNSUPPORTED;
		}
		if (ret == -ENOENT) {
			say("--mthp '%s:%s': this kernel has no anonymous %s folios; it has %s",
			    size, s->mode, size, have);
			return EXIT_USAGE;
		}
		if (ret < 0) {
			say("--mthp '%s:%s': %s: %s", size, s->mode, path, strerror(-ret));
			return EXIT_UNSUPPORTED;
		}
		if (!mthp_offers(choices, s->mode)) {
			say("--mthp '%s:%s': %s offers only %s", size, s->mode, path,
			    mthp_choice_words(choices, words, sizeof(words)));
			return EXIT_USAGE;
		}
	}
	return 0;
}

/* Switches of the memory manager: refused where the kernel has no such file, before
 * anything changes. */
static int check_mm_switches(const struct config *cfg)
{
	int status;

	if (cfg->thp[0] && !sysfs_exists(THP_ENABLED)) {
		say("--thp %s: this kernel has no transparent huge pages (%s)", cfg->thp,
		    THP_ENABLED);
		return EXIT_UNSUPPORTED;
	}
	if (cfg->madvise_hugepage && !sysfs_exists(THP_ENABLED)) {
		say("--madvise-hugepage: this kernel has no transparent huge pages (%s)",
		    THP_ENABLED);
		return EXIT_UNSUPPORTED;
	}
	if ((status = check_mthp(&cfg->mthp)))
		return status;
	if (cfg->mglru != SWITCH_LEAVE && !sysfs_exists(MGLRU_ENABLED)) {
		say("--mglru %s: this kernel has no multi-gen LRU (CONFIG_LRU_GEN: no %s)",
		    switch_word(cfg->mglru), MGLRU_ENABLED);
		return EXIT_UNSUPPORTED;
	}
	return 0;
}

int preflight(const struct config *cfg, struct host *host)
{
	char swapfile[PATH_MAX];
	int status;

	memset(host, 0, sizeof(*host));
	/* A dry run and a fixture tree change nothing: any user may see the plan. */
	if (geteuid() != 0 && !cfg->sysroot[0] && !cfg->dry_run) {
		say("must run as root: it creates cgroups and swap areas (try: sudo zswapbench "
		    "...; --dry-run shows the plan as any user)");
		return EXIT_USAGE;
	}
	if ((status = check_workload(cfg, host)))
		return status;
	if (cgroup_env_detect(&host->env) < 0) {
		say("no memory cgroup controller is mounted (cgroup mode: %s)",
		    cgroup_mode_name(host->env.mode));
		return EXIT_UNSUPPORTED;
	}
	if ((status = check_parent_group(cfg, &host->env)) || (status = check_mm_switches(cfg)))
		return status;
	if (cfg->limit_mode == LIMIT_HIGH && !host->env.memory_v2 && !cfg->timeout_ms) {
		say("--limit-mode high: on cgroup v1 it stalls instead of killing, so it needs a "
		    "--timeout");
		return EXIT_USAGE;
	}
	if (cfg->pressure_target_pct > 0 && !host->env.memory_v2) {
		say("--pressure-target: needs cgroup v2's memory.high and memory.pressure; this "
		    "machine's memory controller is v1 (cgroup mode: %s)",
		    cgroup_mode_name(host->env.mode));
		return EXIT_UNSUPPORTED;
	}
	plan_swapfile(cfg, getpid(), swapfile, sizeof(swapfile));
	if ((cfg->backend.disk.throttle_read || cfg->backend.disk.throttle_write) &&
	    disk_throttle_device(swapfile, host->throttle_dev, sizeof(host->throttle_dev)) < 0)
		return EXIT_UNSUPPORTED;
	return check_outputs(cfg);
}

/* --min-trials tells two cells apart: with more, which pairs' tests would decide is a question
 * of its own. */
static int check_looks(const struct config *cfg, const struct plan *plan)
{
	if (!cfg->min_trials || plan->ncells == 2)
		return 0;
	say("--min-trials %u: stops when two cells are told apart; this run has %zu cells",
	    cfg->min_trials, plan->ncells);
	return EXIT_USAGE;
}

int preflight_plan(const struct config *cfg, const struct host *host, const struct plan *plan)
{
	int status = check_looks(cfg, plan);

	if (!status)
		status = check_backends(cfg, host, plan);
	return status ? status : check_memory(cfg, host, plan);
}

void warnings(const struct config *cfg, const struct host *host, const struct plan *plan,
	      char *other_swap, size_t len)
{
	char a[32], b[32];

	/* What a command allocates is its own business; the hoggers' is known, per cell. */
	for (size_t i = 0;
	     i < plan->ncells && !cfg->command && cfg->driver.device.target == USE_SWAP; i++) {
		const struct plan_cell *c = &plan->cells[i];
		if (c->alloc <= c->limit)
			warn("%s: %s allocated fits in --limit %s: nothing will swap", c->label,
			     size_format(c->alloc, a, sizeof(a)),
			     size_format(c->limit, b, sizeof(b)));
		else if (c->alloc > sum_or_max(c->limit, plan->swap_size) &&
			 (c->backend->flags & BACKEND_DEVICE))
			warn("%s: %s allocated exceeds the limit plus swap (%s): expect an OOM "
			     "kill",
			     c->label, size_format(c->alloc, a, sizeof(a)),
			     size_format(sum_or_max(c->limit, plan->swap_size), b, sizeof(b)));
	}
	for (size_t i = 0; i < plan->ncells && host->env.memory_v2; i++)
		if (plan->cells[i].backend->flags & BACKEND_POOL_CHARGED_V2) {
			/* Measured on Debian's 6.1 under v2: 128M under 32M is OOM-killed at 55M
			 * of swap. */
			warn("%s on cgroup v2: the compressed pool is charged to the cgroup too, "
			     "so the "
			     "limit must hold the pages left and their compressed copies (a limit "
			     "far below "
			     "--alloc ends in an OOM kill)",
			     plan->cells[i].backend->name);
			break;
		}
	if (swaps_others(NULL, other_swap, len) > 0)
		warn("swap already active (%s): the kernel may use it too; it is left untouched",
		     other_swap);
}
