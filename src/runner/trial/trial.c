#include "runner/trial/trial.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "common/clock.h"
#include "runner/kernel/vmstat.h"
#include "runner/trial/perf.h"
#include "runner/trial/trial_record.h"
#include "runner/trial/watch.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/sysfs.h"

const char *trial_status_name(enum trial_status s)
{
	static const char *const names[] = {
		[TRIAL_OK] = "ok", [TRIAL_OOM] = "oom", [TRIAL_FAILED] = "failed",
		[TRIAL_INTERRUPTED] = "interrupted",
	};
	return names[s];
}

void trial_free(struct trial *t)
{
	free(t->jobs);
	free(t->curve);
	if (t->series) {
		series_free(t->series);
		free(t->series);
	}
	t->series = NULL;
	if (t->extended) {
		extended_free(t->extended);
		free(t->extended);
	}
	t->extended = NULL;
	t->jobs = NULL;
	t->curve = NULL;
	t->njobs = 0;
	t->ncurve = 0;
}

static void name_failure(char *failed, size_t len, const char *what)
{
	if (failed && len)
		snprintf(failed, len, "%s", what);
}

int trial_run(const struct trial_setup *s, struct trial *t, char *failed, size_t failed_len)
{
	struct bench_cgroup cg = { 0 };
	struct workload w = { 0 };
	struct vmstat_snap before, after;
	struct watch wt = { .s = s, .cg = &cg, .w = &w, .t = t };
	struct workload_hooks hooks = { .arg = &wt, .tick = watch_tick, .progress = watch_progress,
					.filled = watch_filled };
	size_t mark = journal_mark(s->journal);
	struct perf_set *perf = NULL;
	int ret, rewind;

	memset(t->value, 0, sizeof(t->value));
	memset(t->have, 0, sizeof(t->have));
	memset(t->unavailable, 0, sizeof(t->unavailable));
	t->note[0] = '\0';
	t->status = TRIAL_FAILED;
	trial_free(t);

	ret = swap_device_start(s->dev, s->journal);
	if (ret) {
		name_failure(failed, failed_len, s->dev->failed);
		goto out;
	}
	signals_pause_point("setup");
	if (signals_pending()) {
		ret = -EINTR;
		goto out;
	}
	ret = bench_cgroup_create(&cg, s->env, s->cgroup_name, &s->limits);
	/* libcgroup can leave the directories behind when setting a limit fails. An existing
	 * cgroup of that name is someone else's: create refuses it and we never remove it. */
	if (ret != -EEXIST) {
		const char *dirs[] = { cg.path, cg.io_path };
		for (size_t i = 0; i < 2; i++)
			if (dirs[i][0] && sysfs_exists(dirs[i])) {
				int jret = journal_push(s->journal, UNDO_RMDIR, dirs[i], NULL);
				ret = ret ? ret : jret;
			}
	}
	if (ret) {
		name_failure(failed, failed_len, cg.path);
		goto out;
	}
	name_failure(failed, failed_len, "starting the workload");
	ret = workload_spawn(&w, s->workload);
	if (ret)
		goto out;
	t->jobs = calloc(w.n, sizeof(*t->jobs));
	if (!t->jobs) {
		ret = -ENOMEM;
		goto out;
	}
	t->njobs = w.n;
	ret = workload_attach(&w, &cg);
	if (ret) {
		name_failure(failed, failed_len, cg.path);
		goto out;
	}
	/* Per-cgroup PSI: on v1 the workload also joins a group of the unified hierarchy. */
	if (bench_cgroup_psi_create(&cg) == 0 && !s->env->memory_v2) {
		ret = journal_push(s->journal, UNDO_RMDIR, cg.psi_path, NULL);
		for (unsigned i = 0; i < w.n && !ret; i++)
			ret = bench_cgroup_psi_attach(&cg, w.jobs[i].pid);
		if (ret) {
			name_failure(failed, failed_len, cg.psi_path);
			goto out;
		}
	}
	if (s->sample_ms) {
		t->series = calloc(1, sizeof(*t->series));
		if (!t->series) {
			ret = -ENOMEM;
			goto out;
		}
		series_init(t->series);
	}
	name_failure(failed, failed_len, "/proc/vmstat");
	ret = vmstat_snapshot(&before);
	if (ret)
		goto out;
	if (s->dev->backend == &backend_zswap)
		zswap_read_stats(&wt.zswap_before);
	if (signals_pending()) {
		ret = -EINTR;
		goto out;
	}
	perf = calloc(1, sizeof(*perf));
	if (perf) {
		pid_t pids[PERF_MAX_PIDS];
		for (unsigned i = 0; i < w.n && i < PERF_MAX_PIDS; i++)
			pids[i] = w.jobs[i].pid;
		perf_open(perf, pids, w.n);
	}
	if (s->extended && (t->extended = calloc(1, sizeof(*t->extended))))
		extended_snapshot(s->dev, t->extended->before);
	watch_start(&wt);
	name_failure(failed, failed_len, "starting the workload");
	ret = workload_release(&w);
	if (ret)
		goto out;
	signals_pause_point("fill");
	name_failure(failed, failed_len, "following the workload");
	ret = workload_follow(&w, s->sample_ms, s->timeout_s, &hooks);
	if (ret)
		goto out;
	name_failure(failed, failed_len, "/proc/vmstat");
	ret = vmstat_snapshot(&after);
	if (ret)
		goto out;
	if (s->dev->backend == &backend_zswap)
		zswap_read_stats(&wt.zswap_after);
	if (t->extended)
		extended_snapshot(s->dev, t->extended->after);
	trial_record(t, &wt, &cg, perf, &before, &after);
	name_failure(failed, failed_len, "");
	signals_pause_point("teardown");
out:
	if (perf) {
		perf_close(perf);
		free(perf);
	}
	workload_destroy(&w);
	bench_cgroup_release(&cg);
	rewind = journal_rewind(s->journal, mark);
	if (!ret && rewind) {
		ret = rewind;
		name_failure(failed, failed_len, "restoring the trial's swap and cgroup");
	}
	if (ret)
		trial_free(t);
	return ret;
}
