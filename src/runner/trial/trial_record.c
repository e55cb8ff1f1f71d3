/* What a trial measured, from what the kernel and the workload left: metrics, per-job results,
 * perf counters, validity flags, and the trial's status. */
#include "runner/trial/trial_record.h"

#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "common/clock.h"
#include "common/util.h"
#include "runner/base/lines.h"
#include "runner/kernel/cpus.h"
#include "runner/kernel/page.h"
#include "runner/kernel/signals.h"
#include "runner/trial/latency.h"
#include "runner/trial/validity.h"

static double timeval_s(struct timeval tv)
{
	return (double)tv.tv_sec + us_to_s((double)tv.tv_usec);
}

/* The last line a command wrote (base/lines.h); empty when it wrote nothing. */
static void last_line(const struct job *j, char *buf, size_t len)
{
	size_t n;
	const char *from = last_lines(j->output, j->output_len, 1, &n);

	snprintf(buf, len, "%.*s", (int)n, from);
}

static void describe_job(const struct workload_spec *spec, const struct job *j, int oom,
			 struct job_result *r)
{
	int st = j->status, sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0,
	    code = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
	const char *what = !spec->command	    ? "hogger"
		: strcmp(spec->argv[0], "fio") == 0 ? "fio"
						    : "command";
	char said[160];

	r->status = TRIAL_OK;
	r->note[0] = '\0';
	if (j->timed_out) {
		r->status = TRIAL_FAILED;
		snprintf(r->note, sizeof(r->note), "%s killed after the --timeout", what);
	} else if (sig == SIGKILL && oom) {
		r->status = TRIAL_OOM;
		snprintf(r->note, sizeof(r->note), "OOM-killed");
	} else if (signals_pending() && (sig || code)) {
		r->status = TRIAL_INTERRUPTED;
		snprintf(r->note, sizeof(r->note), "interrupted by signal %d", signals_pending());
	} else if (sig == SIGSYS && !spec->command) {
		r->status = TRIAL_FAILED;
		snprintf(r->note, sizeof(r->note),
			 "hogger killed by its seccomp sandbox (SIGSYS): it made a system call "
			 "outside its allowlist (--no-seccomp runs it without)");
	} else if (sig) {
		r->status = TRIAL_FAILED;
		snprintf(r->note, sizeof(r->note), "%s killed by signal %d (%s)", what, sig,
			 strsignal(sig));
	} else if (code == 126 || code == 127) {
		r->status = TRIAL_FAILED;
		snprintf(r->note, sizeof(r->note), "%s could not be started (%s)", what,
			 code == 126 ? "could not switch to --user"
				     : "not found or not executable");
	} else if (code || (!spec->command && (j->ev.alloc_error || !j->ev.got_done))) {
		r->status = TRIAL_FAILED;
		last_line(j, said, sizeof(said));
		snprintf(r->note, sizeof(r->note), "%s exited with status %d%s%s%.120s", what, code,
			 j->ev.alloc_error ? " (allocation failed)" : "", said[0] ? ": " : "",
			 said);
	}
}

/* The trial's status is its worst job's; the note says which job and why. */
static void classify(struct trial *t, const struct workload *w)
{
	static const int severity[] = {
		[TRIAL_OK] = 0, [TRIAL_INTERRUPTED] = 3, [TRIAL_OOM] = 1, [TRIAL_FAILED] = 2
	};
	const struct job_result *worst = NULL;
	unsigned which = 0;

	for (unsigned i = 0; i < t->njobs; i++)
		if (!worst || severity[t->jobs[i].status] > severity[worst->status]) {
			worst = &t->jobs[i];
			which = i + 1;
		}
	t->status = worst ? worst->status : TRIAL_FAILED;
	if (t->status == TRIAL_OK)
		return;
	if (t->status == TRIAL_OOM)
		snprintf(t->note, sizeof(t->note),
			 "%sOOM-killed: the memory limit plus swap could not hold the allocation",
			 w->n > 1 ? "a job was " : "");
	else if (w->n > 1)
		snprintf(t->note, sizeof(t->note), "job %u of %u: %s", which, w->n, worst->note);
	else
		snprintf(t->note, sizeof(t->note), "%s", worst->note);
}

