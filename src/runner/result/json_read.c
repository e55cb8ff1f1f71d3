#include "runner/result/json_read.h"

#include <errno.h>
#include <limits.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/fileio.h"
#include "runner/result/json_cost.h"
#include "runner/result/latency_json.h"

/* What turning a document into structs may still spend (json_cost.h), and what went over. */
struct reading {
	struct read_budget budget;
	const char *over; /* "trials", "jobs", "latency histograms"... */
};

static int spend(struct reading *rd, size_t count, size_t size, const char *what)
{
	if (read_budget_charge(&rd->budget, count, size) == 0)
		return 0;
	rd->over = what;
	return -E2BIG;
}

/* One line, what went over first: "cell x, trial 3: its jobs: more than a file ...". */
static int over(char *why, size_t len, const char *what)
{
	snprintf(why, len,
		 "%s: more than a file of its size may take to read (%d times its size plus %zu "
		 "MiB)",
		 what, READ_COST_TIMES, READ_COST_FLOOR >> 20);
	return -E2BIG;
}

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;
	return json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, key, &v)
		? v
		: NULL;
}

static void get_text(json_object *o, const char *key, char *buf, size_t len)
{
	json_object *v = get(o, key);
	snprintf(buf, len, "%s",
		 json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "");
}

/* json-c takes 1e400, NaN and Infinity; the writer never writes them (a value it does not
 * have is null), so they are read as absent too: a file then reads the same after a rewrite. */
static int is_number(json_object *v)
{
	return json_object_is_type(v, json_type_int) ||
		(json_object_is_type(v, json_type_double) && isfinite(json_object_get_double(v)));
}

/* Absent or null: NaN, never a made-up zero. */
static double get_double(json_object *o, const char *key)
{
	json_object *v = get(o, key);
	return is_number(v) ? json_object_get_double(v) : NAN;
}

static uint64_t get_u64(json_object *o, const char *key)
{
	json_object *v = get(o, key);
	return is_number(v) ? json_object_get_uint64(v) : 0;
}

static void read_system(json_object *o, struct result_system *s)
{
	json_object *others = get(o, "other_swap");

	get_text(o, "kernel", s->kernel, sizeof(s->kernel));
	get_text(o, "kernel_build", s->kernel_build, sizeof(s->kernel_build));
	get_text(o, "arch", s->arch, sizeof(s->arch));
	get_text(o, "hostname", s->hostname, sizeof(s->hostname));
	get_text(o, "cgroup_mode", s->cgroup_mode, sizeof(s->cgroup_mode));
	s->cpus = (int)get_u64(o, "cpus");
	s->mem_total = get_u64(o, "mem_total");
	s->page_size = get_u64(o, "page_size");
	/* Absent: a file from before the page size was recorded, so one from x86_64. */
	if (!s->page_size)
		s->page_size = RESULT_PAGE_SIZE_UNRECORDED;
	for (size_t i = 0;
	     json_object_is_type(others, json_type_array) && i < json_object_array_length(others);
	     i++) {
		size_t at = strlen(s->other_swap);
		snprintf(s->other_swap + at, sizeof(s->other_swap) - at, "%s%s", at ? " " : "",
			 json_object_get_string(json_object_array_get_idx(others, i)));
	}
	s->facts = json_object_get(get(o, "facts"));
}

/* An integer that may be null (unknown): fallback then. */
static int64_t get_int_or(json_object *o, const char *key, int64_t fallback)
{
	json_object *v = get(o, key);

	return json_object_is_type(v, json_type_int) ? json_object_get_int64(v) : fallback;
}

