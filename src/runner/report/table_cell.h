/*
 * How a table's typed cells (report/table.h: a metric's value, a unit) print under the render
 * options, apart from the renderers that lay them out: --raw and -J print a number in its
 * column's unit and name the unit in the heading, as util-linux's raw and JSON tables hold
 * plain values; --bytes prints a size in whole bytes, as lsblk --bytes does.
 */
#ifndef ZSB_TABLE_CELL_H
#define ZSB_TABLE_CELL_H
#include <stddef.h>

#include "runner/report/render.h"
#include "runner/result/metrics.h"

/* What a cell holds beside its text, so that --raw, --bytes and -J can print it otherwise. */
enum cell_kind {
	CELL_TEXT, /* words: printed as they are */
	CELL_METRIC, /* one metric's value, its unit in the text */
	CELL_NUMBER, /* one metric's value, its unit in a column of its own (UNIT) */
	CELL_UNIT /* a metric's unit, the UNIT column of CELL_NUMBER's rows */
};

struct table_num {
	enum cell_kind kind;
	enum metric_id m;
	double v;
};

/* A table's cells as these functions read them: nrows x ncols texts (NULL reads as empty) and
 * what each holds. */
struct cell_grid {
	char *const *cells;
	const struct table_num *nums;
	size_t nrows, ncols;
};

/* The text of the cell at row and place (an index into t->cols); buf holds it where it is not
 * the cell's own. */
const char *table_cell_text(const struct cell_grid *t, const struct render_opts *o, size_t row,
			    size_t place, char *buf, size_t len);
/* The heading name of place, under --raw and -J with the unit of its numbers after an
 * underscore ("ELAPSED_S", "SWAP_MIB", --bytes "SWAP_B") where every cell shares one. */
const char *table_heading(const struct cell_grid *t, const struct render_opts *o, size_t place,
			  const char *name, char *buf, size_t len);
/* Whether the column's cells print as numbers alone (-J: JSON numbers, null where none). */
int table_column_numeric(const struct cell_grid *t, const struct render_opts *o, size_t place);

#endif
