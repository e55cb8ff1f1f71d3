/* A sweep's summary: a row per cell with its medians and its change of the run's primary
 * metric (elapsed; a service's throughput) against the first cell, then the claims "fastest"
 * (a service: "most throughput"), "least CPU" and "least RAM", each tested as such.
 *
 * Many comparisons, one error rate. The rows compare each cell with a baseline the plan named
 * before the run (its first cell), Holm over the rows: a cell picked afterwards for being the
 * best would make every row a comparison with the luckiest cell. A claim "X is the best of k"
 * holds only where X beats every other cell, each test at 2 alpha / k two-sided (alpha / k on
 * X's side): whichever cell came out on top, the chance of a false claim stays below alpha.
 * The best by the primary metric is the primary claim, at alpha; least CPU and least RAM are
 * secondary, alpha / 2 each. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

static void median_cell(struct table *t, const struct result_cell *c, enum column_id col,
			enum metric_id m)
{
	char v[48];

	if (c->have_stats[m])
		table_set(t, col, fmt_metric_unit(m, c->stats[m].median, v, sizeof(v)));
}

/* Holm over the rows that have a test, each decided again with its adjusted p. */
static int correct_rows(struct metric_comparison *rows, size_t n, const struct compare_opts *o)
{
	double *p = malloc(2 * n * sizeof(*p)), *adjusted = p ? p + n : NULL;
	size_t k = 0;
	int ret = p ? 0 : -ENOMEM;

	for (size_t i = 1; i < n && !ret; i++)
		if (rows[i].have && !isnan(rows[i].p_raw))
			p[k++] = rows[i].p_raw;
	if (!ret && k && (ret = holm_adjust(p, k, adjusted)) == 0)
		for (size_t i = 1, j = 0; i < n; i++)
			if (rows[i].have && !isnan(rows[i].p_raw))
				compare_redecide(&rows[i], adjusted[j++], k, o);
	free(p);
	return ret;
}

/* Every cell but the first against it, by m. */
static int against_first(const struct results *r, enum metric_id m, const struct compare_opts *o,
			 struct metric_comparison *rows)
{
	int ret = 0;

	for (size_t i = 1; i < r->ncells && !ret; i++)
		ret = compare_metric(&r->cells[0], &r->cells[i], m, o, &rows[i]);
	return ret ? ret : correct_rows(rows, r->ncells, o);
}

static void add_row(struct table *t, const struct result_cell *c, enum metric_id m,
		    const struct metric_comparison *mc, int first)
{
	char change[80];
	double ratio;

	table_set(t, COL_CELL, c->label);
	median_cell(t, c, report_primary_column(m), m);
	if (first) {
		table_set(t, COL_VS_FIRST, "baseline");
	} else if (mc->have) {
		table_set(t, COL_VS_FIRST,
			  fmt_change(mc->est.change_pct, mc->est.lo_pct, mc->est.hi_pct, change,
				     sizeof(change)));
		table_set(t, COL_SIG, comparison_mark(mc));
	}
	median_cell(t, c, COL_CPU, M_CPU_TIME);
	median_cell(t, c, COL_SWAP, M_SWAP_PEAK);
	median_cell(t, c, COL_RAM, M_SWAP_RAM);
	if (report_ram_ratio(c, &ratio))
		table_setf(t, COL_RATIO, "%.2fx", ratio);
}

static int summary_table(const struct results *r, enum metric_id m, const struct report_opts *o,
			 FILE *out)
{
	const enum column_id primary = report_primary_column(m);
	const enum column_id cols[] = { COL_CELL, primary,  COL_VS_FIRST, COL_SIG,
					COL_CPU,  COL_SWAP, COL_RAM,	  COL_RATIO };
	struct metric_comparison *rows = calloc(r->ncells, sizeof(*rows));
	char title[160];
	struct table t;
	int ret = rows ? against_first(r, m, &o->cmp, rows) : -ENOMEM;

	snprintf(title, sizeof(title),
		 "summary (medians; %s against the first cell, 95%% interval, Holm over the "
		 "%zu rows)",
		 metrics[m].key, r->ncells - 1);
	table_init(&t, title, cols, ARRAY_SIZE(cols));
	for (size_t i = 0; i < r->ncells && !ret; i++)
		if ((ret = table_add_row(&t)) >= 0) {
			add_row(&t, &r->cells[i], m, &rows[i], i == 0);
			ret = 0;
		}
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	free(rows);
	return ret;
}

/* A claim "the best by m" (the least of it, or the most where more is better): what it is
 * about and what it may be tested at. */
struct claim {
	const char *what; /* "fastest", "most throughput" */
	enum metric_id m;
	int positive; /* only cells with more than 0 of m compete (RAM: disk holds none) */
	double alpha; /* the claim's share of alpha */
};

static int competes(const struct result_cell *c, const struct claim *cl)
{
	return c->have_stats[cl->m] && (!cl->positive || c->stats[cl->m].median > 0);
}

