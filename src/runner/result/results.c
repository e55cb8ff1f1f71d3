/* The results model: cells and trials as a run or a result file holds them. */
#include "runner/result/results.h"
#include "runner/result/question.h"

#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const trial_status_names[TRIAL_STATUS_COUNT] = {
	[TRIAL_OK] = "ok",
	[TRIAL_OOM] = "oom",
	[TRIAL_FAILED] = "failed",
	[TRIAL_INTERRUPTED] = "interrupted",
};

static const char *const run_status_names[RUN_STATUS_COUNT] = {
	[RUN_RUNNING] = "running",
	[RUN_COMPLETE] = "complete",
	[RUN_INTERRUPTED] = "interrupted",
	[RUN_FAILED] = "failed",
};

static const struct {
	const char *name, *text;
} flags[TRIAL_FLAG_COUNT] = {
	{ "never-swapped", "never swapped: the limit was not binding" },
	{ "swap-mismatch",
	  "cgroup swap and /proc/vmstat disagree by more than 5% beyond other processes' pages" },
	{ "device-full", "the swap device filled up" },
	{ "pressure-before", "the machine was already under memory pressure (PSI) when it began" },
	{ "outlier", NULL }, /* trial_flag_text names the metric it was judged by */
	{ "slow-first", "the first trial is much slower than the rest: consider --warmup" },
	{ "other-cpus",
	  "ran on other CPUs than the cell's first trial: placement changes timings (--cpus)" },
};

static const char *const extended_names[X_COUNT] = {
	[X_MM_STAT] = "mm_stat",     [X_IO_STAT] = "io_stat", [X_DEBUG_STAT] = "debug_stat",
	[X_BUDDYINFO] = "buddyinfo", [X_VMSTAT] = "vmstat",   [X_MEMINFO] = "meminfo",
};

static const char *const phase_names[PHASE_COUNT] = {
	[PHASE_SWAP] = "swap_setup",   [PHASE_CGROUP] = "cgroup_setup",
	[PHASE_SPAWN] = "spawn",       [PHASE_QUIET] = "quiet_window",
	[PHASE_RECORD] = "record",     [PHASE_TEARDOWN] = "teardown",
	[PHASE_SAVE] = "save",	       [PHASE_PREPARE] = "prepare",
	[PHASE_CLEANUP] = "cleanup",   [PHASE_PROBE] = "probe",
	[PHASE_WORKLOAD] = "workload", [PHASE_STATS] = "stats",
};

static const char *const run_phase_names[RUN_PHASE_COUNT] = {
	[RUN_PHASE_PLAN] = "plan",     [RUN_PHASE_START] = "start",   [RUN_PHASE_SETUP] = "setup",
	[RUN_PHASE_TRIALS] = "trials", [RUN_PHASE_REWIND] = "rewind", [RUN_PHASE_ANSWER] = "answer",
};

const char *trial_phase_name(enum trial_phase p)
{
	return p < PHASE_COUNT ? phase_names[p] : "?";
}

const char *run_phase_name(enum run_phase p)
{
	return p < RUN_PHASE_COUNT ? run_phase_names[p] : "?";
}

const char *trial_status_name(enum trial_status s)
{
	return s < TRIAL_STATUS_COUNT ? trial_status_names[s] : "?";
}

const char *run_status_name(enum run_status s)
{
	return s < RUN_STATUS_COUNT ? run_status_names[s] : "?";
}

const char *trial_flag_name(unsigned i)
{
	return i < TRIAL_FLAG_COUNT ? flags[i].name : "?";
}

const char *trial_flag_text(unsigned i, const struct result_cell *c, char *buf, size_t len)
{
	if (i >= TRIAL_FLAG_COUNT)
		return "?";
	if (flags[i].text)
		return flags[i].text;
	snprintf(buf, len, "an outlier (modified z-score of %s above 3.5)",
		 metrics[cell_primary(c)].key);
	return buf;
}

const char *extended_name(enum extended_file f)
{
	return f < X_COUNT ? extended_names[f] : "?";
}

