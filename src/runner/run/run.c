/* A run: lock, journal, what the cells share, the schedule of trials, the result, the report. */
#include "runner/run/run.h"

#include <errno.h>
#include <math.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/base/escape.h"
#include "runner/base/folder.h"
#include "runner/base/invoker.h"
#include "runner/base/sizes.h"
#include "runner/cli/report_opts.h"
#include "runner/report/draw.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/mthp.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/caches.h"
#include "runner/kernel/sysfs.h"
#include "runner/cli/option_parse.h"
#include "runner/result/savings.h"
#include "runner/result/sequential.h"
#include "runner/result/json_write.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "runner/run/session.h"
#include "runner/run/workdir.h"
#include "runner/trial/trial.h"
#include "runner/undo/recover.h"
#include "runner/undo/rewind.h"
#include "runner/undo/param.h"
#include "runner/undo/runlock.h"

/* The result file's path; the default directory is made only now, with the lock held. */
static int choose_output(struct run *run)
{
	const struct config *cfg = run->cfg;
	time_t t = time(NULL);
	char stamp[32];

	if (cfg->output[0]) {
		snprintf(run->output, sizeof(run->output), "%s", cfg->output);
		return 0;
	}
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	snprintf(run->output, sizeof(run->output), "results/zswapbench-%s%s.json", stamp,
		 cfg->suffix);
	/* In the current directory: a link or a folder another user can write is refused. */
	return folder_ready("results");
}

/* A controller handed down to the children of the root, announced first. */
static int delegate(struct run *run, const char *path, const char *controller, char *why,
		    size_t len)
{
	char value[32];
	int idx = journal_intend(&run->journal, UNDO_CONTROLLER, path, controller, NULL), ret;

	if (idx < 0)
		return idx;
	snprintf(value, sizeof(value), "+%s", controller);
	snprintf(why, len, "%s '%s'", path, value);
	ret = sysfs_write(path, value);
	if (ret) {
		journal_cancel(&run->journal, idx);
		return ret;
	}
	return journal_confirm(&run->journal, idx, NULL, 0, 0);
}

/* The machine-wide settings of a config, journaled: vm.swappiness (v2: no per-cgroup knob),
 * THP and mTHP, MGLRU, vm.page-cluster. The run's, then before each trial its cell's where the
 * cell has settings of its own (a knob axis): each write a no-op when the value is in place. */
static int set_machine_params(struct run *run, const struct config *cfg, char *failed, size_t len)
{
	const struct cgroup_env *env = &run->host.env;
	char path[PATH_LEN], value[16];
	int ret = 0;

	if (cfg->swappiness >= 0 && env->memory_v2) {
		snprintf(value, sizeof(value), "%d", cfg->swappiness);
		ret = param_set(&run->journal, "/proc/sys/vm/swappiness", value, failed, len);
	}
	if (!ret && cfg->thp[0])
		ret = param_set(&run->journal, THP_ENABLED, cfg->thp, failed, len);
	/* After the top-level choice, which a size set to inherit follows. */
	for (size_t i = 0; !ret && i < cfg->mthp.n; i++) {
		ret = mthp_enabled_path(cfg->mthp.v[i].kb, path, sizeof(path));
		if (!ret)
			ret = param_set(&run->journal, path, cfg->mthp.v[i].mode, failed, len);
	}
	if (!ret && cfg->mglru != SWITCH_LEAVE)
		ret = param_set(&run->journal, MGLRU_ENABLED, mglru_mask(cfg->mglru == SWITCH_ON),
				failed, len);
	if (!ret && cfg->page_cluster >= 0) {
		snprintf(value, sizeof(value), "%d", cfg->page_cluster);
		ret = param_set(&run->journal, "/proc/sys/vm/page-cluster", value, failed, len);
	}
	return ret;
}

