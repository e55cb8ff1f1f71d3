/* `compare`: a header naming each file's kernel, host, date and trials; then per matched cell
 * the metrics that changed, base mean ± %stddev, the change with its 95% interval, new mean
 * ± %stddev, the p the decision used and its mark; failed trials as LKP's fail:runs. */
#include "runner/report/compare_view.h"

#include <errno.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/base/sizes.h"
#include "runner/report/device.h"
#include "runner/report/format.h"
#include "runner/result/environment.h"
#include "runner/result/json_write.h"
#include "runner/result/match.h"

static const enum column_id cols[] = {
	COL_METRIC, COL_BASE, COL_CHANGE, COL_NEW, COL_P, COL_SIG,
};

static unsigned trials_of(const struct results *r)
{
	unsigned most = 0;
	for (size_t i = 0; i < r->ncells; i++)
		most = r->cells[i].measured > most ? r->cells[i].measured : most;
	return most;
}

static void header(const struct results *const *sets, const char *const *files, size_t n, FILE *out)
{
	for (size_t f = 0; f < n; f++)
		fprintf(out, "%s %s: kernel %s, host %s, %s, %u trials per cell\n",
			f ? "new " : "base", files[f],
			sets[f]->system.kernel[0] ? sets[f]->system.kernel : "?",
			sets[f]->system.hostname[0] ? sets[f]->system.hostname : "?",
			sets[f]->started, trials_of(sets[f]));
}

#define MAX_DIFFERENCES 32

/* Before any number: what differs between the machines, and for one machine between the
 * moments, so a change is not taken for the kernel's (or the patch's) doing. */
static void environment(const struct results *base, const struct results *other, const char *file,
			FILE *out)
{
	struct env_difference d[MAX_DIFFERENCES];
	size_t n = env_differences(base, other, d, MAX_DIFFERENCES);

	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s differs in %s: %s: %s -> %s\n",
			d[i].condition ? "condition" : "environment", file, d[i].fact, d[i].base,
			d[i].now);
}

static json_object *environment_json(const struct results *base, const struct results *other)
{
	struct env_difference d[MAX_DIFFERENCES];
	size_t n = env_differences(base, other, d, MAX_DIFFERENCES);
	json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "fact", json_object_new_string(d[i].fact));
		json_object_object_add(o, "base", json_object_new_string(d[i].base));
		json_object_object_add(o, "new", json_object_new_string(d[i].now));
		json_object_object_add(o, "kind",
				       json_object_new_string(d[i].condition ? "condition"
									     : "setting"));
		json_object_array_add(a, o);
	}
	return a;
}

/* Before anything is printed: every new file shares a cell with the base. */
static int check_common(const struct results *const *sets, const char *const *files, size_t n,
			char *why, size_t len)
{
	for (size_t f = 1; f < n; f++) {
		int common = 0;
		for (size_t i = 0; i < sets[f]->ncells; i++)
			common |= match_cell(sets[0], sets[f], &sets[f]->cells[i]) >= 0;
		if (!common) {
			snprintf(why, len,
				 "%s and %s have no cell in common (same backend, compressor, "
				 "jobs, limit, "
				 "limit mode, data, access and allocation)",
				 files[0], files[f]);
			return -ENOENT;
		}
	}
	return 0;
}

/* LKP's fail:runs: "2:5" is two failed trials of five, never a mean of zeros. */
static const char *fail_runs(const struct result_cell *c, char *buf, size_t len)
{
	snprintf(buf, len, "%u:%u", c->failed, c->measured);
	return buf;
}

static void fail_row(struct table *t, const struct result_cell *b, const struct result_cell *c)
{
	char buf[32];

	if (!b->failed && !c->failed)
		return;
	table_add_row(t);
	table_set(t, COL_METRIC, "failed trials (fail:runs)");
	table_set(t, COL_BASE, fail_runs(b, buf, sizeof(buf)));
	table_set(t, COL_NEW, fail_runs(c, buf, sizeof(buf)));
}

static int shows(const struct metric_comparison *mc, int all)
{
	return mc->have &&
		(all || mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_NOT_TESTABLE_DIFFERENT);
}

/* The calibrated noise of a matched pair, per key metric: the larger of the two hosts'
 * calibrations of this configuration. How many metrics have one; used[m] names each. */
