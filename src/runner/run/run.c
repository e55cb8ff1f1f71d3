/* A run: lock, journal, what the cells share, the schedule of trials, the result, the report. */
#include "runner/run/run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "runner/run/background.h"
#include "runner/run/preflight.h"
#include "runner/result/report.h"
#include "runner/result/results.h"
#include "runner/undo/runlock.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/sysfs.h"

static void undo_failed(const struct undo *u, int err)
{
	say("could not undo %s %s%s%s: %s", undo_kind_name(u->kind), u->path, u->value[0] ? " " : "",
	    u->value, strerror(-err));
}

/* The lock, then a fresh journal file: nothing is changed before both are in place. */
static int take_lock(struct run *run)
{
	char path[PATH_MAX];
	pid_t holder = 0;
	int ret = runlock_acquire(&holder);

	if (ret == -EWOULDBLOCK) {
		say("another zswapbench run (PID %d) holds %s: one run at a time, swap is system-wide",
		    (int)holder, rundir_file("lock", path, sizeof(path)));
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", rundir(), strerror(-ret));
		return EXIT_RUNTIME;
	}
	ret = journal_create(&run->journal, rundir_file("journal", path, sizeof(path)));
	if (ret == -EEXIST) {
		say("a previous run was killed before it restored the machine (%s): run 'zswapbench cleanup' first",
		    path);
		return EXIT_RUNTIME;
	}
	if (ret) {
		say("%s: %s", path, strerror(-ret));
		return EXIT_RUNTIME;
	}
	return 0;
}

/* Run-wide kernel settings, journaled: v2 memory delegation, vm.swappiness (v2: no per-cgroup
 * knob), vm.page-cluster. */
static int set_run_params(struct run *run)
{
	const struct config *cfg = run->cfg;
	char path[PATH_MAX + 32], value[16], failed[PATH_MAX + 64];
	int ret = 0;

	/* On pure v2 the parent must hand a controller down before a child can use it: memory
	 * always, io for --disk-throttle. */
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", run->env.memory_root);
	snprintf(failed, sizeof(failed), "%s", path);
	if (!cgroup_memory_delegated(&run->env)) {
		ret = sysfs_write(path, "+memory");
		if (!ret)
			ret = journal_push(&run->journal, UNDO_WRITE, path, "-memory");
	}
	if (!ret && run->env.memory_v2 && run->throttle_dev[0] && !cgroup_delegates(&run->env, "io")) {
		ret = sysfs_write(path, "+io");
		if (!ret)
			ret = journal_push(&run->journal, UNDO_WRITE, path, "-io");
	}
	if (!ret && cfg->swappiness >= 0 && run->env.memory_v2) {
		snprintf(value, sizeof(value), "%d", cfg->swappiness);
		ret = param_set(&run->journal, "/proc/sys/vm/swappiness", value, failed, sizeof(failed));
	}
	if (!ret && cfg->page_cluster >= 0) {
		snprintf(value, sizeof(value), "%d", cfg->page_cluster);
		ret = param_set(&run->journal, "/proc/sys/vm/page-cluster", value, failed, sizeof(failed));
	}
	if (ret)
		snprintf(run->error, sizeof(run->error), "%s: %s", failed, strerror(-ret));
	return ret;
}

/* What cells share is set up once, before the first trial (a zram device, debugfs). */
static int prepare_cells(struct run *run)
{
	for (size_t i = 0; i < run->ncells; i++) {
		struct cell *c = &run->cells[i];
		int ret = swap_device_prepare(&c->dev, &run->journal);
		if (ret) {
			if (ret == -EINVAL && c->dev.why[0]) {
				say("%s", c->dev.why);
				return -EINVAL;
			}
			snprintf(run->error, sizeof(run->error), "%s: %s", c->dev.failed, strerror(-ret));
			return ret;
		}
	}
	return 0;
}

static struct trial *new_trial(struct cell *c)
{
	if (c->ntrials == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 8;
		struct trial *grown = realloc(c->trials, cap * sizeof(*grown));
		if (!grown)
			return NULL;
		c->trials = grown;
		c->cap = cap;
	}
	memset(&c->trials[c->ntrials], 0, sizeof(c->trials[0]));
	return &c->trials[c->ntrials++];
}

static void save(struct run *run)
{
	int ret = results_write(run, run->output);
	if (ret)
		say("%s: %s", run->output, strerror(-ret));
}

/* Between trials, so each starts from the same kind of memory: clean caches, compacted. */
static void settle(void)
{
	sync();
	sysfs_write("/proc/sys/vm/drop_caches", "3");
	sysfs_write("/proc/sys/vm/compact_memory", "1");
}

