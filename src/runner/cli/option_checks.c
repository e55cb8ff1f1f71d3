/* Checks between options, once all are known: what a backend or the hogger alone uses, and
 * sizes that must fit in one another. */
#include "runner/cli/option_checks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/access.h"
#include "common/size.h"
#include "common/util.h"
#include "runner/cli/option_echo.h"
#include "runner/cli/option_parse.h"
#include "runner/cli/option_set.h"
#include "runner/cli/option_table.h"
#include "runner/fio/job.h"
#include "runner/result/sequential.h"
#include "runner/swap/backend.h"
#include "runner/trial/drivers/driver.h"

static int bad(char *why, size_t len, const struct config *cfg, int id, const char *reason)
{
	char value[PATH_MAX];
	snprintf(why, len, "--%s '%s': %s", option_row(id)->name,
		 option_format(cfg, id, value, sizeof(value)), reason);
	return -EINVAL;
}

/* The backends the run will use: its own, or those of its config file's sections. */
static void run_backends(const struct config *cfg, struct name_list *out)
{
	out->n = 0;
	for (size_t k = 0; !cfg->nsections && k < cfg->swap.n; k++)
		name_list_add(out, cfg->swap.v[k]);
	for (size_t i = 0; i < cfg->nsections; i++) {
		const struct name_list *swap =
			cfg->sections[i].set[AXIS_SWAP] ? &cfg->sections[i].swap : &cfg->swap;
		for (size_t k = 0; k < swap->n; k++)
			name_list_add(out, swap->v[k]);
	}
}

static int backend_chosen(const struct name_list *swap, struct list_item it)
{
	for (size_t i = 0; i < swap->n; i++)
		if (strlen(swap->v[i]) == it.len && memcmp(swap->v[i], it.text, it.len) == 0)
			return 1;
	return 0;
}

/* "zram,zswap" -> "zram and zswap"; the first is the one to suggest. */
static void users_of(const char *backends, char *buf, size_t len)
{
	size_t at = 0;
	for (struct list_item it = list_first(backends); it.ok && at < len;
	     it = list_next(backends, it))
		at += (size_t)snprintf(buf + at, len - at, "%s%.*s", at ? " and " : "", (int)it.len,
				       it.text);
}

/* An option only some backends use needs one of them among --swap. */
static int check_backends(const struct config *cfg, char *why, size_t len)
{
	struct name_list swap;

	run_backends(cfg, &swap);
	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const struct option_desc *o = option_row(id);
		int used = 0;
		char backends[64], users[64], reason[160];
		if (!cfg->given[id] || !backends_of_option(o->name, backends, sizeof(backends))[0])
			continue;
		for (struct list_item it = list_first(backends); it.ok;
		     it = list_next(backends, it))
			used |= backend_chosen(&swap, it);
		if (used)
			continue;
		users_of(backends, users, sizeof(users));
		snprintf(reason, sizeof(reason), "only %s use%s this option; add --swap %.*s",
			 users, strchr(backends, ',') ? "" : "s", (int)strcspn(backends, ","),
			 backends);
		return bad(why, len, cfg, id, reason);
	}
	return 0;
}

/* The hogger's own options make no sense for a command run in its place, nor for fio on a
 * block device (which takes --data as its buffers). */
static int check_hogger_only(const struct config *cfg, char *why, size_t len)
{
	int fio = cfg->driver.device.target == USE_BLOCK;
	const struct workload_driver *named = driver_named(cfg->workload, NULL);
	int other = named && named != &driver_hogger;
	char reason[96];

	snprintf(reason, sizeof(reason), "only the hogger takes this option, not %s",
		 fio		 ? "fio (--target block)"
			 : other ? named->name
				 : "a command");
	for (size_t pos = 0; (cfg->command || fio || other) && pos < option_count(); pos++) {
		int id = option_at(pos);
		if ((option_row(id)->flags & OPT_HOGGER_ONLY) && cfg->given[id] &&
		    !(fio && id == O_DATA))
			return bad(why, len, cfg, id, reason);
	}
	return 0;
}

/* A driver chosen by name (the hogger too) is the workload: no command after --, no server, no
 * device target (whose workloads are fio and the command). */
static int check_named_driver(const struct config *cfg, char *why, size_t len)
{
	const struct workload_driver *named = driver_named(cfg->workload, NULL);

	if (!named)
		return 0;
	if (cfg->command)
		return bad(why, len, cfg, O_WORKLOAD,
			   "a command after -- is the workload then: give one or the other");
	if (cfg->driver.service.load[0])
		return bad(why, len, cfg, O_WORKLOAD, "not with --load, whose server is a command");
	if (cfg->driver.device.target != USE_SWAP)
		return bad(why, len, cfg, O_WORKLOAD, "only with --target swap");
	return 0;
}

/* A device target: options of one target with that target only; a block device runs fio
 * (no command), a filesystem runs the command. */
