/* The results of a run as they start: one cell per plan cell, the system, the configuration
 * and what the run derived from it. */
#include <errno.h>
#include <json.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <sys/random.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "runner/cli/options.h"
#include "runner/fio/job.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/page.h"
#include "runner/run/run.h"
#include "runner/system/sysinfo.h"

static void collect_system(struct result_system *s, const struct host *host, const char *other_swap)
{
	struct utsname u;
	struct sysinfo si;

	memset(s, 0, sizeof(*s));
	if (uname(&u) == 0) {
		snprintf(s->kernel, sizeof(s->kernel), "%s", u.release);
		snprintf(s->kernel_build, sizeof(s->kernel_build), "%s", u.version);
		snprintf(s->arch, sizeof(s->arch), "%s", u.machine);
	}
	if (gethostname(s->hostname, sizeof(s->hostname) - 1) != 0)
		s->hostname[0] = '\0';
	s->cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (sysinfo(&si) == 0)
		s->mem_total = (uint64_t)si.totalram * si.mem_unit;
	s->page_size = (uint64_t)page_bytes();
	snprintf(s->cgroup_mode, sizeof(s->cgroup_mode), "%s", cgroup_mode_name(host->env.mode));
	snprintf(s->other_swap, sizeof(s->other_swap), "%s", other_swap);
}

/* Everything sysinfo reads, as the machine was before the run changed anything. */
static json_object *collect_facts(const char *swapfile)
{
	static struct sysinfo_facts facts; /* about 12 KiB: not on the stack */
	char dir[PATH_MAX];

	snprintf(dir, sizeof(dir), "%s", swapfile);
	sysinfo_collect(&facts, dirname(dir));
	return sysinfo_to_json(&facts);
}

/* A CPU set as the kernel lists it; null when nothing was pinned or the set is empty. */
static json_object *placement_json(const cpu_set_t *set, int pinned)
{
	char list[256];

	cpulist_format(set, list, sizeof(list));
	return pinned && list[0] ? json_object_new_string(list) : NULL;
}

/* --min-trials: the looks' bounds, the level each was tested at (the file's own alpha for every
 * decision of the run, which show and compare read) and the trials a cell had when one told
 * the cells apart (null: none did, every trial ran). */
static json_object *sequential_json(const struct run *run)
{
	json_object *o;

	if (!run->cfg->min_trials)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "min_trials", json_object_new_int((int)run->cfg->min_trials));
	json_object_object_add(o, "max_trials", json_object_new_int((int)run->cfg->trials));
	json_object_object_add(o, "alpha", json_object_new_double(run->cfg->alpha));
	json_object_object_add(o, "look_alpha", json_object_new_double(run->look_level));
	json_object_object_add(o, "decided_after",
			       run->decided_after ? json_object_new_int((int)run->decided_after)
						  : NULL);
	return o;
}

void run_results_note_sequential(struct run *run)
{
	if (run->results.plan)
		json_object_object_add(run->results.plan, "sequential", sequential_json(run));
}

/* What the run chose where the user did not: the seed, the swap size and file, the hogger,
 * the throttled disk. */
static json_object *plan_json(const struct run *run)
{
	json_object *o = json_object_new_object();
	const struct plan *p = &run->plan;

	json_object_object_add(o, "seed",
			       run->cfg->order == ORDER_SHUFFLED ? json_object_new_uint64(p->seed)
								 : NULL);
	json_object_object_add(o, "swap_size", json_object_new_uint64(p->swap_size));
	json_object_object_add(o, "swapfile", json_object_new_string(p->swapfile));
	json_object_object_add(o, "workload_cpus",
			       placement_json(&run->placement.workload, run->placement.pinned));
	json_object_object_add(o, "runner_cpus",
			       placement_json(&run->placement.runner, run->placement.pinned));
	json_object_object_add(o, "placement", json_object_new_string(run->placement.why));
	json_object_object_add(
		o, "cgroup_parent",
		run->host.env.parent[0] ? json_object_new_string(run->host.env.group_root) : NULL);
	json_object_object_add(
		o, "hogger", run->host.hogger[0] ? json_object_new_string(run->host.hogger) : NULL);
	json_object_object_add(
		o, "disk_throttle_device",
		run->host.throttle_dev[0] ? json_object_new_string(run->host.throttle_dev) : NULL);
	if (run->host.throttle_dev[0] && !run->host.env.memory_v2)
		json_object_object_add(
			o, "disk_throttle_note",
			json_object_new_string(
				"cgroup v1 throttles this cgroup's swap-in reads; swap-out "
				"writes are charged to the root, not throttled"));
	json_object_object_add(o, "sequential", sequential_json(run));
	return o;
}