/* Run-wide kernel settings: v2 memory delegation, then the run's machine-wide settings. */
static int set_run_params(struct run *run)
{
	const struct cgroup_env *env = &run->host.env;
	char path[PATH_LEN], failed[PATH_LEN];
	int ret = 0;

	/* On pure v2 the parent must hand a controller down before a child can use it: memory
	 * always, io for --disk-throttle. */
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", env->group_root);
	if (!cgroup_memory_delegated(env))
		ret = delegate(run, path, "memory", failed, sizeof(failed));
	if (!ret && env->memory_v2 && run->host.throttle_dev[0] && !cgroup_delegates(env, "io"))
		ret = delegate(run, path, "io", failed, sizeof(failed));
	if (!ret)
		ret = set_machine_params(run, run->cfg, failed, sizeof(failed));
	if (ret)
		failure_set(&run->failure, ret, "%s", failed);
	return ret;
}

/* A cell's settings in place before its trial: its own (knob axes), or the run's, which a cell
 * of a section with settings of its own run before it has changed. */
static int set_cell_params(struct run *run, unsigned cell)
{
	const struct plan_cell *c = &run->plan.cells[cell];
	char failed[PATH_LEN];
	int ret;

	if (!run->plan.has_own_cfg)
		return 0;
	ret = set_machine_params(run, c->cfg, failed, sizeof(failed));
	if (ret)
		failure_set(&run->failure, ret, "%s", failed);
	return ret;
}

/* One swap device per cell; what cells share is set up once, before the first trial (a zram
 * device, debugfs). An algorithm the kernel lacks may only show now: still bad input. */
static int prepare_devices(struct run *run)
{
	run->devices = calloc(run->plan.ncells, sizeof(*run->devices));
	if (!run->devices) {
		failure_set(&run->failure, -ENOMEM, "swap devices");
		return -ENOMEM;
	}
	run->ndevices = run->plan.ncells;
	for (size_t i = 0; i < run->plan.ncells; i++) {
		struct swap_params p = swap_params_for(run->cfg, &run->host, &run->plan,
						       &run->plan.cells[i], &run->shared);
		struct swap_device *dev = &run->devices[i];
		int ret = swap_device_init(dev, run->plan.cells[i].backend, &p);

		if (!ret)
			ret = swap_device_prepare(dev, &run->journal);
		if (ret == -EINVAL && dev->why[0])
			failure_usage(&run->failure, "%s", dev->why);
		else if (ret)
			failure_set(&run->failure, ret, "%s", dev->failed);
		if (ret)
			return ret;
		run_results_note_device(run, i);
	}
	return 0;
}

/* Rewritten after every trial, each time a new file: handed to the user who ran sudo each
 * time. */
/* The phase that began at run->phase_ns ends now; the next begins. */
static void phase_done(struct run *run, enum run_phase p)
{
	uint64_t now = clock_now_ns();

	run->phase_s[p] += ns_to_s(now - run->phase_ns);
	run->phase_ns = now;
}

/* The results hold the run's time so far: what the file and -v's table say. */
static void budget_now(struct run *run)
{
	run->results.budget.wall = ns_to_s(clock_now_ns() - run->started_ns);
	memcpy(run->results.budget.phase_s, run->phase_s, sizeof(run->phase_s));
}

static void save(struct run *run)
{
	int ret;

	budget_now(run);
	ret = results_write(&run->results, run->output);
	if (ret)
		say("%s: %s", run->output, strerror(-ret));
	else
		invoker_give(run->output);
}

/* Between trials, so each starts from the same kind of memory: clean caches, compacted. */
static void settle(void)
{
	caches_drop();
	memory_compact();
}

