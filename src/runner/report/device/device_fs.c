/* The answer for a filesystem on the device: per cell its write phase (the command), the
 * flush, the read phase and their total, the data it held and the RAM that cost; with several
 * cells, each against the fastest, and which was fastest and smallest where a test says so. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "runner/report/device/device.h"
#include "runner/report/device/device_words.h"
#include "runner/report/format.h"
#include "runner/report/report.h"

struct fs_view {
	const struct results *r;
	const struct answer *a;
	const struct report_opts *o;
	enum device_interval k;
};

/* The cell the answer compared every other with by m (the fastest, the smallest); -1: none. */
static int leader_of(const struct fs_view *v, enum pair_role role)
{
	for (size_t i = 0; i < v->a->npairs; i++)
		if (v->a->pairs[i].role == role)
			return (int)v->a->pairs[i].ref;
	return -1;
}

static int has_ram(const struct result_cell *c)
{
	/* RAM 0 is a device that holds nothing in RAM. */
	return c->have_stats[M_SWAP_RAM] && c->stats[M_SWAP_RAM].median > 0;
}

static void median_cell(struct table *t, enum column_id col, const struct result_cell *c,
			enum metric_id m)
{
	if (c->have_stats[m])
		table_set_number(t, col, m, c->stats[m].median);
}

static void change_cells(struct table *t, const struct fs_view *v, size_t i)
{
	const struct answer_pair *pair = answer_pair_of(v->a, ROLE_VS_BEST, i);
	const struct metric_comparison *mc = pair ? &pair->mc[M_FS_TOTAL_TIME] : NULL;
	char buf[96];

	if ((int)i == leader_of(v, ROLE_VS_BEST)) {
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
	if (has_ram(c)) {
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
	t.name = "filesystem";
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

static void call_line(const struct fs_view *v, const char *what, enum pair_role role,
		      enum metric_id m, const struct device_words *w, FILE *out)
{
	int best = leader_of(v, role);
	const struct answer_pair **rivals;
	struct call c;
	size_t n;

	if (best < 0 || !(rivals = calloc(v->a->npairs + 1, sizeof(*rivals))))
		return;
	n = answer_rivals(v->a, v->r, role, (size_t)best, m, rivals);
	c = answer_call_of(rivals, n, m);
	if (c.call != CALL_ALONE) {
		fprintf(out, "%s: ", what);
		device_call_words(v->r, v->r->cells[best].label, &c, m, w, out);
		fputc('\n', out);
	}
	free(rivals);
}

static const struct device_words time_words = { "longer", "shorter", cell_name };
static const struct device_words ram_words = { "larger", "smaller", cell_name };

int report_device_fs(const struct results *r, const struct answer *a, const struct report_opts *o,
		     FILE *out)
{
	struct fs_view v = { .r = r, .a = a, .o = o, .k = device_interval_of(r) };
	int ret = 0;

	if (r->ncells)
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
		device_legend(device_primary_tests(a, M_FS_TOTAL_TIME), out);
		call_line(&v, "total time (write + flush + read)", ROLE_VS_BEST, M_FS_TOTAL_TIME,
			  &time_words, out);
		call_line(&v, "RAM for the data", ROLE_RAM_VS_LEAST, M_SWAP_RAM, &ram_words, out);
	}
	if (!ret)
		report_device_held(r, out);
	return ret;
}