/* What every process of the workload took, and the trial's times and rates from them. */
struct job_totals {
	uint64_t first_start, last_filled, last_exit, bytes, fill_majflt, access_majflt, reads;
	double user, sys, minflt, majflt, fill, access;
	int all_filled, any_access, all_worked;
};

static void add_job(const struct watch *wt, const struct job *j, struct job_result *r,
		    struct job_totals *s)
{
	uint64_t pause = wt->go > wt->seen ? wt->go - wt->seen : 0;

	r->user = timeval_s(j->ru.ru_utime);
	r->sys = timeval_s(j->ru.ru_stime);
	r->majflt = (uint64_t)j->ru.ru_majflt;
	r->bytes = j->ev.bytes;
	r->cpu = j->cpu;
	r->migrations = j->migrations;
	if (wt->w->spec->command) {
		r->output =
			strdup(j->output); /* out of memory: the output is not kept, the rest is */
		r->output_cut = j->output_cut;
	}
	r->fill = r->access = -1;
	r->elapsed = ns_to_s(j->exit_ns - wt->w->release_ns - (j->exit_ns > wt->go ? pause : 0));
	s->user += r->user;
	s->sys += r->sys;
	s->minflt += (double)j->ru.ru_minflt;
	s->majflt += (double)j->ru.ru_majflt;
	s->last_exit = j->exit_ns > s->last_exit ? j->exit_ns : s->last_exit;
	s->bytes += j->ev.bytes;
	if (j->ev.start && j->ev.start < s->first_start)
		s->first_start = j->ev.start;
	if (j->ev.got_filled) {
		r->fill = ns_to_s(j->ev.filled - j->ev.start);
		s->fill = r->fill > s->fill ? r->fill : s->fill;
		s->last_filled = j->ev.filled > s->last_filled ? j->ev.filled : s->last_filled;
		s->fill_majflt += j->ev.fill_majflt;
	} else {
		s->all_filled = 0;
	}
	if (j->ev.got_accessed && wt->go) {
		r->access = ns_to_s(j->ev.accessed - wt->go);
		s->access = r->access > s->access ? r->access : s->access;
		s->access_majflt += j->ev.access_majflt - j->ev.fill_majflt;
		s->any_access = 1;
	}
	s->reads += j->ev.reads;
	s->all_worked &= j->ev.got_worked;
}

/* The CPUs the jobs ended on, as one list: what the cell's trials are compared by. */
static void note_cpus(struct trial *t)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (unsigned i = 0; i < t->njobs; i++) {
		if (t->jobs[i].cpu < 0)
			return; /* one unknown: the list would be wrong */
		CPU_SET(t->jobs[i].cpu, &set);
	}
	cpulist_format(&set, t->cpus, sizeof(t->cpus));
}

static void record_jobs(struct trial *t, const struct watch *wt, const struct vmstat_snap *before,
			const struct vmstat_snap *after)
{
	const struct workload *w = wt->w;
	uint64_t pause = wt->go > wt->seen ? wt->go - wt->seen : 0;
	struct job_totals s = { .first_start = UINT64_MAX,
				.fill = -1,
				.access = -1,
				.all_filled = !w->spec->command,
				.all_worked = !w->spec->command };

	for (unsigned i = 0; i < w->n; i++)
		add_job(wt, &w->jobs[i], &t->jobs[i], &s);
	note_cpus(t);
	trial_set(t, M_ELAPSED, ns_to_s(s.last_exit - w->release_ns - pause));
	trial_set(t, M_USER, s.user);
	trial_set(t, M_SYS, s.sys);
	trial_set(t, M_CPU_TIME, s.user + s.sys);
	trial_set(t, M_MINFLT, s.minflt);
	trial_set(t, M_MAJFLT, s.majflt);
	if (s.all_filled && s.last_filled > s.first_start) {
		double window = ns_to_s(s.last_filled - s.first_start);
		trial_set(t, M_FILL, s.fill);
		trial_set(t, M_FILL_MAJFLT, (double)s.fill_majflt);
		trial_set(t, M_FILL_RATE, (double)s.bytes / MIB_BYTES / window);
		if (wt->have_mid)
			trial_set(t, M_SWAPOUT_RATE,
				  (double)(wt->mid.pswpout - before->pswpout + wt->mid.swpout_zero -
					   before->swpout_zero) *
					  page_bytes() / MIB_BYTES / window);
	}
	if (s.any_access && s.access > 0) {
		trial_set(t, M_ACCESS, s.access);
		trial_set(t, M_ACCESS_MAJFLT, (double)s.access_majflt);
		if (wt->have_mid)
			trial_set(t, M_SWAPIN_RATE,
				  (double)(after->pswpin - wt->mid.pswpin + after->swpin_zero -
					   wt->mid.swpin_zero) *
					  page_bytes() / MIB_BYTES / s.access);
		/* A timed access: its work in the time it had, the slowest job's. */
		if (s.all_worked)
			trial_set(t, M_THROUGHPUT, (double)s.reads / s.access);
	}
	(void)latency_record(t, w); /* out of memory: no latency metrics, the rest stands */
}

