/* --dry-run: the plan, every change to the kernel the run would make, and how long it would
 * take; nothing is locked, journaled or changed. */
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/cli/option_table.h"
#include "runner/base/sizes.h"
#include "runner/base/wrap.h"
#include "runner/fio/job.h"
#include "runner/kernel/mthp.h"
#include "runner/loadgen/loadgen.h"
#include "runner/report/formats/formats.h"
#include "runner/run/run.h"
#include "runner/undo/param.h"

static const char *const order_names[] = { "interleaved", "sequential", "shuffled" };

/* A driver's own command line, as it will run, and what its jobs hold. */
static void driver_cell_line(const struct plan_cell *c, FILE *out)
{
	char limit[32], alloc[32];

	fprintf(out, "  %s: limit %s, %s (%s), %s held by %u job%s:", c->label,
		size_format(c->limit, limit, sizeof(limit)), c->driver->name, c->driver_args,
		size_format(c->alloc, alloc, sizeof(alloc)), c->jobs, c->jobs == 1 ? "" : "s");
	for (size_t w = 0; c->workload.argv[w]; w++)
		fprintf(out, " %s", c->workload.argv[w]);
	fputc('\n', out);
}

/* A service's trial: what runs outside the cgroup against the server, in order. */
static void service_line(const struct service_settings *svc, FILE *out)
{
	fprintf(out,
		"  each trial: the server started in the cgroup; outside it, as the runner is "
		"placed:%s%s%s%s then the measured load '%s' (its output read as %s); then "
		"SIGTERM, 30 s to stop\n",
		svc->ready[0] ? " '" : "", svc->ready,
		svc->ready[0] ? "' until it exits 0 (--ready-timeout);" : "",
		svc->load_warmup[0] ? " the warm-up;" : "", svc->load,
		load_format_name((enum load_format)svc->load_format));
}

static void plan_lines(const struct run *run, FILE *out)
{
	const struct config *cfg = run->cfg;
	const struct plan *p = &run->plan;
	char limit[32], alloc[32];

	fprintf(out, "plan: %zu cells x %u trials (+%u warmup), %s order%s: %zu trials in all\n",
		p->ncells, cfg->trials, cfg->warmup, order_names[cfg->order],
		cfg->order == ORDER_SHUFFLED ? " (seed recorded)" : "", p->nschedule);
	if (cfg->min_trials)
		fprintf(out,
			"  at most: from %u trials a cell on, the two cells are tested after each "
			"round at p < %.4g (which keeps --alpha %g over the looks); the first "
			"round that tells %s ends the run\n",
			cfg->min_trials, run->look_level, cfg->alpha,
			cfg->settle_at_slowdown ? "the second from the first moved by --slowdown "
						  "(or a failed trial of the second)"
						: "them apart");
	for (size_t i = 0; i < p->ncells; i++) {
		const struct plan_cell *c = &p->cells[i];
		if (c->mode >= 0)
			fprintf(out, "  %s: limit %s, fio %s, %u job%s, about %s moved\n", c->label,
				size_format(c->limit, limit, sizeof(limit)),
				fio_modes[c->mode].name, c->jobs, c->jobs == 1 ? "" : "s",
				size_format(c->alloc, alloc, sizeof(alloc)));
		else if (p->has_service)
			fprintf(out, "  %s: limit %s, the server %s, under %s\n", c->label,
				size_format(c->limit, limit, sizeof(limit)), cfg->command[0],
				p->service.spec.load[0]);
		else if (c->driver->plan)
			driver_cell_line(c, out);
		else if (cfg->command)
			fprintf(out, "  %s: limit %s, %u cop%s of %s\n", c->label,
				size_format(c->limit, limit, sizeof(limit)), c->jobs,
				c->jobs == 1 ? "y" : "ies", cfg->command[0]);
		else
			fprintf(out, "  %s: limit %s, %u job%s, %s written by the hogger\n",
				c->label, size_format(c->limit, limit, sizeof(limit)), c->jobs,
				c->jobs == 1 ? "" : "s",
				size_format(c->alloc, alloc, sizeof(alloc)));
	}
	if (cfg->command || cfg->setup[0] || cfg->prepare[0] || cfg->cleanup[0] ||
	    cfg->driver.device.target != USE_SWAP)
		fprintf(out,
			"  once: a work directory zswapbench-PID.d beside the swapfile, removed at "
			"the end with what is in it%s%s\n",
			cfg->setup[0] ? "; in it, before the first trial: " : "", cfg->setup);
	if (cfg->prepare[0])
		fprintf(out, "  before each trial, warm-ups too, in it (not measured): %s\n",
			cfg->prepare);
	if (cfg->cleanup[0])
		fprintf(out, "  after each trial, in it (not measured): %s\n", cfg->cleanup);
	if (p->has_service)
		service_line(&cfg->driver.service, out);
	fprintf(out, "  workload %s%s\n", run->placement.pinned ? "pinned to " : "",
		run->placement.why);
	fprintf(out, "  first trials in order:");
	for (size_t i = 0; i < p->nschedule && i < 8; i++)
		fprintf(out, " %s#%u", p->cells[p->schedule[i].cell].label, p->schedule[i].trial);
	fprintf(out, "%s\n", p->nschedule > 8 ? " ..." : "");
}

