#include "runner/report/table.h"

#include <errno.h>
#include <libsmartcols.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/wrap.h"
#include "runner/report/format.h"

void table_init(struct table *t, const char *title, const enum column_id *cols, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->title, sizeof(t->title), "%s", title ? title : "");
	t->cols = cols;
	t->ncols = ncols;
	for (int id = 0; id < COL_COUNT; id++)
		t->at[id] = -1;
	for (size_t i = 0; i < ncols; i++)
		t->at[cols[i]] = (int)i;
}

int table_add_row(struct table *t)
{
	if (t->nrows == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 32;
		char **grown = realloc(t->cells, cap * t->ncols * sizeof(*grown));
		struct table_num *nums;
		if (!grown)
			return -ENOMEM;
		t->cells = grown;
		if (!(nums = realloc(t->nums, cap * t->ncols * sizeof(*nums))))
			return -ENOMEM;
		t->nums = nums;
		t->cap = cap;
	}
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->cells));
	memset(&t->nums[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->nums));
	return (int)t->nrows++;
}

int table_set_at(struct table *t, size_t place, const char *value)
{
	char **cell;

	if (place >= t->ncols || !t->nrows)
		return -EINVAL;
	cell = &t->cells[(t->nrows - 1) * t->ncols + place];
	t->nums[(t->nrows - 1) * t->ncols + place].kind = CELL_TEXT;
	free(*cell);
	*cell = strdup(value ? value : "");
	return *cell ? 0 : -ENOMEM;
}

int table_set(struct table *t, enum column_id col, const char *value)
{
	/* A view that sets a column its table lacks is a bug to see in the tests, not to skip. */
	if ((unsigned)col >= COL_COUNT || t->at[col] < 0)
		return -EINVAL;
	return table_set_at(t, (size_t)t->at[col], value);
}

/* A cell of kind k: its text as the table prints it by default, and what it was made of. */
static int set_typed(struct table *t, enum column_id col, enum cell_kind k, enum metric_id m,
		     double v, const char *text)
{
	int ret = table_set(t, col, text);

	if (!ret)
		t->nums[(t->nrows - 1) * t->ncols + (size_t)t->at[col]] =
			(struct table_num){ .kind = k, .m = m, .v = v };
	return ret;
}

int table_set_metric(struct table *t, enum column_id col, enum metric_id m, double v)
{
	char buf[64];

	return set_typed(t, col, CELL_METRIC, m, v, fmt_metric_unit(m, v, buf, sizeof(buf)));
}

int table_set_number(struct table *t, enum column_id col, enum metric_id m, double v)
{
	char buf[64];

	return set_typed(t, col, CELL_NUMBER, m, v, fmt_metric(m, v, buf, sizeof(buf)));
}

int table_set_unit(struct table *t, enum column_id col, enum metric_id m)
{
	return set_typed(t, col, CELL_UNIT, m, 0, metric_unit_name(metrics[m].unit));
}

void table_hide(struct table *t, enum column_id col)
{
	if ((unsigned)col < COL_COUNT)
		t->hidden[col] = 1;
}

int table_name_at(struct table *t, size_t place, const char *name)
{
	if (place >= t->ncols)
		return -EINVAL;
	if (!t->names && !(t->names = calloc(t->ncols, sizeof(*t->names))))
		return -ENOMEM;
	free(t->names[place]);
	t->names[place] = strdup(name);
	return t->names[place] ? 0 : -ENOMEM;
}

int table_setf(struct table *t, enum column_id col, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return table_set(t, col, buf);
}

void table_free(struct table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->nums);
	for (size_t i = 0; t->names && i < t->ncols; i++)
		free(t->names[i]);
	free(t->names);
	t->cells = NULL;
	t->nums = NULL;
	t->names = NULL;
	t->nrows = t->cap = 0;
}

static const struct column_info *heading(const struct table *t, int i)
{
	return column_info(t->cols[i]);
}

static const char *heading_name(const struct table *t, int i)
{
	return t->names && t->names[i] ? t->names[i] : heading(t, i)->name;
}

