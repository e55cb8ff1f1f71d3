/* The answer for a block device fio measured: a row per cell in jobs then mode order with its
 * bandwidth (median and its interval), IOPS, p99 completion latency, fio's system CPU and a
 * compressed device's ratio; with several setups, each cell against the best one at the same
 * jobs and mode, and per mode which setup moved the most data, where a test says so. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/device/device.h"
#include "runner/report/device/device_words.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

struct block_view {
	const struct results *r;
	const struct answer *a;
	const struct report_opts *o;
	size_t *order; /* the cells in the rows' order */
	int several; /* more than one setup */
	enum device_interval k;
};

static void median_cell(struct table *t, enum column_id col, const struct result_cell *c,
			struct device_qty q, enum device_interval k)
{
	char buf[96];
	struct summary s;

	if (!device_summary(c, &q, &s))
		table_set(t, col, device_median_text(q.m[0], &s, k, buf, sizeof(buf)));
	else
		table_set(t, col, "-");
}

/* The median of each direction the mode has: "48.4" or, in a mixed mode, "18.3 / 4.0". */
static void per_direction(struct table *t, enum column_id col, const struct result_cell *c,
			  enum metric_id rm, enum metric_id wm)
{
	char a[32], b[32];
	int reads = device_mode_reads(c) && c->have_stats[rm];
	int writes = device_mode_writes(c) && c->have_stats[wm];

	fmt_metric(rm, reads ? c->stats[rm].median : NAN, a, sizeof(a));
	fmt_metric(wm, writes ? c->stats[wm].median : NAN, b, sizeof(b));
	if (reads && writes)
		table_setf(t, col, "%s / %s", a, b);
	else
		table_set(t, col, reads ? a : b);
}

static struct device_qty iops_of(const struct result_cell *c)
{
	int reads = device_mode_reads(c), writes = device_mode_writes(c);

	if (reads && writes)
		return (struct device_qty){ .m = { M_READ_IOPS, M_WRITE_IOPS }, .n = 2 };
	return device_qty_of(reads ? M_READ_IOPS : M_WRITE_IOPS);
}

static void change_cells(struct table *t, const struct block_view *v, size_t i)
{
	const struct answer_pair *pair = answer_pair_of(v->a, ROLE_VS_BEST, i);
	const struct metric_comparison *mc = pair ? &pair->mc[M_IO_BW] : NULL;
	char buf[96];

	if (answer_best_of_row(v->r, i) == (int)i) {
		table_set(t, COL_VS_BEST, "best");
		return;
	}
	if (!mc || !mc->have)
		return;
	table_set(t, COL_VS_BEST,
		  fmt_change(mc->est.change_pct, mc->est.lo_pct, mc->est.hi_pct, buf, sizeof(buf)));
	table_set(t, COL_P, fmt_p(mc->est.p, buf, sizeof(buf)));
	table_set(t, COL_SIG, comparison_mark(mc));
}

static int add_row(struct table *t, const struct block_view *v, size_t i)
{
	const struct result_cell *c = &v->r->cells[i];
	char buf[128];
	struct device_qty iops = iops_of(c);
	struct summary s;

	if (table_add_row(t) < 0)
		return -ENOMEM;
	table_setf(t, COL_JOBS, "%u", c->jobs);
	table_set(t, COL_MODE, c->mode[0] ? c->mode : "-");
	table_set(t, COL_SETUP, device_setup(c, buf, sizeof(buf)));
	table_setf(t, COL_N, "%u/%u", c->measured - c->failed, c->measured);
	if (device_mode_reads(c))
		median_cell(t, COL_READ, c, device_qty_of(M_READ_BW), v->k);
	else
		table_set(t, COL_READ, "-");
	if (device_mode_writes(c))
		median_cell(t, COL_WRITE, c, device_qty_of(M_WRITE_BW), v->k);
	else
		table_set(t, COL_WRITE, "-");
	if (!device_summary(c, &iops, &s))
		table_set_number(t, COL_IOPS, iops.m[0], s.median);
	per_direction(t, COL_P99, c, M_READ_CLAT_P99, M_WRITE_CLAT_P99);
	if (c->have_stats[M_FIO_SYS])
		table_set_number(t, COL_SYS, M_FIO_SYS, c->stats[M_FIO_SYS].median);
	if (c->have_stats[M_COMP_RATIO])
		table_setf(t, COL_COMP_RATIO, "%.2fx", c->stats[M_COMP_RATIO].median);
	change_cells(t, v, i);
	return 0;
}

static int any_ratio(const struct results *r)
{
	for (size_t i = 0; i < r->ncells; i++)
		if (r->cells[i].have_stats[M_COMP_RATIO])
			return 1;
	return 0;
}

/* The columns this file has: a setup column and the comparison only with several setups, the
 * ratio only for a compressed device. */
static size_t block_columns(const struct block_view *v, enum column_id *cols)
{
	static const enum column_id always[] = { COL_N,	   COL_READ, COL_WRITE,
						 COL_IOPS, COL_P99,  COL_SYS };
	size_t n = 0;

	cols[n++] = COL_JOBS;
	cols[n++] = COL_MODE;
	if (v->several)
		cols[n++] = COL_SETUP;
	for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		cols[n++] = always[i];
	if (any_ratio(v->r))
		cols[n++] = COL_COMP_RATIO;
	if (v->several) {
		cols[n++] = COL_VS_BEST;
		cols[n++] = COL_P;
		cols[n++] = COL_SIG;
	}
	return n;
}

