/* How the tables are printed: the format and --columns' choices, as the command line gives them
 * (cli/report_opts.c turns a config into these). */
#ifndef ZSB_RENDER_H
#define ZSB_RENDER_H

#include "runner/report/columns.h"

enum output_format {
	FORMAT_TABLE,
	FORMAT_JSON,
	FORMAT_CSV,
	FORMAT_MARKDOWN,
	/* compare's only: a test point or case per comparison (report/formats/tap.c, junit.c) */
	FORMAT_TAP,
	FORMAT_JUNIT,
	FORMAT_COUNT
};

struct text_capture;

struct render_opts {
	enum output_format format; /* the table's: aligned, markdown or csv */
	/* NULL or empty: each table's own; with add, its own and these */
	const struct column_list *columns;
	int raw, noheadings;
	int bytes; /* --bytes: sizes in whole bytes */
	int json; /* -J: each table as libsmartcols' JSON, the text around them left out */
	int output_all; /* --output-all: the columns a table hides too */
	/* The view's text held to be wrapped (base/wrap.h): a table printed into it is marked
	 * to be kept as it is. NULL: none. */
	struct text_capture *capture;
};

#endif
