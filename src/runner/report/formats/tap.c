/* Version 13, not 14: prove (Test::Harness 3.44) refuses 14, and nothing here needs what 14
 * added. */
#include "runner/report/formats/tap.h"

#include <math.h>

#include "runner/report/formats/cases.h"
#include "runner/result/metrics.h"

/* A description without '#', which would start a directive, and on one line. */
static void tap_text(const char *s, FILE *out)
{
	for (; *s; s++) {
		if (*s == '#' || *s == '\\')
			fputc('\\', out);
		fputc(*s == '\n' ? ' ' : *s, out);
	}
}

/* A YAML double-quoted scalar (the same rules as a JSON string for what is written here). */
static void yaml_string(const char *key, const char *s, FILE *out)
{
	fprintf(out, "  %s: \"", key);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		if (*s == '\n')
			fputs("\\n", out);
		else
			fputc(*s, out);
	}
	fputs("\"\n", out);
}

/* A number, or YAML's null where there is none (one trial has no interval). */
static void yaml_number(const char *key, double v, FILE *out)
{
	if (isfinite(v))
		fprintf(out, "  %s: %.6g\n", key, v);
	else
		fprintf(out, "  %s: null\n", key);
}

struct tap_state {
	FILE *out;
	size_t n;
};

static void diagnostics(const struct compare_case *c, FILE *out)
{
	const struct metric_comparison *mc = c->mc;

	fputs("  ---\n", out);
	yaml_string("base_file", c->base_file, out);
	yaml_string("file", c->file, out);
	yaml_string("cell", c->cell->label, out);
	yaml_string("metric", metrics[c->m].key, out);
	/* The medians are raw: bytes in bytes, as compare's CSV gives them. */
	yaml_string("unit",
		    metrics[c->m].unit == UNIT_BYTES ? "bytes"
						     : metric_unit_name(metrics[c->m].unit),
		    out);
	yaml_number("base_median", mc->base_median, out);
	yaml_number("new_median", mc->new_median, out);
	yaml_number("change_pct", mc->est.change_pct, out);
	yaml_number("ci_low_pct", mc->est.lo_pct, out);
	yaml_number("ci_high_pct", mc->est.hi_pct, out);
	yaml_number("p", mc->est.p, out);
	yaml_string("significance", comparison_significance_name(mc), out);
	fputs("  ...\n", out);
}

static int tap_case(const struct compare_case *c, void *arg)
{
	struct tap_state *s = arg;
	char finding[256];

	fprintf(s->out, "%s %zu - ", c->outcome == OUTCOME_REGRESSION ? "not ok" : "ok", ++s->n);
	tap_text(c->file, s->out);
	fputc(' ', s->out);
	tap_text(c->cell->label, s->out);
	fputs(": ", s->out);
	tap_text(compare_case_finding(c, finding, sizeof(finding)), s->out);
	if (c->outcome == OUTCOME_REGRESSION)
		fputs(": a regression", s->out);
	if (c->outcome == OUTCOME_UNTESTED)
		fputs(" # SKIP not tested", s->out);
	fputc('\n', s->out);
	if (c->mc->have)
		diagnostics(c, s->out);
	return 0;
}

int compare_tap(const struct compare_input *in, FILE *out)
{
	struct case_count n = compare_case_count(in, 0);
	struct tap_state s = { out, 0 };

	fprintf(out, "TAP version 13\n1..%zu\n", n.cases);
	each_compare_case(in, 0, tap_case, &s);
	fprintf(out, "# %zu regressions, %zu not tested, of %zu comparisons\n", n.regressions,
		n.untested, n.cases);
	return 0;
}