static int print_table(const struct block_view *v, FILE *out)
{
	enum column_id cols[16];
	char title[512];
	struct table t;
	int ret = 0;

	snprintf(title, sizeof(title),
		 "fio on the device: READ, WRITE in MiB/s, median [%s]; IOPS, P99 completion "
		 "latency (us), SYS CPU (%%), medians",
		 device_interval_words(v->k));
	table_init(&t, title, cols, block_columns(v, cols));
	t.name = "block";
	for (size_t p = 0; p < v->r->ncells && !ret; p++)
		ret = add_row(&t, v, v->order[p]);
	if (!ret)
		ret = table_print(&t, &v->o->render, out);
	table_free(&t);
	return ret;
}

static const struct device_words bandwidth_words = { "higher", "lower", device_setup };

/* One jobs of a mode in words, into buf. */
static void jobs_words(const struct block_view *v, size_t best, char *buf, size_t len)
{
	const struct answer_pair **rivals = calloc(v->a->npairs + 1, sizeof(*rivals));
	size_t n = rivals ? answer_rivals(v->a, v->r, ROLE_VS_BEST, best, M_IO_BW, rivals) : 0;
	struct call c = answer_call_of(rivals, n, M_IO_BW);
	char leader[128];
	FILE *f = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (f) {
		device_call_words(v->r, device_setup(&v->r->cells[best], leader, sizeof(leader)),
				  &c, M_IO_BW, &bandwidth_words, f);
		fclose(f);
	}
	free(rivals);
}

/* " 1, 2": the jobs from row p on whose words are those of row p, each marked done. */
static void same_words_jobs(const struct block_view *v, size_t p, char (*words)[400], int *done,
			    FILE *out)
{
	const char *these = words[v->order[p]];
	size_t k = 0;

	for (size_t s = p; s < v->r->ncells; s++) {
		size_t j = v->order[s];
		if (!done[j] && words[j][0] && strcmp(words[j], these) == 0) {
			fprintf(out, "%s %u", k++ ? "," : "", v->r->cells[j].jobs);
			done[j] = 1;
		}
	}
}

/* "seq-write, write bandwidth: jobs 1, 2: zram higher than disk in every trial, but ...":
 * jobs whose words are the same share a clause. */
static void mode_line(const struct block_view *v, const struct result_cell *first, FILE *out)
{
	size_t n = v->r->ncells;
	char(*words)[400] = calloc(n, sizeof(*words));
	int *done = calloc(n, sizeof(*done)), clauses = 0;
	struct device_qty q = { .n = 0 };

	for (size_t p = 0; words && done && !device_bandwidth(first, &q) && p < n; p++) {
		size_t i = v->order[p];
		if (answer_best_of_row(v->r, i) == (int)i &&
		    strcmp(v->r->cells[i].mode, first->mode) == 0)
			jobs_words(v, i, words[i], sizeof(words[i]));
	}
	for (size_t p = 0; words && done && p < n; p++) {
		size_t i = v->order[p];
		if (done[i] || !words[i][0])
			continue;
		if (!clauses++)
			fprintf(out, "%s, %s bandwidth: ", first->mode[0] ? first->mode : "-",
				device_qty_name(&q));
		fprintf(out, "%sjobs", clauses > 1 ? "; " : "");
		same_words_jobs(v, p, words, done, out);
		fprintf(out, ": %s", words[i]);
	}
	if (clauses)
		fputc('\n', out);
	free(words);
	free(done);
}

/* Per mode, in the rows' order. */
static void closing_words(const struct block_view *v, FILE *out)
{
	for (size_t p = 0; p < v->r->ncells; p++) {
		const struct result_cell *c = &v->r->cells[v->order[p]];
		int seen = 0;
		for (size_t s = 0; s < p && !seen; s++)
			seen = strcmp(v->r->cells[v->order[s]].mode, c->mode) == 0;
		if (!seen)
			mode_line(v, c, out);
	}
}

int report_device_block(const struct results *r, const struct answer *a,
			const struct report_opts *o, FILE *out)
{
	struct block_view v = { .r = r, .a = a, .o = o, .k = device_interval_of(r) };
	int ret = -ENOMEM;

	v.order = calloc(r->ncells + 1, sizeof(*v.order));
	if (v.order) {
		device_order(r, v.order);
		v.several = device_several_setups(r);
		ret = 0;
	}
	if (!ret && r->ncells)
		ret = print_table(&v, out);
	if (!ret && v.several) {
		fputs("VS-BEST: the change of the bandwidth (read + write in a mixed mode) against "
		      "the best setup at the same jobs and mode, median and 95% interval\n",
		      out);
		device_legend(device_primary_tests(a, M_IO_BW), out);
		closing_words(&v, out);
	}
	if (!ret)
		report_device_held(r, out);
	free(v.order);
	return ret;
}
