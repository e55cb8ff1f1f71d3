#include "runner/result/report.h"

#include <errno.h>
#include <limits.h>
#include <libsmartcols.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/result/compare.h"

/* "±" where the locale can show it, as LKP prints it; ASCII elsewhere. */
static const char *plus_minus(void)
{
	return MB_CUR_MAX > 1 ? "±" : "+-";
}

static const char *fmt_value(enum metric_id m, double v, char *buf, size_t len)
{
	double d = metric_display((enum metric_id)m, v);
	switch (metrics[m].unit) {
	case UNIT_SECONDS:
		snprintf(buf, len, "%.3f", d);
		break;
	case UNIT_BYTES:
	case UNIT_MIBPS:
		snprintf(buf, len, "%.1f", d);
		break;
	case UNIT_RATIO:
	case UNIT_PER_MIB:
		snprintf(buf, len, "%.2f", d);
		break;
	default:
		snprintf(buf, len, "%.0f", d);
	}
	return buf;
}

static const char *fmt_pct(double pct, int sign, char *buf, size_t len)
{
	if (!isfinite(pct))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, sign ? "%+.1f%%" : "%.1f%%", pct);
	return buf;
}

static struct libscols_table *new_table(const char *title, const char *const *names, size_t n)
{
	struct libscols_table *tb = scols_new_table();
	if (!tb)
		return NULL;
	scols_cell_set_data(scols_table_get_title(tb), title);
	for (size_t i = 0; i < n; i++)
		if (!scols_table_new_column(tb, names[i], 0, i ? SCOLS_FL_RIGHT : 0)) {
			scols_unref_table(tb);
			return NULL;
		}
	return tb;
}

static int cell_table(const struct result_cell *c, FILE *out)
{
	static const char *const cols[] = { "METRIC", "UNIT", "MEAN", "STDDEV", "%STDDEV", "MIN",
					    "MEDIAN", "MAX" };
	char title[PATH_MAX + 256], buf[8][48];
	struct libscols_table *tb;
	unsigned measured = 0;

	for (size_t i = 0; i < c->ntrials; i++)
		measured += !c->trials[i].warmup;
	snprintf(title, sizeof(title), "%s: %u of %u trials ok%s%s%s%s%s%s", c->label,
		 measured - c->failed, measured, c->device[0] ? ", " : "", c->device,
		 c->comp_used[0] ? " " : "", c->comp_used, c->zpool_used[0] ? "/" : "", c->zpool_used);
	tb = new_table(title, cols, sizeof(cols) / sizeof(cols[0]));
	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	for (int m = 0; m < M_COUNT; m++) {
		const struct summary *s = &c->stats[m];
		struct libscols_line *ln;
		if (!c->have_stats[m] || !(ln = scols_table_new_line(tb, NULL)))
			continue;
		scols_line_set_data(ln, 0, metrics[m].key);
		scols_line_set_data(ln, 1, metric_unit_name(metrics[m].unit));
		scols_line_set_data(ln, 2, fmt_value((enum metric_id)m, s->mean, buf[0], sizeof(buf[0])));
		scols_line_set_data(ln, 3, fmt_value((enum metric_id)m, s->stddev, buf[1], sizeof(buf[1])));
		scols_line_set_data(ln, 4, fmt_pct(summary_rel_stddev(s), 0, buf[2], sizeof(buf[2])));
		scols_line_set_data(ln, 5, fmt_value((enum metric_id)m, s->min, buf[3], sizeof(buf[3])));
		scols_line_set_data(ln, 6, fmt_value((enum metric_id)m, s->median, buf[4], sizeof(buf[4])));
		scols_line_set_data(ln, 7, fmt_value((enum metric_id)m, s->max, buf[5], sizeof(buf[5])));
	}
	scols_print_table(tb);
	scols_unref_table(tb);
	if (c->ntrials) {
		char list[1024] = "";
		for (int m = 0; m < M_COUNT; m++)
			if (c->trials[0].unavailable[m])
				snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", list[0] ? ", " : "",
					 metrics[m].key);
		if (list[0])
			fprintf(out, "  unavailable on this machine (not zero): %s\n", list);
	}
	for (size_t i = 0; i < c->ntrials; i++) {
		const struct trial *t = &c->trials[i];
		if (t->status != TRIAL_OK)
			fprintf(out, "  trial %u%s: %s: %s\n", t->index, t->warmup ? " (warmup)" : "",
				trial_status_name(t->status), t->note);
		for (unsigned f = 0; f < TRIAL_FLAG_COUNT; f++)
			if (t->flags & (1u << f))
				fprintf(out, "  warning: trial %u%s: %s\n", t->index, t->warmup ? " (warmup)" : "",
					trial_flag_text(f));
	}
	return 0;
}

