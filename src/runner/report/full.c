/* --verbose: every metric of every cell, then each cell against the first, LKP's layout with
 * the interval and the test of each change. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/base/sizes.h"
#include "runner/kernel/mthp.h"
#include "runner/report/format.h"
#include "runner/report/report.h"
#include "runner/result/budget.h"

static const enum column_id cell_cols[] = {
	COL_METRIC, COL_UNIT,	COL_N,	 COL_MEAN, COL_STDDEV,	  COL_RSD,
	COL_MIN,    COL_MEDIAN, COL_MAX, COL_CI,   COL_MEDIAN_CI,
};

static const enum column_id budget_cols[] = { COL_PHASE, COL_SECONDS, COL_SHARE, COL_PER_TRIAL };

static const enum column_id cmp_cols[] = {
	COL_METRIC, COL_BASE, COL_CHANGE, COL_NEW, COL_P, COL_SIG,
};

static void interval(struct table *t, enum column_id col, enum metric_id m, double lo, double hi)
{
	char a[48], b[48];
	if (isfinite(lo) && isfinite(hi))
		table_setf(t, col, "%s %s %s", fmt_metric(m, lo, a, sizeof(a)), ellipsis(),
			   fmt_metric(m, hi, b, sizeof(b)));
}

static int metric_row(struct table *t, const struct summary *s, enum metric_id m)
{
	char buf[48];
	int ret = table_add_row(t);

	if (ret < 0)
		return ret;
	table_set(t, COL_METRIC, metrics[m].key);
	table_set_unit(t, COL_UNIT, m);
	table_setf(t, COL_N, "%zu", s->n);
	table_set_number(t, COL_MEAN, m, s->mean);
	table_set_number(t, COL_STDDEV, m, s->stddev);
	table_set(t, COL_RSD, fmt_pct(summary_rel_stddev(s), 0, buf, sizeof(buf)));
	table_set_number(t, COL_MIN, m, s->min);
	table_set_number(t, COL_MEDIAN, m, s->median);
	table_set_number(t, COL_MAX, m, s->max);
	interval(t, COL_CI, m, summary_mean_lo_bounded(s), s->mean_hi);
	interval(t, COL_MEDIAN_CI, m, s->median_lo, s->median_hi);
	return 0;
}

/* An mTHP size none of whose counters this machine has: named once, "mthp_16k_*", for its
 * nine keys (a kernel before 6.8 has no size at all). */
static int mthp_size_unavailable(const struct trial *t, size_t size)
{
	for (int k = 0; k < MTHP_COUNTERS; k++)
		if (!t->unavailable[metric_mthp(size, (enum mthp_counter)k)])
			return 0;
	return 1;
}

static void unavailable(const struct result_cell *c, FILE *out)
{
	char list[2048] = "";

	for (int m = 0; c->ntrials && m < M_COUNT; m++) {
		const struct trial *t = &c->trials[0];
		int whole = metric_is_mthp(m) && mthp_size_unavailable(t, metric_mthp_size(m));

		if (!t->unavailable[m] || (whole && (m - M_MTHP_FIRST) % MTHP_COUNTERS))
			continue;
		if (whole)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%smthp_%uk_*",
				 list[0] ? ", " : "", mthp_sizes_kb[metric_mthp_size(m)]);
		else
			snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
				 list[0] ? ", " : "", metrics[m].key);
	}
	if (list[0])
		fprintf(out, "  unavailable on this machine (not zero): %s\n", list);
}

/* An mTHP size whose every counter the cell has is 0 in every trial: its rows are left out
 * (nine rows of zeros a size, for each size the run did not use, would bury the rest) and the
 * size named in one line instead; a size with one counter that moved keeps all its rows. */
static int mthp_size_still(const struct result_cell *c, size_t size)
{
	for (int k = 0; k < MTHP_COUNTERS; k++) {
		enum metric_id m = metric_mthp(size, (enum mthp_counter)k);
		if (c->have_stats[m] && (c->stats[m].min != 0 || c->stats[m].max != 0))
			return 0;
	}
	return 1;
}

