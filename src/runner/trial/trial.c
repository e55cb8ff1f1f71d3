#include "runner/trial/trial.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "runner/kernel/mthp.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/signals.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/vmstat.h"
#include "runner/trial/drivers/driver.h"
#include "runner/trial/extended.h"
#include "runner/trial/perf.h"
#include "runner/trial/probe.h"
#include "runner/trial/trial_record.h"
#include "runner/trial/watch.h"
#include "runner/undo/rewind.h"

static void phase(const struct trial_setup *s, const char *name, uint64_t bytes)
{
	if (s->on_phase)
		s->on_phase(s->phase_arg, name, bytes);
}

static void name_failure(char *why, size_t len, const char *what)
{
	if (why && len)
		snprintf(why, len, "%s", what);
}

/* Fresh swap, then the cgroup. Its directories are announced before libcgroup makes them:
 * it can leave them behind when setting a limit fails. An existing cgroup of that name is
 * someone else's: nothing is announced and it is never removed. */
static int set_up(const struct trial_setup *s, struct bench_cgroup *cg, struct trial *t, char *why,
		  size_t len)
{
	uint64_t t0 = clock_now_ns();
	int ret = swap_device_start(s->dev, s->journal), idx[2] = { -1, -1 };
	const char *dirs[2];

	if (ret) {
		name_failure(why, len, s->dev->failed);
		return ret;
	}
	if ((ret = target_start(s->target, s->dev, s->journal, why, len)))
		return ret;
	t->phase_s[PHASE_SWAP] = seconds_since(t0);
	signals_pause_point("setup");
	if (signals_pending())
		return -EINTR;
	t0 = clock_now_ns();
	name_failure(why, len, s->cgroup_name);
	if ((ret = bench_cgroup_init(cg, s->env, s->cgroup_name, &s->limits)))
		return ret;
	dirs[0] = cg->path;
	dirs[1] = cg->io_path;
	name_failure(why, len, cg->path);
	for (size_t i = 0; i < 2 && !ret; i++)
		if (dirs[i][0] &&
		    (idx[i] = journal_intend(s->journal, UNDO_RMDIR, dirs[i], NULL, NULL)) < 0)
			ret = idx[i];
	if (!ret)
		ret = bench_cgroup_create(cg, &s->limits);
	for (size_t i = 0; i < 2 && !ret; i++)
		if (idx[i] >= 0)
			ret = journal_confirm(s->journal, idx[i], NULL, 0, 0);
	t->phase_s[PHASE_CGROUP] = seconds_since(t0);
	return ret;
}

/* Per-cgroup PSI: on v1 the workload also joins a group of the unified hierarchy. */
static int psi_group(const struct trial_setup *s, struct workload *w, struct bench_cgroup *cg,
		     char *failed, size_t len)
{
	int idx, ret;

	if (bench_cgroup_psi_init(cg) != 0 || s->env->memory_v2)
		return 0;
	name_failure(failed, len, cg->psi_path);
	idx = journal_intend(s->journal, UNDO_RMDIR, cg->psi_path, NULL, NULL);
	if (idx < 0)
		return idx;
	ret = bench_cgroup_psi_mkdir(cg);
	if (ret) {
		journal_cancel(s->journal, idx);
		cg->psi_path[0] = cg->pressure[0] = '\0';
		return 0; /* the run goes on without per-cgroup PSI */
	}
	ret = journal_confirm(s->journal, idx, NULL, 0, 0);
	for (unsigned i = 0; i < w->n && !ret; i++)
		ret = bench_cgroup_psi_attach(cg, w->jobs[i].pid);
	return ret;
}

/* The workload's processes, held at their gate inside the cgroup. */
static int spawn_inside(const struct trial_setup *s, struct workload *w, struct bench_cgroup *cg,
			struct trial *t, char *why, size_t len)
{
	int ret;

