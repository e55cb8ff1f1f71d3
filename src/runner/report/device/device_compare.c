/* `compare` of result files that measured devices, side by side as the zram kit's comparison
 * script printed its logs: a row per jobs and mode (a block device) or per cell and phase (a
 * filesystem), each file's median in a column of its own, and each later file's change
 * against the first with its interval, p and mark; then per later file how many rows moved
 * which way, in words that follow each quantity's direction. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/device/device.h"
#include "runner/report/device/device_words.h"
#include "runner/report/format.h"
#include "runner/report/report.h"
#include "runner/result/match.h"

/* A row: a cell of the first file and the metric it is judged by. */
struct row {
	size_t base;
	enum metric_id m;
};

struct side_by_side {
	const struct results *const *sets;
	const char *const *files;
	size_t n;
	const struct files_answer *fa;
	struct row *rows;
	size_t nrows;
	int several; /* more than one setup */
	enum device_kind kind;
};

/* The filesystem's rows of a cell: its phases and what it cost in RAM. */
static const enum metric_id fs_rows[] = { M_ELAPSED, M_FS_FLUSH_TIME, M_FS_READ_TIME,
					  M_FS_TOTAL_TIME, M_SWAP_RAM };
#define FS_ROWS (sizeof(fs_rows) / sizeof(fs_rows[0]))

static int make_rows(struct side_by_side *v)
{
	const struct results *base = v->sets[0];
	size_t *order = calloc(base->ncells + 1, sizeof(*order));

	v->rows = calloc(base->ncells * FS_ROWS + 1, sizeof(*v->rows));
	if (!order || !v->rows) {
		free(order);
		return -ENOMEM;
	}
	device_order(base, order);
	for (size_t p = 0; p < base->ncells; p++) {
		const struct result_cell *c = &base->cells[order[p]];
		if (v->kind == DEVICE_BLOCK && c->have_stats[M_IO_BW])
			v->rows[v->nrows++] = (struct row){ order[p], M_IO_BW };
		for (size_t m = 0; v->kind == DEVICE_FS && m < FS_ROWS; m++)
			if (c->have_stats[fs_rows[m]])
				v->rows[v->nrows++] = (struct row){ order[p], fs_rows[m] };
	}
	free(order);
	return 0;
}

static const struct result_cell *cell_in(const struct side_by_side *v, size_t f, size_t base)
{
	const struct file_pair *fp = f ? files_answer_pair(v->fa, f, base) : NULL;

	return f == 0 ? &v->sets[0]->cells[base] : fp ? &v->sets[f]->cells[fp->cell] : NULL;
}