static int index_of(const char *const *names, int n, const char *name)
{
	for (int i = 0; name && i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

int trial_status_from_name(const char *name)
{
	return index_of(trial_status_names, TRIAL_STATUS_COUNT, name);
}

int run_status_from_name(const char *name)
{
	return index_of(run_status_names, RUN_STATUS_COUNT, name);
}

int trial_flag_from_name(const char *name)
{
	for (int i = 0; name && i < TRIAL_FLAG_COUNT; i++)
		if (strcmp(flags[i].name, name) == 0)
			return i;
	return -1;
}

void results_init(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->format_version = RESULT_FORMAT_VERSION;
	r->alpha = 0.05;
	r->noise_pct = 2.0;
}

void trial_free(struct trial *t)
{
	for (unsigned i = 0; t->jobs && i < t->njobs; i++)
		free(t->jobs[i].output);
	for (int p = 0; p < LAT_COUNT; p++) {
		free(t->lat[p]);
		t->lat[p] = NULL;
	}
	free(t->jobs);
	free(t->curve);
	if (t->series) {
		series_free(t->series);
		free(t->series);
	}
	if (t->extended) {
		for (int f = 0; f < X_COUNT; f++) {
			free(t->extended->before[f]);
			free(t->extended->after[f]);
		}
		free(t->extended);
	}
	t->jobs = NULL;
	t->curve = NULL;
	t->series = NULL;
	t->extended = NULL;
	t->njobs = 0;
	t->ncurve = 0;
}

void results_free(struct results *r)
{
	for (size_t i = 0; i < r->ncells; i++) {
		for (size_t k = 0; k < r->cells[i].ntrials; k++)
			trial_free(&r->cells[i].trials[k]);
		free(r->cells[i].trials);
	}
	free(r->cells);
	json_object_put(r->config);
	json_object_put(r->plan);
	json_object_put(r->system.facts);
	results_init(r);
}

struct result_cell *results_add_cell(struct results *r)
{
	struct result_cell *grown = realloc(r->cells, (r->ncells + 1) * sizeof(*grown));

	if (!grown)
		return NULL;
	r->cells = grown;
	memset(&r->cells[r->ncells], 0, sizeof(r->cells[0]));
	return &r->cells[r->ncells++];
}

struct trial *cell_add_trial(struct result_cell *c)
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

int cell_reserve_trials(struct result_cell *c, size_t n)
{
	struct trial *grown;

	if (n <= c->cap)
		return 0;
	if (!(grown = realloc(c->trials, n * sizeof(*grown))))
		return -ENOMEM;
	c->trials = grown;
	c->cap = n;
	return 0;
}

void cell_drop_trial(struct result_cell *c)
{
	if (c->ntrials)
		trial_free(&c->trials[--c->ntrials]);
}

void trial_set(struct trial *t, enum metric_id id, double v)
{
	t->value[id] = v;
	t->have[id] = 1;
}

static int measured_ok(const struct trial *t, enum metric_id m)
{
	return !t->warmup && t->status == TRIAL_OK && t->have[m];
}

/* Is the first of n values of m much worse than the median of the others (1.5x the time, or
 * a 1.5th of the throughput; n >= 3)? */
static int slow_first(enum metric_id m, const double *values, size_t n)
{
	double med = n >= 3 ? median_of(values + 1, n - 1) : 0;

	if (metric_higher_better(m))
		return med > 0 && med >= 1.5 * values[0];
	return med > 0 && values[0] >= 1.5 * med;
}

/* Outliers and a slow first trial are judged against the cell's other trials, by the metric
 * its question answers with (values: room for ntrials). */
static void flag_against_cell(struct result_cell *c, enum metric_id m, double *values)
{
	const char *first_cpus = NULL;
	size_t n = cell_values(c, m, values);

	for (size_t i = 0, k = 0; i < c->ntrials; i++) {
		struct trial *t = &c->trials[i];
		t->flags &= ~(unsigned)(TRIAL_FLAG_OUTLIER | TRIAL_FLAG_SLOW_FIRST |
					TRIAL_FLAG_OTHER_CPUS);
		if (!measured_ok(t, m))
			continue;
		if (!first_cpus)
			first_cpus = t->cpus;
		else if (t->cpus[0] && first_cpus[0] && strcmp(t->cpus, first_cpus) != 0)
			t->flags |= TRIAL_FLAG_OTHER_CPUS;
		t->outlier_z = modified_z(values, n, t->value[m]);
		/* With fewer than five trials the MAD is one or two differences: no outlier
		 * test. */
		if (n >= 5 && fabs(t->outlier_z) > 3.5)
			t->flags |= TRIAL_FLAG_OUTLIER;
		if (k++ == 0 && slow_first(m, values, n))
			t->flags |= TRIAL_FLAG_SLOW_FIRST;
	}
}

enum metric_id cell_primary(const struct result_cell *c)
{
	const unsigned char *has = c->have_stats;

	return question_primary(question_of(has, has), has, has);
}

enum metric_id results_primary(const struct results *r)
{
	static const unsigned char none[M_COUNT];

	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].have_stats[cell_primary(&r->cells[i])])
			return cell_primary(&r->cells[i]);
	return question_primary(question_of(none, none), none, none);
}

size_t cell_values(const struct result_cell *c, enum metric_id m, double *values)
{
	size_t n = 0;
	for (size_t i = 0; i < c->ntrials; i++)
		if (measured_ok(&c->trials[i], m))
			values[n++] = c->trials[i].value[m];
	return n;
}