/* The cell as the options print it (report/table_cell.h); buf is a cell's room. */
#define CELL_ROOM 64
static struct cell_grid grid(const struct table *t)
{
	return (struct cell_grid){ t->cells, t->nums, t->nrows, t->ncols };
}

static const char *cell(const struct table *t, const struct render_opts *o, size_t row, size_t col,
			char *buf)
{
	struct cell_grid g = grid(t);
	return table_cell_text(&g, o, row, col, buf, CELL_ROOM);
}

static const char *heading_of(const struct table *t, const struct render_opts *o, int i, char *buf)
{
	struct cell_grid g = grid(t);
	return table_heading(&g, o, (size_t)i, heading_name(t, i), buf, CELL_ROOM);
}

static int taken(const int *idx, size_t n, int place)
{
	for (size_t k = 0; k < n; k++)
		if (idx[k] == place)
			return 1;
	return 0;
}

/* The table's own columns, those it does not hide (--output-all: every one), then -C +LIST's
 * that it has, in the list's order, as lsblk -o +COL adds them. */
static size_t own(const struct table *t, const struct render_opts *o, int *idx)
{
	const struct column_list *l = o->columns;
	size_t n = 0;

	for (size_t i = 0; i < t->ncols; i++)
		if (!t->hidden[t->cols[i]] || o->output_all)
			idx[n++] = (int)i;
	for (size_t k = 0; l && l->add && k < l->n; k++)
		if (t->at[l->v[k]] >= 0 && !taken(idx, n, t->at[l->v[k]]))
			idx[n++] = t->at[l->v[k]];
	return n;
}

/* The columns to print, in order: --columns' that this table has, or the table's own. */
static size_t chosen(const struct table *t, const struct render_opts *o, int *idx)
{
	size_t n = 0;

	if (!o->columns || !o->columns->n || o->columns->add)
		return own(t, o, idx);
	for (size_t k = 0; k < o->columns->n; k++)
		if (t->at[o->columns->v[k]] >= 0)
			idx[n++] = t->at[o->columns->v[k]];
	return n;
}

/* -J writes a column of numbers alone as JSON numbers, as lsblk -J does its sizes. */
static struct libscols_column *new_column(struct libscols_table *tb, const struct table *t,
					  const struct render_opts *o, int i)
{
	char buf[CELL_ROOM];
	struct libscols_column *cl = scols_table_new_column(
		tb, heading_of(t, o, i, buf), 0, heading(t, i)->right ? SCOLS_FL_RIGHT : 0);

	struct cell_grid g = grid(t);

	if (cl && o->json && table_column_numeric(&g, o, (size_t)i) &&
	    scols_column_set_json_type(cl, SCOLS_JSON_NUMBER))
		return NULL;
	return cl;
}

static int print_scols(const struct table *t, const struct render_opts *o, const int *idx, size_t n,
		       FILE *out)
{
	struct libscols_table *tb = scols_new_table();
	char buf[CELL_ROOM];
	int ret = -ENOMEM;
	long mark;

	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	scols_table_enable_raw(tb, o->raw);
	scols_table_enable_noheadings(tb, o->noheadings);
	if (o->json &&
	    (scols_table_enable_json(tb, 1) ||
	     scols_table_set_name(tb, t->name ? t->name : "table")))
		goto out;
	/* Printed on its own line, wrapped as text is: libsmartcols cuts a title to the table's
	 * width. -J's tables are printed alone: a title would not be JSON. */
	if (t->title[0] && !o->raw && !o->noheadings && !o->json)
		fprintf(out, "%s\n", t->title);
	mark = text_capture_mark(o->capture, out);
	for (size_t k = 0; k < n; k++)
		if (!new_column(tb, t, o, idx[k]))
			goto out;
	for (size_t r = 0; r < t->nrows; r++) {
		struct libscols_line *ln = scols_table_new_line(tb, NULL);
		if (!ln)
			goto out;
		for (size_t k = 0; k < n; k++)
			scols_line_set_data(ln, k, cell(t, o, r, (size_t)idx[k], buf));
	}
	ret = scols_print_table(tb) ? -EIO : 0;
	text_capture_keep(o->capture, out, mark);
out:
	scols_unref_table(tb);
	return ret;
}