/* The decision of row r against file f; NULL where f has no such cell or metric. */
static const struct metric_comparison *decision(const struct side_by_side *v, size_t r, size_t f)
{
	const struct file_pair *fp = files_answer_pair(v->fa, f, v->rows[r].base);

	return fp && fp->mc[v->rows[r].m].have ? &fp->mc[v->rows[r].m] : NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

/* Each file's column is headed by its name without folders, unless two would look alike. */
static const char *file_heading(const struct side_by_side *v, size_t f)
{
	for (size_t g = 0; g < v->n; g++)
		if (g != f && strcmp(base_name(v->files[g]), base_name(v->files[f])) == 0)
			return v->files[f];
	return base_name(v->files[f]);
}

/* The columns: what names the row, then each file's median and each later one's change. */
static size_t columns(const struct side_by_side *v, enum column_id *cols, size_t max)
{
	size_t n = 0;

	if (v->kind == DEVICE_BLOCK) {
		cols[n++] = COL_JOBS;
		cols[n++] = COL_MODE;
		if (v->several)
			cols[n++] = COL_SETUP;
	} else {
		cols[n++] = COL_CELL;
		cols[n++] = COL_METRIC;
	}
	for (size_t f = 0; f < v->n && n + 4 <= max; f++) {
		cols[n++] = COL_VALUE;
		if (f) {
			cols[n++] = COL_CHANGE;
			cols[n++] = COL_P;
			cols[n++] = COL_SIG;
		}
	}
	return n;
}

/* A file's median of the row: bandwidth per direction ("354.8 / 372.5" in a mixed mode), a
 * time, or RAM. */
static void value_text(const struct row *row, const struct result_cell *c, char *buf, size_t len)
{
	char a[32], b[32];

	if (!c) {
		snprintf(buf, len, "-");
		return;
	}
	if (row->m == M_IO_BW && device_mode_reads(c) && device_mode_writes(c)) {
		fmt_metric(M_READ_BW, c->have_stats[M_READ_BW] ? c->stats[M_READ_BW].median : NAN,
			   a, sizeof(a));
		fmt_metric(M_WRITE_BW,
			   c->have_stats[M_WRITE_BW] ? c->stats[M_WRITE_BW].median : NAN, b,
			   sizeof(b));
		snprintf(buf, len, "%s / %s", a, b);
		return;
	}
	fmt_metric(row->m, c->have_stats[row->m] ? c->stats[row->m].median : NAN, buf, len);
}

static void names_cells(struct table *t, const struct side_by_side *v, const struct row *row)
{
	const struct result_cell *c = &v->sets[0]->cells[row->base];
	char buf[128];

	if (v->kind == DEVICE_BLOCK) {
		table_setf(t, COL_JOBS, "%u", c->jobs);
		table_set(t, COL_MODE, c->mode[0] ? c->mode : "-");
		if (v->several)
			table_set(t, COL_SETUP, device_setup(c, buf, sizeof(buf)));
		return;
	}
	table_set(t, COL_CELL, c->label);
	table_set(t, COL_METRIC, metrics[row->m].key);
}

static int add_row(struct table *t, const struct side_by_side *v, size_t r, size_t first)
{
	const struct row *row = &v->rows[r];
	size_t at = first;
	char buf[96];

	if (table_add_row(t) < 0)
		return -ENOMEM;
	names_cells(t, v, row);
	for (size_t f = 0; f < v->n && at < t->ncols; f++) {
		const struct metric_comparison *d = f ? decision(v, r, f) : NULL;
		value_text(row, cell_in(v, f, row->base), buf, sizeof(buf));
		table_set_at(t, at++, buf);
		if (!f)
			continue;
		if (d) {
			table_set_at(t, at,
				     fmt_change(d->est.change_pct, d->est.lo_pct, d->est.hi_pct,
						buf, sizeof(buf)));
			table_set_at(t, at + 1, fmt_p(d->est.p, buf, sizeof(buf)));
			table_set_at(t, at + 2, comparison_mark(d));
		}
		at += 3;
	}
	return 0;
}

static void title_of(const struct side_by_side *v, char *buf, size_t len)
{
	if (v->kind == DEVICE_BLOCK)
		snprintf(buf, len,
			 "fio's bandwidth in MiB/s, each file's median (read / write in a mixed "
			 "mode); CHANGE: against %s, median and 95%% interval (read + write in a "
			 "mixed mode)",
			 file_heading(v, 0));
	else
		snprintf(buf, len,
			 "a filesystem on the device: each phase in seconds and the RAM its data "
			 "cost in MiB, each file's median; CHANGE: against %s, median and 95%% "
			 "interval",
			 file_heading(v, 0));
}

static int print_table(const struct side_by_side *v, const struct render_opts *o, FILE *out)
{
	enum column_id cols[TABLE_MAX_COLS];
	size_t ncols = columns(v, cols, TABLE_MAX_COLS), first = ncols;
	char title[256];
	struct table t;
	int ret = 0;

	for (size_t i = 0; i < ncols; i++)
		if (cols[i] == COL_VALUE && first == ncols)
			first = i;
	title_of(v, title, sizeof(title));
	table_init(&t, title, cols, ncols);
	t.name = "devices";
	for (size_t f = 0, at = first; f < v->n && at < ncols; at += f++ ? 4 : 1)
		ret = ret ? ret : table_name_at(&t, at, file_heading(v, f));
	for (size_t r = 0; r < v->nrows && !ret; r++)
		ret = add_row(&t, v, r, first);
	if (!ret)
		ret = table_print(&t, o, out);
	table_free(&t);
	return ret;
}

struct tally {
	size_t better, worse, apart_better, apart_worse, none, close, between_runs, below_noise;
};

/* Better is more bandwidth, less time or RAM: the change's sign read by the metric. */
static void count(const struct metric_comparison *d, enum metric_id m, struct tally *t)
{
	int up = d->est.change_pct > 0, better = metric_higher_better(m) ? up : !up;

	if (d->sig == SIG_SIGNIFICANT)
		better ? t->better++ : t->worse++;
	else if (d->sig == SIG_NOT_TESTABLE_DIFFERENT)
		better ? t->apart_better++ : t->apart_worse++;
	else if (d->sig == SIG_NONE)
		t->none++;
	else if (d->sig == SIG_NEEDS_RUNS)
		t->between_runs++;
	else if (d->sig == SIG_BELOW_NOISE)
		t->below_noise++;
	else
		t->close++;
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* "b.json against a.json: 3 rows better (higher bandwidth), significant; ...". */
static void tally_line(const struct side_by_side *v, size_t f, FILE *out)
{
	const char *up = v->kind == DEVICE_BLOCK ? "higher bandwidth" : "less time or RAM";
	const char *down = v->kind == DEVICE_BLOCK ? "lower bandwidth" : "more time or RAM";
	struct tally t = { 0 };
	const char *sep = "";

	for (size_t r = 0; r < v->nrows; r++)
		if (decision(v, r, f))
			count(decision(v, r, f), v->rows[r].m, &t);
	fprintf(out, "%s against %s:", file_heading(v, f), file_heading(v, 0));
	if (t.better + t.worse) {
		fprintf(out, " significant in %zu row%s: %zu better (%s), %zu worse (%s)",
			t.better + t.worse, plural(t.better + t.worse), t.better, up, t.worse,
			down);
		sep = ";";
	}
	if (t.apart_better + t.apart_worse) {
		fprintf(out,
			"%s %zu row%s apart in every trial, too few trials for a test: %zu better, "
			"%zu worse",
			sep, t.apart_better + t.apart_worse, plural(t.apart_better + t.apart_worse),
			t.apart_better, t.apart_worse);
		sep = ";";
	}
	if (t.none)
		fprintf(out, "%s %zu row%s without a significant change", sep, t.none,
			plural(t.none)),
			sep = ";";
	if (t.below_noise)
		fprintf(out, "%s %zu row%s a real change within the noise threshold", sep,
			t.below_noise, plural(t.below_noise)),
			sep = ";";
	if (t.close)
		fprintf(out, "%s %zu row%s too close to call with these trials", sep, t.close,
			plural(t.close)),
			sep = ";";
	if (t.between_runs)
		fprintf(out,
			"%s %zu row%s not tested: one run a side, and two runs differ by more than "
			"the trials within a run (compare runs in one file, the medians of several "
			"runs a side, or calibrate this host)",
			sep, t.between_runs, plural(t.between_runs));
	fputc('\n', out);
}

/* What the marks mean between files: the runs are the unit. */
static void legend(const struct side_by_side *v, FILE *out)
{
	size_t primary = 0;

	for (size_t r = 0; r < v->nrows; r++)
		for (size_t f = 1; f < v->n; f++) {
			const struct metric_comparison *d = decision(v, r, f);
			primary += d && d->family == FAMILY_PRIMARY;
		}
	fprintf(out,
		"%s; between files the runs are the unit (each run's median; one run a side: a "
		"calibrated run-to-run spread, else no test); Holm over the %zu rows of the "
		"primary quantity and apart over the rest\n",
		significance_legend(), primary);
}

int report_device_compare(const struct results *const *sets, const char *const *files, size_t n,
			  const struct files_answer *fa, const struct report_opts *o, FILE *out)
{
	struct side_by_side v = { .sets = sets, .files = files, .n = n, .fa = fa };
	int ret;

	/* The names, then three columns of a change for each file after the first. */
	if (3 + 4 * n - 3 > TABLE_MAX_COLS) {
		fprintf(out,
			"%zu files are too many side by side (at most %d); --verbose compares "
			"each cell\n",
			n, (TABLE_MAX_COLS - 3 + 3) / 4);
		return 0;
	}
	v.kind = device_kind_of(sets[0]);
	v.several = device_several_setups(sets[0]);
	ret = n < 2 ? -EINVAL : make_rows(&v);
	if (!ret)
		ret = print_table(&v, &o->render, out);
	for (size_t f = 1; f < n && !ret; f++)
		tally_line(&v, f, out);
	if (!ret)
		legend(&v, out);
	free(v.rows);
	return ret;
}