static int read_jobs(json_object *a, struct trial *t, struct reading *rd)
{
	size_t n = json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;

	if (!n)
		return 0;
	if (spend(rd, n, sizeof(*t->jobs), "its jobs"))
		return -E2BIG;
	if (!(t->jobs = calloc(n, sizeof(*t->jobs))))
		return -ENOMEM;
	t->njobs = (unsigned)n;
	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_array_get_idx(a, i);
		struct job_result *r = &t->jobs[i];
		char status[16];
		get_text(o, "status", status, sizeof(status));
		r->status = trial_status_from_name(status) < 0
			? TRIAL_FAILED
			: (enum trial_status)trial_status_from_name(status);
		get_text(o, "note", r->note, sizeof(r->note));
		r->elapsed = get_double(o, "elapsed");
		r->fill = isnan(get_double(o, "fill_time")) ? -1 : get_double(o, "fill_time");
		r->access = isnan(get_double(o, "access_time")) ? -1 : get_double(o, "access_time");
		r->user = get_double(o, "user_cpu");
		r->sys = get_double(o, "sys_cpu");
		r->majflt = get_u64(o, "major_faults");
		r->bytes = get_u64(o, "bytes");
		r->cpu = get_int_or(o, "cpu", -1);
		r->migrations = get_int_or(o, "migrations", -1);
		const char *entered = json_object_get_string(get(o, "entered_cgroup"));
		r->born_inside = !entered ? -1 : strcmp(entered, "clone3") == 0;
		if (json_object_is_type(get(o, "output"), json_type_string)) {
			if (spend(rd, 1, (size_t)json_object_get_string_len(get(o, "output")) + 1,
				  "its jobs' output"))
				return -E2BIG;
			if (!(r->output = strdup(json_object_get_string(get(o, "output")))))
				return -ENOMEM;
			r->output_cut = json_object_get_boolean(get(o, "output_cut"));
		}
	}
	return 0;
}

static int read_curve(json_object *o, struct trial *t, struct reading *rd)
{
	json_object *ts = get(o, "t"), *bytes = get(o, "bytes"), *swap = get(o, "cgroup_swap");
	size_t n = json_object_is_type(ts, json_type_array) ? json_object_array_length(ts) : 0;

	if (!n || !json_object_is_type(bytes, json_type_array) ||
	    !json_object_is_type(swap, json_type_array) || json_object_array_length(bytes) != n ||
	    json_object_array_length(swap) != n)
		return 0;
	for (size_t i = 0; i < n; i++) /* the writer leaves no point out: a hole is damage */
		if (!is_number(json_object_array_get_idx(ts, i)) ||
		    !is_number(json_object_array_get_idx(bytes, i)) ||
		    !is_number(json_object_array_get_idx(swap, i)))
			return -EINVAL;
	if (spend(rd, n, sizeof(*t->curve), "its fill curve"))
		return -E2BIG;
	if (!(t->curve = calloc(n, sizeof(*t->curve))))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		t->curve[i] = (struct curve_point){
			json_object_get_double(json_object_array_get_idx(ts, i)),
			json_object_get_uint64(json_object_array_get_idx(bytes, i)),
			json_object_get_uint64(json_object_array_get_idx(swap, i))
		};
	t->ncurve = n;
	return 0;
}

static int read_series(json_object *o, struct trial *t, struct reading *rd)
{
	json_object *ts = get(o, "t"), *field[S_COUNT];
	size_t n = json_object_is_type(ts, json_type_array) ? json_object_array_length(ts) : 0;

	if (!json_object_is_type(o, json_type_object))
		return 0;
	if (spend(rd, 1, sizeof(*t->series) + series_size(n), "its series"))
		return -E2BIG;
	if (!(t->series = calloc(1, sizeof(*t->series))))
		return -ENOMEM;
	series_init(t->series);
	for (int f = 0; f < S_COUNT; f++) {
		field[f] = get(o, series_field_name((enum series_field)f));
		if (!json_object_is_type(field[f], json_type_array) ||
		    json_object_array_length(field[f]) != n)
			field[f] = NULL;
	}
	for (size_t i = 0; i < n; i++) {
		double v[S_COUNT] = { 0 };
		unsigned char have[S_COUNT] = { 0 };
		for (int f = 0; f < S_COUNT; f++)
			if (field[f] && is_number(json_object_array_get_idx(field[f], i))) {
				v[f] = json_object_get_double(
					json_object_array_get_idx(field[f], i));
				have[f] = 1;
			}
		if (series_add(t->series, json_object_get_double(json_object_array_get_idx(ts, i)),
			       v, have))
			return -ENOMEM;
	}
	if (get_u64(o, "stride") > UINT32_MAX)
		return -EINVAL; /* cut to 32 bits it could be 0, a divisor */
	t->series->stride = get_u64(o, "stride") ? (unsigned)get_u64(o, "stride") : 1;
	return 0;
}

/* A copy of a string member: its characters and the end. */
static size_t text_size(json_object *v)
{
	return json_object_is_type(v, json_type_string) ? (size_t)json_object_get_string_len(v) + 1
							: 0;
}

