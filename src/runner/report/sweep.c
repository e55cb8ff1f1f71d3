/* A sweep's summary: a row per cell with the key metrics and its change against the fastest
 * cell, then the best cell per key metric and whether a test says it beat the runner-up. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

static const enum column_id cols[] = {
	COL_CELL, COL_ELAPSED, COL_VS_BEST, COL_SIG, COL_CPU, COL_SWAP, COL_RAM, COL_RATIO,
};

/* The cell with the lowest mean of m (among those above zero for RAM), or -1. */
static int best_cell(const struct results *r, enum metric_id m, int positive)
{
	int best = -1;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		if (!c->have_stats[m] || (positive && c->stats[m].mean <= 0))
			continue;
		if (best < 0 || c->stats[m].mean < r->cells[best].stats[m].mean)
			best = (int)i;
	}
	return best;
}

static void metric_cell(struct table *t, const struct result_cell *c, enum column_id col,
			enum metric_id m)
{
	char v[48];
	if (c->have_stats[m])
		table_set(t, col, fmt_metric_unit(m, c->stats[m].mean, v, sizeof(v)));
}

static int add_row(struct table *t, const struct result_cell *best, const struct result_cell *c,
		   const struct compare_opts *o, struct metric_comparison *mc)
{
	char a[48], b[48], change[80];
	double ratio;
	int ret = table_add_row(t);

	if (ret < 0)
		return ret;
	ret = 0;
	table_set(t, COL_CELL, c->label);
	if (c->have_stats[M_ELAPSED])
		table_setf(t, COL_ELAPSED, "%s %s %s",
			   fmt_metric_unit(M_ELAPSED, c->stats[M_ELAPSED].mean, a, sizeof(a)),
			   plus_minus(),
			   fmt_metric(M_ELAPSED, c->stats[M_ELAPSED].stddev, b, sizeof(b)));
	if (c == best)
		table_set(t, COL_VS_BEST, "best");
	else if ((ret = compare_cells(best, c, o, mc)) == 0 && mc[M_ELAPSED].have) {
		const struct two_sample *ts = &mc[M_ELAPSED].ts;
		table_set(t, COL_VS_BEST,
			  fmt_change(ts->change_pct, ts->change_lo_pct, ts->change_hi_pct, change,
				     sizeof(change)));
		table_set(t, COL_SIG, significance_mark(mc[M_ELAPSED].sig));
	}
	metric_cell(t, c, COL_CPU, M_CPU_TIME);
	metric_cell(t, c, COL_SWAP, M_SWAP_PEAK);
	metric_cell(t, c, COL_RAM, M_SWAP_RAM);
	if (report_ram_ratio(c, &ratio))
		table_setf(t, COL_RATIO, "%.2fx", ratio);
	return ret;
}

static void next_clause(const struct result_cell *next, const struct metric_comparison *mc,
			FILE *out)
{
	char change[80], p[16];

	fprintf(out, "; the next, %s, %s", next->label,
		fmt_change(mc->ts.change_pct, mc->ts.change_lo_pct, mc->ts.change_hi_pct, change,
			   sizeof(change)));
	if (mc->ts.testable)
		fprintf(out, ", p = %s: %s", fmt_p(mc->p, p, sizeof(p)),
			mc->sig == SIG_SIGNIFICANT ? "significant" : "not significant");
	else
		fprintf(out, ": %zu vs %zu trials are too few for a test, ranges %s", mc->ts.n_base,
			mc->ts.n_new, mc->ts.ranges_overlap ? "overlap" : "apart");
}

/* "fastest: X (1.234 s); the next, Y, +4.2% [2.1%, 6.3%], p = 0.008: significant". */
static int best_line(const struct results *r, const char *what, enum metric_id m, int positive,
		     const struct compare_opts *o, FILE *out)
{
	int best = best_cell(r, m, positive), next = -1, ret = 0;
	struct metric_comparison *mc;
	char v[48];

	if (best < 0)
		return 0;
	for (size_t i = 0; i < r->ncells; i++)
		if ((int)i != best && r->cells[i].have_stats[m] &&
		    (!positive || r->cells[i].stats[m].mean > 0) &&
		    (next < 0 || r->cells[i].stats[m].mean < r->cells[next].stats[m].mean))
			next = (int)i;
	fprintf(out, "%s: %s (%s)", what, r->cells[best].label,
		fmt_metric_unit(m, r->cells[best].stats[m].mean, v, sizeof(v)));
	if (next >= 0 && (mc = calloc(M_COUNT, sizeof(*mc)))) {
		ret = compare_cells(&r->cells[best], &r->cells[next], o, mc);
		if (!ret && mc[m].have)
			next_clause(&r->cells[next], &mc[m], out);
		free(mc);
	}
	fputc('\n', out);
	return ret;
}

int report_sweep(const struct results *r, const struct report_opts *o, FILE *out)
{
	struct metric_comparison *mc = calloc(M_COUNT, sizeof(*mc));
	int best = best_cell(r, M_ELAPSED, 0), ret = mc ? 0 : -ENOMEM;
	struct table t;

	table_init(&t, "summary (means; change of elapsed against the fastest cell, 95% interval)",
		   cols, ARRAY_SIZE(cols));
	for (size_t i = 0; i < r->ncells && !ret && best >= 0; i++)
		ret = add_row(&t, &r->cells[best], &r->cells[i], &o->cmp, mc);
	if (!ret && best >= 0)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	free(mc);
	if (ret || best < 0)
		return ret;
	fprintf(out, "%s\n", significance_legend());
	ret = best_line(r, "fastest", M_ELAPSED, 0, &o->cmp, out);
	if (!ret)
		ret = best_line(r, "least CPU", M_CPU_TIME, 0, &o->cmp, out);
	if (!ret)
		ret = best_line(r, "least RAM for swap", M_SWAP_RAM, 1, &o->cmp, out);
	return ret;
}