/* Pipes would end a markdown cell: escape them. */
static void markdown_cell(const char *s, FILE *out)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void print_markdown(const struct table *t, const struct render_opts *o, const int *idx,
			   size_t n, FILE *out)
{
	char buf[CELL_ROOM];

	if (t->title[0] && !o->noheadings)
		fprintf(out, "**%s**\n\n", t->title);
	fputc('|', out);
	for (size_t k = 0; k < n; k++) {
		fputc(' ', out);
		markdown_cell(heading_of(t, o, idx[k], buf), out);
		fputs(" |", out);
	}
	fputs("\n|", out);
	for (size_t k = 0; k < n; k++)
		fputs(heading(t, idx[k])->right ? " ---: |" : " --- |", out);
	fputc('\n', out);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', out);
		for (size_t k = 0; k < n; k++) {
			fputc(' ', out);
			markdown_cell(cell(t, o, r, (size_t)idx[k], buf), out);
			fputs(" |", out);
		}
		fputc('\n', out);
	}
	/* A table goes on to the next line that is not blank: it would be one more row. */
	fputc('\n', out);
}

/* A number as %g writes one: a sign, digits with a point, an exponent; inf and nan. */
static int plain_number(const char *s)
{
	size_t digits, exp;

	s += *s == '+' || *s == '-';
	if (!strcmp(s, "inf") || !strcmp(s, "nan"))
		return 1;
	digits = strspn(s, "0123456789");
	s += digits;
	if (*s == '.') {
		size_t fraction = strspn(s + 1, "0123456789");
		digits += fraction;
		s += 1 + fraction;
	}
	if (!digits)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s += 1 + (s[1] == '+' || s[1] == '-');
		exp = strspn(s, "0123456789");
		if (!exp)
			return 0;
		s += exp;
	}
	return *s == '\0';
}

/* A spreadsheet takes a cell that starts with = + - or @ (or a tab or a CR, as OWASP lists
 * them) for a formula: a label "=HYPERLINK(...)" from a result file would be a live link.
 * Such a cell gets a ' first, which makes it text; a number (-3.2) stays a number, and so does
 * a character alone, which holds no formula: SIG's "+", a table's "-" for none. */
static int formula_like(const char *s)
{
	return s[0] && s[1] && strchr("=+-@\t\r", s[0]) && !plain_number(s);
}

/* RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes. */
static void csv_field(const char *s, FILE *out)
{
	const char *guard = formula_like(s) ? "'" : "";

	if (!strpbrk(s, ",\"\r\n")) {
		fprintf(out, "%s%s", guard, s);
		return;
	}
	fprintf(out, "\"%s", guard);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static void print_csv(const struct table *t, const struct render_opts *o, const int *idx, size_t n,
		      FILE *out)
{
	char buf[CELL_ROOM];

	for (size_t k = 0; k < n && !o->noheadings; k++) {
		csv_field(heading_of(t, o, idx[k], buf), out);
		fputs(k + 1 < n ? "," : "\n", out);
	}
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t k = 0; k < n; k++) {
			csv_field(cell(t, o, r, (size_t)idx[k], buf), out);
			fputs(k + 1 < n ? "," : "\n", out);
		}
}

int table_print(const struct table *t, const struct render_opts *o, FILE *out)
{
	int idx[TABLE_MAX_COLS];
	size_t n;

	if (t->ncols > TABLE_MAX_COLS)
		return -E2BIG;
	n = chosen(t, o, idx);
	if (!n)
		return 0;
	if (o->json)
		return print_scols(t, o, idx, n, out);
	if (o->format == FORMAT_MARKDOWN) {
		print_markdown(t, o, idx, n, out);
		return 0;
	}
	if (o->format == FORMAT_CSV) {
		print_csv(t, o, idx, n, out);
		return 0;
	}
	return print_scols(t, o, idx, n, out);
}