/* LKP's layout: base mean ± %stddev, then %change and mean ± %stddev for each other cell. */
static int comparison_table(const struct results *run, FILE *out)
{
	const char *names[2 + 2 * 16];
	char heads[2 * 16][80], buf[3][64];
	struct libscols_table *tb;
	size_t ncols = 0, ncells = run->ncells > 17 ? 17 : run->ncells;

	names[ncols++] = "METRIC";
	names[ncols++] = run->cells[0].label;
	for (size_t i = 1; i < ncells; i++) {
		snprintf(heads[2 * i - 2], sizeof(heads[0]), "%%CHANGE");
		names[ncols++] = heads[2 * i - 2];
		names[ncols++] = run->cells[i].label;
	}
	snprintf(buf[0], sizeof(buf[0]), "comparison (mean %s %%stddev, %%change against the first)",
		 plus_minus());
	tb = new_table(buf[0], names, ncols);
	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	for (int m = 0; m < M_COUNT; m++) {
		const struct result_cell *base = &run->cells[0];
		struct libscols_line *ln;
		if (!base->have_stats[m] || !(ln = scols_table_new_line(tb, NULL)))
			continue;
		snprintf(buf[2], sizeof(buf[2]), "%s%s%s", metrics[m].key,
			 metrics[m].unit == UNIT_BYTES || metrics[m].unit == UNIT_SECONDS ? " " : "",
			 metrics[m].unit == UNIT_BYTES || metrics[m].unit == UNIT_SECONDS ?
				 metric_unit_name(metrics[m].unit) : "");
		scols_line_set_data(ln, 0, buf[2]);
		for (size_t i = 0; i < ncells; i++) {
			const struct result_cell *c = &run->cells[i];
			struct comparison cmp;
			char cellbuf[128], pct[24];
			if (!c->have_stats[m])
				continue;
			fmt_value((enum metric_id)m, c->stats[m].mean, buf[0], sizeof(buf[0]));
			snprintf(cellbuf, sizeof(cellbuf), "%s %s %s", buf[0], plus_minus(),
				 fmt_pct(summary_rel_stddev(&c->stats[m]), 0, pct, sizeof(pct)));
			scols_line_set_data(ln, i ? 2 * i + 1 : 1, cellbuf);
			if (i && compare_metric(base, c, m, &cmp) == 0)
				scols_line_set_data(ln, 2 * i, fmt_pct(cmp.change_pct, 1, buf[1], sizeof(buf[1])));
		}
	}
	scols_print_table(tb);
	scols_unref_table(tb);
	if (ncells < run->ncells)
		fprintf(out, "  (the first %zu cells; the other %zu are compared in the result file)\n", ncells,
			run->ncells - ncells);
	return 0;
}

/* The two numbers a user decides on: how much faster, how much smaller. */
static void verdicts(const struct results *run, FILE *out)
{
	const struct result_cell *base = &run->cells[0];
	for (size_t i = 1; i < run->ncells; i++) {
		const struct result_cell *c = &run->cells[i];
		struct comparison cmp;
		if (compare_metric(base, c, M_ELAPSED, &cmp) == 0)
			fprintf(out, "%s vs %s: elapsed %.3f s vs %.3f s, ratio %.3f (%+.1f%%)\n", c->label,
				base->label, cmp.value, cmp.base, cmp.ratio, cmp.change_pct);
		if (compare_metric(base, c, M_COMP_RATIO, &cmp) == 0)
			fprintf(out, "%s vs %s: compression %.2fx vs %.2fx (%+.1f%%)\n", c->label,
				base->label, cmp.value, cmp.base, cmp.change_pct);
		else if (c->have_stats[M_COMP_RATIO])
			fprintf(out, "%s: compression %.2fx (%s stores pages uncompressed)\n", c->label,
				c->stats[M_COMP_RATIO].mean, base->label);
	}
}