size_t cell_run_medians(const struct result_cell *c, enum metric_id m, double *medians)
{
	double *values = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*values));
	unsigned last = 0;
	size_t runs = 0;

	if (!values)
		return 0;
	for (size_t i = 0; i < c->ntrials; i++)
		last = c->trials[i].run > last ? c->trials[i].run : last;
	for (unsigned run = 0; run <= last; run++) {
		size_t n = 0;
		for (size_t i = 0; i < c->ntrials; i++)
			if (c->trials[i].run == run && measured_ok(&c->trials[i], m))
				values[n++] = c->trials[i].value[m];
		if (n)
			medians[runs++] = median_of(values, n);
	}
	free(values);
	return runs;
}

size_t cell_runs(const struct result_cell *c, enum metric_id m)
{
	double *medians = malloc((c->ntrials ? c->ntrials : 1) * sizeof(*medians));
	size_t n = medians ? cell_run_medians(c, m, medians) : 0;

	free(medians);
	return n;
}

/* What fio's job moved in both directions: a mixed mode's read and write are one job and move
 * together, and a device is judged by their sum. Derived here, where both a run and a file read
 * back make their statistics, so a file from before io_bw has it too. */
static void derive_io_bw(struct trial *t)
{
	static const enum metric_id directions[] = { M_READ_BW, M_WRITE_BW };
	double sum = 0;
	int any = 0;

	for (size_t i = 0; i < 2; i++)
		if (t->have[directions[i]] && isfinite(t->value[directions[i]])) {
			sum += t->value[directions[i]];
			any = 1;
		}
	t->have[M_IO_BW] = (unsigned char)any;
	t->value[M_IO_BW] = any ? sum : 0;
}

void cell_update_stats(struct result_cell *c)
{
	double *values = calloc(c->ntrials ? c->ntrials : 1, sizeof(*values));

	memset(c->have_stats, 0, sizeof(c->have_stats));
	for (size_t i = 0; i < c->ntrials; i++)
		derive_io_bw(&c->trials[i]);
	c->failed = c->measured = 0;
	for (size_t i = 0; i < c->ntrials; i++) {
		c->measured += !c->trials[i].warmup;
		if (!c->trials[i].warmup && c->trials[i].status != TRIAL_OK)
			c->failed++;
	}
	if (!values)
		return;
	for (int m = 0; m < M_COUNT; m++) {
		size_t n = cell_values(c, (enum metric_id)m, values);
		if (n && summary_compute(values, n, STAT_CONFIDENCE, &c->stats[m]) == 0)
			c->have_stats[m] = 1;
	}
	/* After the statistics: they say which question the cell answers. */
	flag_against_cell(c, cell_primary(c), values);
	free(values);
}

static int is_number(json_object *v)
{
	return json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double);
}

int config_value_same(json_object *a, json_object *b)
{
	if (a && b && is_number(a) && is_number(b))
		return json_object_get_double(a) == json_object_get_double(b);
	if (json_object_equal(a, b))
		return 1;
	return a && b && strcmp(json_object_get_string(a), json_object_get_string(b)) == 0;
}

/* Every option of one is in the other, set alike. */
static int config_within(json_object *a, json_object *b)
{
	json_object_object_foreach(a, key, value)
	{
		json_object *theirs;
		if (!json_object_object_get_ex(b, key, &theirs) ||
		    !config_value_same(value, theirs))
			return 0;
	}
	return 1;
}

static int same_config(const struct results *a, const struct results *b)
{
	if (!a->config || !b->config)
		return !a->config && !b->config;
	return config_within(a->config, b->config) && config_within(b->config, a->config);
}

int results_same_run(const struct results *a, const struct results *b)
{
	if (strcmp(a->system.kernel, b->system.kernel) != 0 || !same_config(a, b))
		return 0;
	if (a->run_id[0] || b->run_id[0])
		return strcmp(a->run_id, b->run_id) == 0;
	return a->started[0] && strcmp(a->started, b->started) == 0 &&
		strcmp(a->system.hostname, b->system.hostname) == 0;
}

const char *results_config_text(const struct results *r, const char *key, char *buf, size_t len)
{
	json_object *v = NULL;

	buf[0] = '\0';
	if (r->config && json_object_object_get_ex(r->config, key, &v) && v)
		snprintf(buf, len, "%s", json_object_get_string(v));
	return buf;
}

enum device_kind device_kind_of(const struct results *r)
{
	char target[16];

	results_config_text(r, "target", target, sizeof(target));
	if (strcmp(target, "block") == 0)
		return DEVICE_BLOCK;
	if (strcmp(target, "fs") == 0)
		return DEVICE_FS;
	return DEVICE_SWAP;
}
