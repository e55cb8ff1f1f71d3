/* trials-PRIMARY (trials-elapsed, a service's trials-throughput), trials-cpu,
 * trials-compression-ratio: per cell, sorted by median, each trial a dot, failed trials a cross,
 * the median a bar, its interval as the verdict gives it a box: the 95% interval of the median,
 * or where the trials are too few for it their range, in a box of its own key entry. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/plot/plot_bars.h"
#include "runner/report/plot/plot_cells.h"
#include "runner/report/plot/plot_data.h"
#include "runner/report/plot/plot_script.h"
#include "runner/report/plot/plot_titles.h"

/* One plot: the metric per trial, its file, its title, its axis, what a run lacked when no
 * trial has it, and whether the cells go highest first (a primary metric's best first). */
struct trials_view {
	enum metric_id m;
	char file[64], what[128], ylabel[64];
	const char *missing;
	int descending;
};

static const struct trials_view others[] = {
	{ M_CPU_TIME, "trials-cpu", "CPU time of the workload per cell, sorted by median",
	  "CPU time, user + sys (s)", "user_cpu and sys_cpu", 0 },
	{ M_COMP_RATIO, "trials-compression-ratio", "compression ratio per cell, sorted by median",
	  "compression ratio (x)", "compression_ratio", 0 },
};

/* A primary metric's plot, named by its key, the best cell first. */
static void primary_view(enum metric_id m, struct trials_view *v)
{
	v->m = m;
	v->descending = metric_higher_better(m);
	snprintf(v->file, sizeof(v->file), "trials-%s", metrics[m].key);
	snprintf(v->what, sizeof(v->what), "%s per cell, sorted by median%s", metric_noun(m),
		 v->descending ? ", highest first" : "");
	snprintf(v->ylabel, sizeof(v->ylabel), "%s (%s)", metrics[m].key,
		 metric_unit_name(metrics[m].unit));
	v->missing = metrics[m].key;
}

/* The median of the view's metric in the first set whose cell has one, negated where the
 * highest comes first; +inf sorts cells without one last. */
static int sort_key(const struct plot_ctx *x, size_t j, const struct trials_view *v, double *key)
{
	struct summary sum;

	*key = INFINITY;
	for (size_t k = 0; k < x->n; k++) {
		const struct result_cell *c = plot_find_cell(x->sets[k], x->labels[j]);
		int ret = c ? plot_cell_summary(c, v->m, &sum) : -ENODATA;
		if (ret == -ENODATA)
			continue;
		if (!ret)
			*key = v->descending ? -sum.median : sum.median;
		return ret;
	}
	return 0;
}

/* The labels of cells with a value of the view's metric in some set, sorted by median; *m of
 * them. */
static int order_cells(const struct plot_ctx *x, const struct trials_view *v, size_t **order,
		       size_t *m)
{
	double *key = malloc((x->nlabels + 1) * sizeof(*key));
	int ret = 0;

	*m = 0;
	*order = malloc((x->nlabels + 1) * sizeof(**order));
	for (size_t j = 0; key && *order && !ret && j < x->nlabels; j++) {
		int any = 0;
		for (size_t k = 0; k < x->n && !any; k++)
			any = plot_find_cell(x->sets[k], x->labels[j]) &&
				plot_cell_has(plot_find_cell(x->sets[k], x->labels[j]), v->m);
		if (!any || (ret = sort_key(x, j, v, &key[*m])))
			continue;
		(*order)[*m] = j;
		/* Insertion sort: a dozen cells, and equal medians keep the order of the run. */
		for (size_t p = (*m)++; p > 0 && key[p - 1] > key[p]; p--) {
			double tk = key[p];
			size_t to = (*order)[p];
			key[p] = key[p - 1], key[p - 1] = tk;
			(*order)[p] = (*order)[p - 1], (*order)[p - 1] = to;
		}
	}
	if (!key || !*order)
		ret = -ENOMEM;
	free(key);
	return ret;
}

/* Cells along x at 1, 2, ..., labels turned by 30 degrees so that twelve long ones do not
 * overlap. A turned label reaches left of its tic by 0.87 of its length: the left margin
 * grows until the first ones fit on the canvas (a cell's slot is slot pixels wide). */
static void categories(const struct plot_ctx *x, struct script *s, const size_t *order, size_t m,
		       double slot)
{
	double ch = x->png ? 6.0 : 6.6, need = 0;

	fputs("set xtics rotate by 30 right nomirror (", s->f);
	for (size_t p = 0; p < m; p++) {
		double reach =
			0.87 * (double)strlen(x->labels[order[p]]) * ch - ((double)p + 0.6) * slot;
		need = reach > need ? reach : need;
		fputs(p ? ", " : "", s->f);
		gp_text(s->f, x->labels[order[p]]);
		fprintf(s->f, " %zu", p + 1);
	}
	/* gnuplot keeps a right margin for turned labels as if they reached right: they do not. */
	fprintf(s->f, ")\nset xrange [0.4:%g]\nset yrange [0:*]\nset rmargin 4\n", (double)m + 0.6);
	if (need > 8 * ch) {
		fprintf(s->f, "set lmargin %d\n", (int)(need / ch) + 2);
		s->width += (int)need;
	}
}

