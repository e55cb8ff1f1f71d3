/* A sweep's summary: a row per cell with its medians and its change of the run's primary
 * metric (elapsed; a service's throughput) against the first cell, then the claims "fastest"
 * (a service: "most throughput"), "least CPU" and "least RAM", each tested as such: the
 * answer's decisions (result/answer.h), rendered.
 *
 * Many comparisons, one error rate. The rows compare each cell with a baseline the plan named
 * before the run (its first cell), Holm over the rows: a cell picked afterwards for being the
 * best would make every row a comparison with the luckiest cell. A claim "X is the best of k"
 * holds only where X beats every other cell, each test at 2 alpha / k two-sided (alpha / k on
 * X's side): whichever cell came out on top, the chance of a false claim stays below alpha.
 * The best by the primary metric is the primary claim, at alpha; least CPU and least RAM are
 * secondary, alpha / 2 each. */
#include <math.h>
#include <stdio.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

static void median_cell(struct table *t, const struct result_cell *c, enum column_id col,
			enum metric_id m)
{
	if (c->have_stats[m])
		table_set_metric(t, col, m, c->stats[m].median);
}

static void add_row(struct table *t, const struct result_cell *c, enum metric_id m,
		    const struct answer_pair *pair, int first)
{
	const struct metric_comparison *mc = pair ? &pair->mc[m] : NULL;
	char change[80];
	double ratio;

	table_set(t, COL_CELL, c->label);
	table_setf(t, COL_N, "%u/%u", c->measured - c->failed, c->measured);
	median_cell(t, c, report_primary_column(m), m);
	if (first) {
		table_set(t, COL_VS_FIRST, "baseline");
	} else if (mc && mc->have) {
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

static int summary_table(const struct results *r, const struct answer *a,
			 const struct report_opts *o, FILE *out)
{
	const enum metric_id m = a->primary;
	const enum column_id primary = report_primary_column(m);
	const enum column_id cols[] = { COL_CELL, primary, COL_VS_FIRST, COL_SIG, COL_CPU,
					COL_SWAP, COL_RAM, COL_RATIO,	 COL_N };
	char title[160];
	struct table t;
	int ret = 0;

	snprintf(title, sizeof(title),
		 "summary (medians; %s against the first cell, 95%% interval, Holm over the "
		 "%zu rows)",
		 metrics[m].key, r->ncells - 1);
	table_init(&t, title, cols, ARRAY_SIZE(cols));
	t.name = "sweep";
	/* A failed trial is a warning of its own already. */
	table_hide(&t, COL_N);
	for (size_t i = 0; i < r->ncells && !ret; i++)
		if ((ret = table_add_row(&t)) >= 0) {
			add_row(&t, &r->cells[i], m, answer_pair_of(a, ROLE_VS_FIRST, i), i == 0);
			ret = 0;
		}
	if (!ret)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	return ret;
}

/* Why the claim does not hold against its closest rival. */
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
static void claim_line(const struct results *r, const struct answer *a, enum claim_id id, FILE *out)
{
	const struct answer_claim *cl = &a->claims[id];
	char v[48], p[16], name[48];

	if (cl->leader < 0)
		return;
	fprintf(out, "%s: %s (%s median)", answer_claim_name(a, id, name, sizeof(name)),
		r->cells[cl->leader].label,
		fmt_metric_unit(cl->m, r->cells[cl->leader].stats[cl->m].median, v, sizeof(v)));
	if (cl->holds)
		fprintf(out, ", ahead of every other cell (%s at most, each below %.3g)\n",
			fmt_p_is(cl->worst_p, p, sizeof(p)), cl->pair_alpha);
	else
		not_shown(&r->cells[cl->rival], &cl->vs[cl->rival], cl->pair_alpha, out);
}

int report_sweep(const struct results *r, const struct answer *a, const struct report_opts *o,
		 FILE *out)
{
	char best[48];
	int ret = summary_table(r, a, o, out);

	if (ret)
		return ret;
	fprintf(out, "%s\n", significance_legend());
	fprintf(out,
		"A claim of the best of k cells holds only ahead of every other, each test at 2 "
		"alpha / k (%s: alpha %g; least CPU and least RAM: alpha / 2 each)\n",
		answer_claim_name(a, CLAIM_BEST, best, sizeof(best)), a->opts.alpha);
	for (int k = 0; k < CLAIM_COUNT; k++)
		claim_line(r, a, (enum claim_id)k, out);
	return 0;
}
