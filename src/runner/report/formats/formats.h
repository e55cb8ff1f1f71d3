/*
 * The output formats, a row each (formats.c): what each view writes in the format, how its
 * text is escaped on the way out, and which table options it honours. A format is a file of
 * writers and a row; a view with no writer in a format is refused at the command line
 * (cli/view_checks.c), and `--format`'s choices are the rows' names.
 */
#ifndef ZSB_FORMATS_H
#define ZSB_FORMATS_H
#include <stdio.h>

#include "runner/base/escape.h"
#include "runner/report/compare_view.h"
#include "runner/report/render.h"
#include "runner/report/report.h"

/* What show does with several files: a section each, one JSON list, or one long table. */
enum several_files {
	SEVERAL_SECTIONS,
	SEVERAL_LIST,
	SEVERAL_ONE_TABLE
};

struct format_def {
	const char *name; /* as --format takes it */
	enum escape_kind escape;
	int tables; /* prints tables: --columns and --noheadings shape them */
	int aligned; /* its tables are aligned: --raw applies */
	int needs_headings; /* --noheadings would break it (markdown) */
	/* The views that are one document or lines, not tables (sysinfo, the dry run's plan):
	 * the JSON document; every other format gets their lines, and sysinfo refuses those but
	 * the table's. */
	int document;
	enum several_files several;
	/* NULL: the view does not write this format. */
	int (*answer)(const struct results *r, const struct report_opts *o, FILE *out);
	int (*compare)(const struct compare_input *in, FILE *out);
};

extern const struct format_def output_formats[FORMAT_COUNT];
/* The rows' names in enum output_format's order, NULL-terminated: --format's choices. */
extern const char *const output_format_names[FORMAT_COUNT + 1];

/* The row of f; the table's for a value out of range. */
const struct format_def *format_def_of(enum output_format f);

/* The results in the format asked; -EINVAL where the format has no answer view. */
int report_print(const struct results *r, const struct report_opts *o, FILE *out);
/* sets[0] is the base. -ENOENT with why filled when a file shares no cell with the base
 * (nothing is printed then), -EINVAL where the format has no compare view; all: rows that
 * did not change too. */
struct case_count;
int report_compare(const struct results *const *sets, const char *const *files, size_t n,
		   const struct report_opts *o, int all, FILE *out, char *why, size_t len);
/* The same, and what its cases came to (cases.h: regressions, changes), for --fail-on;
 * counted as TAP counts its points: each pair's primary metric, with all every metric. */
int report_compare_gated(const struct results *const *sets, const char *const *files, size_t n,
			 const struct report_opts *o, int all, FILE *out, char *why, size_t len,
			 struct case_count *gate);

#endif