static struct trial_setup setup_for(const struct run *run, unsigned cell, char *name)
{
	const struct plan_cell *c = &run->plan.cells[cell];
	const struct config *cfg = c->cfg;
	struct trial_setup s = {
		.env = &run->host.env,
		.dev = &run->devices[cell],
		.journal = (struct journal *)&run->journal,
		.limits = { .limit = c->limit,
			    .swap_limit = cfg->swap_limit,
			    .high = cfg->limit_mode == LIMIT_HIGH,
			    .swappiness = run->host.env.memory_v2 ? -1 : cfg->swappiness,
			    .throttle_dev = run->host.throttle_dev[0] &&
					    (c->backend->flags & BACKEND_SWAPFILE)
				    ? run->host.throttle_dev
				    : NULL,
			    .throttle_read = cfg->backend.disk.throttle_read,
			    .throttle_write = cfg->backend.disk.throttle_write,
			    .zswap_writeback = -1 },
		.cgroup_name = name,
		.workload = &c->workload,
		.driver = c->driver,
		.driver_args = c->driver_args,
		.target = &c->target,
		.service = run->plan.has_service ? &run->plan.service.spec : NULL,
		.alloc = c->alloc,
		.sample_ms = (unsigned)cfg->interval_ms,
		.pressure_target_pct = cfg->pressure_target_pct,
		.timeout_ms = cfg->timeout_ms,
		.extended = cfg->extended,
		.on_phase = progress_phase,
		.phase_arg = (void *)&run->progress,
	};
	swap_device_cgroup_limits(s.dev, &s.limits);
	return s;
}

/* Many VMs have no PMU: the hardware counters are recorded as unavailable, and said so once. */
static void say_no_pmu(struct run *run, const struct trial *t)
{
	if (run->said_no_pmu || !t->unavailable[M_PERF_INSTRUCTIONS] || run->cfg->view.quiet)
		return;
	run->said_no_pmu = 1;
	warn("hardware counters (instructions, cycles, stalled cycles, branches, branch misses) "
	     "are unavailable on this machine (no PMU, as in many VMs): recorded as unavailable, "
	     "not zero");
}

/* A command that fails fails alike in every trial (a typo, a missing file): the run stops at
 * the first, with the command's last lines, unless -i asks for every trial (as hyperfine's). */
static void stop_at_failed_command(struct run *run, const struct trial *t)
{
	if (!run->cfg->command || run->cfg->ignore_failure || t->status != TRIAL_FAILED)
		return;
	run->stopped = 1;
	progress_failed_output(t, run->cfg->command[0], 10);
	say("stopped at the first failed trial of '%s' (-i, --ignore-failure, runs every trial)",
	    run->cfg->command[0]);
}

/* --user, or NULL for root: who the work directory's commands run as. */
static const struct run_as *workdir_user(const struct run *run)
{
	return run->user.name[0] ? &run->user : NULL;
}

/* --prepare or --cleanup around one trial, its time into the trial's phase: a failure stops
 * the run (exit 1), as --setup's does, with the trials before it kept. */
static int trial_hook(struct run *run, const char *option, const char *command, struct trial *t,
		      enum trial_phase phase)
{
	char failed[MSG_LEN];
	uint64_t t0 = clock_now_ns();
	int ret = workdir_command(option, command, workdir_user(run),
				  placement_unmeasured(&run->placement), run->workdir, failed,
				  sizeof(failed));

	t->phase_s[phase] = seconds_since(t0);
	if (ret && ret != -EINTR)
		failure_set(&run->failure, ret, "%s", failed);
	return ret;
}

/* Does this look decide: the cells told apart, or for a savings step, the backend told from
 * the target (result/savings.h), at the looks' level? */
static int look_decides(const struct run *run)
{
	struct compare_opts o = compare_opts_of(&run->results);
	const struct result_cell *base = &run->results.cells[0], *cell = &run->results.cells[1];

	o.alpha = run->look_level;
	if (run->cfg->settle_at_slowdown)
		return savings_step_settled(base, cell, &o, run->cfg->slowdown_pct) == 1;
	return sequential_decided(base, cell, run->look_level, &o) == 1;
}

/* --min-trials: after each whole round from the min-th on, does a look decide (result/
 * sequential.h)? The run ends there when it does. */