static size_t calibrated_noise(const struct report_opts *o, const struct results *base,
			       const struct results *other, const struct result_cell *b,
			       double *noise, const struct calibration_entry **used)
{
	char shape[PATH_LEN];
	size_t n = 0;

	for (int m = 0; m < M_COUNT; m++) {
		noise[m] = NAN;
		used[m] = NULL;
	}
	if (!o->calibration)
		return 0;
	calibration_shape(base, b, shape, sizeof(shape));
	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++) {
		enum metric_id m = key_metrics[i];
		const struct calibration_entry *e[2] = {
			calibration_find(o->calibration, base->system.hostname, shape, m),
			calibration_find(o->calibration, other->system.hostname, shape, m),
		};
		for (int s = 0; s < 2; s++)
			if (e[s] && (!used[m] || e[s]->threshold_pct > noise[m])) {
				noise[m] = e[s]->threshold_pct;
				used[m] = e[s];
			}
		n += used[m] != NULL;
	}
	return n;
}

/* Which threshold decided the key metrics, and why: one line. */
static void noise_line(const struct compare_opts *cmp, const struct calibration_entry *const *used,
		       FILE *out)
{
	const struct calibration_entry *any = NULL;
	int listed = 0;

	fprintf(out, "  noise threshold:");
	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++) {
		const struct calibration_entry *e = used[key_metrics[i]];
		any = e ? e : any;
		if (e && e->threshold_pct > cmp->noise_pct)
			fprintf(out, "%s %s %.1f%%", listed++ ? "," : "", metrics[e->metric].key,
				e->threshold_pct);
	}
	if (any)
		fprintf(out,
			"%s%s %.1f%% (the default); calibrated on %s, %u runs of %u trials, "
			"%.10s\n",
			listed ? ", " : " ", listed ? "the rest" : "every key metric",
			cmp->noise_pct, any->host, any->runs, any->trials, any->date);
}

static int unchanged_key(const struct metric_comparison *x)
{
	return x->have && !shows(x, 0) && isfinite(x->ts.change_pct);
}

/* The verdict's metrics that did not change, each with its interval: "no change" is a claim
 * with an uncertainty too, and the table only lists what changed. */
static void unchanged_key_metrics(const struct metric_comparison *mc, FILE *out)
{
	int n = 0, tested = 0, listed = 0;

	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++)
		if (unchanged_key(&mc[key_metrics[i]])) {
			n++;
			tested += mc[key_metrics[i]].ts.testable;
		}
	if (!n)
		return;
	fputs(tested ? "  no significant change:"
		     : "  untested (too few trials for p < alpha after Holm; ranges overlap or "
		       "within the noise):",
	      out);
	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++) {
		const struct metric_comparison *x = &mc[key_metrics[i]];
		if (!unchanged_key(x))
			continue;
		fprintf(out, "%s %s %+.1f%%", listed++ ? "," : "", metrics[key_metrics[i]].key,
			x->ts.change_pct);
		if (isfinite(x->ts.change_lo_pct) && isfinite(x->ts.change_hi_pct))
			fprintf(out, " [%+.1f%%, %+.1f%%]", x->ts.change_lo_pct,
				x->ts.change_hi_pct);
		if (x->ts.testable)
			fprintf(out, " p = %.2g", x->p);
		else if (tested)
			fputs(" untested", out);
	}
	fputc('\n', out);
}

static int cell_block(const struct results *base, const struct results *other,
		      const struct result_cell *b, const struct result_cell *c, const char *file,
		      const struct report_opts *o, int all, FILE *out)
{
	struct metric_comparison *mc = calloc(M_COUNT, sizeof(*mc));
	char title[MSG_LEN], key[PATH_LEN];
	double noise[M_COUNT];
	const struct calibration_entry *used[M_COUNT];
	struct compare_opts cmp = o->cmp;
	struct cell_key k;
	struct table t;
	int ret, shown = 0;

	if (calibrated_noise(o, base, other, b, noise, used))
		cmp.noise_by_metric = noise;
	ret = mc ? compare_cells(b, c, &cmp, mc) : -ENOMEM;
	cell_key_of(base, b, &k);
	snprintf(title, sizeof(title), "%s (%s) in %s", b->label,
		 cell_key_text(&k, key, sizeof(key)), file);
	table_init(&t, title, cols, ARRAY_SIZE(cols));
	fail_row(&t, b, c);
	for (int m = 0; m < M_COUNT && !ret; m++)
		if (shows(&mc[m], all)) {
			ret = report_comparison_row(&t, (enum metric_id)m, &mc[m]);
			shown++;
		}
	if (!ret && t.nrows)
		ret = table_print(&t, &o->render, out);
	if (!ret && !shown)
		fprintf(out, "%s: no significant change in any metric (--all shows them)\n", title);
	if (!ret && !all)
		unchanged_key_metrics(mc, out);
	if (!ret && cmp.noise_by_metric)
		noise_line(&cmp, used, out);
	table_free(&t);
	free(mc);
	return ret;
}