static int read_extended(json_object *o, struct trial *t, struct reading *rd)
{
	json_object *when[2] = { get(o, "before"), get(o, "after") };

	if (!json_object_is_type(o, json_type_object))
		return 0;
	if (spend(rd, 1, sizeof(*t->extended), "its raw files"))
		return -E2BIG;
	if (!(t->extended = calloc(1, sizeof(*t->extended))))
		return -ENOMEM;
	for (int f = 0; f < X_COUNT; f++) {
		json_object *b = get(when[0], extended_name((enum extended_file)f));
		json_object *a = get(when[1], extended_name((enum extended_file)f));
		if (spend(rd, 1, text_size(b) + text_size(a), "its raw files"))
			return -E2BIG;
		if (json_object_is_type(b, json_type_string) &&
		    !(t->extended->before[f] = strdup(json_object_get_string(b))))
			return -ENOMEM;
		if (json_object_is_type(a, json_type_string) &&
		    !(t->extended->after[f] = strdup(json_object_get_string(a))))
			return -ENOMEM;
	}
	return 0;
}

static void read_names(json_object *a, struct trial *t)
{
	json_object *flags = get(a, "flags"), *unavailable = get(a, "unavailable");

	for (size_t i = 0;
	     json_object_is_type(flags, json_type_array) && i < json_object_array_length(flags);
	     i++) {
		int bit = trial_flag_from_name(
			json_object_get_string(json_object_array_get_idx(flags, i)));
		if (bit >= 0)
			t->flags |= 1u << bit;
	}
	for (size_t i = 0; json_object_is_type(unavailable, json_type_array) &&
	     i < json_object_array_length(unavailable);
	     i++) {
		int m = metric_find(
			json_object_get_string(json_object_array_get_idx(unavailable, i)));
		if (m >= 0)
			t->unavailable[m] = 1;
	}
}

static int read_trial(json_object *o, struct trial *t, struct reading *rd)
{
	char status[16];
	int ret;

	t->index = (unsigned)get_u64(o, "index");
	t->warmup = json_object_get_boolean(get(o, "warmup"));
	get_text(o, "status", status, sizeof(status));
	t->status = trial_status_from_name(status) < 0
		? TRIAL_FAILED
		: (enum trial_status)trial_status_from_name(status);
	get_text(o, "note", t->note, sizeof(t->note));
	if (json_object_is_type(get(o, "values"), json_type_object)) {
		json_object_object_foreach(get(o, "values"), key, v)
		{
			int m = metric_find(key);
			if (m >= 0 && is_number(v))
				trial_set(t, (enum metric_id)m, json_object_get_double(v));
		}
	}
	read_names(o, t);
	for (int p = 0; p < PHASE_COUNT; p++) {
		double v = get_double(get(o, "runner_time"), trial_phase_name((enum trial_phase)p));
		t->phase_s[p] = isnan(v) ? 0 : v;
	}
	t->outlier_z = isnan(get_double(o, "outlier_z")) ? 0 : get_double(o, "outlier_z");
	get_text(o, "cpus", t->cpus, sizeof(t->cpus));
	if (spend(rd, trial_latency_count(get(o, "latency")), sizeof(struct histogram),
		  "its latency histograms"))
		return -E2BIG;
	if ((ret = trial_latency_from_json(get(o, "latency"), t)) ||
	    (ret = read_jobs(get(o, "jobs"), t, rd)) ||
	    (ret = read_curve(get(o, "fill_curve"), t, rd)) ||
	    (ret = read_series(get(o, "series"), t, rd)) ||
	    (ret = read_extended(get(o, "extended"), t, rd)))
		return ret;
	return 0;
}

/* The run's budget; a file without one (or a value that is no time) leaves it zero. */
static void read_budget(json_object *o, struct run_budget *b)
{
	double v = get_double(o, "wall");

	memset(b, 0, sizeof(*b));
	if (isnan(v) || v <= 0)
		return;
	b->wall = v;
	for (int p = 0; p < RUN_PHASE_COUNT; p++) {
		v = get_double(o, run_phase_name((enum run_phase)p));
		b->phase_s[p] = isnan(v) || v < 0 ? 0 : v;
	}
}

/* A cell's own settings: string values only, at most CELL_KNOBS_MAX, the rest not read (a
 * newer writer's); none in a file from before knob axes. */