/* Set k's trials of q as points, ok ones (ok = 1) or failed ones, each cell's spread across
 * its box; *rows how many. */
static int points_block(const struct plot_ctx *x, struct script *s, enum metric_id q, size_t k,
			const size_t *order, size_t m, int ok, size_t *rows)
{
	double width = 0.6 / (double)x->n,
	       off = ((double)k - ((double)x->n - 1) / 2) * 0.8 / (double)x->n;
	int id = datablock_begin(s);

	*rows = 0;
	for (size_t p = 0; p < m; p++) {
		const struct result_cell *c = plot_find_cell(x->sets[k], x->labels[order[p]]);
		size_t cnt = 0, i2 = 0;
		for (size_t i = 0; c && i < c->ntrials; i++)
			cnt += !c->trials[i].warmup && (c->trials[i].status == TRIAL_OK) == ok &&
				!isnan(plot_quantity(&c->trials[i], q));
		for (size_t i = 0; c && i < c->ntrials; i++) {
			const struct trial *t = &c->trials[i];
			if (t->warmup || (t->status == TRIAL_OK) != ok ||
			    isnan(plot_quantity(t, q)))
				continue;
			gp_num(s->f,
			       (double)p + 1 + off +
				       (cnt > 1 ? width * 0.6 *
							((double)i2++ / (double)(cnt - 1) - 0.5)
						: 0));
			gp_num(s->f, plot_quantity(t, q));
			fputc('\n', s->f);
			(*rows)++;
		}
	}
	datablock_end(s);
	return id;
}

/* Set k's boxes of one kind (ranges: the cells with too few trials for the interval of the
 * median, one trial among them): x, the interval twice (box and whiskers the same), the median,
 * the interval's coverage, 1 for a range. */
static int box_block(const struct plot_ctx *x, struct script *s, enum metric_id q, size_t k,
		     const size_t *order, size_t m, int ranges, struct plot_bars *b)
{
	double off = ((double)k - ((double)x->n - 1) / 2) * 0.8 / (double)x->n;
	int id = datablock_begin(s);

	for (size_t p = 0; p < m; p++) {
		const struct result_cell *c = plot_find_cell(x->sets[k], x->labels[order[p]]);
		struct plot_point pt;
		struct summary sum;
		int ret = c ? plot_cell_summary(c, q, &sum) : -ENODATA;
		if (ret == -ENODATA)
			continue;
		if (ret)
			return ret;
		plot_point_of(&sum, &pt);
		if (pt.range != ranges)
			continue;
		plot_bars_add(b, &pt);
		gp_num(s->f, (double)p + 1 + off);
		gp_num(s->f, pt.lo), gp_num(s->f, pt.lo), gp_num(s->f, pt.hi), gp_num(s->f, pt.hi);
		gp_num(s->f, pt.median), gp_num(s->f, pt.cover), gp_num(s->f, pt.range);
		fputc('\n', s->f);
	}
	datablock_end(s);
	return id;
}

/* The boxes of one kind of set k and their medians' bars; named is whether the median's key
 * entry was given. */
static void box_elements(const struct plot_ctx *x, struct script *s, size_t k, int id,
			 const struct plot_bars *b, int *named)
{
	const char *colour = plot_palette[k % PLOT_NPALETTE];
	char what[160], name[300];

	if (!b->interval && !b->range && !b->single)
		return;
	if (b->interval)
		snprintf(what, sizeof(what), "%.0f%% interval of the median",
			 100 * STAT_CONFIDENCE);
	else if (b->range)
		snprintf(what, sizeof(what),
			 "range of the trials, the median's interval at %.0f%% (too few trials for "
			 "%.0f%%)",
			 100 * b->cover, 100 * STAT_CONFIDENCE);
	else
		snprintf(what, sizeof(what), "one trial: no interval");
	plot_entry_name(x, k, what, name, sizeof(name));
	/* A range is drawn paler than an interval: it is not one of the same confidence. */
	fprintf(script_element(s),
		"$d%d using 1:2:3:4:5 with candlesticks fs transparent solid %s border "
		"lc rgb '#%s' lc rgb '#%s'",
		id, b->interval ? "0.25" : "0.08", colour, colour);
	script_key(s, name);
	fprintf(script_element(s), "$d%d using 1:6:6:6:6 with candlesticks lw 3 lc rgb '#000000'",
		id);
	script_key(s, *named ? NULL : "median");
	*named = 1;
}