	name_failure(why, len, "starting the workload");
	int dir = bench_cgroup_open_dir(cg);
	ret = workload_spawn(w, s->workload, dir);
	if (dir >= 0)
		close(dir);
	if (ret)
		return ret;
	t->jobs = calloc(w->n, sizeof(*t->jobs));
	if (!t->jobs)
		return -ENOMEM;
	t->njobs = w->n;
	for (unsigned i = 0; i < t->njobs; i++) { /* where it ran: unknown until the job ends */
		t->jobs[i].cpu = -1;
		t->jobs[i].migrations = -1;
		t->jobs[i].born_inside = w->jobs[i].born_inside;
	}
	name_failure(why, len, cg->path);
	ret = workload_attach(w, cg);
	return ret ? ret : psi_group(s, w, cg, why, len);
}

static struct perf_set *open_perf(const struct workload *w)
{
	struct perf_set *perf = calloc(1, sizeof(*perf));
	pid_t pids[PERF_MAX_PIDS];

	if (!perf)
		return NULL;
	for (unsigned i = 0; i < w->n && i < PERF_MAX_PIDS; i++)
		pids[i] = w->jobs[i].pid;
	perf_open(perf, pids, w->n);
	return perf;
}

/* The trial's numbers: every driver's (trial_record), the controller's, then the driver's own;
 * a failure its hooks noted after the work fails a trial that ran. */
static void record(struct driver_run *r, struct perf_set *perf, const struct vmstat_snap *before,
		   const struct vmstat_snap *after, const struct mthp_snap *mthp)
{
	struct trial *t = r->wt->t;

	trial_record(t, r->wt, perf, before, after);
	trial_record_mthp(t, &mthp[0], &mthp[1]);
	pressure_record(&r->wt->pressure, t);
	if (r->s->driver->record)
		r->s->driver->record(r, t);
	if (r->note[0] && t->status == TRIAL_OK) {
		t->status = TRIAL_FAILED;
		snprintf(t->note, sizeof(t->note), "%s", r->note);
	}
}

/* The reference probe, a fixed piece of page-fault and CPU work on the workload's CPUs, timed,
 * before the trial's own device and cgroup: it meets the machine, not the trial, with nothing
 * else of ours running. Its run is also the quiet window that measures outside pressure
 * (watch_quiet): it only faults a few MiB in and spins, so it stalls only where the machine is
 * already short of memory. */
static void probe_in_quiet(const struct trial_setup *s, struct watch *wt)
{
	struct trial *t = wt->t;
	struct psi before;
	int have_before = psi_read(PSI_MEMORY, &before) == 0;
	uint64_t t0 = clock_now_ns(), t1;
	double reference = probe_reference(s->workload->cpus);

	t->phase_s[PHASE_PROBE] = seconds_since(t0);
	if (reference > 0)
		trial_set(t, M_REFERENCE_TIME, reference);
	t1 = clock_now_ns();
	watch_quiet(wt, have_before ? &before : NULL, t0);
	t->phase_s[PHASE_QUIET] = seconds_since(t1);
}

/* From the counters' first reading to the last, around the release of the workload. */
static int measure(const struct trial_setup *s, struct watch *wt, struct bench_cgroup *cg,
		   struct perf_set **perf, char *why, size_t len)
{
	const struct workload_hooks hooks = {
		.arg = wt, .tick = watch_tick, .progress = watch_progress, .filled = watch_filled
	};
	struct driver_run r = { .s = s, .wt = wt, .cg = cg, .hooks = &hooks };
	struct vmstat_snap before, after;
	struct mthp_snap mthp[2]; /* before and after, beside /proc/vmstat's */
	struct trial *t = wt->t;
	uint64_t t0;
	int ret;