static void progress(const struct run *run, const struct cell *c, const struct trial *t)
{
	const struct config *cfg = run->cfg;

	fprintf(stderr, "%s: %s %u/%u: %s", c->label, t->warmup ? "warmup" : "trial",
		t->warmup ? t->index : t->index - cfg->warmup, t->warmup ? cfg->warmup : cfg->trials,
		trial_status_name(t->status));
	if (t->have[M_ELAPSED])
		fprintf(stderr, ", elapsed %.3f s", t->value[M_ELAPSED]);
	if (t->have[M_SWAP_PEAK])
		fprintf(stderr, ", cgroup swap %.1f MiB", t->value[M_SWAP_PEAK] / 1048576.0);
	if (t->have[M_COMP_RATIO])
		fprintf(stderr, ", compression %.2fx", t->value[M_COMP_RATIO]);
	fputc('\n', stderr);
}

static int run_trial(struct run *run, const struct schedule_entry *e)
{
	const struct config *cfg = run->cfg;
	struct cell *c = &run->cells[e->cell];
	char name[64], failed[PATH_MAX + 64];
	struct trial_setup setup = {
		.env = &run->env, .dev = &c->dev, .journal = &run->journal,
		.limits = { .limit = c->limit, .swap_limit = cfg->swap_limit, .high = cfg->limit_mode == LIMIT_HIGH,
			    .swappiness = run->env.memory_v2 ? -1 : cfg->swappiness,
			    .throttle_dev = run->throttle_dev[0] && c->backend->uses_swapfile ? run->throttle_dev : NULL,
			    .throttle_read = cfg->throttle_read, .throttle_write = cfg->throttle_write },
		.cgroup_name = name, .workload = &c->workload, .alloc = c->alloc,
		.sample_ms = cfg->sample_ms, .timeout_s = cfg->timeout, .extended = cfg->extended,
	};
	struct trial *t = new_trial(c);
	int ret;

	if (!t)
		return -ENOMEM;
	t->index = e->trial;
	t->warmup = e->trial <= cfg->warmup;
	snprintf(name, sizeof(name), "zswapbench-%d-%u-%u", (int)getpid(), e->cell, e->trial);
	if (cfg->settle)
		settle();
	ret = trial_run(&setup, t, failed, sizeof(failed));
	if (ret == -EINTR) {
		c->ntrials--; /* stopped before the workload ran: nothing was measured */
		return 0;
	}
	if (ret) {
		c->ntrials--;
		snprintf(run->error, sizeof(run->error), "%s: %s", failed, strerror(-ret));
		return ret;
	}
	cell_update_stats(c);
	save(run);
	progress(run, c, t);
	return 0;
}

static int exit_status(const struct run *run)
{
	if (run->status == RUN_INTERRUPTED)
		return EXIT_SIGNAL_BASE + signals_pending();
	if (run->status == RUN_FAILED)
		return EXIT_RUNTIME;
	for (size_t i = 0; i < run->ncells; i++)
		if (run->cells[i].failed)
			return EXIT_TRIALS_FAILED;
	return 0;
}

int run_main(const struct config *cfg)
{
	struct run run = { .cfg = cfg };
	char path[PATH_MAX];
	time_t now = time(NULL);
	int ret, status;

	journal_init(&run.journal);
	run.journal.on_error = undo_failed;
	run.shared.zram_id = -1;
	sysfs_set_root(cfg->sysroot);
	strftime(run.started, sizeof(run.started), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	status = preflight(&run);
	if (status)
		goto out;
	status = take_lock(&run);
	if (status)
		goto out;
	warnings(&run);
	ret = signals_install();
	if (ret == 0)
		ret = results_write(&run, run.output);
	if (ret) {
		say("%s: %s", run.output, strerror(-ret));
		status = EXIT_RUNTIME;
		goto out;
	}
	ret = set_run_params(&run);
	if (!ret)
		ret = prepare_cells(&run);
	if (!ret && cfg->background)
		ret = start_background(&run);
	for (size_t i = 0; i < run.nschedule && !ret && !signals_pending(); i++)
		ret = run_trial(&run, &run.schedule[i]);
	stop_background(&run);
	if (journal_rewind(&run.journal, 0) && !ret)
		ret = -EIO;
	if (signals_pending())
		run.status = RUN_INTERRUPTED;
	else if (ret)
		run.status = RUN_FAILED;
	else
		run.status = RUN_COMPLETE;
	if (ret && ret != -EINVAL && run.error[0])
		say("%s", run.error);
	save(&run);
	if (cfg->json) {
		char *text = results_to_string(&run);
		if (text)
			puts(text);
		free(text);
	} else {
		report_print(&run, stdout);
	}
	fprintf(stderr, "zswapbench: results in %s\n", run.output);
	status = ret == -EINVAL ? EXIT_USAGE : exit_status(&run);
out:
	journal_rewind(&run.journal, 0);
	journal_close(&run.journal, rundir_file("journal", path, sizeof(path)));
	journal_free(&run.journal);
	plan_free(&run);
	return status;
}
