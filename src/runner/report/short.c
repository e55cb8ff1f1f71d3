/* The short answer per cell, as hyperfine prints a command: the median of its primary metric
 * (elapsed; a service's throughput) with its interval and the trials' spread, named a spread;
 * CPU, swap and what it cost in RAM; the latencies; then what makes a trial doubtful. */
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/report/format.h"
#include "runner/report/report.h"
#include "runner/result/latency_json.h"

void report_warnings(const struct result_cell *c, FILE *out, const char *indent)
{
	char text[128];

	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		if (t->status != TRIAL_OK)
			fprintf(out, "%strial %u%s: %s: %s\n", indent, t->index,
				t->warmup ? " (warmup)" : "", trial_status_name(t->status),
				t->note);
		for (unsigned f = 0; f < TRIAL_FLAG_COUNT; f++)
			if (t->flags & (1u << f))
				fprintf(out, "%swarning: trial %u%s: %s\n", indent, t->index,
					t->warmup ? " (warmup)" : "",
					trial_flag_text(f, c, text, sizeof(text)));
	}
}

size_t report_run_warnings(const struct results *r, FILE *out, const char *indent)
{
	json_object *w;
	size_t n = 0;

	if (!r->system.facts || !json_object_object_get_ex(r->system.facts, "warnings", &w) ||
	    !json_object_is_type(w, json_type_array))
		return 0;
	for (size_t i = 0; i < json_object_array_length(w); i++) {
		const char *text = json_object_get_string(json_object_array_get_idx(w, i));
		if (!text || !text[0])
			continue;
		if (out)
			fprintf(out, "%swarning before the run: %s\n", indent, text);
		n++;
	}
	return n;
}

void report_all_warnings(const struct results *r, FILE *out)
{
	char prefix[128];

	report_run_warnings(r, out, "");
	for (size_t i = 0; i < r->ncells; i++) {
		snprintf(prefix, sizeof(prefix), "%s: ", r->cells[i].label);
		report_warnings(&r->cells[i], out, prefix);
	}
}

/* The median of m and its interval, which stay inside the trials (a time never gets a
 * negative bound); the spread after them, named a spread. One trial has no interval to give. */
static void primary_line(const struct result_cell *c, enum metric_id m, FILE *out)
{
	const struct summary *s = &c->stats[m];
	char median[32], in[96], sd[32];

	fprintf(out, "  %-8s %s median", metrics[m].key,
		fmt_metric_unit(m, s->median, median, sizeof(median)));
	if (s->n < 2) {
		fputs(" (one trial: no interval)\n", out);
		return;
	}
	fmt_median_interval(m, s, in, sizeof(in));
	fprintf(out, ", interval %s%s  sd %s\n", in,
		isfinite(s->median_lo) ? "" : ": the range of the trials",
		fmt_metric_unit(m, s->stddev, sd, sizeof(sd)));
}

/* What the RAM held against what it cost, allocator overhead included: medians, as every
 * number of the answer. */
int report_ram_ratio(const struct result_cell *c, double *ratio)
{
	if (!c->have_stats[M_SWAP_STORED] || !c->have_stats[M_SWAP_RAM] ||
	    c->stats[M_SWAP_RAM].median <= 0)
		return 0;
	*ratio = c->stats[M_SWAP_STORED].median / c->stats[M_SWAP_RAM].median;
	return 1;
}