static void read_knobs(json_object *o, struct result_cell *c)
{
	if (!json_object_is_type(o, json_type_object))
		return;
	json_object_object_foreach(o, key, v)
	{
		struct cell_knob *k = &c->knobs[c->nknobs];
		if (c->nknobs == CELL_KNOBS_MAX || !json_object_is_type(v, json_type_string))
			continue;
		snprintf(k->name, sizeof(k->name), "%s", key);
		snprintf(k->value, sizeof(k->value), "%s", json_object_get_string(v));
		c->nknobs++;
	}
}

static int read_cell(json_object *o, struct result_cell *c, struct reading *rd, char *why,
		     size_t len)
{
	json_object *trials = get(o, "trials");
	char what[160];

	get_text(o, "label", c->label, sizeof(c->label));
	get_text(o, "backend", c->backend, sizeof(c->backend));
	get_text(o, "comp", c->comp, sizeof(c->comp));
	get_text(o, "comp_used", c->comp_used, sizeof(c->comp_used));
	get_text(o, "zpool_used", c->zpool_used, sizeof(c->zpool_used));
	get_text(o, "device", c->device, sizeof(c->device));
	c->limit = get_u64(o, "limit");
	c->jobs = (unsigned)get_u64(o, "jobs");
	get_text(o, "mode", c->mode, sizeof(c->mode));
	read_knobs(get(o, "knobs"), c);
	c->alloc = get_u64(o, "alloc");
	if (!c->label[0] || !c->backend[0] || !json_object_is_type(trials, json_type_array)) {
		snprintf(why, len, "a cell without a label, a backend or a list of trials");
		return -EINVAL;
	}
	if (spend(rd, json_object_array_length(trials), sizeof(struct trial), "trials")) {
		snprintf(what, sizeof(what), "cell %s: %zu trials", c->label,
			 json_object_array_length(trials));
		return over(why, len, what);
	}
	if (cell_reserve_trials(c, json_object_array_length(trials)))
		return -ENOMEM;
	for (size_t i = 0; i < json_object_array_length(trials); i++) {
		struct trial *t = cell_add_trial(c);
		int ret = t ? read_trial(json_object_array_get_idx(trials, i), t, rd) : -ENOMEM;
		if (ret == -E2BIG) {
			snprintf(what, sizeof(what), "cell %s, trial %zu: %s", c->label, i + 1,
				 rd->over);
			return over(why, len, what);
		}
		if (ret == -EINVAL)
			snprintf(why, len,
				 "cell %s, trial %zu: a damaged latency histogram, fill curve or "
				 "series",
				 c->label, i + 1);
		if (ret)
			return ret;
	}
	cell_update_stats(c);
	return 0;
}

/* What makes a document ours, and of a version this reader knows. */
static int check_format(json_object *doc, char *why, size_t len)
{
	json_object *format = get(doc, "format"), *version = get(doc, "format_version");

	if (!json_object_is_type(doc, json_type_object) ||
	    !json_object_is_type(format, json_type_string) ||
	    strcmp(json_object_get_string(format), RESULT_FORMAT) != 0) {
		snprintf(why, len, "not a zswapbench result file (no \"format\": \"%s\")",
			 RESULT_FORMAT);
		return -EINVAL;
	}
	if (!json_object_is_type(version, json_type_int) ||
	    json_object_get_int(version) != RESULT_FORMAT_VERSION) {
		snprintf(why, len, "format version %s; this zswapbench reads version %d",
			 version ? json_object_get_string(version) : "missing",
			 RESULT_FORMAT_VERSION);
		return -EINVAL;
	}
	if (!json_object_is_type(get(doc, "cells"), json_type_array)) {
		snprintf(why, len, "no list of cells");
		return -EINVAL;
	}
	return 0;
}

