/*
 * A table of text cells with named columns, and the renderers every view shares: aligned
 * through libsmartcols (--raw, --noheadings, as lsblk and zramctl), markdown to paste into a
 * bug report, and CSV (RFC 4180) for pandas or R. -o picks and orders the columns by name.
 */
#ifndef ZSB_TABLE_H
#define ZSB_TABLE_H
#include <stddef.h>
#include <stdio.h>

#include "runner/cli/config.h"

struct table_col {
	const char *name;         /* one of report/columns.c's names */
	int right;                /* numbers align right */
};

struct table {
	char title[256];          /* empty: none */
	const struct table_col *cols;
	size_t ncols;
	char **cells;             /* nrows x ncols, owned; NULL reads as empty */
	size_t nrows, cap;
};

struct render_opts {
	enum output_format format; /* table, markdown or csv */
	const struct name_list *columns; /* NULL or empty: every column */
	int raw, noheadings;
};

void table_init(struct table *t, const char *title, const struct table_col *cols, size_t ncols);
/* A new empty row; its index, or -ENOMEM. */
int table_add_row(struct table *t);
/* Sets a cell of the last row by column name (a column the table lacks is ignored). */
int table_set(struct table *t, const char *col, const char *value);
__attribute__((format(printf, 3, 4)))
int table_setf(struct table *t, const char *col, const char *fmt, ...);
int table_print(const struct table *t, const struct render_opts *o, FILE *out);
void table_free(struct table *t);

#endif
