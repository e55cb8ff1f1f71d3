/* The short answer per cell, as hyperfine prints a command: elapsed mean ± stddev with its
 * range and interval, CPU, swap and what it cost in RAM, then what makes a trial doubtful. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/report.h"
#include "runner/result/latency_json.h"

void report_warnings(const struct result_cell *c, FILE *out, const char *indent)
{
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		if (t->status != TRIAL_OK)
			fprintf(out, "%strial %u%s: %s: %s\n", indent, t->index,
				t->warmup ? " (warmup)" : "", trial_status_name(t->status),
				t->note);
		for (unsigned f = 0; f < TRIAL_FLAG_COUNT; f++)
			if (t->flags & (1u << f))
				fprintf(out, "%swarning: trial %u%s: %s\n", indent, t->index,
					t->warmup ? " (warmup)" : "", trial_flag_text(f));
	}
}

void report_all_warnings(const struct results *r, FILE *out)
{
	char prefix[128];

	for (size_t i = 0; i < r->ncells; i++) {
		snprintf(prefix, sizeof(prefix), "%s: ", r->cells[i].label);
		report_warnings(&r->cells[i], out, prefix);
	}
}

static void elapsed_line(const struct result_cell *c, FILE *out)
{
	const struct summary *s = &c->stats[M_ELAPSED];
	char mean[32], sd[32], lo[32], hi[32], cl[32], ch[32];

	fprintf(out, "  elapsed  %s %s %s  [%s %s %s]",
		fmt_metric_unit(M_ELAPSED, s->mean, mean, sizeof(mean)), plus_minus(),
		fmt_metric_unit(M_ELAPSED, s->stddev, sd, sizeof(sd)),
		fmt_metric_unit(M_ELAPSED, s->min, lo, sizeof(lo)), ellipsis(),
		fmt_metric_unit(M_ELAPSED, s->max, hi, sizeof(hi)));
	if (isfinite(s->mean_lo))
		fprintf(out, "  95%% CI %s %s %s",
			fmt_metric(M_ELAPSED, s->mean_lo, cl, sizeof(cl)), ellipsis(),
			fmt_metric_unit(M_ELAPSED, s->mean_hi, ch, sizeof(ch)));
	fputc('\n', out);
}

/* What the RAM held against what it cost, allocator overhead included. */
int report_ram_ratio(const struct result_cell *c, double *ratio)
{
	if (!c->have_stats[M_SWAP_STORED] || !c->have_stats[M_SWAP_RAM] ||
	    c->stats[M_SWAP_RAM].mean <= 0)
		return 0;
	*ratio = c->stats[M_SWAP_STORED].mean / c->stats[M_SWAP_RAM].mean;
	return 1;
}

static void swap_line(const struct result_cell *c, FILE *out)
{
	char swap[32], ram[32];
	double ratio;

	if (!c->have_stats[M_SWAP_PEAK])
		return;
	fprintf(out, "  swap     %s written",
		fmt_metric_unit(M_SWAP_PEAK, c->stats[M_SWAP_PEAK].mean, swap, sizeof(swap)));
	if (c->have_stats[M_SWAP_RAM] && c->stats[M_SWAP_RAM].mean > 0) {
		fprintf(out, ", held in %s of RAM",
			fmt_metric_unit(M_SWAP_RAM, c->stats[M_SWAP_RAM].mean, ram, sizeof(ram)));
		if (report_ram_ratio(c, &ratio))
			fprintf(out, " (%.2fx)", ratio);
	}
	fputc('\n', out);
}

/* The access latencies of every measured trial merged: what a user waits for a page (or, for
 * tabs, for a tab to come back). */
static void latency_line(const struct result_cell *c, FILE *out)
{
	static struct histogram all;
	char p50[24], p99[24], p999[24], max[24];

	if (cell_latency(c, LAT_ACCESS, &all) || !hist_count(&all))
		return;
	fprintf(out, "  latency  p50 %s, p99 %s, p99.9 %s, max %s over %llu %s\n",
		fmt_ns((double)hist_percentile(&all, 50), p50, sizeof(p50)),
		fmt_ns((double)hist_percentile(&all, 99), p99, sizeof(p99)),
		fmt_ns((double)hist_percentile(&all, 99.9), p999, sizeof(p999)),
		fmt_ns((double)hist_max(&all), max, sizeof(max)),
		(unsigned long long)hist_count(&all), c->have_stats[M_POKES] ? "pokes" : "reads");
}