static int decided_early(struct run *run, size_t done)
{
	const struct config *cfg = run->cfg;
	unsigned round = (unsigned)(done / run->plan.ncells);

	if (!cfg->min_trials || done % run->plan.ncells || round <= cfg->warmup ||
	    round >= cfg->warmup + cfg->trials)
		return 0;
	/* A savings step whose backend failed a trial is beyond its target from that round. */
	if (!(cfg->settle_at_slowdown && savings_step_broke(&run->results.cells[1])) &&
	    (round < cfg->warmup + cfg->min_trials || !look_decides(run)))
		return 0;
	run->decided_after = round - cfg->warmup;
	run_results_note_sequential(run);
	if (!cfg->view.quiet)
		say("told apart after %u of at most %u trials a cell (each look from %u on at "
		    "p < %.4g, which keeps --alpha %g over them all)",
		    run->decided_after, cfg->trials, cfg->min_trials, run->look_level, cfg->alpha);
	return 1;
}

static int run_trial(struct run *run, const struct schedule_entry *e)
{
	struct result_cell *c = &run->results.cells[e->cell];
	char name[64], failed[MSG_LEN];
	struct trial_setup setup = setup_for(run, e->cell, name);
	struct trial *t = cell_add_trial(c);
	uint64_t t0;
	int ret;

	if (!t)
		return -ENOMEM;
	t->index = e->trial;
	t->warmup = e->trial <= run->cfg->warmup;
	progress_trial(&run->progress, c->label, e->cell + 1,
		       t->warmup ? t->index : t->index - run->cfg->warmup,
		       t->warmup ? run->cfg->warmup : run->cfg->trials, t->warmup,
		       run->plan.cells[e->cell].alloc);
	snprintf(name, sizeof(name), "zswapbench-%d-%u-%u", (int)getpid(), e->cell, e->trial);
	/* Before --settle, so that the trial still starts with the caches dropped. */
	/* Its settings first: --prepare runs under them, as the trial does. */
	ret = set_cell_params(run, e->cell);
	if (!ret)
		ret = trial_hook(run, "prepare", run->cfg->prepare, t, PHASE_PREPARE);
	if (!ret && run->cfg->settle)
		settle();
	if (!ret && (ret = trial_run(&setup, t, failed, sizeof(failed))) && ret != -EINTR)
		failure_set(&run->failure, ret, "%s", failed);
	if (ret) {
		cell_drop_trial(c); /* nothing was measured */
		return ret == -EINTR ? 0 : ret;
	}
	/* The trial was measured: kept, and saved, even when its cleanup fails. */
	ret = trial_hook(run, "cleanup", run->cfg->cleanup, t, PHASE_CLEANUP);
	t0 = clock_now_ns();
	run_results_note_device(run, e->cell);
	say_no_pmu(run, t);
	cell_update_stats(c);
	t->phase_s[PHASE_STATS] = seconds_since(t0);
	t0 = clock_now_ns();
	save(run);
	t->phase_s[PHASE_SAVE] = seconds_since(t0);
	progress_done(&run->progress, c, t);
	stop_at_failed_command(run, t);
	return ret == -EINTR ? 0 : ret;
}

static int exit_status(const struct run *run)
{
	if (run->results.status == RUN_INTERRUPTED)
		return EXIT_SIGNAL_BASE + signals_pending();
	if (run->failure.err)
		return failure_exit_status(&run->failure);
	if (run->stopped)
		return EXIT_TRIALS_FAILED;
	for (size_t i = 0; i < run->results.ncells; i++)
		if (run->results.cells[i].failed)
			return EXIT_TRIALS_FAILED;
	return EXIT_OK;
}

/* A command, --setup and a device target get a directory of their own, the setup run once
 * in it; a device target's files and mount point are there. Under --user the setup and the
 * command write there as the user, so it is the user's; not a device target's, where root
 * makes the mount point and fio's job file: a folder of the user's could lead either through
 * a link the user put there. */
