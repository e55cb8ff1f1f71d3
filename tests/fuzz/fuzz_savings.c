/* A savings answer's file (zswapbench savings writes it, plot reads it): json_tokener_parse,
 * savings_from_json. A refusal is one line and keeps nothing; what is read is within a
 * search's bounds, is printed (savings_print) to /dev/null, and written again (savings_to_json)
 * reads back to the same document. */
#include <errno.h>
#include <json.h>
#include <math.h>

#include "runner/report/savings_view.h"
#include "runner/result/savings.h"
#include "fuzz.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

static int pct_ok(double v)
{
	return isnan(v) || isfinite(v);
}

static void check_bounds(const struct savings_report *r)
{
	FUZZ_ASSERT(isfinite(r->target_pct));
	FUZZ_ASSERT(r->nbackends <= SAVINGS_BACKENDS_MAX);
	for (size_t i = 0; i < r->nbackends; i++) {
		const struct savings_search *b = &r->backends[i];
		FUZZ_ASSERT(r->names[i][0] != '\0');
		FUZZ_ASSERT(b->metric >= -1 && b->metric < M_COUNT);
		FUZZ_ASSERT(b->nsteps <= SAVINGS_STEPS_MAX);
		for (unsigned k = 0; k < b->nsteps; k++) {
			const struct savings_step *st = &b->steps[k];
			FUZZ_ASSERT(st->verdict >= STEP_PASS && st->verdict <= STEP_FAIL_BY_MEDIAN);
			FUZZ_ASSERT(pct_ok(st->slowdown_pct) && pct_ok(st->lo_pct) &&
				    pct_ok(st->hi_pct));
		}
	}
}

/* The document of r as text, and r read back from it. */
static char *written(const struct savings_report *r, struct savings_report *back)
{
	json_object *doc = savings_to_json(r), *again;
	char *text = strdup(json_object_to_json_string(doc)), why[256] = "";
	int ret;

	FUZZ_ASSERT(text != NULL);
	json_object_put(doc);
	again = json_tokener_parse(text);
	FUZZ_ASSERT(again != NULL);
	ret = savings_from_json(again, back, why, sizeof(why));
	if (ret)
		fprintf(stderr, "written, then not read back: %s\n", why);
	FUZZ_ASSERT(ret == 0);
	json_object_put(again);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), why[256] = "", *once, *twice;
	json_object *doc = json_tokener_parse(s);
	struct savings_report r, back;
	int ret;

	free(s);
	if (!doc)
		return 0;
	ret = savings_from_json(doc, &r, why, sizeof(why));
	json_object_put(doc);
	if (ret) {
		FUZZ_ASSERT(ret == -EINVAL);
		FUZZ_ASSERT(why[0] != '\0' && !strchr(why, '\n'));
		FUZZ_ASSERT(r.nbackends == 0);
		return 0;
	}
	check_bounds(&r);
	savings_print(&r, devnull);
	/* What zswapbench writes, it reads back to the same. */
	once = written(&r, &back);
	twice = written(&back, &r);
	FUZZ_ASSERT(strcmp(once, twice) == 0);
	free(once);
	free(twice);
	return 0;
}