/* What a cell's swapped memory cost in RAM: zram's mem_used_total or zswap's pool. */
static int ram_cost(const struct result_cell *c, double *bytes)
{
	if (c->have_stats[M_ZRAM_MEM]) {
		*bytes = c->stats[M_ZRAM_MEM].mean;
		return 1;
	}
	if (c->have_stats[M_ZSWAP_POOL]) {
		*bytes = c->stats[M_ZSWAP_POOL].mean;
		return 1;
	}
	return 0;
}

/* The seeds' zramtest3 summary: average time and RAM for swap per cell, then the gains:
 * the fastest against the slowest, the smallest against the largest. */
static int summary(const struct results *run, FILE *out)
{
	static const char *const cols[] = { "CELL", "ELAPSED s", "%STDDEV", "RAM FOR SWAP MiB", "RATIO" };
	const struct result_cell *fast = NULL, *slow = NULL, *small = NULL, *big = NULL;
	double small_ram = 0, big_ram = 0;
	struct libscols_table *tb = new_table("summary (means of the ok trials)", cols, 5);
	char buf[4][48];

	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	for (size_t i = 0; i < run->ncells; i++) {
		const struct result_cell *c = &run->cells[i];
		struct libscols_line *ln = scols_table_new_line(tb, NULL);
		double ram;
		if (!ln)
			continue;
		scols_line_set_data(ln, 0, c->label);
		if (c->have_stats[M_ELAPSED]) {
			const struct summary *e = &c->stats[M_ELAPSED];
			scols_line_set_data(ln, 1, fmt_value(M_ELAPSED, e->mean, buf[0], sizeof(buf[0])));
			scols_line_set_data(ln, 2, fmt_pct(summary_rel_stddev(e), 0, buf[1], sizeof(buf[1])));
			if (!fast || e->mean < fast->stats[M_ELAPSED].mean)
				fast = c;
			if (!slow || e->mean > slow->stats[M_ELAPSED].mean)
				slow = c;
		}
		if (ram_cost(c, &ram)) {
			snprintf(buf[2], sizeof(buf[2]), "%.1f", ram / 1048576.0);
			scols_line_set_data(ln, 3, buf[2]);
			if (!small || ram < small_ram) {
				small = c;
				small_ram = ram;
			}
			if (!big || ram > big_ram) {
				big = c;
				big_ram = ram;
			}
		}
		if (c->have_stats[M_COMP_RATIO])
			scols_line_set_data(ln, 4, fmt_value(M_COMP_RATIO, c->stats[M_COMP_RATIO].mean, buf[3], sizeof(buf[3])));
	}
	scols_print_table(tb);
	scols_unref_table(tb);
	if (fast && slow && fast != slow)
		fprintf(out, "gain: time %.1f%% (%s vs %s)\n",
			100.0 * (slow->stats[M_ELAPSED].mean - fast->stats[M_ELAPSED].mean) / slow->stats[M_ELAPSED].mean,
			fast->label, slow->label);
	if (small && big && small != big)
		fprintf(out, "gain: RAM for swap %.1f%% (%s vs %s)\n", 100.0 * (big_ram - small_ram) / big_ram,
			small->label, big->label);
	return 0;
}

int report_print(const struct results *run, FILE *out)
{
	int ret = 0;
	for (size_t i = 0; i < run->ncells && !ret; i++) {
		ret = cell_table(&run->cells[i], out);
		fputc('\n', out);
	}
	if (!ret && run->ncells > 1) {
		ret = comparison_table(run, out);
		fputc('\n', out);
		verdicts(run, out);
		fputc('\n', out);
		if (!ret)
			ret = summary(run, out);
	}
	return ret;
}