/* Each backend (and compressor) once: what it changes, from its own describe hook. */
static void backend_lines(const struct run *run, FILE *out)
{
	const struct plan *p = &run->plan;
	struct swap_shared shared;

	swap_shared_init(&shared);
	for (size_t i = 0; i < p->ncells; i++) {
		const struct plan_cell *c = &p->cells[i];
		struct swap_params params = swap_params_for(c->cfg, &run->host, p, c, &shared);
		struct swap_device dev;
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = plan_cells_same_device(&p->cells[k], c);
		if (seen)
			continue;
		if (swap_device_init(&dev, c->backend, &params) == 0) {
			fprintf(out, "%s:\n", c->label);
			swap_device_describe(&dev, out);
			target_describe(&c->target, out);
		}
		swap_device_release(&dev);
	}
	swap_shared_free(&shared);
}

/* The settings a cell has of its own (knob axes): where each cell's value is set. The lines
 * above say the run's first cell's. */
static void knob_lines(const struct run *run, FILE *out)
{
	const struct plan *p = &run->plan;

	for (size_t i = 0; i < p->ncells; i++) {
		const struct plan_cell *c = &p->cells[i];
		if (!c->nknobs)
			continue;
		fprintf(out, "cell %zu (%s): before each of its trials", i + 1, c->label);
		for (unsigned k = 0; k < c->nknobs; k++)
			fprintf(out, "%s --%s %s", k ? "," : "", option_row(c->knob_id[k])->name,
				c->knob_value[k]);
		fprintf(out, ", restored at the end\n");
	}
}

static void run_lines(const struct run *run, FILE *out)
{
	const struct config *cfg = run->cfg;
	const struct cgroup_env *env = &run->host.env;
	char size[32];

	fprintf(out,
		"each trial: a cgroup zswapbench-PID-CELL-TRIAL under %s with %s set to its limit",
		env->group_root,
		cfg->limit_mode == LIMIT_HIGH && env->memory_v2 ? "memory.high"
								: env->files->limit);
	if (cfg->swap_limit)
		fprintf(out, ", %s for --swap-limit %s", env->files->swap_limit,
			size_format(cfg->swap_limit, size, sizeof(size)));
	if (!env->memory_v2 && env->unified_root[0])
		fprintf(out, "; a twin under %s for per-cgroup PSI", env->unified_root);
	fprintf(out, "; removed after\n");
	if (!cgroup_memory_delegated(env))
		fprintf(out,
			"for the run: +memory in %s/cgroup.subtree_control, removed at the end\n",
			env->group_root);
	if (cfg->thp[0])
		fprintf(out, "for the run: %s %s, restored\n", THP_ENABLED, cfg->thp);
	for (size_t i = 0; i < cfg->mthp.n; i++) {
		char path[PATH_LEN];
		if (mthp_enabled_path(cfg->mthp.v[i].kb, path, sizeof(path)) == 0)
			fprintf(out, "for the run: %s %s, restored\n", path, cfg->mthp.v[i].mode);
	}
	if (cfg->mglru != SWITCH_LEAVE)
		fprintf(out, "for the run: %s %s, restored\n", MGLRU_ENABLED,
			mglru_mask(cfg->mglru == SWITCH_ON));
	if (cfg->swappiness >= 0)
		fprintf(out, "%sswappiness %d%s\n",
			env->memory_v2 ? "for the run: vm." : "each trial: the cgroup's memory.",
			cfg->swappiness, env->memory_v2 ? ", restored" : "");
	if (cfg->page_cluster >= 0)
		fprintf(out, "for the run: vm.page-cluster %d, restored\n", cfg->page_cluster);
	if (cfg->background)
		fprintf(out, "for the run: a hogger outside the cgroup holds %s\n",
			size_format(cfg->background, size, sizeof(size)));
	if (cfg->settle)
		fprintf(out, "each trial: sync, drop_caches, compact_memory first\n");
	knob_lines(run, out);
}

