/* The format table (report/formats/): its rows and --format's choices agree, each view writes
 * only the formats it has a writer for, and compare's CI formats (TAP, JUnit) fail exactly the
 * comparisons the answer calls a regression, skip those it could not test. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/formats/formats.h"
#include "runner/result/compare.h"
#include "runner/result/results.h"
#include "tools.h"

Test(formats, the_choices_are_the_rows_names_in_the_enums_order)
{
	for (int f = 0; f < FORMAT_COUNT; f++) {
		cr_assert_not_null(output_format_names[f]);
		cr_expect_str_eq(output_format_names[f], output_formats[f].name);
		cr_expect(output_formats[f].compare, "%s: compare writes every format",
			  output_formats[f].name);
	}
	cr_expect_null(output_format_names[FORMAT_COUNT]);
	cr_expect_str_eq(output_format_names[FORMAT_TAP], "tap");
	cr_expect_str_eq(output_format_names[FORMAT_JUNIT], "junit");
}

Test(formats, a_value_out_of_range_is_the_tables_row)
{
	cr_expect_eq(format_def_of(FORMAT_COUNT), &output_formats[FORMAT_TABLE]);
	cr_expect_eq(format_def_of((enum output_format) - 1), &output_formats[FORMAT_TABLE]);
	cr_expect_eq(format_def_of(FORMAT_JUNIT), &output_formats[FORMAT_JUNIT]);
}

/* What the table says of each format is what --columns, --raw and --noheadings are refused by
 * (cli/view_checks.c): held here row by row, as a one-line slip would change one. */
Test(formats, each_row_says_what_its_format_is)
{
	static const struct {
		enum output_format f;
		int tables, aligned, needs_headings, answers;
		enum escape_kind escape;
		enum several_files several;
	} want[] = {
		{ FORMAT_TABLE, 1, 1, 0, 1, ESCAPE_TEXT, SEVERAL_SECTIONS },
		{ FORMAT_JSON, 0, 0, 0, 1, ESCAPE_JSON, SEVERAL_LIST },
		{ FORMAT_CSV, 1, 0, 0, 1, ESCAPE_TEXT, SEVERAL_ONE_TABLE },
		{ FORMAT_MARKDOWN, 1, 0, 1, 1, ESCAPE_TEXT, SEVERAL_SECTIONS },
		{ FORMAT_TAP, 0, 0, 0, 0, ESCAPE_TEXT, SEVERAL_SECTIONS },
		{ FORMAT_JUNIT, 0, 0, 0, 0, ESCAPE_TEXT, SEVERAL_SECTIONS },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct format_def *d = format_def_of(want[i].f);
		cr_expect_eq(d->tables, want[i].tables, "%s", d->name);
		cr_expect_eq(d->aligned, want[i].aligned, "%s", d->name);
		cr_expect_eq(d->needs_headings, want[i].needs_headings, "%s", d->name);
		cr_expect_eq(d->answer != NULL, want[i].answers, "%s", d->name);
		cr_expect_eq(d->escape, want[i].escape, "%s", d->name);
		cr_expect_eq(d->several, want[i].several, "%s", d->name);
	}
}

static struct metric_comparison decided(enum significance sig, double change)
{
	struct metric_comparison mc = { .have = 1, .family = FAMILY_PRIMARY, .sig = sig };

	mc.est.change_pct = change;
	return mc;
}

/* A regression is a finding that moves the metric the wrong way for it; nothing else is. */
Test(formats, a_regression_is_a_significant_change_the_wrong_way)
{
	struct metric_comparison mc = decided(SIG_SIGNIFICANT, 10);

	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_REGRESSION);
	mc.est.change_pct = -10;
	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_PASS);
	cr_expect_eq(comparison_outcome_of(&mc, M_THROUGHPUT), OUTCOME_REGRESSION);
	mc.est.change_pct = 10;
	cr_expect_eq(comparison_outcome_of(&mc, M_THROUGHPUT), OUTCOME_PASS);
	mc.est.change_pct = 0;
	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_PASS);
	mc = decided(SIG_SIGNIFICANT, 10);
	mc.family = FAMILY_EXPLORATORY;
	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_PASS, "a lead, not a finding");
	mc.family = FAMILY_SECONDARY;
	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_REGRESSION);
	for (enum significance s = SIG_NONE; s <= SIG_NEEDS_RUNS; s++) {
		mc = decided(s, 50);
		enum comparison_outcome want = s == SIG_SIGNIFICANT ? OUTCOME_REGRESSION
			: s == SIG_NOT_TESTABLE_DIFFERENT || s == SIG_NOT_TESTABLE_SAME ||
				s == SIG_NEEDS_RUNS
			? OUTCOME_UNTESTED
			: OUTCOME_PASS;
		cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), want, "significance %d", s);
	}
	mc = decided(SIG_SIGNIFICANT, 50);
	mc.have = 0;
	cr_expect_eq(comparison_outcome_of(&mc, M_ELAPSED), OUTCOME_UNTESTED);
}

