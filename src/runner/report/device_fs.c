/* The answer for a filesystem on the device: per cell its write phase (the command), the
 * flush, the read phase and their total, the data it held and the RAM that cost; with several
 * cells, each against the fastest, and which was fastest and smallest where a test says so. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "runner/report/device_tests.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

struct fs_view {
	const struct results *r;
	const struct report_opts *o;
	int fastest, smallest; /* cells; -1: none has it */
	/* total time against the fastest (ntime of them), then RAM against the smallest */
	struct device_test *tests;
	size_t ntests, ntime;
	enum device_interval k;
};

static double median_of_cell(const struct result_cell *c, enum metric_id m)
{
	/* RAM 0 is a device that holds nothing in RAM: no rival for the smallest. */
	if (!c->have_stats[m] || (m == M_SWAP_RAM && c->stats[m].median <= 0))
		return NAN;
	return c->stats[m].median;
}

static int lowest(const struct results *r, enum metric_id m)
{
	int best = -1;

	for (size_t i = 0; i < r->ncells; i++)
		if (!isnan(median_of_cell(&r->cells[i], m)) &&
		    (best < 0 ||
		     median_of_cell(&r->cells[i], m) < median_of_cell(&r->cells[best], m)))
			best = (int)i;
	return best;
}

/* Every other cell with m against the best, the closest first. */
static void add_tests(struct fs_view *v, int best, enum metric_id m)
{
	size_t from = v->ntests;

	for (size_t i = 0; best >= 0 && i < v->r->ncells; i++) {
		const struct result_cell *c = &v->r->cells[i];
		size_t p = v->ntests++;
		if ((int)i == best || isnan(median_of_cell(c, m))) {
			v->ntests--;
			continue;
		}
		for (; p > from && median_of_cell(v->tests[p - 1].cell, m) > median_of_cell(c, m);
		     p--)
			v->tests[p] = v->tests[p - 1];
		v->tests[p] = (struct device_test){ .ref = &v->r->cells[best],
						    .cell = c,
						    .q = device_qty_of(m) };
	}
}

static int make_tests(struct fs_view *v)
{
	v->tests = calloc(2 * v->r->ncells + 1, sizeof(*v->tests));
	if (!v->tests)
		return -ENOMEM;
	v->fastest = lowest(v->r, M_FS_TOTAL_TIME);
	v->smallest = lowest(v->r, M_SWAP_RAM);
	add_tests(v, v->fastest, M_FS_TOTAL_TIME);
	v->ntime = v->ntests;
	add_tests(v, v->smallest, M_SWAP_RAM);
	return device_tests_run(v->tests, v->ntests, &v->o->cmp);
}

static void median_cell(struct table *t, enum column_id col, const struct result_cell *c,
			enum metric_id m)
{
	char buf[48];

	if (c->have_stats[m])
		table_set(t, col, fmt_metric(m, c->stats[m].median, buf, sizeof(buf)));
}

static void change_cells(struct table *t, const struct fs_view *v, size_t i)
{
	char buf[96];

	if ((int)i == v->fastest) {
		table_set(t, COL_VS_BEST, "best");
		return;
	}
	for (size_t k = 0; k < v->ntime; k++) {
		const struct device_test *d = &v->tests[k];
		if (d->cell != &v->r->cells[i] || !d->have)
			continue;
		table_set(t, COL_VS_BEST,
			  fmt_change(d->ts.change_pct, d->ts.change_lo_pct, d->ts.change_hi_pct,
				     buf, sizeof(buf)));
		table_set(t, COL_P, fmt_p(d->p, buf, sizeof(buf)));
		table_set(t, COL_SIG, significance_mark(d->sig));
	}
}

