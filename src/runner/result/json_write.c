#include "runner/result/json_write.h"

#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "runner/base/fileio.h"
#include "runner/result/answer.h"
#include "runner/result/compare.h"
#include "runner/result/latency_json.h"

static void add_str(json_object *o, const char *key, const char *value)
{
	json_object_object_add(o, key, value ? json_object_new_string(value) : NULL);
}

static void add_u64(json_object *o, const char *key, unsigned long long value)
{
	json_object_object_add(o, key, json_object_new_uint64(value));
}

/* JSON has no NaN or infinity: those become null. */
static json_object *number(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static json_object *system_info(const struct result_system *sys)
{
	json_object *o = json_object_new_object(), *others = json_object_new_array();
	char list[sizeof(sys->other_swap)], *save = NULL;

	add_str(o, "kernel", sys->kernel);
	add_str(o, "kernel_build", sys->kernel_build);
	add_str(o, "arch", sys->arch);
	add_str(o, "hostname", sys->hostname);
	json_object_object_add(o, "cpus", json_object_new_int(sys->cpus));
	add_u64(o, "mem_total", sys->mem_total);
	add_u64(o, "page_size", sys->page_size);
	add_str(o, "cgroup_mode", sys->cgroup_mode);
	snprintf(list, sizeof(list), "%s", sys->other_swap);
	for (char *tok = strtok_r(list, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		json_object_array_add(others, json_object_new_string(tok));
	json_object_object_add(o, "other_swap", others);
	json_object_object_add(o, "facts", sys->facts ? json_object_get(sys->facts) : NULL);
	return o;
}

static json_object *metric_info(void)
{
	json_object *o = json_object_new_object();
	for (int m = 0; m < M_COUNT; m++) {
		json_object *d = json_object_new_object();
		add_str(d, "unit",
			metrics[m].unit == UNIT_BYTES ? "bytes"
						      : metric_unit_name(metrics[m].unit));
		add_str(d, "source", metrics[m].source);
		json_object_object_add(o, metrics[m].key, d);
	}
	return o;
}

/* Seconds that were not reported are null, not a made-up zero. */
static json_object *seconds_or_null(double s)
{
	return s >= 0 ? number(s) : NULL;
}

static json_object *jobs_info(const struct trial *t)
{
	json_object *a = json_object_new_array();
	for (unsigned i = 0; i < t->njobs; i++) {
		const struct job_result *r = &t->jobs[i];
		json_object *o = json_object_new_object();
		add_str(o, "status", trial_status_name(r->status));
		if (r->note[0])
			add_str(o, "note", r->note);
		json_object_object_add(o, "elapsed", number(r->elapsed));
		json_object_object_add(o, "fill_time", seconds_or_null(r->fill));
		json_object_object_add(o, "access_time", seconds_or_null(r->access));
		json_object_object_add(o, "user_cpu", number(r->user));
		json_object_object_add(o, "sys_cpu", number(r->sys));
		add_u64(o, "major_faults", r->majflt);
		add_u64(o, "bytes", r->bytes);
		json_object_object_add(o, "cpu", r->cpu >= 0 ? json_object_new_int(r->cpu) : NULL);
		json_object_object_add(o, "migrations",
				       r->migrations >= 0 ? json_object_new_int64(r->migrations)
							  : NULL);
		if (r->born_inside >= 0)
			add_str(o, "entered_cgroup", r->born_inside ? "clone3" : "cgroup.procs");
		if (r->output) {
			json_object_object_add(o, "output", json_object_new_string(r->output));
			json_object_object_add(o, "output_cut",
					       json_object_new_boolean(r->output_cut));
		}
		json_object_array_add(a, o);
	}
	return a;
}

/* Three parallel arrays: compact, and what a plot wants. */
static json_object *curve_info(const struct trial *t)
{
	json_object *o = json_object_new_object(), *ts = json_object_new_array();
	json_object *bytes = json_object_new_array(), *swap = json_object_new_array();
	for (size_t i = 0; i < t->ncurve; i++) {
		json_object_array_add(ts, number(t->curve[i].t));
		json_object_array_add(bytes, json_object_new_uint64(t->curve[i].bytes));
		json_object_array_add(swap, json_object_new_uint64(t->curve[i].swap));
	}
	json_object_object_add(o, "t", ts);
	json_object_object_add(o, "bytes", bytes);
	json_object_object_add(o, "cgroup_swap", swap);
	return o;
}

static json_object *flags_info(const struct trial *t)
{
	json_object *a = json_object_new_array();
	for (unsigned i = 0; i < TRIAL_FLAG_COUNT; i++)
		if (t->flags & (1u << i))
			json_object_array_add(a, json_object_new_string(trial_flag_name(i)));
	return a;
}

/* Parallel arrays, one per source that was there; "t" in seconds since the release. */
static json_object *series_info(const struct series *s)
{
	json_object *o, *a;

	if (!s)
		return NULL;
	o = json_object_new_object();
	add_u64(o, "stride", s->stride);
	a = json_object_new_array_ext((int)s->n);
	for (size_t i = 0; i < s->n; i++)
		json_object_array_add(a, number(s->t[i]));
	json_object_object_add(o, "t", a);
	for (int f = 0; f < S_COUNT; f++) {
		if (!s->have[f])
			continue;
		a = json_object_new_array_ext((int)s->n);
		for (size_t i = 0; i < s->n; i++)
			json_object_array_add(a, number(s->v[f][i]));
		json_object_object_add(o, series_field_name(f), a);
	}
	return o;
}

/* Where the runner's own time went around the trial, seconds per phase. */
static json_object *phases_info(const struct trial *t)
{
	json_object *o = json_object_new_object();
	for (int p = 0; p < PHASE_COUNT; p++)
		json_object_object_add(o, trial_phase_name((enum trial_phase)p),
				       number(t->phase_s[p]));
	return o;
}

/* Where the run's time went, by its own phases (its trials' are in each trial), to this write:
 * a file of a run still going holds the time that has passed. */
static json_object *budget_info(const struct run_budget *b)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "wall", number(b->wall));
	for (int p = 0; p < RUN_PHASE_COUNT; p++)
		json_object_object_add(o, run_phase_name((enum run_phase)p), number(b->phase_s[p]));
	return o;
}

static json_object *trial_info(const struct trial *t)
{
	json_object *o = json_object_new_object(), *values = json_object_new_object();

	add_u64(o, "index", t->index);
	json_object_object_add(o, "warmup", json_object_new_boolean(t->warmup));
	add_str(o, "status", trial_status_name(t->status));
	if (t->note[0])
		add_str(o, "note", t->note);
	for (int m = 0; m < M_COUNT; m++)
		if (t->have[m])
			json_object_object_add(values, metrics[m].key, number(t->value[m]));
	json_object_object_add(o, "values", values);
	json_object_object_add(o, "jobs", jobs_info(t));
	json_object_object_add(o, "cpus", t->cpus[0] ? json_object_new_string(t->cpus) : NULL);
	json_object_object_add(o, "latency", trial_latency_json(t));
	json_object_object_add(o, "fill_curve", curve_info(t));
	json_object_object_add(o, "flags", flags_info(t));
	json_object *unavailable = json_object_new_array();
	for (int m = 0; m < M_COUNT; m++)
		if (t->unavailable[m])
			json_object_array_add(unavailable, json_object_new_string(metrics[m].key));
	json_object_object_add(o, "unavailable", unavailable);
	if (t->outlier_z != 0)
		json_object_object_add(o, "outlier_z", number(t->outlier_z));
	json_object_object_add(o, "series", series_info(t->series));
	json_object_object_add(o, "runner_time", phases_info(t));
	if (t->extended) {
		json_object *x = json_object_new_object(),
			    *when[2] = { json_object_new_object(), json_object_new_object() };
		for (int f = 0; f < X_COUNT; f++) {
			if (t->extended->before[f])
				add_str(when[0], extended_name((enum extended_file)f),
					t->extended->before[f]);
			if (t->extended->after[f])
				add_str(when[1], extended_name((enum extended_file)f),
					t->extended->after[f]);
		}
		json_object_object_add(x, "before", when[0]);
		json_object_object_add(x, "after", when[1]);
		json_object_object_add(o, "extended", x);
	}
	return o;
}

/* [lo, hi] at STAT_CONFIDENCE, or null when n is too small for one. */
static json_object *interval(double lo, double hi)
{
	json_object *a;
	if (!isfinite(lo) || !isfinite(hi))
		return NULL;
	a = json_object_new_array();
	json_object_array_add(a, json_object_new_double(lo));
	json_object_array_add(a, json_object_new_double(hi));
	return a;
}

static json_object *stats_info(const struct result_cell *c)
{
	json_object *o = json_object_new_object();
	for (int m = 0; m < M_COUNT; m++) {
		const struct summary *s = &c->stats[m];
		json_object *d;
		if (!c->have_stats[m])
			continue;
		d = json_object_new_object();
		add_u64(d, "n", s->n);
		json_object_object_add(d, "mean", number(s->mean));
		json_object_object_add(d, "stddev", number(s->stddev));
		json_object_object_add(d, "min", number(s->min));
		json_object_object_add(d, "median", number(s->median));
		json_object_object_add(d, "max", number(s->max));
		json_object_object_add(d, "mean_ci", interval(s->mean_lo, s->mean_hi));
		json_object_object_add(d, "median_ci", interval(s->median_lo, s->median_hi));
		json_object_object_add(o, metrics[m].key, d);
	}
	return o;
}

static const char *or_null(const char *s)
{
	return s[0] ? s : NULL;
}

/* {"swappiness": "10"}: its own settings, as typed, in the axes' order. */
static json_object *knobs_info(const struct result_cell *c)
{
	json_object *o = json_object_new_object();

	for (unsigned k = 0; k < c->nknobs; k++)
		add_str(o, c->knobs[k].name, c->knobs[k].value);
	return o;
}

static json_object *cell_info(const struct result_cell *c)
{
	json_object *o = json_object_new_object(), *trials = json_object_new_array();

	add_str(o, "label", c->label);
	add_str(o, "backend", c->backend);
	add_str(o, "comp", or_null(c->comp));
	add_str(o, "comp_used", or_null(c->comp_used));
	add_str(o, "zpool_used", or_null(c->zpool_used));
	add_str(o, "device", or_null(c->device));
	add_u64(o, "limit", c->limit);
	add_u64(o, "jobs", c->jobs);
	if (c->mode[0])
		add_str(o, "mode", c->mode);
	if (c->nknobs)
		json_object_object_add(o, "knobs", knobs_info(c));
	add_u64(o, "alloc", c->alloc);
	for (size_t i = 0; i < c->ntrials; i++)
		json_object_array_add(trials, trial_info(&c->trials[i]));
	json_object_object_add(o, "trials", trials);
	add_u64(o, "failed", c->failed);
	json_object_object_add(o, "stats", stats_info(c));
	json_object_object_add(o, "latency_pooled", cell_latency_json(c));
	return o;
}

/* One decision as every format gives it: the estimate it was made of (the change of the
 * median, its interval and its p), what it was tested with, its family, and the trials'
 * description beside it. */
json_object *metric_comparison_json(const struct metric_comparison *mc, enum metric_id m)
{
	json_object *d = json_object_new_object();
	const struct two_sample *ts = &mc->ts;

	json_object_object_add(d, "base_median", number(mc->base_median));
	json_object_object_add(d, "median", number(mc->new_median));
	json_object_object_add(d, "n_base", json_object_new_uint64(ts->n_base));
	json_object_object_add(d, "n", json_object_new_uint64(ts->n_new));
	json_object_object_add(d, "ratio", number(1 + mc->est.change_pct / 100));
	json_object_object_add(d, "change_pct", number(mc->est.change_pct));
	json_object_object_add(d, "change_ci_pct", interval(mc->est.lo_pct, mc->est.hi_pct));
	json_object_object_add(d, "p_decision", number(mc->est.p));
	json_object_object_add(d, "p_raw", number(mc->p_raw));
	add_str(d, "family", metric_family_name(mc->family));
	add_str(d, "tested_by", replication_name(mc->by));
	json_object_object_add(d, "testable", json_object_new_boolean(mc->est.testable));
	add_str(d, "significance", comparison_significance_name(mc));
	add_str(d, "mark", comparison_mark(mc));
	add_str(d, "outcome", comparison_outcome_name(comparison_outcome_of(mc, m)));
	if (mc->by == BY_RUNS || mc->by == BY_CALIBRATION) {
		json_object_object_add(d, "runs_base", json_object_new_uint64(mc->runs.runs_base));
		json_object_object_add(d, "runs_new", json_object_new_uint64(mc->runs.runs_new));
		json_object_object_add(d, "run_sd_log", number(mc->runs.sd_log));
		json_object_object_add(d, "run_df", number(mc->runs.df));
		json_object_object_add(d, "needed_change_pct",
				       isfinite(mc->needed_up_pct)
					       ? interval(mc->needed_down_pct, mc->needed_up_pct)
					       : NULL);
	}
	json_object_object_add(d, "trials_change_pct", number(ts->change_pct));
	json_object_object_add(d, "trials_change_ci_pct",
			       interval(ts->change_lo_pct, ts->change_hi_pct));
	json_object_object_add(d, "p_mann_whitney", number(ts->p_mwu));
	json_object_object_add(d, "mann_whitney_exact", json_object_new_boolean(ts->mwu_exact));
	json_object_object_add(d, "p_welch", number(ts->p_welch));
	return d;
}

/* What every comparison was made with, so its intervals can be reproduced. */
json_object *comparison_method_json(const struct compare_opts *o)
{
	json_object *d = json_object_new_object();

	json_object_object_add(d, "alpha", json_object_new_double(o->alpha));
	json_object_object_add(d, "noise_threshold_pct", json_object_new_double(o->noise_pct));
	json_object_object_add(d, "confidence", json_object_new_double(STAT_CONFIDENCE));
	json_object_object_add(d, "bootstrap_resamples",
			       json_object_new_int(STAT_BOOTSTRAP_RESAMPLES));
	json_object_object_add(d, "bootstrap_seed", json_object_new_uint64(COMPARE_SEED));
	add_str(d, "test",
		"within one run: Mann-Whitney U on the trials (exact up to 20 a side) and a "
		"bootstrap of the ratio of medians; between runs: Student's t on the logs of each "
		"run's median, or with one run a side on the calibrated run-to-run spread, else no "
		"test. The primary metric (elapsed; a block device's bandwidth; a filesystem's "
		"total time) at alpha, the secondary ones Holm among themselves, the rest "
		"exploratory and uncorrected");
	return d;
}

static const char *role_name(enum pair_role role)
{
	static const char *const names[] = { [ROLE_PAIR] = "the second cell against the first",
					     [ROLE_VS_FIRST] = "against the first cell",
					     [ROLE_VS_BEST] = "against the best",
					     [ROLE_RAM_VS_LEAST] = "RAM against the least" };
	return names[role];
}

static json_object *pair_json(const struct results *run, const struct answer_pair *p)
{
	json_object *o = json_object_new_object(), *ms = json_object_new_object();

	add_str(o, "base", run->cells[p->ref].label);
	add_str(o, "cell", run->cells[p->cell].label);
	add_str(o, "role", role_name(p->role));
	for (int m = 0; m < M_COUNT; m++)
		if (p->mc[m].have)
			json_object_object_add(ms, metrics[m].key,
					       metric_comparison_json(&p->mc[m], m));
	json_object_object_add(o, "metrics", ms);
	return o;
}

/* A sweep's claim of the best: its leader, each rival's test at the claim's level, whether it
 * holds. */
static json_object *claim_json(const struct results *run, const struct answer *a, enum claim_id k)
{
	const struct answer_claim *cl = &a->claims[k];
	json_object *o = json_object_new_object(), *vs = json_object_new_object();
	char name[48];

	add_str(o, "claim", answer_claim_name(a, k, name, sizeof(name)));
	add_str(o, "metric", metrics[cl->m].key);
	add_str(o, "leader", run->cells[cl->leader].label);
	json_object_object_add(o, "alpha_each", json_object_new_double(cl->pair_alpha));
	json_object_object_add(o, "holds", json_object_new_boolean(cl->holds));
	for (size_t i = 0; i < run->ncells; i++)
		if (cl->vs[i].have)
			json_object_object_add(vs, run->cells[i].label,
					       metric_comparison_json(&cl->vs[i], cl->m));
	json_object_object_add(o, "against", vs);
	return o;
}

/* The answer's comparisons, as every view of the file renders them. Made once the run is
 * over: the bootstraps cost too much to redo after every trial. */
static void comparisons(const struct results *run, const struct compare_opts *opts,
			json_object *doc)
{
	json_object *pairs = json_object_new_array(), *claims = json_object_new_array();
	struct answer a = { 0 };

	if (run->status != RUN_RUNNING && answer_compute(run, opts, &a) == 0) {
		for (size_t i = 0; i < a.npairs; i++)
			json_object_array_add(pairs, pair_json(run, &a.pairs[i]));
		for (int k = 0; k < CLAIM_COUNT; k++)
			if (a.claims[k].leader >= 0)
				json_object_array_add(claims,
						      claim_json(run, &a, (enum claim_id)k));
	}
	answer_free(&a);
	json_object_object_add(doc, "comparisons", pairs);
	json_object_object_add(doc, "claims", claims);
}

/* The file says when it was written; a document read back keeps the time it was written. */
static void stamp(const struct results *run, char *now, size_t len)
{
	time_t t = time(NULL);
	if (run->status == RUN_RUNNING || !run->updated[0])
		strftime(now, len, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	else
		snprintf(now, len, "%s", run->updated);
}

static json_object *document(const struct results *run, const struct compare_opts *opts)
{
	json_object *doc = json_object_new_object(), *tool = json_object_new_object();
	json_object *cells = json_object_new_array();
	char now[32];

	stamp(run, now, sizeof(now));
	add_str(doc, "format", RESULT_FORMAT);
	json_object_object_add(doc, "format_version", json_object_new_int(RESULT_FORMAT_VERSION));
	add_str(tool, "name", "zswapbench");
	add_str(tool, "version", run->tool_version);
	json_object_object_add(doc, "tool", tool);
	add_str(doc, "status", run_status_name(run->status));
	if (run->error[0])
		add_str(doc, "error", run->error);
	add_str(doc, "started", run->started);
	if (run->run_id[0])
		add_str(doc, "run_id", run->run_id);
	add_str(doc, "updated", now);
	json_object_object_add(doc, "system", system_info(&run->system));
	json_object_object_add(doc, "config", run->config ? json_object_get(run->config) : NULL);
	json_object_object_add(doc, "plan", run->plan ? json_object_get(run->plan) : NULL);
	json_object_object_add(doc, "metrics", metric_info());
	for (size_t i = 0; i < run->ncells; i++)
		json_object_array_add(cells, cell_info(&run->cells[i]));
	json_object_object_add(doc, "cells", cells);
	if (run->budget.wall > 0)
		json_object_object_add(doc, "runner_budget", budget_info(&run->budget));
	json_object_object_add(doc, "comparison_method", comparison_method_json(opts));
	comparisons(run, opts, doc);
	return doc;
}

char *results_to_string(const struct results *run)
{
	struct compare_opts opts = compare_opts_of(run);

	return results_to_string_with(run, &opts);
}

char *results_to_string_with(const struct results *run, const struct compare_opts *opts)
{
	json_object *doc = document(run, opts);
	char *s = strdup(json_object_to_json_string_ext(
		doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	return s;
}

int results_write(const struct results *run, const char *path)
{
	char *text = results_to_string(run);
	size_t len = text ? strlen(text) : 0;
	int ret;

	if (!text)
		return -ENOMEM;
	text[len] = '\n'; /* over the NUL: the file ends with a newline */
	/* A runner killed mid-run leaves the page cache, and the rename is atomic without a sync;
	 * only the file of a finished run is forced to the disk (against a power loss). */
	ret = write_file_atomic(path, text, len + 1, run->status != RUN_RUNNING);
	free(text);
	return ret;
}