static void cell_lines(const struct result_cell *c, FILE *out)
{
	char u[32], s[32];

	fprintf(out, "%s: %u of %u trials ok%s%s%s%s%s%s\n", c->label, c->measured - c->failed,
		c->measured, c->device[0] ? ", " : "", c->device, c->comp_used[0] ? " " : "",
		c->comp_used, c->zpool_used[0] ? "/" : "", c->zpool_used);
	if (c->have_stats[M_ELAPSED])
		elapsed_line(c, out);
	if (c->have_stats[M_USER] && c->have_stats[M_SYS])
		fprintf(out, "  cpu      user %s, sys %s\n",
			fmt_metric_unit(M_USER, c->stats[M_USER].mean, u, sizeof(u)),
			fmt_metric_unit(M_SYS, c->stats[M_SYS].mean, s, sizeof(s)));
	swap_line(c, out);
	latency_line(c, out);
	report_warnings(c, out, "  ");
}

/* Markdown: one row per cell, to paste into a bug report; warnings as a list after it. */
static int cells_markdown(const struct results *r, const struct report_opts *o, FILE *out)
{
	static const enum column_id cols[] = { COL_CELL, COL_N,	  COL_ELAPSED, COL_MIN, COL_MAX,
					       COL_CI,	 COL_CPU, COL_SWAP,    COL_RAM, COL_RATIO };
	struct table t;
	char a[48], b[48];
	double ratio;
	int ret = 0;

	table_init(&t, "", cols, ARRAY_SIZE(cols));
	for (size_t i = 0; i < r->ncells && ret >= 0; i++) {
		const struct result_cell *c = &r->cells[i];
		const struct summary *e = &c->stats[M_ELAPSED];
		ret = table_add_row(&t);
		table_set(&t, COL_CELL, c->label);
		table_setf(&t, COL_N, "%u/%u", c->measured - c->failed, c->measured);
		if (c->have_stats[M_ELAPSED]) {
			table_setf(&t, COL_ELAPSED, "%s %s %s",
				   fmt_metric_unit(M_ELAPSED, e->mean, a, sizeof(a)), plus_minus(),
				   fmt_metric(M_ELAPSED, e->stddev, b, sizeof(b)));
			table_set(&t, COL_MIN, fmt_metric(M_ELAPSED, e->min, a, sizeof(a)));
			table_set(&t, COL_MAX, fmt_metric(M_ELAPSED, e->max, a, sizeof(a)));
			if (isfinite(e->mean_lo))
				table_setf(&t, COL_CI, "%s %s %s",
					   fmt_metric(M_ELAPSED, e->mean_lo, a, sizeof(a)),
					   ellipsis(),
					   fmt_metric(M_ELAPSED, e->mean_hi, b, sizeof(b)));
		}
		if (c->have_stats[M_CPU_TIME])
			table_set(&t, COL_CPU,
				  fmt_metric_unit(M_CPU_TIME, c->stats[M_CPU_TIME].mean, a,
						  sizeof(a)));
		if (c->have_stats[M_SWAP_PEAK])
			table_set(&t, COL_SWAP,
				  fmt_metric_unit(M_SWAP_PEAK, c->stats[M_SWAP_PEAK].mean, a,
						  sizeof(a)));
		if (c->have_stats[M_SWAP_RAM])
			table_set(&t, COL_RAM,
				  fmt_metric_unit(M_SWAP_RAM, c->stats[M_SWAP_RAM].mean, a,
						  sizeof(a)));
		if (report_ram_ratio(c, &ratio))
			table_setf(&t, COL_RATIO, "%.2fx", ratio);
	}
	if (ret >= 0)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	for (size_t i = 0; i < r->ncells; i++)
		report_warnings(&r->cells[i], out, "- ");
	return ret < 0 ? ret : 0;
}

int report_cells(const struct results *r, const struct report_opts *o, FILE *out)
{
	if (o->render.format == FORMAT_MARKDOWN)
		return cells_markdown(r, o, out);
	for (size_t i = 0; i < r->ncells; i++)
		cell_lines(&r->cells[i], out);
	return 0;
}