/* The runner's own time, measured on kernel 6.18 with two CPUs (make bench's overhead.sh):
 * per trial the reference probe, the cgroup and the spawn, the cell's statistics and the result
 * file written again; per run its start, the final undo and the answer. A backend's device,
 * made and undone each trial, is its own (struct backend's trial_s). */
#define PROBE_S 0.03
#define CGROUP_SPAWN_S 0.01
#define FILE_S 0.015
#define RUN_S 0.25

struct run_estimate {
	double workloads, probe, devices, cgroups, file, run, total;
};

/* Elapsed from the allocation at a few hundred MiB/s (fio's bytes at ~500 MiB/s: zram moves
 * them faster than the hogger faults), and the runner's phases: a rough figure, off by 2x
 * either way on a busy or a slow machine. */
static void estimate_of(const struct run *run, struct run_estimate *e)
{
	const struct plan *p = &run->plan;

	memset(e, 0, sizeof(*e));
	for (size_t i = 0; i < p->nschedule; i++) {
		const struct plan_cell *c = &p->cells[p->schedule[i].cell];
		e->workloads += c->driver->seconds
			? c->driver->seconds(c->driver_args)
			: (double)c->alloc / ((c->mode >= 0 ? 500.0 : 300.0) * MIB_BYTES);
		e->devices += c->backend->trial_s;
	}
	e->probe = PROBE_S * (double)p->nschedule;
	e->cgroups = CGROUP_SPAWN_S * (double)p->nschedule;
	e->file = FILE_S * (double)p->nschedule;
	e->run = p->nschedule ? RUN_S : 0;
	e->total = e->workloads + e->probe + e->devices + e->cgroups + e->file + e->run;
}

static double estimate_seconds(const struct run *run)
{
	struct run_estimate e;

	estimate_of(run, &e);
	return e.total;
}

static void estimate(const struct run *run, FILE *out)
{
	struct run_estimate e;
	const struct workload_driver *d = run->plan.ncells ? run->plan.cells[0].driver : NULL;

	estimate_of(run, &e);
	fprintf(out, "estimated duration: about %.0f s (%.1f min), %s\n", e.total, e.total / 60,
		d && d->seconds ? "for the time each trial of its driver runs"
			: run->cfg->driver.device.target == USE_BLOCK
			? "for fio's bytes at ~500 MiB/s"
			: "for the hogger's fill at ~300 MiB/s; a command "
			  "takes what it takes");
	fprintf(out,
		"  the workloads %.1f s; the runner's own %.1f s: the probe %.1f s, the devices "
		"made "
		"and undone %.1f s,\n  the cgroups and spawns %.1f s, the result file %.1f s, the "
		"run's start and end %.1f s\n  (show -v of a result says where its time went)\n",
		e.workloads, e.total - e.workloads, e.probe, e.devices, e.cgroups, e.file, e.run);
}

/* The same estimate by phase, seconds, as the result file's runner_budget names its parts. */
static json_object *estimate_json(const struct run *run)
{
	json_object *o = json_object_new_object();
	struct run_estimate e;

	estimate_of(run, &e);
	json_object_object_add(o, "workloads", json_object_new_double(e.workloads));
	json_object_object_add(o, "probe", json_object_new_double(e.probe));
	json_object_object_add(o, "devices", json_object_new_double(e.devices));
	json_object_object_add(o, "cgroups_and_spawns", json_object_new_double(e.cgroups));
	json_object_object_add(o, "file", json_object_new_double(e.file));
	json_object_object_add(o, "run", json_object_new_double(e.run));
	return o;
}