static int check_target(const struct config *cfg, char *why, size_t len)
{
	const struct device_settings *dev = &cfg->driver.device;
	const int target_id = option_id_named("target");
	const char *target = option_row(target_id)->choices[dev->target];
	char reason[80];

	for (size_t pos = 0; pos < option_count(); pos++) {
		int id = option_at(pos);
		const char *needs = option_target(option_row(id));
		if (cfg->given[id] && needs && strcmp(needs, target)) {
			snprintf(reason, sizeof(reason), "only with --target %s", needs);
			return bad(why, len, cfg, id, reason);
		}
	}
	if (dev->target == USE_BLOCK && cfg->command)
		return bad(why, len, cfg, target_id,
			   "fio is the workload of a block device: give no command after --");
	if (dev->target == USE_FS && !cfg->command)
		return bad(why, len, cfg, target_id,
			   "a filesystem needs a command after -- to write into it");
	/* fio opens the root-only /dev/zramN, and the filesystem's root and fio's job file are
	 * root's: a device's workload runs as root. */
	if (dev->target != USE_SWAP && config_given(cfg, O_USER))
		return bad(why, len, cfg, O_USER,
			   "only with --target swap: a device's workload is root's");
	if (dev->target != USE_SWAP && cfg->data_pages[0])
		return bad(why, len, cfg, O_DATA,
			   "only with --target swap: the hogger replays a profile");
	if (dev->target == USE_BLOCK) {
		struct fio_buffer buffer;
		return fio_buffer_from_data(cfg->data, &buffer, why, len);
	}
	return 0;
}

static int check_sizes(const struct config *cfg, char *why, size_t len)
{
	long page = sysconf(_SC_PAGESIZE);
	char reason[80];

	if (config_given(cfg, O_ACCESS) && config_given(cfg, O_REREAD))
		return bad(why, len, cfg, O_REREAD, "give --access or --reread, not both");
	if (config_given(cfg, O_ALLOC_PER_JOB) && config_given(cfg, O_ALLOC))
		return bad(why, len, cfg, O_ALLOC_PER_JOB,
			   "give --alloc or --alloc-per-job, not both");
	if (cfg->command || cfg->driver.device.target == USE_BLOCK)
		return 0;
	if (cfg->chunk > cfg->alloc && !cfg->alloc_per_job)
		return bad(why, len, cfg, O_CHUNK, "larger than --alloc");
	if (cfg->chunk % (uint64_t)page) {
		snprintf(reason, sizeof(reason), "not a multiple of the %ldK page", page / 1024);
		return bad(why, len, cfg, O_CHUNK, reason);
	}
	if (cfg->alloc_per_job && cfg->alloc_per_job < cfg->chunk)
		return bad(why, len, cfg, O_ALLOC_PER_JOB, "less than one --chunk");
	for (size_t i = 0; i < cfg->jobs.n && !cfg->alloc_per_job; i++)
		if (cfg->alloc / cfg->jobs.v[i] < cfg->chunk) {
			snprintf(why, len,
				 "--jobs '%u': each job would get less than one --chunk of --alloc",
				 cfg->jobs.v[i]);
			return -EINVAL;
		}
	return 0;
}

/* Tabs are hogger processes of one thread, as many as the mode says. */
static int check_tabs(const struct config *cfg, char *why, size_t len)
{
	struct access a;

	if (config_given(cfg, O_SWAP_FRACTION) &&
	    (config_given(cfg, O_ALLOC) || config_given(cfg, O_ALLOC_PER_JOB)))
		return bad(why, len, cfg, O_SWAP_FRACTION,
			   "give --alloc or --swap-fraction, not both");
	if (cfg->command || access_parse(cfg->access, &a) || a.kind != ACCESS_TABS)
		return 0;
	if (config_given(cfg, O_JOBS) &&
	    (cfg->jobs.n != 1 || (cfg->jobs.v[0] != 1 && cfg->jobs.v[0] != a.tabs)))
		return bad(why, len, cfg, O_JOBS,
			   "tabs:N runs N processes, one per tab: leave --jobs out");
	if (cfg->threads > 1)
		return bad(why, len, cfg, O_THREADS, "a tab is one process of one thread");
	return 0;
}

/* A service is one server the load generator drives: the server is the command after --, and
 * the load's helpers mean nothing without a load. */
static int check_service(const struct config *cfg, char *why, size_t len)
{
	static const char *const needs_load[] = { "ready", "load-warmup", "load-format",
						  "ready-timeout" };
	const int load_id = option_id_named("load");

	if (!cfg->driver.service.load[0]) {
		for (size_t i = 0; i < ARRAY_SIZE(needs_load); i++) {
			int id = option_id_named(needs_load[i]);
			if (config_given(cfg, id))
				return bad(why, len, cfg, id, "only with --load");
		}
		return 0;
	}
	if (!cfg->command)
		return bad(why, len, cfg, load_id,
			   "the server to load is the command after --: give one");
	if (cfg->driver.device.target != USE_SWAP)
		return bad(why, len, cfg, load_id, "only with --target swap");
	if (cfg->jobs.n != 1 || cfg->jobs.v[0] != 1)
		return bad(why, len, cfg, O_JOBS,
			   "a service is one server: its load sets the concurrency");
	return 0;
}