static int prepare_workdir(struct run *run)
{
	const struct run_as *user = workdir_user(run);
	const struct run_as *owner = run->cfg->driver.device.target == USE_SWAP ? user : NULL;
	char failed[MSG_LEN];
	int ret;

	if (!run->cfg->command && !run->cfg->setup[0] && !run->cfg->prepare[0] &&
	    !run->cfg->cleanup[0] && run->cfg->driver.device.target == USE_SWAP)
		return 0;
	ret = workdir_create(&run->journal, run->plan.swapfile, owner, run->workdir,
			     sizeof(run->workdir), failed, sizeof(failed));
	if (!ret) {
		if (!run->cfg->view.quiet && run->cfg->setup[0])
			say("setup: %s", run->cfg->setup);
		ret = workdir_command("setup", run->cfg->setup, user,
				      placement_unmeasured(&run->placement), run->workdir, failed,
				      sizeof(failed));
	}
	for (size_t i = 0; !ret && i < run->plan.ncells; i++)
		run->plan.cells[i].workload.workdir = run->workdir;
	if (!ret)
		plan_place(&run->plan, run->workdir);
	if (ret)
		failure_set(&run->failure, ret, "%s", failed);
	return ret;
}

/* From the first change to the last undo: every path ends in the journal's rewind. */
static void run_trials(struct run *run)
{
	int ret = set_run_params(run);

	progress_init(&run->progress, run->plan.nschedule, (unsigned)run->plan.ncells,
		      run->cfg->view.quiet);
	log_set_before_line(progress_clear);
	if (!ret)
		ret = prepare_devices(run);
	if (!ret)
		ret = prepare_workdir(run);
	if (!ret && run->cfg->background)
		ret = background_start(&run->background, run->host.hogger, run->cfg->background,
				       run->cfg->data, &run->failure);
	phase_done(run, RUN_PHASE_SETUP);
	for (size_t i = 0; i < run->plan.nschedule && !ret && !run->stopped &&
	     !run->decided_after && !signals_pending();
	     i++)
		if (!(ret = background_check(&run->background, &run->failure)) &&
		    !(ret = run_trial(run, &run->plan.schedule[i])))
			decided_early(run, i + 1);
	if (!ret)
		ret = background_check(&run->background, &run->failure);
	phase_done(run, RUN_PHASE_TRIALS);
	background_stop(&run->background);
	progress_clear();
	if (journal_rewind(&run->journal, 0) && !run->failure.err)
		failure_set(&run->failure, -EIO, "restoring the machine");
	phase_done(run, RUN_PHASE_REWIND);
	if (signals_pending())
		run->results.status = RUN_INTERRUPTED;
	else if (run->failure.err || run->stopped)
		run->results.status = RUN_FAILED;
	else
		run->results.status = RUN_COMPLETE;
	if (run->failure.err && !run->failure.usage)
		snprintf(run->results.error, sizeof(run->results.error), "%s: %s",
			 run->failure.what, strerror(-run->failure.err));
	else if (run->stopped)
		snprintf(run->results.error, sizeof(run->results.error),
			 "stopped at the first failed trial of %s (-i runs every trial)",
			 run->cfg->command[0]);
	failure_say(&run->failure);
}

static void print_results(const struct run *run)
{
	struct report_opts o = report_opts_of(run->cfg);
	/* A trial's note quotes what the workload printed: escaped on its way to the terminal. */
	FILE *out = escape_open(stdout, format_def_of(run->cfg->view.format)->escape);

	o.file = run->output;
	if (out) {
		report_print(&run->results, &o, out);
		fclose(out);
	} else {
		say("out of memory for the answer");
	}
}

/* --plot and --report at the end of a complete run: they are extra, so a failure to draw
 * changes an OK run's status to 1 but never the measurements. */
static int draw(const struct run *run, int status)
{
	const struct results *sets[] = { &run->results };
	const char *names[] = { run->output };
	struct report_opts o = report_opts_of(run->cfg);
	int ret = EXIT_OK;

	if (run->cfg->view.plot_dir[0] &&
	    !(ret = plot_sets(sets, names, 1, run->cfg->view.plot_dir, run->cfg->view.png)))
		invoker_give_tree(run->cfg->view.plot_dir);
	if (!ret && run->cfg->view.report_file[0] &&
	    !(ret = report_sets(sets, names, 1, &o, run->cfg->view.report_file)))
		invoker_give(run->cfg->view.report_file);
	return status == EXIT_OK ? ret : status;
}