/* Two files are one run by this id alone (a start second and a host name are shared by
 * runs made side by side on machines named alike): drawn from the kernel's CSPRNG. */
static void draw_run_id(char *id, size_t len)
{
	unsigned char bytes[RESULT_RUN_ID_LEN / 2];

	id[0] = '\0';
	if (getrandom(bytes, sizeof(bytes), 0) != (ssize_t)sizeof(bytes))
		return; /* the file says nothing, as a file from before run ids */
	for (size_t i = 0; i < sizeof(bytes) && 2 * i + 2 < len; i++)
		snprintf(id + 2 * i, len - 2 * i, "%02x", bytes[i]);
}

int run_results_init(struct run *run)
{
	struct results *r = &run->results;
	struct config echo = *run->cfg;
	time_t now = time(NULL);

	results_init(r);
	/* --min-trials: every decision at the looks' level, as the one that stopped the run. */
	r->alpha = run->cfg->min_trials ? run->look_level : run->cfg->alpha;
	r->noise_pct = run->cfg->noise_pct;
	snprintf(r->tool_version, sizeof(r->tool_version), "%s", ZSB_VERSION);
	strftime(r->started, sizeof(r->started), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	draw_run_id(r->run_id, sizeof(r->run_id));
	collect_system(&r->system, &run->host, run->other_swap);
	r->system.facts = collect_facts(run->plan.swapfile);
	/* The config carries the seed the run used, so the file replays the same order. */
	echo.seed = run->plan.seed;
	r->config = options_to_json(&echo);
	r->plan = plan_json(run);
	for (size_t i = 0; i < run->plan.ncells; i++) {
		const struct plan_cell *p = &run->plan.cells[i];
		struct result_cell *c = results_add_cell(r);
		if (!c)
			return -ENOMEM;
		snprintf(c->label, sizeof(c->label), "%s", p->label);
		snprintf(c->backend, sizeof(c->backend), "%s", p->backend->name);
		snprintf(c->comp, sizeof(c->comp), "%s", p->comp ? p->comp : "");
		c->limit = p->limit;
		c->jobs = p->jobs;
		c->alloc = p->alloc;
		if (p->mode >= 0)
			snprintf(c->mode, sizeof(c->mode), "%s", fio_modes[p->mode].name);
		for (unsigned k = 0; k < p->nknobs && k < CELL_KNOBS_MAX; k++) {
			struct cell_knob *kn = &c->knobs[c->nknobs++];
			snprintf(kn->name, sizeof(kn->name), "%s", option_row(p->knob_id[k])->name);
			snprintf(kn->value, sizeof(kn->value), "%s", p->knob_value[k]);
		}
	}
	return 0;
}

void run_results_note_device(struct run *run, size_t cell)
{
	const struct swap_device *d = &run->devices[cell];
	struct result_cell *c = &run->results.cells[cell];

	snprintf(c->comp_used, sizeof(c->comp_used), "%s", d->comp_used);
	snprintf(c->zpool_used, sizeof(c->zpool_used), "%s", d->zpool_used);
	snprintf(c->device, sizeof(c->device), "%s", d->device);
}