static void unmatched(const struct results *a, const struct results *b, const char *file, FILE *out)
{
	for (size_t i = 0; i < a->ncells; i++)
		if (match_cell(b, a, &a->cells[i]) < 0)
			fprintf(out, "only in %s: %s\n", file, a->cells[i].label);
}

/* The files' cells one by one, every metric that changed (--all: every metric). */
static int cell_blocks(const struct results *const *sets, const char *const *files, size_t n,
		       const struct report_opts *o, int all, FILE *out)
{
	int ret = 0;

	for (size_t f = 1; f < n && !ret; f++)
		for (size_t i = 0; i < sets[0]->ncells && !ret; i++) {
			int j = match_cell(sets[f], sets[0], &sets[0]->cells[i]);
			if (j >= 0)
				ret = cell_block(sets[0], sets[f], &sets[0]->cells[i],
						 &sets[f]->cells[j], files[f], o, all, out);
			fputc('\n', out);
		}
	return ret;
}

static void all_unmatched(const struct results *const *sets, const char *const *files, size_t n,
			  FILE *out)
{
	for (size_t f = 1; f < n; f++) {
		unmatched(sets[0], sets[f], files[0], out);
		unmatched(sets[f], sets[0], files[f], out);
	}
}

static int compare_text(const struct results *const *sets, const char *const *files, size_t n,
			const struct report_opts *o, int all, FILE *out)
{
	int device = device_kind_of(sets[0]) != DEVICE_SWAP, ret = 0;

	header(sets, files, n, out);
	for (size_t f = 1; f < n; f++)
		environment(sets[0], sets[f], files[f], out);
	fputc('\n', out);
	/* A device side by side; every metric of each cell only when asked. */
	if (device) {
		ret = report_device_compare(sets, files, n, o, out);
		all_unmatched(sets, files, n, out);
		if (ret || !(o->verbose || all))
			return ret;
		fputc('\n', out);
	}
	ret = cell_blocks(sets, files, n, o, all, out);
	if (!device)
		all_unmatched(sets, files, n, out);
	fprintf(out, "%s; (e) exploratory: p not corrected for the number of metrics\n",
		significance_legend());
	return ret;
}

static json_object *file_json(const struct results *r, const char *file)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "file", json_object_new_string(file));
	json_object_object_add(o, "kernel", json_object_new_string(r->system.kernel));
	json_object_object_add(o, "host", json_object_new_string(r->system.hostname));
	json_object_object_add(o, "started", json_object_new_string(r->started));
	json_object_object_add(o, "trials", json_object_new_uint64(trials_of(r)));
	return o;
}

static json_object *cell_json(const struct results *base, const struct result_cell *b,
			      const struct result_cell *c, const char *file,
			      const struct metric_comparison *mc)
{
	json_object *o = json_object_new_object(), *ms = json_object_new_object();
	char key[PATH_LEN];
	struct cell_key k;

	cell_key_of(base, b, &k);
	json_object_object_add(o, "cell", json_object_new_string(b->label));
	json_object_object_add(o, "configuration",
			       json_object_new_string(cell_key_text(&k, key, sizeof(key))));
	json_object_object_add(o, "new_file", json_object_new_string(file));
	json_object_object_add(o, "base_fail_runs",
			       json_object_new_string(fail_runs(b, key, sizeof(key))));
	json_object_object_add(o, "new_fail_runs",
			       json_object_new_string(fail_runs(c, key, sizeof(key))));
	for (int m = 0; m < M_COUNT; m++)
		if (mc[m].have)
			json_object_object_add(ms, metrics[m].key, metric_comparison_json(&mc[m]));
	json_object_object_add(o, "metrics", ms);
	return o;
}

/* The threshold each key metric was decided with. */
static json_object *noise_json(const struct compare_opts *cmp)
{
	json_object *o = json_object_new_object();

	for (size_t i = 0; i < ARRAY_SIZE(key_metrics); i++)
		json_object_object_add(o, metrics[key_metrics[i]].key,
				       json_object_new_double(compare_noise(cmp, key_metrics[i])));
	return o;
}

