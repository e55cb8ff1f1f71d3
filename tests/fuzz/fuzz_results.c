/* A result file read back (zswapbench show/compare): json_tokener_parse, results_from_json,
 * then what is done with what was read: written again (results_to_string), which must read
 * back, and rendered (report_print) in every format, short and verbose, to /dev/null. */
#include <gsl/gsl_errno.h>
#include <json.h>

#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "runner/report/report.h"
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
	char *s = fuzz_text(data, size), why[256] = "";
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
	char *text = results_to_string(&r);
	FUZZ_ASSERT(text != NULL);
	static const enum output_format formats[] = { FORMAT_TABLE, FORMAT_MARKDOWN, FORMAT_CSV };
	for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++)
		for (int verbose = 0; verbose <= 1; verbose++) {
			struct report_opts o = { .render = { .format = formats[f] }, .verbose = verbose,
						 .cmp = compare_opts_of(&r), .file = "fuzz.json" };
			report_print(&r, &o, devnull);
		}
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