/* Swap seen by the cgroup and by /proc/vmstat, and the backend's own numbers. */
static void record_swap(struct trial *t, const struct watch *wt, const struct vmstat_snap *before,
			const struct vmstat_snap *after)
{
	struct swap_record_input in = { .filled = &wt->dev, .before = before, .after = after };

	if (wt->have_cgroup_swap)
		trial_set(t, M_SWAP_FILLED, (double)wt->cgroup_swap);
	trial_set(t, M_SWAP_PEAK,
		  (double)(wt->cgroup_swap > wt->swap_peak ? wt->cgroup_swap : wt->swap_peak));
	trial_set(t, M_PSWPOUT, (double)(after->pswpout - before->pswpout));
	trial_set(t, M_PSWPIN, (double)(after->pswpin - before->pswpin));
	if (before->have_zero && after->have_zero) {
		trial_set(t, M_SWPOUT_ZERO, (double)(after->swpout_zero - before->swpout_zero));
		trial_set(t, M_SWPIN_ZERO, (double)(after->swpin_zero - before->swpin_zero));
	}
	swap_device_record(wt->s->dev, &in, t);
}

/* Pages that left memory for swap between two snapshots. A page zswap writes back to the disk
 * was counted in zswpout when it was stored and again in pswpout when it was written: zswpwb
 * (6.8+) takes the second count away. */
static double swapped_pages(const struct vmstat_snap *a, const struct vmstat_snap *b)
{
	double pages = (double)(b->pswpout - a->pswpout + b->swpout_zero - a->swpout_zero +
				b->zswpout - a->zswpout);
	if (a->have_zswpwb && b->have_zswpwb)
		pages -= (double)(b->zswpwb - a->zswpwb);
	return pages;
}

/* PSI over the trial, derived ratios, and the validity checks that need this trial alone. */
static void record_inside(struct trial *t, const struct watch *wt, const struct vmstat_snap *before,
			  const struct vmstat_snap *after)
{
	struct psi end;
	struct validity_input in = { .psi_before = wt->psi_before_pct };
	const struct swap_sample *d = &wt->dev;

	if (wt->have_psi && psi_read(PSI_MEMORY, &end) == 0) {
		trial_set(t, M_PSI_SOME,
			  us_to_s((double)(end.some_total - wt->psi_start.some_total)));
		trial_set(t, M_PSI_FULL,
			  us_to_s((double)(end.full_total - wt->psi_start.full_total)));
	}
	if (wt->have_cg_psi && psi_read(wt->cg->pressure, &end) == 0) {
		trial_set(t, M_CG_PSI_SOME,
			  us_to_s((double)(end.some_total - wt->cg_psi_start.some_total)));
		trial_set(t, M_CG_PSI_FULL,
			  us_to_s((double)(end.full_total - wt->cg_psi_start.full_total)));
	}
	if (t->value[M_SWAP_PEAK] > 0) {
		trial_set(t, M_MAJFLT_PER_MIB,
			  t->value[M_MAJFLT] / (t->value[M_SWAP_PEAK] / MIB_BYTES));
		trial_set(t, M_CPU_PER_GIB,
			  (t->value[M_USER] + t->value[M_SYS]) /
				  (t->value[M_SWAP_PEAK] / GIB_BYTES));
	}
	/* The two sources agree only where each page went out once by the sample: a hogger at
	 * "filled". A command is sampled at its swap peak, after pages have gone out, come
	 * back and gone out again, which vmstat counts each time. */
	in.have_cgroup_swap = wt->have_cgroup_swap && !wt->w->spec->command;
	in.own_swap_known = wt->have_cgroup_swap;
	in.cgroup_swap = (double)wt->cgroup_swap;
	in.swap_peak = t->value[M_SWAP_PEAK];
	if (wt->have_mid)
		in.swapped_vmstat = page_bytes() * swapped_pages(&wt->start, &wt->mid);
	else
		in.have_cgroup_swap = 0;
	if (d->have_used) {
		in.device_used = (double)d->device_used;
		in.device_size = (double)d->device_size;
	}
	if (wt->device_used_max && (double)wt->device_used_max > in.device_used) {
		in.device_used = (double)wt->device_used_max;
		in.device_size = (double)wt->device_size;
	}
	in.swapped_total = page_bytes() *
		(double)(after->pswpout - before->pswpout + after->swpout_zero -
			 before->swpout_zero + after->zswpout - before->zswpout);
	if (d->have_store) {
		in.ram_used = (double)d->ram_used;
		in.ram_limit = (double)d->ram_limit;
	}
	t->flags = validity_check(&in);
	/* A device measured as a block device or a filesystem is not swapped to. */
	if (wt->s->target->use != USE_SWAP)
		t->flags &= ~(unsigned)(TRIAL_FLAG_NEVER_SWAPPED | TRIAL_FLAG_SWAP_MISMATCH |
					TRIAL_FLAG_DEVICE_FULL);
}

