#include "runner/result/calibration.h"

#include <errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/fileio.h"
#include "runner/base/sizes.h"
#include "runner/result/compare.h"
#include "runner/result/match.h"
#include "runner/result/statistics.h"

#define FORMAT "zswapbench-calibration"
#define FORMAT_VERSION 1
/* A comparison of two runs of one setup exceeds this share of the pairs' changes only one
 * time in ten: the target false-positive rate of compare. */
#define THRESHOLD_QUANTILE 0.90

const char *calibration_shape(const struct results *r, const struct result_cell *c, char *buf,
			      size_t len)
{
	char key_text[PATH_LEN];
	struct cell_key k;

	cell_key_of(r, c, &k);
	snprintf(buf, len, "%s%s%s, %s", k.backend, k.comp[0] ? ":" : "", k.comp,
		 cell_key_text(&k, key_text, sizeof(key_text)));
	return buf;
}

static int add_entry(struct calibration *c, const struct calibration_entry *e)
{
	struct calibration_entry *grown = realloc(c->entries, (c->n + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	c->entries = grown;
	c->entries[c->n++] = *e;
	return 0;
}

/* The 90th percentile of |m_j / m_i - 1| over every pair of run medians, in percent. */
static double pairwise_threshold(const double *medians, size_t k)
{
	size_t npairs = k * (k - 1) / 2, p = 0;
	double *changes = malloc(npairs * sizeof(*changes)), q;

	if (!changes)
		return NAN;
	for (size_t i = 0; i < k; i++)
		for (size_t j = i + 1; j < k; j++)
			changes[p++] = 100.0 * fabs(medians[j] / medians[i] - 1.0);
	gsl_sort(changes, 1, npairs);
	q = gsl_stats_quantile_from_sorted_data(changes, 1, npairs, THRESHOLD_QUANTILE);
	free(changes);
	return q;
}

/* For |d| with d ~ N(0, 2 sd^2), the 90th percentile is 1.645 sqrt(2) sd: an entry written
 * before run_sd_log was kept still gives a spread. */
#define THRESHOLD_PER_SD 2.3262

static double sd_of_logs(const double *medians, size_t k)
{
	double logs[256];

	for (size_t i = 0; i < k; i++)
		logs[i] = log(medians[i]);
	return gsl_stats_sd(logs, 1, k);
}

/* One cell (the same index in every run) and one metric. -EINVAL with fewer than 3 runs. */
static int cell_entry(const struct results *const *runs, size_t k, size_t cell, enum metric_id m,
		      struct calibration_entry *e)
{
	double medians[256], spreads[256];
	size_t used = 0;

	for (size_t r = 0; r < k && used < 256; r++) {
		const struct result_cell *c = &runs[r]->cells[cell];
		if (!c->have_stats[m] || c->stats[m].n < 2 || !(c->stats[m].median > 0))
			continue;
		medians[used] = c->stats[m].median;
		spreads[used++] = summary_rel_stddev(&c->stats[m]);
	}
	if (used < 3)
		return -EINVAL;
	e->metric = m;
	e->runs = (unsigned)used;
	e->trials = (unsigned)runs[0]->cells[cell].stats[m].n;
	e->threshold_pct = pairwise_threshold(medians, used);
	e->run_sd_log = sd_of_logs(medians, used);
	e->within_pct = median_of(spreads, used);
	e->median = median_of(medians, used);
	return isfinite(e->threshold_pct) ? 0 : -ENOMEM;
}

int calibration_compute(const struct results *const *runs, size_t k, struct calibration *out)
{
	time_t now = time(NULL);
	int ret = 0;

	memset(out, 0, sizeof(*out));
	if (k < 3)
		return -EINVAL;
	for (size_t r = 1; r < k; r++)
		if (runs[r]->ncells != runs[0]->ncells)
			return -EINVAL;
	for (size_t i = 0; i < runs[0]->ncells && !ret; i++) {
		struct calibration_entry e = { 0 };
		snprintf(e.host, sizeof(e.host), "%s", runs[0]->system.hostname);
		snprintf(e.kernel, sizeof(e.kernel), "%s", runs[0]->system.kernel);
		calibration_shape(runs[0], &runs[0]->cells[i], e.shape, sizeof(e.shape));
		strftime(e.date, sizeof(e.date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
		for (int m = 0; m < M_COUNT && !ret; m++)
			if (metric_is_key((enum metric_id)m) &&
			    cell_entry(runs, k, i, (enum metric_id)m, &e) == 0)
				ret = add_entry(out, &e);
	}
	if (!ret && !out->n)
		ret = -EINVAL;
	return ret;
}

static json_object *entry_json(const struct calibration_entry *e)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "host", json_object_new_string(e->host));
	json_object_object_add(o, "kernel", json_object_new_string(e->kernel));
	json_object_object_add(o, "configuration", json_object_new_string(e->shape));
	json_object_object_add(o, "metric", json_object_new_string(metrics[e->metric].key));
	json_object_object_add(o, "threshold_pct", json_object_new_double(e->threshold_pct));
	json_object_object_add(o, "run_sd_log", json_object_new_double(e->run_sd_log));
	json_object_object_add(o, "within_run_pct", json_object_new_double(e->within_pct));
	json_object_object_add(o, "median", json_object_new_double(e->median));
	json_object_object_add(o, "runs", json_object_new_int((int)e->runs));
	json_object_object_add(o, "trials", json_object_new_int((int)e->trials));
	json_object_object_add(o, "date", json_object_new_string(e->date));
	return o;
}

/* A string member, or "": json_object_get_string gives NULL for null (and JSON text for an
 * object or a number), and the file is anyone's who could write in the run directory. */
static void text_of(json_object *o, const char *key, char *buf, size_t len)
{
	json_object *v;
	const char *s = json_object_object_get_ex(o, key, &v) &&
			json_object_is_type(v, json_type_string)
		? json_object_get_string(v)
		: NULL;

	snprintf(buf, len, "%s", s ? s : "");
}

static double number_of(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

/* A count from the file: 0 unless a whole number an unsigned holds (a cast of NaN, -1 or 1e300
 * is undefined). */
static unsigned count_of(json_object *o, const char *key)
{
	double v = number_of(o, key);

	return v >= 0 && v <= UINT_MAX ? (unsigned)v : 0;
}

static int entry_of(json_object *o, struct calibration_entry *e)
{
	char metric[64];

	memset(e, 0, sizeof(*e));
	text_of(o, "host", e->host, sizeof(e->host));
	text_of(o, "kernel", e->kernel, sizeof(e->kernel));
	text_of(o, "configuration", e->shape, sizeof(e->shape));
	text_of(o, "date", e->date, sizeof(e->date));
	text_of(o, "metric", metric, sizeof(metric));
	e->threshold_pct = number_of(o, "threshold_pct");
	e->run_sd_log = number_of(o, "run_sd_log");
	if (!(e->run_sd_log >= 0) || !isfinite(e->run_sd_log))
		e->run_sd_log = log1p(e->threshold_pct / 100) / THRESHOLD_PER_SD;
	e->within_pct = number_of(o, "within_run_pct");
	e->median = number_of(o, "median");
	e->runs = count_of(o, "runs");
	e->trials = count_of(o, "trials");
	if (metric_find(metric) < 0 || !e->host[0] || !e->shape[0] || !(e->threshold_pct >= 0) ||
	    !isfinite(e->threshold_pct))
		return -EINVAL;
	e->metric = (enum metric_id)metric_find(metric);
	return 0;
}

int calibration_load(const char *path, struct calibration *c)
{
	json_object *doc, *entries, *format;
	struct calibration_entry e;
	int ret = 0;

	memset(c, 0, sizeof(*c));
	if (access(path, F_OK) < 0)
		return errno == ENOENT ? 0 : -errno;
	doc = json_object_from_file(path);
	if (!doc || !json_object_object_get_ex(doc, "format", &format) ||
	    !json_object_is_type(format, json_type_string) ||
	    strcmp(json_object_get_string(format), FORMAT) != 0 ||
	    !json_object_object_get_ex(doc, "entries", &entries) ||
	    !json_object_is_type(entries, json_type_array)) {
		json_object_put(doc);
		return -EINVAL;
	}
	for (size_t i = 0; i < json_object_array_length(entries) && !ret; i++)
		if ((ret = entry_of(json_object_array_get_idx(entries, i), &e)) == 0)
			ret = add_entry(c, &e);
	json_object_put(doc);
	if (ret)
		calibration_free(c);
	return ret;
}

static int same_key(const struct calibration_entry *a, const struct calibration_entry *b)
{
	return a->metric == b->metric && strcmp(a->host, b->host) == 0 &&
		strcmp(a->shape, b->shape) == 0;
}

int calibration_store(const char *path, const struct calibration *add)
{
	struct calibration old;
	json_object *doc, *entries;
	const char *text;
	int ret = calibration_load(path, &old);

	if (ret)
		return ret;
	doc = json_object_new_object();
	entries = json_object_new_array();
	json_object_object_add(doc, "format", json_object_new_string(FORMAT));
	json_object_object_add(doc, "format_version", json_object_new_int(FORMAT_VERSION));
	for (size_t i = 0; i < old.n; i++) {
		int replaced = 0;
		for (size_t j = 0; j < add->n && !replaced; j++)
			replaced = same_key(&old.entries[i], &add->entries[j]);
		if (!replaced)
			json_object_array_add(entries, entry_json(&old.entries[i]));
	}
	for (size_t j = 0; j < add->n; j++)
		json_object_array_add(entries, entry_json(&add->entries[j]));
	json_object_object_add(doc, "entries", entries);
	text = json_object_to_json_string_ext(
		doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	ret = write_file_atomic(path, text, strlen(text), 1);
	json_object_put(doc);
	calibration_free(&old);
	return ret;
}

const struct calibration_entry *calibration_find(const struct calibration *c, const char *host,
						 const char *shape, enum metric_id m)
{
	for (size_t i = 0; c && i < c->n; i++)
		if (c->entries[i].metric == m && strcmp(c->entries[i].host, host) == 0 &&
		    strcmp(c->entries[i].shape, shape) == 0)
			return &c->entries[i];
	return NULL;
}

void calibration_free(struct calibration *c)
{
	free(c->entries);
	c->entries = NULL;
	c->n = 0;
}