int results_from_json(json_object *doc, struct results *r, char *why, size_t len)
{
	json_object *cells = get(doc, "cells"), *tool = get(doc, "tool");
	struct reading rd = { { json_doc_budget(doc) }, NULL };
	char status[16], what[64];
	int ret = check_format(doc, why, len);

	results_init(r);
	if (ret)
		return ret;
	get_text(tool, "version", r->tool_version, sizeof(r->tool_version));
	get_text(doc, "status", status, sizeof(status));
	r->status = run_status_from_name(status) < 0
		? RUN_FAILED
		: (enum run_status)run_status_from_name(status);
	get_text(doc, "error", r->error, sizeof(r->error));
	get_text(doc, "started", r->started, sizeof(r->started));
	get_text(doc, "run_id", r->run_id, sizeof(r->run_id));
	get_text(doc, "updated", r->updated, sizeof(r->updated));
	read_system(get(doc, "system"), &r->system);
	r->config = json_object_get(get(doc, "config"));
	if (!isnan(get_double(r->config, "alpha")))
		r->alpha = get_double(r->config, "alpha");
	if (!isnan(get_double(r->config, "noise-threshold")))
		r->noise_pct = get_double(r->config, "noise-threshold");
	r->plan = json_object_get(get(doc, "plan"));
	read_budget(get(doc, "runner_budget"), &r->budget);
	/* --min-trials: the run decided at its looks' level, and so does every view of it. */
	if (get_double(get(r->plan, "sequential"), "look_alpha") > 0)
		r->alpha = get_double(get(r->plan, "sequential"), "look_alpha");
	if (spend(&rd, json_object_array_length(cells), sizeof(struct result_cell), "cells")) {
		snprintf(what, sizeof(what), "%zu cells", json_object_array_length(cells));
		results_free(r);
		return over(why, len, what);
	}
	for (size_t i = 0; i < json_object_array_length(cells); i++) {
		struct result_cell *c = results_add_cell(r);
		ret = c ? read_cell(json_object_array_get_idx(cells, i), c, &rd, why, len)
			: -ENOMEM;
		if (ret) {
			if (ret == -ENOMEM)
				snprintf(why, len, "%s", strerror(ENOMEM));
			results_free(r);
			return ret;
		}
	}
	return 0;
}

static int only_blanks(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			return 0;
	return 1;
}

static int parse_whole(const char *text, size_t n, json_object **doc, char *why, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	size_t end;

	if (!tok) {
		snprintf(why, len, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	*doc = n && n < INT_MAX ? json_tokener_parse_ex(tok, text, (int)n) : NULL;
	end = json_tokener_get_parse_end(tok);
	if (!*doc || json_tokener_get_error(tok) != json_tokener_success ||
	    !only_blanks(text + end, n - end)) {
		enum json_tokener_error e = json_tokener_get_error(tok);
		snprintf(why, len, "not JSON: %s at byte %zu",
			 !n				      ? "an empty file"
				 : e == json_tokener_continue ? "unexpected end of data"
				 : e == json_tokener_success  ? "text after the document"
							      : json_tokener_error_desc(e),
			 end);
		json_object_put(*doc);
		*doc = NULL;
	}
	json_tokener_free(tok);
	return *doc ? 0 : -EINVAL;
}

/* Refused before it is parsed: a DOM that would cost more than a file of its size may. What
 * is left of the limit is for the structs made of it (results_from_json). */
static int dom_within(const char *text, size_t n, size_t *left, char *why, size_t len)
{
	struct json_shape shape;
	size_t cost = json_dom_cost(text, n, &shape), limit = read_cost_limit(n);
	char what[128];

	if (cost <= limit) {
		*left = limit - cost;
		return 0;
	}
	snprintf(what, sizeof(what), "%zu objects, %zu arrays and %zu values (%zu MiB parsed)",
		 shape.objects, shape.arrays, shape.values, cost >> 20);
	return over(why, len, what);
}

int json_file_read(const char *path, size_t max, const char *what, json_object **doc, char *why,
		   size_t len)
{
	char *text = NULL;
	size_t n = 0, left = 0;
	int ret = read_file(path, max, &text, &n);

	*doc = NULL;
	if (ret == -EFBIG)
		snprintf(why, len, "larger than %zu MiB, the most %s can be", max >> 20, what);
	else if (ret)
		snprintf(why, len, "%s", strerror(-ret));
	else if (!(ret = dom_within(text, n, &left, why, len)) &&
		 !(ret = parse_whole(text, n, doc, why, len)))
		json_doc_set_budget(*doc, left);
	free(text);
	return ret;
}

int results_read(const char *path, struct results *r, char *why, size_t len)
{
	json_object *doc;
	int ret = json_file_read(path, RESULTS_FILE_MAX, "a result file", &doc, why, len);

	results_init(r);
	if (!ret)
		ret = results_from_json(doc, r, why, len);
	json_object_put(doc);
	return ret;
}