/* Where the workload runs and why, so a user comparing two files knows. */
static void say_placement(const struct run *run)
{
	const struct placement *pl = &run->placement;
	char runner[128];

	if (run->cfg->view.quiet)
		return;
	if (!pl->pinned) {
		say("workload not pinned (--cpus all): trials may land on different CPUs");
		return;
	}
	cpulist_format(&pl->runner, runner, sizeof(runner));
	say("workload pinned to %s; runner on %s%s; --cpus to choose, --cpus all not to pin",
	    pl->why, runner[0] ? (CPU_COUNT(&pl->runner) > 1 ? "CPUs " : "CPU ") : "the same CPUs",
	    runner);
}

/* --user: its passwd entry and groups, read once, before any child is forked; the plan,
 * pure, names the user only in its config. */
static int look_up_user(struct run *run)
{
	const char *name = run->cfg->user.name;
	int ret;

	if (!name[0])
		return 0;
	ret = run_as_lookup(&run->user, name);
	if (ret) {
		say("--user %s: %s", name, ret == -ENOENT ? "no such user" : strerror(-ret));
		return EXIT_RUNTIME;
	}
	for (size_t i = 0; i < run->plan.ncells; i++)
		run->plan.cells[i].workload.user = &run->user;
	return 0;
}

/* After the lock, before the first change: the result file, which proves the path writable. */
static int start(struct run *run)
{
	int status = look_up_user(run), ret;

	if (!status)
		status = session_begin(&run->journal);

	if (!status)
		status = choose_output(run);
	if (status)
		return status;
	warnings(run->cfg, &run->host, &run->plan, run->other_swap, sizeof(run->other_swap));
	say_placement(run);
	ret = placement_move_runner(&run->placement);
	if (!ret)
		ret = run_results_init(run);
	if (!ret)
		ret = signals_install();
	if (!ret)
		ret = results_write(&run->results, run->output);
	if (!ret)
		invoker_give(run->output);
	if (ret) {
		say("%s: %s", run->output, strerror(-ret));
		return EXIT_RUNTIME;
	}
	return 0;
}

/* What the plan takes from this process and kernel: its PID, a seed drawn from the clock, and
 * for --comp all the algorithms this kernel offers (swap/backend.c: backend_algorithms). */
