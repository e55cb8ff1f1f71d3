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
#include "runner/report/device/device.h"
#include "runner/report/markdown.h"
#include "runner/report/format.h"
#include "runner/base/wrap.h"
#include "runner/result/config_diff.h"
#include "runner/result/reference.h"
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

/* The runs a set holds: one for a file, one per file for a group's pooled cells. */
static size_t runs_of(const struct results *r)
{
	size_t most = 1;

	for (size_t i = 0; i < r->ncells; i++) {
		size_t runs = cell_runs(&r->cells[i], cell_primary(&r->cells[i]));
		most = runs > most ? runs : most;
	}
	return most;
}

static void header(const struct results *const *sets, const char *const *files, size_t n, FILE *out)
{
	for (size_t f = 0; f < n; f++) {
		size_t runs = runs_of(sets[f]);
		fprintf(out, "%s %s: kernel %s, host %s, %s, %u trials per cell",
			f ? "new " : "base", files[f],
			sets[f]->system.kernel[0] ? sets[f]->system.kernel : "?",
			sets[f]->system.hostname[0] ? sets[f]->system.hostname : "?",
			sets[f]->started, trials_of(sets[f]));
		if (runs > 1)
			fprintf(out, " in %zu runs", runs);
		fputc('\n', out);
	}
}

#define MAX_DIFFERENCES 64

/* What two files differ in, each marked as the configuration's or not: 21 KiB, so the views
 * take it from the heap (the 16 KiB frame limit, docs/architecture.md). */
struct difference_list {
	struct env_difference d[MAX_DIFFERENCES];
	int configuration[MAX_DIFFERENCES];
	size_t n;
};

/* Before any number: what differs in the configuration, between the machines and for one
 * machine between the moments, so a change is not taken for the kernel's (or the patch's)
 * doing. */
static void all_differences(const struct results *base, const struct results *other,
			    is_duration_fn is_duration, struct difference_list *l)
{
	/* The last place is the reference probe's, however many keys the configurations differ
	 * in (a file is untrusted). */
	size_t n = config_differences(base, other, is_duration, l->d, MAX_DIFFERENCES - 1);

	for (size_t i = 0; i < MAX_DIFFERENCES; i++)
		l->configuration[i] = i < n;
	n += env_differences(base, other, l->d + n, MAX_DIFFERENCES - n - 1);
	/* The machine's own speed, on one host or two: the probe before each trial measures it. */
	l->n = n + (size_t)reference_differs(base, other, &l->d[n]);
}

static const char *kind_of(const struct env_difference *d, int configuration)
{
	return configuration ? "configuration" : d->condition ? "condition" : "environment";
}

/* What each later file differs in from the first: 0 or -ENOMEM. */
static int differences(const struct results *const *sets, const char *const *files, size_t n,
		       is_duration_fn is_duration, FILE *out)
{
	struct difference_list *l = malloc(sizeof(*l));

	if (!l)
		return -ENOMEM;
	for (size_t f = 1; f < n; f++) {
		all_differences(sets[0], sets[f], is_duration, l);
		for (size_t i = 0; i < l->n; i++)
			fprintf(out, "%s differs in %s: %s: %s -> %s\n",
				kind_of(&l->d[i], l->configuration[i]), files[f], l->d[i].fact,
				l->d[i].base, l->d[i].now);
	}
	free(l);
	return 0;
}

static json_object *differences_json(const struct results *base, const struct results *other,
				     is_duration_fn is_duration, struct difference_list *l)
{
	json_object *a = json_object_new_array();

	all_differences(base, other, is_duration, l);
	for (size_t i = 0; i < l->n; i++) {
		const struct env_difference *d = &l->d[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "fact", json_object_new_string(d->fact));
		json_object_object_add(o, "base", json_object_new_string(d->base));
		json_object_object_add(o, "new", json_object_new_string(d->now));
		json_object_object_add(o, "kind",
				       json_object_new_string(l->configuration[i] ? "configuration"
								      : d->condition ? "condition"
										     : "setting"));
		json_object_array_add(a, o);
	}
	return a;
}