Test(formats, a_metric_without_a_direction_never_regresses)
{
	int checked = 0;

	for (int m = 0; m < M_COUNT; m++) {
		struct metric_comparison mc = decided(SIG_SIGNIFICANT, 40);
		if (metrics[m].lower_is_better)
			continue;
		cr_expect_eq(comparison_outcome_of(&mc, m), OUTCOME_PASS, "%s", metrics[m].key);
		mc.est.change_pct = -40;
		cr_expect_eq(comparison_outcome_of(&mc, m), OUTCOME_PASS, "%s", metrics[m].key);
		checked++;
	}
	cr_expect_gt(checked, 0);
}

Test(formats, the_outcomes_names)
{
	cr_expect_str_eq(comparison_outcome_name(OUTCOME_PASS), "pass");
	cr_expect_str_eq(comparison_outcome_name(OUTCOME_REGRESSION), "regression");
	cr_expect_str_eq(comparison_outcome_name(OUTCOME_UNTESTED), "untested");
}

static char *compared_as(enum output_format format, const struct results *a,
			 const struct results *b, const char *b_name, int all)
{
	const struct results *sets[] = { a, b };
	const char *names[] = { "a.json", b_name };
	struct report_opts o = { .render = { .format = format },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL, why[256] = "";
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(report_compare(sets, names, 2, &o, all, f, why, sizeof(why)), 0, "%s", why);
	fclose(f);
	return text;
}

static int starts_with(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

static size_t count_of(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* disk-zram.json made 30% faster and compared with itself: disk's +42.9% is significant (p =
 * 0.032), zram's spread leaves its +42.9% untold (p = 0.095, Holm over the two pairs). */
Test(formats, tap_fails_the_regression_alone)
{
	struct results fast, slow;
	char *text;

	read_fixture("disk-zram.json", &fast);
	read_fixture("disk-zram.json", &slow);
	scale_metric(&fast, M_ELAPSED, 0.7);
	text = compared_as(FORMAT_TAP, &fast, &slow, "b.json", 0);
	cr_expect(starts_with(text,
			      "TAP version 13\n1..2\nnot ok 1 - b.json disk: elapsed +42.9% "),
		  "%s", text);
	cr_expect_not_null(strstr(text, "p = 0.032: significant: a regression\n  ---\n"), "%s",
			   text);
	cr_expect_not_null(strstr(text, "\nok 2 - b.json zram: elapsed +42.9% "), "%s", text);
	cr_expect_not_null(strstr(text, "  change_pct: 42.8571\n"), "%s", text);
	cr_expect_not_null(strstr(text, "  unit: \"s\"\n"), "%s", text);
	cr_expect_eq(count_of(text, "  ...\n"), 2, "a YAML block each");
	cr_expect(strstr(text, "\n# 1 regressions, 0 not tested, of 2 comparisons\n") &&
			  text[strlen(text) - 1] == '\n',
		  "%s", text);
	free(text);
	text = compared_as(FORMAT_TAP, &slow, &fast, "b.json", 0);
	cr_expect_eq(count_of(text, "not ok"), 0, "faster is no regression: %s", text);
	cr_expect_not_null(strstr(text, "# 0 regressions, 0 not tested, of 2 comparisons\n"));
	free(text);
	results_free(&fast);
	results_free(&slow);
}

/* --all: a case for every metric both cells have, the plan's count first. */
Test(formats, tap_with_all_has_a_point_per_metric_both_have)
{
	struct results r;
	char *text, plan[32];
	size_t want = 0;

	read_fixture("disk-zram.json", &r);
	for (size_t i = 0; i < r.ncells; i++)
		for (int m = 0; m < M_COUNT; m++)
			want += r.cells[i].have_stats[m] && r.cells[i].stats[m].n > 0;
	text = compared_as(FORMAT_TAP, &r, &r, "a.json", 1);
	snprintf(plan, sizeof(plan), "\n1..%zu\n", want);
	cr_expect_not_null(strstr(text, plan), "%s\n%.200s", plan, text);
	cr_expect_eq(count_of(text, "\nok "), want);
	cr_expect_not_null(strstr(text, "ok 2 - a.json disk: fill_time "), "%.600s", text);
	free(text);
	results_free(&r);
}

/* One run a side of a block device: nothing tested, so every point is a skip. */
Test(formats, what_could_not_be_tested_is_a_skip)
{
	struct results a, b;
	char *text, trailer[128], plan[32];

	read_fixture("block-static.json", &a);
	read_fixture("block-static-b.json", &b);
	text = compared_as(FORMAT_TAP, &a, &b, "b.json", 0);
	cr_expect_gt(count_of(text, " # SKIP not tested\n"), 0, "%s", text);
	cr_expect_eq(count_of(text, " # SKIP not tested\n"), count_of(text, "\nok "), "%s", text);
	cr_expect_not_null(strstr(text, "one run a side: not tested # SKIP"), "%s", text);
	snprintf(trailer, sizeof(trailer),
		 "\n# 0 regressions, %zu not tested, of %zu comparisons\n", count_of(text, "\nok "),
		 count_of(text, "\nok "));
	cr_expect_not_null(strstr(text, trailer), "%s\n%s", trailer, text);
	/* A skip is a point of the plan: prove counts a plan short of its points as a failure. */
	snprintf(plan, sizeof(plan), "\n1..%zu\n", count_of(text, "\nok "));
	cr_expect_not_null(strstr(text, plan), "%s\n%.200s", plan, text);
	free(text);
	text = compared_as(FORMAT_JUNIT, &a, &b, "b.json", 0);
	cr_expect_eq(count_of(text, "<skipped message=\"not tested: "),
		     count_of(text, "<testcase "));
	cr_expect_eq(count_of(text, "<failure"), 0);
	cr_expect_eq(count_of(text, " failures=\"0\" errors=\"0\" skipped=\""), 2, "%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

/* A label is data: in TAP a '#' would start a directive and a newline end the point. */
Test(formats, a_label_cannot_forge_a_directive_or_markup)
{
	struct results fast, slow;
	char *text;

	read_fixture("disk-zram.json", &fast);
	read_fixture("disk-zram.json", &slow);
	scale_metric(&fast, M_ELAPSED, 0.7);
	snprintf(slow.cells[0].label, sizeof(slow.cells[0].label), "d#sk\n<&\"\\");
	snprintf(fast.cells[0].label, sizeof(fast.cells[0].label), "d#sk\n<&\"\\");
	text = compared_as(FORMAT_TAP, &fast, &slow, "b # TODO.json", 0);
	cr_expect_not_null(strstr(text, "not ok 1 - b \\# TODO.json d\\#sk <&\"\\\\: elapsed"),
			   "%s", text);
	cr_expect_not_null(strstr(text, "  cell: \"d#sk\\n<&\\\"\\\\\"\n"), "%s", text);
	free(text);
	text = compared_as(FORMAT_JUNIT, &fast, &slow, "b<1>.json", 0);
	cr_expect_not_null(strstr(text, "classname=\"zswapbench.compare.d#sk\n&lt;&amp;&quot;\\\""),
			   "%s", text);
	cr_expect_not_null(strstr(text, "<testsuite name=\"b&lt;1&gt;.json against a.json\""), "%s",
			   text);
	free(text);
	results_free(&fast);
	results_free(&slow);
}

Test(formats, junit_counts_and_fails_the_regression)
{
	struct results fast, slow;
	char *text;

	read_fixture("disk-zram.json", &fast);
	read_fixture("disk-zram.json", &slow);
	scale_metric(&fast, M_ELAPSED, 0.7);
	text = compared_as(FORMAT_JUNIT, &fast, &slow, "b.json", 0);
	cr_expect(
		starts_with(
			text,
			"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"zswapbench "
			"compare\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\">\n  "
			"<testsuite name=\"b.json against a.json\" tests=\"2\" failures=\"1\""),
		"%s", text);
	cr_expect_eq(count_of(text, "<testcase "), 2);
	cr_expect_eq(count_of(text, "<failure type=\"regression\" message=\"elapsed +42.9%"), 1,
		     "%s", text);
	cr_expect_not_null(strstr(text, "0.117 s against 0.167 s</failure>"), "%s", text);
	cr_expect_not_null(strstr(text, "\n</testsuites>\n"));
	free(text);
	results_free(&fast);
	results_free(&slow);
}

/* show and run have no TAP or JUnit: the library refuses it too, not only the command line. */
Test(formats, the_answer_has_no_ci_format)
{
	struct results r;
	struct report_opts o = { .render = { .format = FORMAT_TAP } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture("disk-zram.json", &r);
	cr_expect_eq(report_print(&r, &o, f), -EINVAL);
	o.render.format = FORMAT_JUNIT;
	cr_expect_eq(report_print(&r, &o, f), -EINVAL);
	fclose(f);
	cr_expect_eq(len, 0, "nothing printed: %s", text);
	free(text);
	results_free(&r);
}
