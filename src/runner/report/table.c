#include "runner/report/table.h"

#include <errno.h>
#include <libsmartcols.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/wrap.h"

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
		if (!grown)
			return -ENOMEM;
		t->cells = grown;
		t->cap = cap;
	}
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->cells));
	return (int)t->nrows++;
}

int table_set_at(struct table *t, size_t place, const char *value)
{
	char **cell;

	if (place >= t->ncols || !t->nrows)
		return -EINVAL;
	cell = &t->cells[(t->nrows - 1) * t->ncols + place];
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
	for (size_t i = 0; t->names && i < t->ncols; i++)
		free(t->names[i]);
	free(t->names);
	t->cells = NULL;
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

static const char *cell(const struct table *t, size_t row, size_t col)
{
	const char *s = t->cells[row * t->ncols + col];
	return s ? s : "";
}

/* The columns to print, in order: --columns' that this table has, or all of them. */
static size_t chosen(const struct table *t, const struct render_opts *o, int *idx)
{
	size_t n = 0;

	if (!o->columns || !o->columns->n) {
		for (size_t i = 0; i < t->ncols; i++)
			idx[n++] = (int)i;
		return n;
	}
	for (size_t k = 0; k < o->columns->n; k++)
		if (t->at[o->columns->v[k]] >= 0)
			idx[n++] = t->at[o->columns->v[k]];
	return n;
}

static int print_scols(const struct table *t, const struct render_opts *o, const int *idx, size_t n,
		       FILE *out)
{
	struct libscols_table *tb = scols_new_table();
	int ret = -ENOMEM;
	long mark;

	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
	scols_table_enable_raw(tb, o->raw);
	scols_table_enable_noheadings(tb, o->noheadings);
	/* Printed on its own line, wrapped as text is: libsmartcols cuts a title to the table's
	 * width. */
	if (t->title[0] && !o->raw && !o->noheadings)
		fprintf(out, "%s\n", t->title);
	mark = text_capture_mark(o->capture, out);
	for (size_t k = 0; k < n; k++)
		if (!scols_table_new_column(tb, heading_name(t, idx[k]), 0,
					    heading(t, idx[k])->right ? SCOLS_FL_RIGHT : 0))
			goto out;
	for (size_t r = 0; r < t->nrows; r++) {
		struct libscols_line *ln = scols_table_new_line(tb, NULL);
		if (!ln)
			goto out;
		for (size_t k = 0; k < n; k++)
			scols_line_set_data(ln, k, cell(t, r, (size_t)idx[k]));
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
	if (t->title[0] && !o->noheadings)
		fprintf(out, "**%s**\n\n", t->title);
	fputc('|', out);
	for (size_t k = 0; k < n; k++) {
		fputc(' ', out);
		markdown_cell(heading_name(t, idx[k]), out);
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
			markdown_cell(cell(t, r, (size_t)idx[k]), out);
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
	for (size_t k = 0; k < n && !o->noheadings; k++) {
		csv_field(heading_name(t, idx[k]), out);
		fputs(k + 1 < n ? "," : "\n", out);
	}
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t k = 0; k < n; k++) {
			csv_field(cell(t, r, (size_t)idx[k]), out);
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