static void swap_line(const struct result_cell *c, FILE *out)
{
	char swap[32], ram[32];
	double ratio;

	if (!c->have_stats[M_SWAP_PEAK])
		return;
	fprintf(out, "  swap     %s written",
		fmt_metric_unit(M_SWAP_PEAK, c->stats[M_SWAP_PEAK].median, swap, sizeof(swap)));
	if (c->have_stats[M_SWAP_RAM] && c->stats[M_SWAP_RAM].median > 0) {
		fprintf(out, ", held in %s of RAM",
			fmt_metric_unit(M_SWAP_RAM, c->stats[M_SWAP_RAM].median, ram, sizeof(ram)));
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

/* What a service's clients waited per request, as its load generator printed it: the medians
 * over the trials. */
static void request_line(const struct result_cell *c, FILE *out)
{
	static const struct {
		enum metric_id m;
		const char *name;
	} q[] = { { M_REQUEST_AVG, "avg" },
		  { M_REQUEST_P50, "p50" },
		  { M_REQUEST_P95, "p95" },
		  { M_REQUEST_P99, "p99" },
		  { M_REQUEST_MAX, "max" } };
	const char *sep = "  request  ";
	char v[24];

	for (size_t i = 0; i < ARRAY_SIZE(q); i++)
		if (c->have_stats[q[i].m]) {
			fprintf(out, "%s%s %s", sep, q[i].name,
				fmt_ns(c->stats[q[i].m].median * 1000, v, sizeof(v)));
			sep = ", ";
		}
	if (strcmp(sep, ", ") == 0)
		fputs(" (medians)\n", out);
}

static void cell_lines(const struct result_cell *c, FILE *out)
{
	char u[32], s[32];

	fprintf(out, "%s: %u of %u trials ok%s%s%s%s%s%s\n", c->label, c->measured - c->failed,
		c->measured, c->device[0] ? ", " : "", c->device, c->comp_used[0] ? " " : "",
		c->comp_used, c->zpool_used[0] ? "/" : "", c->zpool_used);
	if (c->have_stats[cell_primary(c)])
		primary_line(c, cell_primary(c), out);
	if (c->have_stats[M_USER] && c->have_stats[M_SYS])
		fprintf(out, "  cpu      user %s, sys %s (medians)\n",
			fmt_metric_unit(M_USER, c->stats[M_USER].median, u, sizeof(u)),
			fmt_metric_unit(M_SYS, c->stats[M_SYS].median, s, sizeof(s)));
	swap_line(c, out);
	latency_line(c, out);
	request_line(c, out);
	report_warnings(c, out, "  ");
}

static void median_cell(struct table *t, const struct result_cell *c, enum column_id col,
			enum metric_id m)
{
	if (c->have_stats[m])
		table_set_metric(t, col, m, c->stats[m].median);
}

enum column_id report_primary_column(enum metric_id m)
{
	return m == M_THROUGHPUT ? COL_THROUGHPUT : COL_ELAPSED;
}

/* A cell's row, by m: the set's primary metric, one column for all its cells. */
static void markdown_row(struct table *t, const struct result_cell *c, enum metric_id m)
{
	const struct summary *e = &c->stats[m];
	char a[96];
	double ratio;

	table_set(t, COL_CELL, c->label);
	table_setf(t, COL_N, "%u/%u", c->measured - c->failed, c->measured);
	median_cell(t, c, report_primary_column(m), m);
	if (c->have_stats[m]) {
		table_set_number(t, COL_MIN, m, e->min);
		table_set_number(t, COL_MAX, m, e->max);
		table_set_number(t, COL_STDDEV, m, e->stddev);
		table_set(t, COL_INTERVAL, fmt_median_interval(m, e, a, sizeof(a)));
	}
	median_cell(t, c, COL_CPU, M_CPU_TIME);
	median_cell(t, c, COL_SWAP, M_SWAP_PEAK);
	median_cell(t, c, COL_RAM, M_SWAP_RAM);
	if (report_ram_ratio(c, &ratio))
		table_setf(t, COL_RATIO, "%.2fx", ratio);
}

/* A row per cell: markdown's, to paste into a bug report, and the table's when its columns or
 * shape are asked for, as lsblk's; the warnings after it. */
static int cells_table(const struct results *r, const struct report_opts *o, FILE *out)
{
	enum metric_id m = results_primary(r);
	const enum column_id primary = report_primary_column(m);
	const enum column_id cols[] = { COL_CELL, COL_N,     primary,	COL_INTERVAL,
					COL_MIN,  COL_MAX,   COL_CPU,	COL_SWAP,
					COL_RAM,  COL_RATIO, COL_STDDEV };
	struct table t;
	int ret = 0;

	table_init(&t, "", cols, ARRAY_SIZE(cols));
	t.name = "cells";
	/* The spread is the interval's, said once; its sd is there for those who ask. */
	table_hide(&t, COL_STDDEV);
	for (size_t i = 0; i < r->ncells && ret >= 0; i++)
		if ((ret = table_add_row(&t)) >= 0)
			markdown_row(&t, &r->cells[i], m);
	if (ret >= 0)
		ret = table_print(&t, &o->render, out);
	table_free(&t);
	if (o->render.format == FORMAT_MARKDOWN) {
		report_run_warnings(r, out, "- ");
		for (size_t i = 0; i < r->ncells; i++)
			report_warnings(&r->cells[i], out, "- ");
	} else
		report_all_warnings(r, out);
	return ret < 0 ? ret : 0;
}

static int table_asked(const struct render_opts *o)
{
	return o->format == FORMAT_MARKDOWN || (o->columns && o->columns->n) || o->raw || o->json ||
		o->bytes || o->output_all || o->noheadings;
}

int report_cells(const struct results *r, const struct report_opts *o, FILE *out)
{
	if (table_asked(&o->render))
		return cells_table(r, o, out);
	for (size_t i = 0; i < r->ncells; i++)
		cell_lines(&r->cells[i], out);
	/* Each cell's warnings are under it; the machine's, for them all, after them. */
	report_run_warnings(r, out, "");
	return 0;
}
