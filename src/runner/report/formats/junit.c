#include "runner/report/formats/junit.h"

#include "runner/report/formats/cases.h"
#include "runner/report/html/html_markup.h"

static int junit_case(const struct compare_case *c, void *arg)
{
	FILE *out = arg;
	char finding[256], medians[128];

	fputs("    <testcase classname=\"", out);
	html_escf(out, "zswapbench.compare.%s", c->cell->label);
	fputs("\" name=\"", out);
	html_esc(out, metrics[c->m].key);
	fputs("\">\n", out);
	compare_case_finding(c, finding, sizeof(finding));
	if (c->outcome == OUTCOME_REGRESSION) {
		fputs("      <failure type=\"regression\" message=\"", out);
		html_escf(out, "%s: a regression", finding);
		fputs("\">", out);
		html_esc(out, compare_case_medians(c, medians, sizeof(medians)));
		fputs("</failure>\n", out);
	} else if (c->outcome == OUTCOME_UNTESTED) {
		fputs("      <skipped message=\"", out);
		html_escf(out, "not tested: %s", finding);
		fputs("\"/>\n", out);
	}
	fputs("      <system-out>", out);
	html_esc(out, finding);
	if (c->mc->have) {
		fputs("; ", out);
		html_esc(out, compare_case_medians(c, medians, sizeof(medians)));
	}
	fputs("</system-out>\n    </testcase>\n", out);
	return 0;
}

static void counts(const struct case_count *n, FILE *out)
{
	fprintf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\"", n->cases,
		n->regressions, n->untested);
}

int compare_junit(const struct compare_input *in, FILE *out)
{
	struct case_count all = compare_case_count(in, 0);

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"zswapbench compare\"",
	      out);
	counts(&all, out);
	fputs(">\n", out);
	for (size_t f = 1; f < in->n; f++) {
		struct case_count n = compare_case_count(in, f);
		fputs("  <testsuite name=\"", out);
		html_escf(out, "%s against %s", in->files[f], in->files[0]);
		fputc('"', out);
		counts(&n, out);
		fputs(">\n", out);
		each_compare_case(in, f, junit_case, out);
		fputs("  </testsuite>\n", out);
	}
	fputs("</testsuites>\n", out);
	return 0;
}
