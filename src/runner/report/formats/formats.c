/* The one table of output formats, and the two views' entry points that pick a writer from it. */
#include "runner/report/formats/formats.h"

#include <errno.h>
#include <stdio.h>

#include "runner/report/formats/cases.h"
#include "runner/report/formats/junit.h"
#include "runner/report/formats/tap.h"
#include "runner/result/files_answer.h"

const struct format_def output_formats[FORMAT_COUNT] = {
	[FORMAT_TABLE] = { .name = "table",
			   .escape = ESCAPE_TEXT,
			   .tables = 1,
			   .aligned = 1,
			   .several = SEVERAL_SECTIONS,
			   .answer = answer_text,
			   .compare = compare_text },
	[FORMAT_JSON] = { .name = "json",
			  .escape = ESCAPE_JSON,
			  .document = 1,
			  .several = SEVERAL_LIST,
			  .answer = answer_json,
			  .compare = compare_json },
	[FORMAT_CSV] = { .name = "csv",
			 .escape = ESCAPE_TEXT,
			 .tables = 1,
			 .several = SEVERAL_ONE_TABLE,
			 .answer = answer_csv,
			 .compare = compare_csv },
	[FORMAT_MARKDOWN] = { .name = "markdown",
			      .escape = ESCAPE_TEXT,
			      .tables = 1,
			      .needs_headings = 1,
			      .several = SEVERAL_SECTIONS,
			      .answer = answer_markdown,
			      .compare = compare_markdown },
	[FORMAT_TAP] = { .name = "tap", .escape = ESCAPE_TEXT, .compare = compare_tap },
	[FORMAT_JUNIT] = { .name = "junit", .escape = ESCAPE_TEXT, .compare = compare_junit },
};

/* In the enum's order; a unit test holds them to the rows. */
const char *const output_format_names[FORMAT_COUNT + 1] = { "table", "json",  "csv", "markdown",
							    "tap",   "junit", NULL };

const struct format_def *format_def_of(enum output_format f)
{
	return (unsigned)f < FORMAT_COUNT ? &output_formats[f] : &output_formats[FORMAT_TABLE];
}

int report_print(const struct results *r, const struct report_opts *o, FILE *out)
{
	const struct format_def *f = format_def_of(o->render.format);

	return f->answer ? f->answer(r, o, out) : -EINVAL;
}

int report_compare(const struct results *const *sets, const char *const *files, size_t n,
		   const struct report_opts *o, int all, FILE *out, char *why, size_t len)
{
	return report_compare_gated(sets, files, n, o, all, out, why, len, NULL);
}

int report_compare_gated(const struct results *const *sets, const char *const *files, size_t n,
			 const struct report_opts *o, int all, FILE *out, char *why, size_t len,
			 struct case_count *gate)
{
	const struct format_def *f = format_def_of(o->render.format);
	struct files_answer fa;
	int ret;

	if (!f->compare)
		return -EINVAL;
	ret = compare_check(sets, files, n, match_mask(o), why, len);
	if (ret)
		return ret;
	ret = files_answer_compute(sets, n, &o->cmp, o->calibration, match_mask(o), &fa);
	if (!ret) {
		struct compare_input in = { sets, files, n, &fa, o, all };
		ret = f->compare(&in, out);
		if (gate)
			*gate = compare_case_count(&in, 0);
	}
	files_answer_free(&fa);
	return ret;
}
