/*
 * A table of text cells with the columns of report/columns.h, and the renderers every view
 * shares: aligned through libsmartcols (--raw, --noheadings, as lsblk and zramctl), markdown
 * to paste into a bug report, and CSV (RFC 4180) for pandas or R. --columns picks and orders the
 * columns.
 */
#ifndef ZSB_TABLE_H
#define ZSB_TABLE_H
#include <stddef.h>
#include <stdio.h>

#include "runner/report/columns.h"
#include "runner/report/render.h"
#include "runner/report/table_cell.h"

/* The most columns a table prints. */
#define TABLE_MAX_COLS 64

struct table {
	char title[256]; /* empty: none */
	const enum column_id *cols;
	size_t ncols;
	int at[COL_COUNT]; /* each column's last place in cols; -1: this table has none */
	char **names; /* headings of the table's own by place (NULL: the columns'), owned */
	char **cells; /* nrows x ncols, owned; NULL reads as empty */
	struct table_num *nums; /* nrows x ncols, beside cells */
	const char *name; /* -J's key of the rows; NULL: "table" */
	unsigned char hidden[COL_COUNT]; /* shown by --output-all and -C, not by default */
	size_t nrows, cap;
};

void table_init(struct table *t, const char *title, const enum column_id *cols, size_t ncols);
/* A new empty row; its index, or -ENOMEM. */
int table_add_row(struct table *t);
/* Sets a cell of the last row; -EINVAL for a column this table lacks or before any row. */
int table_set(struct table *t, enum column_id col, const char *value);
__attribute__((format(printf, 3, 4))) int table_setf(struct table *t, enum column_id col,
						     const char *fmt, ...);
/* A column that repeats (one per result file) is set by its place in cols and may be named
 * by the view ("a.json"); --columns picks its last place. -EINVAL outside cols or before any
 * row. */
int table_set_at(struct table *t, size_t place, const char *value);
/* One metric's value v in the column, as fmt_metric_unit writes it; --raw and -J print the
 * number and move its unit to the heading, --bytes prints a size in bytes. */
int table_set_metric(struct table *t, enum column_id col, enum metric_id m, double v);
/* The same as fmt_metric writes it, for a table whose UNIT column says the unit
 * (table_set_unit's, which --bytes changes with it). */
int table_set_number(struct table *t, enum column_id col, enum metric_id m, double v);
int table_set_unit(struct table *t, enum column_id col, enum metric_id m);
int table_name_at(struct table *t, size_t place, const char *name);
/* A column the table has that only --output-all or -C shows. */
void table_hide(struct table *t, enum column_id col);
int table_print(const struct table *t, const struct render_opts *o, FILE *out);
void table_free(struct table *t);

#endif