static int plan_inputs_now(const struct config *cfg, struct plan_inputs *in)
{
	char list[256], why[160];

	memset(in, 0, sizeof(*in));
	in->pid = getpid();
	in->seed = ((unsigned long)time(NULL) ^ ((unsigned long)in->pid << 16)) | 1;
	if (!plan_wants_all_comps(cfg))
		return 0;
	if (backend_algorithms(list, sizeof(list), why, sizeof(why))) {
		say("--comp all: %s", why);
		return EXIT_UNSUPPORTED;
	}
	for (char *save = NULL, *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
		name_list_add(&in->algorithms, w);
	return 0;
}

/* The swapfile's path as the kernel spells it (/var/tmp//x.swap, a symlinked folder): swapon,
 * the loop device over it and the work directory's mount are shown canonical in /proc/swaps,
 * the loop device and the mount table, and each undo compares them by that path. A folder that
 * cannot be resolved is left as given, for the swapfile's own checks to name. */
static void canonical_swapfile(struct plan *p)
{
	/* path: the copy dirname cuts, then, resolved, the canonical path (three paths in the
	 * frame, not four: the 16 KiB frame limit). */
	char path[sizeof(p->swapfile)], name[PATH_MAX], real[PATH_MAX];
	int n;

	snprintf(path, sizeof(path), "%s", p->swapfile);
	snprintf(name, sizeof(name), "%s", p->swapfile);
	if (!realpath(dirname(path), real))
		return;
	n = snprintf(path, sizeof(path), "%s/%s", strcmp(real, "/") ? real : "", basename(name));
	if (n > 0 && (size_t)n < sizeof(p->swapfile))
		memcpy(p->swapfile, path, (size_t)n + 1);
}

/* The checks and the plan: preflight, the plan built and checked, the placement chosen. */
static int plan_run(struct run *run)
{
	const struct config *cfg = run->cfg;
	struct plan_inputs inputs;
	int status = preflight(cfg, &run->host), ret;

	if (!status)
		status = plan_inputs_now(cfg, &inputs);
	if (status)
		return status;
	ret = plan_build(&run->plan, cfg, run->host.hogger, &inputs);
	if (!ret)
		canonical_swapfile(&run->plan);
	if (ret) {
		say("planning: %s", strerror(-ret));
		return EXIT_RUNTIME;
	}
	status = preflight_plan(cfg, &run->host, &run->plan);
	if (!status)
		status = placement_choose(cfg, &run->plan, &run->placement);
	if (!status && cfg->min_trials &&
	    isnan(run->look_level = sequential_level(cfg->min_trials, cfg->trials, cfg->alpha))) {
		say("--min-trials: the looks' level: %s", strerror(ENOMEM));
		return EXIT_RUNTIME;
	}
	return status;
}

/* The plan carried out: described for a dry run, or its trials run and their answer given. */
static int carry_out(struct run *run)
{
	const struct config *cfg = run->cfg;
	int status;

	placement_apply(&run->placement, &run->plan, cfg->threads);
	/* A fixture tree is for checks: no lock, no journal, nothing real is touched. */
	if (cfg->dry_run || cfg->sysroot[0]) {
		if ((status = dry_run_print(run, stdout))) {
			say("cannot print the plan: %s", strerror(-status));
			return EXIT_RUNTIME;
		}
		if (cfg->sysroot[0])
			say("--sysroot %s: the checks passed; nothing runs against a fixture tree",
			    cfg->sysroot);
		return EXIT_OK;
	}
	if ((status = start(run)))
		return status;
	phase_done(run, RUN_PHASE_START);
	run_trials(run);
	/* The answer before the file's last write, so that the file holds what it took; but the
	 * result document printed (--json) is the file itself, so it is printed after it. */
	budget_now(run);
	if (format_def_of(cfg->view.format)->document) {
		save(run);
		print_results(run);
	} else {
		print_results(run);
		phase_done(run, RUN_PHASE_ANSWER);
		save(run);
	}
	if (!cfg->view.quiet)
		say("results in %s", run->output);
	status = exit_status(run);
	if (run->results.status == RUN_COMPLETE)
		status = draw(run, status);
	return status;
}

/* The machine restored (the journal rewound), then everything the run holds given back. */
static void tear_down(struct run *run)
{
	placement_restore_runner(&run->placement);
	progress_forget(&run->progress);
	session_end(&run->journal);
	results_free(&run->results);
	plan_free(&run->plan);
	for (size_t i = 0; i < run->ndevices; i++)
		swap_device_release(&run->devices[i]);
	free(run->devices);
	swap_shared_free(&run->shared);
	run_as_free(&run->user);
}

int run_main(const struct config *cfg)
{
	/* 60 KiB: on the heap, past the 16 KiB frame limit (docs/architecture.md). */
	struct run *run = calloc(1, sizeof(*run));
	int status;

	if (!run) {
		say("out of memory");
		return EXIT_RUNTIME;
	}
	run->cfg = cfg;
	swap_shared_init(&run->shared);
	session_init(&run->journal);
	sysfs_set_root(cfg->sysroot[0] ? cfg->sysroot : NULL);
	run->started_ns = run->phase_ns = clock_now_ns();
	status = plan_run(run);
	phase_done(run, RUN_PHASE_PLAN);
	if (!status)
		status = carry_out(run);
	tear_down(run);
	free(run);
	return status;
}