static int report_compare_json(const struct results *const *sets, const char *const *files,
			       size_t n, const struct report_opts *o, FILE *out)
{
	struct metric_comparison *mc = calloc(M_COUNT, sizeof(*mc));
	json_object *doc = json_object_new_object(), *fs = json_object_new_array(),
		    *cells = json_object_new_array();
	int ret = mc ? 0 : -ENOMEM;

	json_object_object_add(doc, "format", json_object_new_string("zswapbench-comparison"));
	json_object_object_add(doc, "format_version", json_object_new_int(1));
	for (size_t f = 0; f < n; f++) {
		json_object *fo = file_json(sets[f], files[f]);
		if (f)
			json_object_object_add(fo, "differences",
					       environment_json(sets[0], sets[f]));
		json_object_array_add(fs, fo);
	}
	json_object_object_add(doc, "files", fs);
	json_object_object_add(doc, "method", comparison_method_json(&o->cmp));
	for (size_t f = 1; f < n && !ret; f++)
		for (size_t i = 0; i < sets[0]->ncells && !ret; i++) {
			int j = match_cell(sets[f], sets[0], &sets[0]->cells[i]);
			double noise[M_COUNT];
			const struct calibration_entry *used[M_COUNT];
			struct compare_opts cmp = o->cmp;
			json_object *cj;
			if (j < 0)
				continue;
			if (calibrated_noise(o, sets[0], sets[f], &sets[0]->cells[i], noise, used))
				cmp.noise_by_metric = noise;
			if ((ret = compare_cells(&sets[0]->cells[i], &sets[f]->cells[j], &cmp, mc)))
				break;
			cj = cell_json(sets[0], &sets[0]->cells[i], &sets[f]->cells[j], files[f],
				       mc);
			json_object_object_add(cj, "noise_threshold_pct", noise_json(&cmp));
			json_object_array_add(cells, cj);
		}
	json_object_object_add(doc, "cells", cells);
	if (!ret)
		fprintf(out, "%s\n",
			json_object_to_json_string_ext(
				doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	free(mc);
	return ret;
}

static const enum column_id csv_cols[] = {
	COL_FILE, COL_CELL,   COL_METRIC, COL_UNIT, COL_BASE,
	COL_NEW,  COL_CHANGE, COL_CI,	  COL_P,    COL_SIG,
};

/* CSV: raw numbers in the metric's own unit, one row per file, cell and metric. */
static int csv_rows(struct table *t, const char *file, const struct result_cell *b,
		    const struct metric_comparison *mc, int all)
{
	for (int m = 0; m < M_COUNT; m++) {
		if (!shows(&mc[m], all) || table_add_row(t) < 0)
			continue;
		table_set(t, COL_FILE, file);
		table_set(t, COL_CELL, b->label);
		table_set(t, COL_METRIC, metrics[m].key);
		table_set(t, COL_UNIT,
			  metrics[m].unit == UNIT_BYTES ? "bytes"
							: metric_unit_name(metrics[m].unit));
		table_setf(t, COL_BASE, "%.10g", mc[m].base_mean);
		table_setf(t, COL_NEW, "%.10g", mc[m].new_mean);
		table_setf(t, COL_CHANGE, "%.4g", mc[m].ts.change_pct);
		table_setf(t, COL_CI, "%.4g;%.4g", mc[m].ts.change_lo_pct, mc[m].ts.change_hi_pct);
		table_setf(t, COL_P, "%.4g", mc[m].p);
		table_set(t, COL_SIG, significance_mark(mc[m].sig));
	}
	return 0;
}

static int compare_csv(const struct results *const *sets, const char *const *files, size_t n,
		       const struct report_opts *o, int all, FILE *out)
{
	struct metric_comparison *mc = calloc(M_COUNT, sizeof(*mc));
	struct table t;
	int ret = mc ? 0 : -ENOMEM;

	table_init(&t, "", csv_cols, ARRAY_SIZE(csv_cols));
	for (size_t f = 1; f < n && !ret; f++)
		for (size_t i = 0; i < sets[0]->ncells && !ret; i++) {
			int j = match_cell(sets[f], sets[0], &sets[0]->cells[i]);
			if (j >= 0 &&
			    !(ret = compare_cells(&sets[0]->cells[i], &sets[f]->cells[j], &o->cmp,
						  mc)))
				ret = csv_rows(&t, files[f], &sets[0]->cells[i], mc, all);
		}
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	free(mc);
	return ret;
}

int report_compare(const struct results *const *sets, const char *const *files, size_t n,
		   const struct report_opts *o, int all, FILE *out, char *why, size_t len)
{
	int ret = check_common(sets, files, n, why, len);

	if (ret)
		return ret;
	if (o->render.format == FORMAT_JSON)
		return report_compare_json(sets, files, n, o, out);
	if (o->render.format == FORMAT_CSV)
		return compare_csv(sets, files, n, o, all, out);
	return compare_text(sets, files, n, o, all, out);
}