static void points_elements(const struct plot_ctx *x, struct script *s, size_t k, const int id[2],
			    const size_t rows[2])
{
	const char *colour = plot_palette[k % PLOT_NPALETTE];
	char name[300];

	if (rows[0]) {
		plot_entry_name(x, k, "trials", name, sizeof(name));
		fprintf(script_element(s), "$d%d using 1:2 with points pt 7 ps 0.7 lc rgb '#%s'",
			id[0], colour);
		script_key(s, name);
	}
	if (rows[1]) {
		plot_entry_name(x, k, "failed trials (not in the statistics)", name, sizeof(name));
		fprintf(script_element(s),
			"$d%d using 1:2 with points pt 2 ps 1.3 lw 2 lc rgb '#%s'", id[1],
			x->n > 1 ? colour : "d62728");
		script_key(s, name);
	}
}

/* Set k: the cells with the interval of the median, those with their range, then the trials. */
static int trials_set(const struct plot_ctx *x, struct script *s, enum metric_id q, size_t k,
		      const size_t *order, size_t m, int *named)
{
	struct plot_bars b[2] = { PLOT_BARS_INIT, PLOT_BARS_INIT };
	int box[2], id[2];
	size_t rows[2];

	for (int r = 0; r < 2; r++)
		if ((box[r] = box_block(x, s, q, k, order, m, r, &b[r])) < 0)
			return box[r];
	id[0] = points_block(x, s, q, k, order, m, 1, &rows[0]);
	id[1] = points_block(x, s, q, k, order, m, 0, &rows[1]);
	for (int r = 0; r < 2; r++)
		box_elements(x, s, k, box[r], &b[r], named);
	points_elements(x, s, k, id, rows);
	return 0;
}

/* The view over the m cells in order, as one script run by gnuplot. */
static int trials_script(struct plot_ctx *x, const struct trials_view *v, const size_t *order,
			 size_t m)
{
	char detail[512];
	struct script s;
	int slot = 50 + 30 * (int)x->n, ret, named = 0;

	plot_sets_detail(x, detail, sizeof(detail));
	/* Room for each cell's boxes side by side. */
	if ((ret = script_begin(x, &s, v->file, 240 + (int)m * slot, 560)))
		return ret;
	plot_title(x, &s, v->what, NULL, detail);
	/* No label under the cells: gnuplot would let the key below cover it. */
	fputs("set ylabel ", s.f);
	gp_text(s.f, v->ylabel);
	fputc('\n', s.f);
	categories(x, &s, order, m, slot);
	fprintf(s.f, "set boxwidth %g absolute\n", 0.6 / (double)x->n);
	for (size_t k = 0; k < x->n && !ret; k++)
		ret = trials_set(x, &s, v->m, k, order, m, &named);
	if (!ret)
		return script_end(x, &s);
	script_abort(x, &s);
	return plot_fail(x, ret, "the statistics of %s", v->file);
}

static int plot_trials(struct plot_ctx *x, const struct trials_view *v)
{
	size_t *order = NULL, m;
	int ret = order_cells(x, v, &order, &m);

	if (ret)
		ret = plot_fail(x, ret, "the statistics of %s", v->file);
	else if (!m)
		ret = plot_skip(x, v->file, "no trial has %s", v->missing);
	else
		ret = trials_script(x, v, order, m);
	free(order);
	return ret;
}

/* The primary metrics the cells measured, each once, first seen first: one for a run; more for
 * a block device's modes (read and write bandwidth) or files of two questions drawn together. */
static size_t primaries(const struct plot_ctx *x, enum metric_id *out)
{
	size_t n = 0, j;

	for (size_t k = 0; k < x->n; k++)
		for (size_t i = 0; i < x->sets[k]->ncells; i++) {
			const struct result_cell *c = &x->sets[k]->cells[i];
			enum metric_id m = cell_primary(c);
			for (j = 0; j < n && out[j] != m; j++)
				;
			if (j == n && c->have_stats[m])
				out[n++] = m;
		}
	return n;
}

int plot_trials_per_cell(struct plot_ctx *x)
{
	enum metric_id drawn[M_COUNT];
	size_t n = primaries(x, drawn);
	struct trials_view v;
	int ret = 0;

	/* Where no cell measured its own, the plot the run's question asks for is said missing. */
	if (!n)
		drawn[n++] = results_primary(x->sets[0]);
	for (size_t i = 0; i < n && !ret; i++) {
		primary_view(drawn[i], &v);
		ret = plot_trials(x, &v);
	}
	for (size_t i = 0; i < ARRAY_SIZE(others) && !ret; i++)
		ret = plot_trials(x, &others[i]);
	return ret;
}