void report_mthp_still(const struct result_cell *a, const struct result_cell *b,
		       unsigned char still[MTHP_SIZES])
{
	for (size_t i = 0; i < MTHP_SIZES; i++)
		still[i] = (unsigned char)(mthp_size_still(a, i) && (!b || mthp_size_still(b, i)));
}

int report_mthp_hidden(const unsigned char still[MTHP_SIZES], enum metric_id m)
{
	return metric_is_mthp(m) && still[metric_mthp_size(m)];
}

void report_mthp_still_line(const struct result_cell *c, const unsigned char still[MTHP_SIZES],
			    const char *what, FILE *out)
{
	char list[128] = "", size[16];

	for (size_t i = 0; i < MTHP_SIZES; i++) {
		int any = 0;
		for (int k = 0; k < MTHP_COUNTERS; k++)
			any |= c->have_stats[metric_mthp(i, (enum mthp_counter)k)];
		if (still[i] && any)
			snprintf(list + strlen(list), sizeof(list) - strlen(list), " %s",
				 mthp_size_name(mthp_sizes_kb[i], size, sizeof(size)));
	}
	if (list[0])
		fprintf(out, "  %s, their rows left out:%s\n", what, list);
}

static int cell_table(const struct result_cell *c, const struct report_opts *o, FILE *out)
{
	unsigned char still[MTHP_SIZES];
	char title[PATH_LEN];
	struct table t;
	int ret = 0;

	snprintf(title, sizeof(title), "%s: %u of %u trials ok%s%s%s%s%s%s", c->label,
		 c->measured - c->failed, c->measured, c->device[0] ? ", " : "", c->device,
		 c->comp_used[0] ? " " : "", c->comp_used, c->zpool_used[0] ? "/" : "",
		 c->zpool_used);
	report_mthp_still(c, NULL, still);
	table_init(&t, title, cell_cols, ARRAY_SIZE(cell_cols));
	t.name = "metrics";
	for (int m = 0; m < M_COUNT && !ret; m++)
		if (c->have_stats[m] && !report_mthp_hidden(still, (enum metric_id)m))
			ret = metric_row(&t, &c->stats[m], (enum metric_id)m);
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	report_mthp_still_line(c, still, "mTHP counters 0 in every trial", out);
	unavailable(c, out);
	report_warnings(c, out, "  ");
	fputc('\n', out);
	return ret;
}

/* The family a row's p was corrected over, after it: "(e)" marks an uncorrected one. */
static const char *family_tag(const struct metric_comparison *mc)
{
	return mc->family == FAMILY_PRIMARY ? " (1)" : mc->family == FAMILY_SECONDARY ? "" : " (e)";
}

/* One metric of a comparison as a row: base and new as "median (sd N%)", the change of the
 * median, the p and the mark of the one decision. */
/* Every unit stands beside the key (the values are bare numbers): "access_p99 us", never a
 * microsecond read as a second; a count has none. */
static int unit_named(enum metric_unit u)
{
	return metric_unit_name(u)[0] != '\0';
}

int report_comparison_row(struct table *t, enum metric_id m, const struct metric_comparison *mc)
{
	char buf[96];
	int ret = table_add_row(t);

	if (ret < 0)
		return ret;
	snprintf(buf, sizeof(buf), "%s%s%s", metrics[m].key, unit_named(metrics[m].unit) ? " " : "",
		 unit_named(metrics[m].unit) ? metric_unit_name(metrics[m].unit) : "");
	table_set(t, COL_METRIC, buf);
	table_set(t, COL_BASE,
		  fmt_median_sd(m, mc->base_median, mc->base_rsd, mc->ts.n_base, buf, sizeof(buf)));
	table_set(t, COL_CHANGE,
		  fmt_change(mc->est.change_pct, mc->est.lo_pct, mc->est.hi_pct, buf, sizeof(buf)));
	table_set(t, COL_NEW,
		  fmt_median_sd(m, mc->new_median, mc->new_rsd, mc->ts.n_new, buf, sizeof(buf)));
	table_setf(t, COL_P, "%s%s", fmt_p(mc->est.p, buf, sizeof(buf)), family_tag(mc));
	table_set(t, COL_SIG, comparison_mark(mc));
	return 0;
}