static int add_row(struct table *t, const struct fs_view *v, size_t i)
{
	const struct result_cell *c = &v->r->cells[i];
	struct device_qty total = device_qty_of(M_FS_TOTAL_TIME);
	char buf[96];
	struct summary s;

	if (table_add_row(t) < 0)
		return -ENOMEM;
	table_set(t, COL_CELL, c->label);
	table_setf(t, COL_N, "%u/%u", c->measured - c->failed, c->measured);
	median_cell(t, COL_WRITE, c, M_ELAPSED);
	median_cell(t, COL_FLUSH, c, M_FS_FLUSH_TIME);
	median_cell(t, COL_READ, c, M_FS_READ_TIME);
	if (!device_summary(c, &total, &s))
		table_set(t, COL_TOTAL,
			  device_median_text(M_FS_TOTAL_TIME, &s, v->k, buf, sizeof(buf)));
	change_cells(t, v, i);
	median_cell(t, COL_HELD, c, M_SWAP_STORED);
	if (!isnan(median_of_cell(c, M_SWAP_RAM))) {
		median_cell(t, COL_RAM, c, M_SWAP_RAM);
		if (c->have_stats[M_SWAP_STORED])
			table_setf(t, COL_RATIO, "%.2fx",
				   c->stats[M_SWAP_STORED].median / c->stats[M_SWAP_RAM].median);
	}
	return 0;
}

static int print_table(const struct fs_view *v, FILE *out)
{
	static const enum column_id one[] = { COL_CELL,	 COL_N,	   COL_WRITE, COL_FLUSH, COL_READ,
					      COL_TOTAL, COL_HELD, COL_RAM,   COL_RATIO };
	static const enum column_id several[] = { COL_CELL, COL_N,     COL_WRITE,   COL_FLUSH,
						  COL_READ, COL_TOTAL, COL_VS_BEST, COL_P,
						  COL_SIG,  COL_HELD,  COL_RAM,	    COL_RATIO };
	int many = v->r->ncells > 1, ret = 0;
	char title[512];
	struct table t;

	snprintf(title, sizeof(title),
		 "a filesystem on the device: WRITE, FLUSH, READ, TOTAL in seconds, medians, TOTAL "
		 "[%s]; HELD, RAM in MiB, medians",
		 device_interval_words(v->k));
	if (many)
		table_init(&t, title, several, sizeof(several) / sizeof(several[0]));
	else
		table_init(&t, title, one, sizeof(one) / sizeof(one[0]));
	for (size_t i = 0; i < v->r->ncells && !ret; i++)
		ret = add_row(&t, v, i);
	if (!ret)
		ret = table_print(&t, &v->o->render, out);
	table_free(&t);
	return ret;
}

static const char *cell_name(const struct result_cell *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s", c->label);
	return buf;
}

static void call_line(const struct fs_view *v, const char *what, int best, size_t from, size_t to,
		      const struct device_words *w, FILE *out)
{
	struct device_test *rivals[64];
	size_t n = 0;

	for (size_t i = from; i < to && n < sizeof(rivals) / sizeof(rivals[0]); i++)
		rivals[n++] = &v->tests[i];
	if (best < 0 || device_call_of(rivals, n) == CALL_ALONE)
		return;
	fprintf(out, "%s: ", what);
	device_call_words(v->r->cells[best].label, rivals, n, w, out);
	fputc('\n', out);
}

static const struct device_words time_words = { "longer", "shorter", cell_name };
static const struct device_words ram_words = { "larger", "smaller", cell_name };

int report_device_fs(const struct results *r, const struct report_opts *o, FILE *out)
{
	struct fs_view v = { .r = r, .o = o, .k = device_interval_of(r) };
	int ret = make_tests(&v);

	if (!ret && r->ncells)
		ret = print_table(&v, out);
	if (!ret)
		fprintf(out,
			"WRITE: the command; FLUSH: sync and the caches dropped; READ: the "
			"read-back "
			"command; RATIO: HELD / RAM%s\n",
			r->ncells > 1 ? "; VS-BEST: the change of TOTAL against the fastest cell, "
					"median and 95% interval"
				      : "");
	if (!ret && r->ncells > 1) {
		device_legend(v.ntests, out);
		call_line(&v, "total time (write + flush + read)", v.fastest, 0, v.ntime,
			  &time_words, out);
		call_line(&v, "RAM for the data", v.smallest, v.ntime, v.ntests, &ram_words, out);
	}
	if (!ret)
		report_device_held(r, out);
	free(v.tests);
	return ret;
}