/* Reads the cgroup's own numbers before the journal removes it. */
static void record_cgroup(struct trial *t, const struct bench_cgroup *cg)
{
	uint64_t v;
	if (bench_cgroup_mem_peak(cg, &v) == 0)
		trial_set(t, M_MEM_PEAK, (double)v);
	if (bench_cgroup_memsw_peak(cg, &v) == 0)
		trial_set(t, M_MEMSW_PEAK, (double)v);
	if (bench_cgroup_oom_kills(cg, &v) == 0)
		trial_set(t, M_OOM_KILLS, (double)v);
	/* v2 counts zswap per cgroup: ours alone, not the whole machine's. */
	if (cg->env->memory_v2) {
		static const struct {
			const char *key;
			enum metric_id id;
		} zs[] = {
			{ "zswpout", M_CG_ZSWPOUT },
			{ "zswpin", M_CG_ZSWPIN },
			{ "zswpwb", M_CG_ZSWPWB },
		};
		for (size_t i = 0; i < ARRAY_SIZE(zs); i++)
			if (bench_cgroup_stat(cg, zs[i].key, &v) == 0)
				trial_set(t, zs[i].id, (double)v);
	}
}

void trial_record_mthp(struct trial *t, const struct mthp_snap *before,
		       const struct mthp_snap *after)
{
	for (size_t i = 0; i < MTHP_SIZES; i++)
		for (int c = 0; c < MTHP_COUNTERS; c++) {
			enum metric_id m = metric_mthp(i, (enum mthp_counter)c);
			uint64_t d;

			if (mthp_delta(before, after, i, (enum mthp_counter)c, &d) == 0)
				trial_set(t, m, (double)d);
			else
				t->unavailable[m] = 1;
		}
}

void trial_record(struct trial *t, const struct watch *wt, const struct perf_set *perf,
		  const struct vmstat_snap *before, const struct vmstat_snap *after)
{
	const struct workload *w = wt->w;

	record_cgroup(t, wt->cg);
	for (unsigned i = 0; i < w->n; i++)
		describe_job(w->spec, &w->jobs[i],
			     t->have[M_OOM_KILLS] && t->value[M_OOM_KILLS] > 0, &t->jobs[i]);
	record_jobs(t, wt, before, after);
	record_swap(t, wt, before, after);
	record_inside(t, wt, before, after);
	for (int m = 0; perf && m < M_COUNT; m++) {
		double v;
		if (!perf_metric(m))
			continue;
		if (perf_value(perf, m, &v) == 0)
			trial_set(t, m, v);
		else
			t->unavailable[m] = 1;
	}
	classify(t, w);
	t->flags = validity_after_status(t->flags, t->status);
}