static const char *role_words(const struct answer *a, enum pair_role role)
{
	switch (role) {
	case ROLE_VS_BEST:
		return a->kind == ANSWER_FS ? ", the fastest" : ", the best of its row";
	case ROLE_RAM_VS_LEAST:
		return ", the least RAM";
	default:
		return "";
	}
}

static int comparison_table(const struct results *r, const struct answer *a,
			    const struct answer_pair *pair, const struct report_opts *o, FILE *out)
{
	const struct result_cell *base = &r->cells[pair->ref], *cell = &r->cells[pair->cell];
	enum metric_id order[M_COUNT];
	unsigned char still[MTHP_SIZES];
	char title[320];
	struct table t;
	int ret = 0;

	/* An mTHP size 0 in every trial of both cells: no rows, as in each cell's table. */
	report_mthp_still(base, cell, still);
	snprintf(title, sizeof(title),
		 "%s against %s%s (median (sd of the trials); change of the median, 95%% "
		 "interval)",
		 cell->label, base->label, role_words(a, pair->role));
	table_init(&t, title, cmp_cols, ARRAY_SIZE(cmp_cols));
	t.name = "comparison";
	comparison_order(pair->mc, order);
	for (int i = 0; i < M_COUNT && !ret; i++)
		if (pair->mc[order[i]].have && !report_mthp_hidden(still, order[i]))
			ret = report_comparison_row(&t, order[i], &pair->mc[order[i]]);
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	if (!ret)
		report_mthp_still_line(cell, still, "mTHP counters 0 in every trial of both", out);
	return ret;
}

/* Where the run's wall time went, phase by phase, against the trials' elapsed: the share of a
 * run that is the runner's own. Nothing for a file from before the budget was recorded. */
static int budget_table(const struct results *r, const struct report_opts *o, FILE *out)
{
	struct budget b;
	struct table t;
	char title[160];
	int ret = 0;

	if (budget_of(r, &b))
		return 0;
	snprintf(title, sizeof(title),
		 "where the run's %.2f s went: %.2f times the %.2f s its %u trials' workloads took",
		 b.wall, b.elapsed > 0 ? b.wall / b.elapsed : 0, b.elapsed, b.trials);
	table_init(&t, title, budget_cols, ARRAY_SIZE(budget_cols));
	t.name = "budget";
	for (size_t i = 0; i < b.nrows && !ret; i++) {
		const struct budget_row *row = &b.rows[i];
		if ((ret = table_add_row(&t)) < 0)
			break;
		ret = 0;
		table_set(&t, COL_PHASE, row->name);
		table_setf(&t, COL_SECONDS, "%.3f", row->seconds);
		table_setf(&t, COL_SHARE, "%.1f%%", 100 * row->seconds / b.wall);
		if (row->per_trial && b.trials)
			table_setf(&t, COL_PER_TRIAL, "%.4f", row->seconds / b.trials);
	}
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	return ret;
}

int report_full(const struct results *r, const struct answer *a, const struct report_opts *o,
		FILE *out)
{
	int ret = 0;

	for (size_t i = 0; i < r->ncells && !ret; i++)
		ret = cell_table(&r->cells[i], o, out);
	/* The machine's, for every cell, after the cells' own and before any comparison. */
	if (!ret && report_run_warnings(r, out, ""))
		fputc('\n', out);
	for (size_t i = 0; i < a->npairs && !ret; i++)
		ret = comparison_table(r, a, &a->pairs[i], o, out);
	if (!ret && a->npairs)
		fprintf(out,
			"%s; (1) the primary metric, at alpha; (e) exploratory: p not corrected "
			"for the number of metrics\n\n",
			significance_legend());
	return ret ? ret : budget_table(r, o, out);
}