	if (s->sample_ms && !(t->series = calloc(1, sizeof(*t->series))))
		return -ENOMEM;
	if (t->series)
		series_init(t->series);
	if (s->driver->state_size && !(r.state = calloc(1, s->driver->state_size)))
		return -ENOMEM;
	(void)mthp_snapshot(&mthp[0]);
	name_failure(why, len, PROC_VMSTAT);
	if ((ret = vmstat_snapshot(&before)))
		goto out;
	ret = -EINTR;
	if (signals_pending())
		goto out;
	*perf = open_perf(wt->w);
	if (s->extended && (t->extended = calloc(1, sizeof(*t->extended))))
		extended_snapshot(s->dev->block, t->extended->before);
	watch_start(wt);
	name_failure(why, len, "starting the workload");
	phase(s, "fill", 0);
	t0 = clock_now_ns();
	if ((ret = workload_release(wt->w)))
		goto out;
	signals_pause_point("fill");
	name_failure(why, len, "following the workload");
	/* The controller acts from the ticks: it needs them even without a time series. */
	r.sample_ms = s->sample_ms || !s->pressure_target_pct ? s->sample_ms : 100;
	ret = s->driver->follow(&r);
	t->phase_s[PHASE_WORKLOAD] = seconds_since(t0);
	if (ret)
		goto out;
	t0 = clock_now_ns();
	name_failure(why, len, PROC_VMSTAT);
	if ((ret = vmstat_snapshot(&after)))
		goto out;
	(void)mthp_snapshot(&mthp[1]);
	if (s->driver->after)
		s->driver->after(&r);
	swap_device_stop(s->dev);
	if (t->extended)
		extended_snapshot(s->dev->block, t->extended->after);
	record(&r, *perf, &before, &after, mthp);
	t->phase_s[PHASE_RECORD] = seconds_since(t0);
	name_failure(why, len, "");
out:
	free(r.state);
	return ret;
}

/* What a trial makes, follows and undoes: the cgroup's paths, the workload, and the watch with
 * the pressure controller's samples. 50 KiB: on the heap, past the 16 KiB frame limit. */
struct trial_state {
	struct bench_cgroup cg;
	struct workload w;
	struct watch wt;
};

/* The probe, the set-up, the measure and the teardown, back to the journal's mark. */
static int run_in(const struct trial_setup *s, struct trial_state *st, char *why, size_t why_len)
{
	size_t mark = journal_mark(s->journal);
	struct trial *t = st->wt.t;
	struct perf_set *perf = NULL;
	uint64_t t0;
	int ret, rewind;

	probe_in_quiet(s, &st->wt);
	ret = set_up(s, &st->cg, t, why, why_len);
	t0 = clock_now_ns();
	if (!ret)
		ret = spawn_inside(s, &st->w, &st->cg, t, why, why_len);
	t->phase_s[PHASE_SPAWN] = seconds_since(t0);
	if (!ret)
		ret = measure(s, &st->wt, &st->cg, &perf, why, why_len);
	if (!ret)
		signals_pause_point("teardown");
	if (perf) {
		perf_close(perf);
		free(perf);
	}
	phase(s, "teardown", 0);
	t0 = clock_now_ns();
	workload_destroy(&st->w);
	bench_cgroup_release(&st->cg);
	rewind = journal_rewind(s->journal, mark);
	t->phase_s[PHASE_TEARDOWN] = seconds_since(t0);
	if (!ret && rewind) {
		ret = rewind;
		name_failure(why, why_len, "restoring the trial's swap and cgroup");
	}
	return ret;
}

int trial_run(const struct trial_setup *s, struct trial *t, char *why, size_t why_len)
{
	struct trial_state *st;
	int ret;

	if (!s->driver)
		return -EINVAL;
	trial_free(t);
	memset(t->value, 0, sizeof(t->value));
	memset(t->have, 0, sizeof(t->have));
	memset(t->unavailable, 0, sizeof(t->unavailable));
	t->note[0] = '\0';
	t->status = TRIAL_FAILED;
	if (!(st = calloc(1, sizeof(*st)))) {
		name_failure(why, why_len, "starting the trial");
		return -ENOMEM;
	}
	st->wt = (struct watch){ .s = s, .cg = &st->cg, .w = &st->w, .t = t };
	ret = run_in(s, st, why, why_len);
	free(st);
	if (ret)
		trial_free(t);
	return ret;
}