/* Looks after whole rounds: --trials is the most, and every round holds every cell. */
static int check_min_trials(const struct config *cfg, char *why, size_t len)
{
	if (!cfg->min_trials)
		return 0;
	if (cfg->min_trials > cfg->trials)
		return bad(why, len, cfg, O_MIN_TRIALS,
			   "more than --trials, the most there can be");
	if (cfg->order == ORDER_SEQUENTIAL)
		return bad(why, len, cfg, O_MIN_TRIALS,
			   "looks after each round of trials: not with --order sequential");
	if (cfg->trials > SEQUENTIAL_MAX)
		return bad(why, len, cfg, O_TRIALS, "at most 100 with --min-trials");
	return 0;
}

static int checks_of_one(const struct config *cfg, char *why, size_t len)
{
	int ret = check_tabs(cfg, why, len);

	if (!ret)
		ret = check_min_trials(cfg, why, len);
	if (!ret)
		ret = check_backends(cfg, why, len);
	if (!ret)
		ret = check_named_driver(cfg, why, len);
	if (!ret)
		ret = check_hogger_only(cfg, why, len);
	if (!ret)
		ret = check_target(cfg, why, len);
	if (!ret)
		ret = check_service(cfg, why, len);
	return ret ? ret : check_sizes(cfg, why, len);
}

/* The checks again with one setting's other value in place: each cell of a knob axis is a
 * run of its own as far as they go (--access tabs:4:2 among the values wants what tabs do). */
static int check_value(const struct config *cfg, int id, const char *value, char *why, size_t len)
{
	struct config *cell = malloc(sizeof(*cell));
	char reason[OPTION_REASON_LEN];
	int ret = -ENOMEM;

	if (!cell || config_copy(cell, cfg)) {
		free(cell);
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	cell->knobs.n = 0;
	if (option_set(cell, id, value, reason, sizeof(reason)) == 0)
		ret = checks_of_one(cell, why, len);
	else
		snprintf(why, len, "--%s '%s': %s", option_row(id)->name, value, reason);
	config_free(cell);
	free(cell);
	return ret;
}

/* Every value of every axis, the first (in the config's fields) checked with the rest. */
static int check_knob_values(const struct config *cfg, const struct knob_axes *a, char *why,
			     size_t len)
{
	int ret = 0;

	for (unsigned i = 0; i < a->n && !ret; i++)
		for (unsigned k = 0; k < a->v[i].n && !ret; k++)
			ret = check_value(cfg, a->v[i].id, a->v[i].values[k], why, len);
	return ret;
}

/* Is the machine-wide setting id left to the kernel by the run (the command line, [run])? */
static int left_to_kernel(const struct config *cfg, int id)
{
	return (id == O_SWAPPINESS && cfg->swappiness < 0) || (id == O_MTHP && !cfg->mthp.n) ||
		(id == O_PAGE_CLUSTER && cfg->page_cluster < 0) || (id == O_THP && !cfg->thp[0]) ||
		(id == O_MGLRU && cfg->mglru == SWITCH_LEAVE);
}

/* A machine-wide setting one section sets and another does not, the run leaving it to the
 * kernel: the other's cells would run under the first's last value, not the kernel's, so it
 * is refused; set it in [run] too (or in every section). A cgroup's or a backend's setting is
 * made per trial and needs none of this. */
static int check_machine_knobs(const struct config *cfg, char *why, size_t len)
{
	static const int machine[] = { O_SWAPPINESS, O_PAGE_CLUSTER, O_THP, O_MTHP, O_MGLRU };

	for (size_t m = 0; m < ARRAY_SIZE(machine); m++) {
		const struct cell_section *with = NULL, *without = NULL;
		if (!left_to_kernel(cfg, machine[m]))
			continue;
		for (size_t s = 0; s < cfg->nsections; s++)
			if (knob_axes_find(&cfg->sections[s].knobs, machine[m]))
				with = with ? with : &cfg->sections[s];
			else
				without = without ? without : &cfg->sections[s];
		if (with && without) {
			snprintf(
				why, len,
				"[%s]: %s: set in [%s] and left to the kernel here: this section's "
				"cells would run under [%s]'s last value; set it in [run] too",
				without->name, option_row(machine[m])->name, with->name,
				with->name);
			return -EINVAL;
		}
	}
	return 0;
}

int options_cross_check(const struct config *cfg, char *why, size_t len)
{
	int ret = checks_of_one(cfg, why, len);

	if (!ret)
		ret = check_knob_values(cfg, &cfg->knobs, why, len);
	for (size_t s = 0; s < cfg->nsections && !ret; s++) {
		struct knob_axes merged = cfg->knobs;
		if (knob_axes_merge(&merged, &cfg->sections[s].knobs)) {
			snprintf(why, len,
				 "[%s]: a sweep of more than %d settings besides swap, comp, jobs "
				 "and limit",
				 cfg->sections[s].name, KNOB_AXES_MAX);
			return -EINVAL;
		}
		ret = check_knob_values(cfg, &cfg->sections[s].knobs, why, len);
	}
	return ret ? ret : check_machine_knobs(cfg, why, len);
}