/* A cell of the base that pairs with several of a file's: --match left out a key they differ
 * in, and any one of them would be a guess. */
static int ambiguous(const struct results *const *sets, const char *const *files, size_t f,
		     unsigned mask, char *why, size_t len)
{
	for (size_t i = 0; mask != MATCH_ALL && i < sets[0]->ncells; i++) {
		size_t count = 0;
		match_cell_on(sets[f], sets[0], &sets[0]->cells[i], mask, &count);
		if (count > 1) {
			snprintf(why, len,
				 "--match: cell %s of %s pairs with %zu cells of %s: name the keys "
				 "they differ in too",
				 sets[0]->cells[i].label, files[0], count, files[f]);
			return -ENOENT;
		}
	}
	return 0;
}

/* Before anything is printed: every new file shares a cell with the base, and one only. */
int compare_check(const struct results *const *sets, const char *const *files, size_t n,
		  unsigned mask, char *why, size_t len)
{
	for (size_t f = 1; f < n; f++) {
		int common = 0;
		for (size_t i = 0; i < sets[f]->ncells; i++)
			common |= match_cell_on(sets[0], sets[f], &sets[f]->cells[i], mask, NULL) >=
				0;
		if (!common) {
			snprintf(why, len,
				 "%s and %s have no cell in common (same %s); --match KEYS pairs "
				 "cells on fewer",
				 files[0], files[f],
				 mask == MATCH_ALL
					 ? "backend, compressor, jobs, limit, limit mode, "
					   "data, access and allocation"
					 : "keys of --match");
			return -ENOENT;
		}
		if (ambiguous(sets, files, f, mask, why, len))
			return -ENOENT;
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

/* One matched pair of cells as the views read it: the files answer's pair (its decisions made
 * once, result/files_answer.h) with the sets and names it is of. */
struct pair {
	const struct results *base, *other;
	const struct result_cell *b, *c;
	const char *file;
	const struct file_pair *fp;
	const struct metric_comparison *mc;
	unsigned match;
};

/* The rows a table shows: a finding, a lead (marked), and each key metric nothing could be
 * told of; --all: every metric. */
static int shows(const struct metric_comparison *mc, int all)
{
	if (!mc->have)
		return 0;
	if (all || mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_BELOW_NOISE)
		return 1;
	return mc->family != FAMILY_EXPLORATORY && isfinite(mc->est.change_pct) &&
		(mc->sig == SIG_NOT_TESTABLE_DIFFERENT || mc->sig == SIG_NEEDS_RUNS);
}

static int unchanged_key(const struct metric_comparison *x)
{
	return x->have && x->family != FAMILY_EXPLORATORY && !shows(x, 0) &&
		isfinite(x->est.change_pct);
}

/* The verdict's metrics that did not change, each with its interval: "no change" is a claim
 * with an uncertainty too, and the table only lists what changed. */
static void unchanged_key_metrics(const struct metric_comparison *mc, FILE *out)
{
	enum metric_id order[M_COUNT];
	int n = 0, tested = 0, listed = 0;

	for (int m = 0; m < M_COUNT; m++)
		if (unchanged_key(&mc[m])) {
			n++;
			tested += mc[m].est.testable;
		}
	if (!n)
		return;
	fputs(tested ? "  no significant change:"
		     : "  untested (too few trials for p < alpha after Holm; ranges overlap or "
		       "within the noise):",
	      out);
	comparison_order(mc, order);
	for (int i = 0; i < M_COUNT; i++) {
		enum metric_id m = order[i];
		const struct metric_comparison *x = &mc[m];
		if (!unchanged_key(x))
			continue;
		fprintf(out, "%s %s %+.1f%%", listed++ ? "," : "", metrics[m].key,
			x->est.change_pct);
		if (isfinite(x->est.lo_pct) && isfinite(x->est.hi_pct))
			fprintf(out, " [%+.1f%%, %+.1f%%]", x->est.lo_pct, x->est.hi_pct);
		if (x->est.testable)
			fprintf(out, " p = %.2g", x->est.p);
		else if (tested)
			fputs(" untested", out);
	}
	fputc('\n', out);
}

/* How the change between the two files was tested, from the primary metric: the unit of
 * replication, and what a change would have to be to count. */
static void replication_line(const struct pair *p, FILE *out)
{
	enum metric_id m = compare_primary(p->b, p->c);
	const struct metric_comparison *x = &p->mc[m];
	const struct calibration_entry *e = p->fp->used[m];

	if (!x->have || x->by == BY_TRIALS)
		return;
	if (x->by == BY_NOTHING) {
		fprintf(out,
			"  between runs: one run a side, and no calibration of host %s for this "
			"configuration: not tested. Two runs of one setup differ by more than the "
			"trials within a run (by up to 28%% on the machine zswapbench was built "
			"on), "
			"so the trials' spread cannot tell this change from another day's. It "
			"needs "
			"several runs a side (compare --group-by with several files of each) or "
			"`zswapbench calibrate` of this configuration on this host.\n",
			p->base->system.hostname);
		return;
	}
	if (x->by == BY_CALIBRATION)
		fprintf(out,
			"  between runs, one a side: tested against host %s's calibrated "
			"run-to-run "
			"spread of %s (sd %.1f%%, %u runs of %u trials, %.10s)",
			e ? e->host : "?", metrics[m].key, 100 * x->runs.sd_log, e ? e->runs : 0,
			e ? e->trials : 0, e ? e->date : "?");
	else
		fprintf(out,
			"  between runs: %zu vs %zu runs, each run's median the unit (sd between "
			"runs %.1f%%)",
			x->runs.runs_base, x->runs.runs_new, 100 * x->runs.sd_log);
	fprintf(out, ": a change of %s must be above %+.1f%% or below %+.1f%% to be significant\n",
		metrics[m].key, x->needed_up_pct, x->needed_down_pct);
}

/* What --match left out and the two cells differ in: a change may be theirs. */
static void confounds_line(const struct pair *p, FILE *out)
{
	char text[MSG_LEN];

	if (cell_key_confounds(&p->fp->kb, &p->fp->kc, p->match, text, sizeof(text)))
		fprintf(out, "  confounds, not matched (--match): %s\n", text);
}

/* The cell's label, configuration and file. Its own function: the key and its text (9 KiB)
 * are gone from the stack before the rest of the block, within the 16 KiB frame limit. */
static void cell_title(const struct pair *p, char *title, size_t len)
{
	char key[PATH_LEN];
	struct cell_key k;

	cell_key_of(p->base, p->b, &k);
	snprintf(title, len, "%s (%s) in %s", p->b->label, cell_key_text(&k, key, sizeof(key)),
		 p->file);
}

static int cell_block(const struct pair *p, const struct report_opts *o, int all, FILE *out)
{
	char title[MSG_LEN];
	enum metric_id order[M_COUNT];
	unsigned char still[MTHP_SIZES];
	struct table t;
	int ret = 0, shown = 0;

	cell_title(p, title, sizeof(title));
	table_init(&t, title, cols, ARRAY_SIZE(cols));
	t.name = "comparison";
	fail_row(&t, p->b, p->c);
	comparison_order(p->mc, order);
	/* --all: an mTHP size 0 in every trial of both cells is one line, not nine rows. */
	report_mthp_still(p->b, p->c, still);
	for (int i = 0; i < M_COUNT && !ret; i++)
		if (shows(&p->mc[order[i]], all) && !report_mthp_hidden(still, order[i])) {
			ret = report_comparison_row(&t, order[i], &p->mc[order[i]]);
			shown++;
		}
	if (!ret && t.nrows)
		ret = table_print(&t, &o->render, out);
	if (!ret && all)
		report_mthp_still_line(p->c, still, "mTHP counters 0 in every trial of both", out);
	if (!ret && !shown)
		fprintf(out, "%s: no significant change in any metric (--all shows them)\n", title);
	if (!ret && !all)
		unchanged_key_metrics(p->mc, out);
	if (!ret)
		confounds_line(p, out);
	if (!ret)
		replication_line(p, out);
	table_free(&t);
	return ret;
}

static void unmatched(const struct results *a, const struct results *b, const char *file,
		      unsigned mask, FILE *out)
{
	for (size_t i = 0; i < a->ncells; i++)
		if (match_cell_on(b, a, &a->cells[i], mask, NULL) < 0)
			fprintf(out, "only in %s: %s\n", file, a->cells[i].label);
}

/* Every matched pair of the files, the base's cells against each later file's, as the answer
 * decided them, each handed to one renderer. */
typedef int (*pair_renderer)(const struct pair *p, void *arg);

static int each_pair(const struct results *const *sets, const char *const *files,
		     const struct files_answer *fa, pair_renderer render, void *arg)
{
	int ret = 0;

	for (size_t i = 0; i < fa->npairs && !ret; i++) {
		const struct file_pair *fp = &fa->pairs[i];
		struct pair p = { .base = sets[0],
				  .other = sets[fp->file],
				  .b = &sets[0]->cells[fp->base_cell],
				  .c = &sets[fp->file]->cells[fp->cell],
				  .file = files[fp->file],
				  .fp = fp,
				  .mc = fp->mc,
				  .match = fa->match };
		ret = render(&p, arg);
	}
	return ret;
}

struct text_arg {
	const struct report_opts *o;
	int all;
	FILE *out;
};

static int text_pair(const struct pair *p, void *arg)
{
	const struct text_arg *a = arg;
	int ret = cell_block(p, a->o, a->all, a->out);

	fputc('\n', a->out);
	return ret;
}

static void all_unmatched(const struct results *const *sets, const char *const *files, size_t n,
			  unsigned mask, FILE *out)
{
	for (size_t f = 1; f < n; f++) {
		unmatched(sets[0], sets[f], files[0], mask, out);
		unmatched(sets[f], sets[0], files[f], mask, out);
	}
}

static int compare_lines(const struct compare_input *in, FILE *out)
{
	const struct results *const *sets = in->sets;
	const char *const *files = in->files;
	const struct report_opts *o = in->o;
	const struct files_answer *fa = in->fa;
	size_t n = in->n;
	int all = in->all;
	int device = device_kind_of(sets[0]) != DEVICE_SWAP, ret = 0;
	struct text_arg arg = { o, all, out };

	header(sets, files, n, out);
	if ((ret = differences(sets, files, n, o->is_duration, out)))
		return ret;
	fputc('\n', out);
	/* A device side by side; every metric of each cell only when asked. */
	if (device) {
		ret = report_device_compare(sets, files, n, fa, o, out);
		all_unmatched(sets, files, n, match_mask(o), out);
		if (ret || !(o->verbose || all))
			return ret;
		fputc('\n', out);
	}
	ret = each_pair(sets, files, fa, text_pair, &arg);
	if (!device)
		all_unmatched(sets, files, n, match_mask(o), out);
	fprintf(out, "%s; P: (1) the primary metric, at alpha; (e) exploratory, not corrected\n",
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
	json_object_object_add(o, "runs", json_object_new_uint64(runs_of(r)));
	return o;
}

/* Each file, and what each later file differs in from the first; NULL: out of memory. */
static json_object *files_json(const struct results *const *sets, const char *const *files,
			       size_t n, is_duration_fn is_duration)
{
	struct difference_list *l = malloc(sizeof(*l));
	json_object *fs;

	if (!l)
		return NULL;
	fs = json_object_new_array();
	for (size_t f = 0; f < n; f++) {
		json_object *fo = file_json(sets[f], files[f]);
		if (f)
			json_object_object_add(fo, "differences",
					       differences_json(sets[0], sets[f], is_duration, l));
		json_object_array_add(fs, fo);
	}
	free(l);
	return fs;
}

/* [down, up], or null where the runs gave no test. */
static json_object *interval_or_null(double lo, double hi)
{
	json_object *a;

	if (!isfinite(lo) || !isfinite(hi))
		return NULL;
	a = json_object_new_array();
	json_object_array_add(a, json_object_new_double(lo));
	json_object_array_add(a, json_object_new_double(hi));
	return a;
}

/* How the pair was tested, from its primary metric. */
static json_object *replication_json(const struct pair *p)
{
	enum metric_id m = compare_primary(p->b, p->c);
	const struct metric_comparison *x = &p->mc[m];
	json_object *o = json_object_new_object();

	json_object_object_add(o, "primary", json_object_new_string(metrics[m].key));
	json_object_object_add(o, "unit", json_object_new_string(replication_name(x->by)));
	json_object_object_add(o, "runs_base", json_object_new_uint64(cell_runs(p->b, m)));
	json_object_object_add(o, "runs_new", json_object_new_uint64(cell_runs(p->c, m)));
	json_object_object_add(o, "needed_change_pct",
			       interval_or_null(x->needed_down_pct, x->needed_up_pct));
	json_object_object_add(o, "calibrated_on",
			       p->fp->used[m] ? json_object_new_string(p->fp->used[m]->host)
					      : NULL);
	return o;
}

/* The keys --match left out that the two cells differ in, each with both values. */
static json_object *confounds_json(const struct pair *p)
{
	json_object *a = json_object_new_array();
	char x[PATH_LEN], y[PATH_LEN];

	for (int k = 0; k < MK_COUNT; k++) {
		json_object *o;
		if ((p->match & (1u << k)) || cell_key_equal_on(&p->fp->kb, &p->fp->kc, 1u << k))
			continue;
		o = json_object_new_object();
		json_object_object_add(o, "key", json_object_new_string(match_key_name(k)));
		json_object_object_add(o, "base",
				       json_object_new_string(cell_key_value(
					       &p->fp->kb, (enum match_key)k, x, sizeof(x))));
		json_object_object_add(o, "new",
				       json_object_new_string(cell_key_value(
					       &p->fp->kc, (enum match_key)k, y, sizeof(y))));
		json_object_array_add(a, o);
	}
	return a;
}

static json_object *cell_json(const struct pair *p)
{
	json_object *o = json_object_new_object(), *ms = json_object_new_object();
	char key[PATH_LEN];
	struct cell_key k;

	cell_key_of(p->base, p->b, &k);
	json_object_object_add(o, "cell", json_object_new_string(p->b->label));
	json_object_object_add(o, "new_cell", json_object_new_string(p->c->label));
	json_object_object_add(o, "confounds", confounds_json(p));
	json_object_object_add(o, "configuration",
			       json_object_new_string(cell_key_text(&k, key, sizeof(key))));
	json_object_object_add(o, "new_file", json_object_new_string(p->file));
	json_object_object_add(o, "base_fail_runs",
			       json_object_new_string(fail_runs(p->b, key, sizeof(key))));
	json_object_object_add(o, "new_fail_runs",
			       json_object_new_string(fail_runs(p->c, key, sizeof(key))));
	json_object_object_add(o, "between_runs", replication_json(p));
	json_object_object_add(o, "noise_threshold_pct",
			       json_object_new_double(p->fp->cmp.noise_pct));
	for (int m = 0; m < M_COUNT; m++)
		if (p->mc[m].have)
			json_object_object_add(ms, metrics[m].key,
					       metric_comparison_json(&p->mc[m], m));
	json_object_object_add(o, "metrics", ms);
	return o;
}

static int json_pair(const struct pair *p, void *arg)
{
	json_object_array_add(arg, cell_json(p));
	return 0;
}

int compare_json(const struct compare_input *in, FILE *out)
{
	const struct results *const *sets = in->sets;
	const char *const *files = in->files;
	const struct files_answer *fa = in->fa;
	size_t n = in->n;
	json_object *fs = files_json(sets, files, n, in->o->is_duration), *doc, *cells;
	int ret;

	if (!fs)
		return -ENOMEM;
	doc = json_object_new_object();
	cells = json_object_new_array();
	json_object_object_add(doc, "format", json_object_new_string("zswapbench-comparison"));
	json_object_object_add(doc, "format_version", json_object_new_int(1));
	json_object_object_add(doc, "files", fs);
	json_object_object_add(doc, "method", comparison_method_json(&fa->opts));
	ret = each_pair(sets, files, fa, json_pair, cells);
	json_object_object_add(doc, "cells", cells);
	if (!ret)
		fprintf(out, "%s\n",
			json_object_to_json_string_ext(
				doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(doc);
	return ret;
}

static const enum column_id csv_cols[] = {
	COL_FILE,   COL_CELL,	COL_METRIC,  COL_UNIT, COL_BASE, COL_NEW,
	COL_CHANGE, COL_CI_LOW, COL_CI_HIGH, COL_P,    COL_SIG,	 COL_CONFOUNDS,
};

struct csv_arg {
	struct table *t;
};

/* A number of the export, or empty where there is none (one trial has no interval). */
static void csv_number(struct table *t, enum column_id col, const char *fmt, double v)
{
	if (isfinite(v))
		table_setf(t, col, fmt, v);
}

/* CSV: raw numbers in the metric's own unit, one row per file, cell and compared metric,
 * whatever its verdict: the medians, the change and its interval's bounds, its p and mark. */
static int csv_pair(const struct pair *p, void *arg)
{
	const struct csv_arg *a = arg;
	char confounds[MSG_LEN];

	cell_key_confounds(&p->fp->kb, &p->fp->kc, p->match, confounds, sizeof(confounds));
	for (int m = 0; m < M_COUNT; m++) {
		const struct metric_comparison *x = &p->mc[m];
		if (!x->have || table_add_row(a->t) < 0)
			continue;
		table_set(a->t, COL_FILE, p->file);
		table_set(a->t, COL_CELL, p->b->label);
		table_set(a->t, COL_METRIC, metrics[m].key);
		table_set(a->t, COL_UNIT,
			  metrics[m].unit == UNIT_BYTES ? "bytes"
							: metric_unit_name(metrics[m].unit));
		csv_number(a->t, COL_BASE, "%.10g", x->base_median);
		csv_number(a->t, COL_NEW, "%.10g", x->new_median);
		csv_number(a->t, COL_CHANGE, "%.4g", x->est.change_pct);
		csv_number(a->t, COL_CI_LOW, "%.4g", x->est.lo_pct);
		csv_number(a->t, COL_CI_HIGH, "%.4g", x->est.hi_pct);
		csv_number(a->t, COL_P, "%.4g", x->est.p);
		table_set(a->t, COL_SIG, comparison_mark(x));
		table_set(a->t, COL_CONFOUNDS, confounds);
	}
	return 0;
}

int compare_csv(const struct compare_input *in, FILE *out)
{
	struct table t;
	struct csv_arg arg = { &t };
	int ret;

	table_init(&t, "", csv_cols, ARRAY_SIZE(csv_cols));
	t.name = "comparison";
	ret = each_pair(in->sets, in->files, in->fa, csv_pair, &arg);
	if (!ret)
		ret = table_print(&t, &in->o->render, out);
	table_free(&t);
	return ret;
}

/* The text wrapped within VIEW_COLUMNS, its tables as they are (base/wrap.h). */
int compare_text(const struct compare_input *in, FILE *out)
{
	struct report_opts o = *in->o;
	struct compare_input held = *in;
	struct text_capture c;
	int ret, end;

	if (!text_capture_begin(&c))
		return -ENOMEM;
	o.render.capture = &c;
	c.tables_only = in->o->render.json;
	held.o = &o;
	ret = compare_lines(&held, c.f);
	end = text_capture_end(&c, out);
	return ret ? ret : end;
}

/* The text through markdown's rules (report/markdown.h). */
int compare_markdown(const struct compare_input *in, FILE *out)
{
	struct markdown_capture c;
	int ret, end;

	if (!markdown_begin(&c))
		return -ENOMEM;
	ret = compare_lines(in, c.f);
	end = markdown_end(&c, out);
	return ret ? ret : end;
}
