/* What `zswapbench show` prints from a result file: results_from_json, then report_print in a
 * format (table, markdown, CSV, or the document written again with its comparisons), short or
 * verbose (the comparisons, verdict and sweep tables); or `compare` of the file with itself.
 * Each comparison bootstraps 10000 resamples per metric, so this harness is slow: its seeds are
 * small documents. */
#include <gsl/gsl_errno.h>
#include <json.h>

#include "common/util.h"
#include "runner/report/compare_view.h"
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
	static const enum output_format formats[] = { FORMAT_TABLE, FORMAT_MARKDOWN, FORMAT_CSV,
						      FORMAT_JSON };
	char *s = fuzz_text(data, size), why[256] = "";
	json_object *doc = json_tokener_parse(s);
	struct results r;

	free(s);
	if (!doc)
		return 0;
	if (results_from_json(doc, &r, why, sizeof(why)) == 0) {
		/* One rendering per input, picked by its length: each costs the comparisons
		 * again. */
		size_t nformats = ARRAY_SIZE(formats), pick = size % (2 * nformats + 2);
		struct report_opts o = { .render = { .format = formats[pick / 2 % nformats] },
					 .verbose = (int)(pick % 2),
					 .cmp = compare_opts_of(&r),
					 .file = "fuzz.json" };
		if (pick < 2 * nformats) {
			report_print(&r, &o, devnull);
		} else {
			const struct results *sets[] = { &r, &r };
			const char *files[] = { "a.json", "b.json" };
			report_compare(sets, files, 2, &o, (int)(pick % 2), devnull, why,
				       sizeof(why));
		}
		results_free(&r);
	}
	json_object_put(doc);
	return 0;
}