/* How much worse a rival is than the leader, in percent of the leader's median: its change
 * turned to the side where m is worse (more time, less throughput). */
static double worse_pct(const struct claim *cl, const struct metric_comparison *mc)
{
	return metric_higher_better(cl->m) ? -mc->est.change_pct : mc->est.change_pct;
}

/* The cell with the best median of m among those that compete, or -1; how many compete. */
static int leader(const struct results *r, const struct claim *cl, size_t *n)
{
	int best = -1, sign = metric_higher_better(cl->m) ? -1 : 1;

	*n = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		if (!competes(c, cl))
			continue;
		(*n)++;
		if (best < 0 ||
		    sign * c->stats[cl->m].median < sign * r->cells[best].stats[cl->m].median)
			best = (int)i;
	}
	return best;
}

/* The leader against one rival at the claim's per-pair level: beaten for sure, or not. */
static int beats(const struct claim *cl, const struct metric_comparison *mc)
{
	return mc->have && mc->sig == SIG_SIGNIFICANT && worse_pct(cl, mc) > 0;
}

/* Why the claim does not hold against this rival. */
static void not_shown(const struct result_cell *rival, const struct metric_comparison *mc,
		      double level, FILE *out)
{
	char change[80], p[16];

	fmt_change(mc->est.change_pct, mc->est.lo_pct, mc->est.hi_pct, change, sizeof(change));
	if (!mc->est.testable)
		fprintf(out,
			"; not told apart from %s (%s; %zu vs %zu trials are too few for a "
			"test at %.3g)\n",
			rival->label, change, mc->ts.n_base, mc->ts.n_new, level);
	else
		fprintf(out,
			"; not shown ahead of %s (%s, %s; the claim needs p < %.3g against "
			"each cell)\n",
			rival->label, change, fmt_p_is(mc->est.p, p, sizeof(p)), level);
}

/* "fastest: X (0.178 s), ahead of every other cell (p <= 0.004 each)" or why not, against the
 * closest rival that stands. */
static int claim_line(const struct results *r, const struct claim *cl, const struct compare_opts *o,
		      FILE *out)
{
	size_t n;
	int best = leader(r, cl, &n), ret = 0, shown = 1;
	struct compare_opts pair = *o;
	struct metric_comparison mc, weakest = { 0 };
	const struct result_cell *rival = NULL;
	double worst_p = 0;
	char v[48], p[16];

	if (best < 0 || n < 2)
		return 0;
	pair.alpha = 2 * cl->alpha / (double)n;
	for (size_t i = 0; i < r->ncells && !ret; i++) {
		if ((int)i == best || !competes(&r->cells[i], cl))
			continue;
		ret = compare_metric(&r->cells[best], &r->cells[i], cl->m, &pair, &mc);
		worst_p = fmax(worst_p, mc.est.p);
		if (!ret && !beats(cl, &mc) &&
		    (shown || worse_pct(cl, &mc) < worse_pct(cl, &weakest))) {
			shown = 0;
			weakest = mc;
			rival = &r->cells[i];
		}
	}
	fprintf(out, "%s: %s (%s median)", cl->what, r->cells[best].label,
		fmt_metric_unit(cl->m, r->cells[best].stats[cl->m].median, v, sizeof(v)));
	if (!ret && shown)
		fprintf(out, ", ahead of every other cell (%s at most, each below %.3g)\n",
			fmt_p_is(worst_p, p, sizeof(p)), pair.alpha);
	else if (!ret)
		not_shown(rival, &weakest, pair.alpha, out);
	return ret;
}

/* The primary claim's name: the fastest where less is better, else the most of m. */
static const char *best_name(enum metric_id m, char *buf, size_t len)
{
	if (metric_higher_better(m))
		snprintf(buf, len, "most %s", metrics[m].key);
	else
		snprintf(buf, len, "fastest");
	return buf;
}

int report_sweep(const struct results *r, const struct report_opts *o, FILE *out)
{
	const double alpha = o->cmp.alpha;
	enum metric_id m = results_primary(r);
	char best[48];
	const struct claim claims[] = {
		{ best_name(m, best, sizeof(best)), m, 0, alpha },
		{ "least CPU", M_CPU_TIME, 0, alpha / 2 },
		{ "least RAM for swap", M_SWAP_RAM, 1, alpha / 2 },
	};
	int ret = summary_table(r, m, o, out);

	if (ret)
		return ret;
	fprintf(out, "%s\n", significance_legend());
	fprintf(out,
		"A claim of the best of k cells holds only ahead of every other, each test at 2 "
		"alpha / k (%s: alpha %g; least CPU and least RAM: alpha / 2 each)\n",
		best, alpha);
	for (size_t i = 0; i < ARRAY_SIZE(claims) && !ret; i++)
		ret = claim_line(r, &claims[i], &o->cmp, out);
	return ret;
}
