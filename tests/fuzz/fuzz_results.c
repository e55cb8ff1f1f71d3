/* A result file read back (zswapbench show/compare): json_tokener_parse, results_from_json,
 * then written again (results_to_string), which must read back, and rendered the ways that
 * need no comparison (the short lines and markdown, the long CSV) to /dev/null. The document
 * is written as a run in progress: comparisons (10000 bootstraps a metric) are fuzz_report's. */
#include <gsl/gsl_errno.h>
#include <json.h>

#include "runner/report/report.h"
#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "fuzz.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	gsl_set_error_handler_off(); /* as main() does: GSL's default handler aborts */
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), why[256] = "", *text;
	json_object *doc = json_tokener_parse(s);
	struct results r;
	int ret;

	free(s);
	if (!doc)
		return 0;
	ret = results_from_json(doc, &r, why, sizeof(why));
	json_object_put(doc);
	if (ret) {
		FUZZ_ASSERT(why[0] != '\0'); /* says what is wrong */
		return 0;
	}
	for (int markdown = 0; markdown <= 1; markdown++) {
		struct report_opts o = { .render = { .format = markdown ? FORMAT_MARKDOWN
									: FORMAT_TABLE },
					 .cmp = compare_opts_of(&r) };
		report_cells(&r, &o, devnull);
	}
	{
		const struct results *sets[] = { &r };
		const char *files[] = { "fuzz.json" };
		struct render_opts csv = { .format = FORMAT_CSV };
		report_long_table(sets, files, 1, &csv, devnull);
	}
	r.status = RUN_RUNNING;
	text = results_to_string(&r);
	FUZZ_ASSERT(text != NULL);
	results_free(&r);

	/* What zswapbench writes, it must read back. */
	doc = json_tokener_parse(text);
	FUZZ_ASSERT(doc != NULL);
	ret = results_from_json(doc, &r, why, sizeof(why));
	if (ret)
		fprintf(stderr, "written, then not read back: %s\n", why);
	FUZZ_ASSERT(ret == 0);
	results_free(&r);
	json_object_put(doc);
	free(text);
	return 0;
}