/* What a writer of lines wrote, one string each: the JSON plan shares the text's sentences. */
static json_object *lines_of(void (*write)(const struct run *, FILE *), const struct run *run)
{
	json_object *a = json_object_new_array();
	char *text = NULL, *save = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return a;
	write(run, mem);
	if (fclose(mem) == 0 && text)
		for (char *line = strtok_r(text, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			json_object_array_add(a, json_object_new_string(line));
	free(text);
	return a;
}

static json_object *cell_json(const struct run *run, const struct plan_cell *c)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "label", json_object_new_string(c->label));
	json_object_object_add(o, "backend", json_object_new_string(c->backend->name));
	json_object_object_add(o, "comp", c->comp ? json_object_new_string(c->comp) : NULL);
	json_object_object_add(o, "jobs", json_object_new_uint64(c->jobs));
	json_object_object_add(o, "limit", json_object_new_uint64(c->limit));
	json_object_object_add(o, "alloc", json_object_new_uint64(c->alloc));
	json_object_object_add(
		o, "mode", c->mode >= 0 ? json_object_new_string(fio_modes[c->mode].name) : NULL);
	json_object_object_add(
		o, "workload",
		json_object_new_string(c->mode >= 0		   ? "fio"
					       : run->cfg->command ? run->cfg->command[0]
					       : c->driver->plan   ? c->workload.argv[0]
								   : "hogger"));
	json_object_object_add(o, "driver", json_object_new_string(c->driver->name));
	return o;
}

/* The plan as one JSON document on stdout, for --format json: what the text says, as data. */
static int dry_run_json(const struct run *run, FILE *out)
{
	const struct config *cfg = run->cfg;
	const struct plan *p = &run->plan;
	json_object *o = json_object_new_object(), *cells = json_object_new_array(),
		    *schedule = json_object_new_array();
	int ret;

	for (size_t i = 0; i < p->ncells; i++)
		json_object_array_add(cells, cell_json(run, &p->cells[i]));
	for (size_t i = 0; i < p->nschedule; i++) {
		json_object *e = json_object_new_object();
		json_object_object_add(e, "cell",
				       json_object_new_string(p->cells[p->schedule[i].cell].label));
		json_object_object_add(e, "trial", json_object_new_uint64(p->schedule[i].trial));
		json_object_array_add(schedule, e);
	}
	json_object_object_add(o, "dry_run", json_object_new_boolean(1));
	json_object_object_add(o, "cells", cells);
	json_object_object_add(o, "trials", json_object_new_uint64(cfg->trials));
	json_object_object_add(o, "warmup", json_object_new_uint64(cfg->warmup));
	json_object_object_add(o, "order", json_object_new_string(order_names[cfg->order]));
	json_object_object_add(o, "schedule", schedule);
	json_object_object_add(o, "swapfile", json_object_new_string(p->swapfile));
	json_object_object_add(o, "swap_size", json_object_new_uint64(p->swap_size));
	json_object_object_add(o, "pinned", json_object_new_boolean(run->placement.pinned));
	json_object_object_add(o, "placement", json_object_new_string(run->placement.why));
	json_object_object_add(o, "backend_changes", lines_of(backend_lines, run));
	json_object_object_add(o, "run_changes", lines_of(run_lines, run));
	json_object_object_add(o, "estimated_seconds",
			       json_object_new_double(estimate_seconds(run)));
	json_object_object_add(o, "estimated_budget", estimate_json(run));
	ret = fprintf(out, "%s\n",
		      json_object_to_json_string_ext(
			      o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE)) < 0;
	json_object_put(o);
	return ret ? -EIO : 0;
}

/* A command, a path or a backend's change can make a line of any length: every line within
 * VIEW_COLUMNS, as the views' are (base/wrap.h). The JSON's strings are these lines unwrapped. */
static int dry_run_text(const struct run *run, FILE *out)
{
	struct text_capture c;

	if (!text_capture_begin(&c))
		return -ENOMEM;
	plan_lines(run, c.f);
	fprintf(c.f, "changes to the kernel, every one journaled and undone:\n");
	backend_lines(run, c.f);
	run_lines(run, c.f);
	estimate(run, c.f);
	return text_capture_end(&c, out);
}

int dry_run_print(const struct run *run, FILE *out)
{
	if (format_def_of(run->cfg->view.format)->document)
		return dry_run_json(run, out);
	return dry_run_text(run, out);
}
