/* Every view honours or refuses each option (issue 25): the short answer prints its cells as
 * a table when its columns or shape are asked for, a view without a table refuses them in one
 * line; compare's export has every compared metric, its interval in two columns; --match
 * pairs cells on fewer keys and names what it left out; "-" reads a result file from stdin. */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/report/compare_view.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "runner/result/json_read.h"
#include "runner/result/match.h"
#include "fixture.h"
#include "tools.h"

static enum options_result parse_show(char *msg, size_t len, int argc, char **argv)
{
	struct config cfg;
	enum options_result r = options_parse(command_of(argv[0]), argc, argv, &cfg, msg, len);

	config_free(&cfg);
	return r;
}

Test(views, an_option_no_view_can_take_is_refused_in_one_line)
{
	static const struct {
		char *argv[6];
		const char *said;
	} refused[] = {
		{ { "show", "--raw", "--format", "csv", "a.json" },
		  "show: --raw needs --format table: csv and markdown are never aligned" },
		{ { "show", "-C", "cell", "--format", "json", "a.json" },
		  "show: --columns is for tables, and --format json prints none" },
		{ { "show", "-q", "--noheadings", "a.json" },
		  "show: --noheadings is for tables, and --quiet prints the verdict's words "
		  "alone" },
		{ { "compare", "--noheadings", "--format", "markdown", "a.json", "b.json" },
		  "compare: --noheadings cannot drop a markdown table's heading: markdown needs "
		  "it" },
		{ { "show", "--format", "tap", "a.json" },
		  "show: --format tap: only compare writes it" },
		{ { "compare", "--raw", "--format", "tap", "a.json", "b.json" },
		  "compare: --raw is for tables, and --format tap prints none" },
		{ { "compare", "-Ccell", "--format", "junit", "a.json", "b.json" },
		  "compare: --columns is for tables, and --format junit prints none" },
		{ { "run", "--format", "junit", "-n" }, "--format junit: only compare writes it" },
	};
	char msg[512];

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		int argc = 0;
		while (argc < 6 && refused[i].argv[argc])
			argc++;
		cr_expect_eq(parse_show(msg, sizeof(msg), argc, (char **)refused[i].argv),
			     OPTIONS_USAGE, "%s", refused[i].said);
		cr_expect_str_eq(msg, refused[i].said);
	}
	cr_expect_eq(parse_show(msg, sizeof(msg), 5,
				(char *[]){ "show", "--raw", "-C", "cell", "a.json", NULL }),
		     OPTIONS_RUN, "%s", msg);
	cr_expect_eq(
		parse_show(msg, sizeof(msg), 5,
			   (char *[]){ "show", "--noheadings", "--format", "csv", "a.json", NULL }),
		OPTIONS_RUN, "%s", msg);
}

static char *printed(const struct results *r, const struct render_opts *render)
{
	struct report_opts o = { .render = *render, .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(report_print(r, &o, f), 0);
	fclose(f);
	return text;
}

/* The short answer once dropped --columns, --raw and --noheadings without a word. */
Test(views, the_short_answer_takes_columns_and_shape)
{
	const struct column_list pick = { { COL_CELL, COL_ELAPSED }, 2 };
	struct render_opts cols = { .format = FORMAT_TABLE, .columns = &pick };
	struct render_opts bare = { .format = FORMAT_TABLE, .noheadings = 1, .columns = &pick };
	struct results r;
	char *text;

	read_fixture("disk-zram.json", &r);
	text = printed(&r, &cols);
	cr_expect(strncmp(text, "CELL ELAPSED\ndisk 0.167 s\nzram 0.204 s\n", 38) == 0, "%s", text);
	cr_expect_null(strstr(text, "trials ok"), "the lines beside the table: %s", text);
	cr_expect_not_null(strstr(text, "no significant difference in elapsed time"));
	free(text);
	text = printed(&r, &bare);
	cr_expect(strncmp(text, "disk 0.167 s\n", 13) == 0, "%s", text);
	free(text);
	results_free(&r);
}

static char *compared(const struct results *a, const struct results *b, unsigned match,
		      enum output_format format, int *ret, char *why, size_t len)
{
	const struct results *sets[] = { a, b };
	const char *names[] = { "a.json", "b.json" };
	struct report_opts o = { .render = { .format = format },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 },
				 .match = match };
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	*ret = report_compare(sets, names, 2, &o, 0, f, why, len);
	fclose(f);
	return text;
}

static size_t lines(const char *text)
{
	size_t n = 0;
	for (const char *p = text; (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

/* A file against itself changes nothing: the export once held its heading alone. */
Test(views, compares_export_has_every_compared_metric_and_two_bounds)
{
	struct results r;
	char why[512] = "", *text;
	size_t want = 0;
	int ret;

	read_fixture("disk-zram.json", &r);
	for (size_t i = 0; i < r.ncells; i++)
		for (int m = 0; m < M_COUNT; m++)
			want += r.cells[i].have_stats[m] && r.cells[i].stats[m].n > 0;
	text = compared(&r, &r, 0, FORMAT_CSV, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	cr_expect(strncmp(text,
			  "FILE,CELL,METRIC,UNIT,BASE,NEW,CHANGE,CI-LOW,CI-HIGH,P,SIG,CONFOUNDS\n",
			  69) == 0,
		  "%.120s", text);
	cr_expect_geq(lines(text), 30, "%zu rows", lines(text));
	cr_expect_leq(lines(text), want + 1);
	cr_expect_not_null(strstr(text,
				  "b.json,disk,elapsed,s,0.167418232,0.167418232,0,-25.63,34.47,"),
			   "%.400s", text);
	cr_expect_null(strchr(text, ';'), "an interval packed in one field");
	free(text);
	results_free(&r);
}

/* Two runs at other limits share no cell; --match swap,comp pairs them and names the limit. */
Test(views, match_pairs_on_fewer_keys_and_names_the_confounds)
{
	struct results a, b;
	char why[512] = "", *text;
	unsigned mask;
	int ret;

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	for (size_t i = 0; i < b.ncells; i++)
		b.cells[i].limit *= 2;
	text = compared(&a, &b, 0, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_expect_eq(ret, -ENOENT);
	cr_expect_not_null(strstr(why, "have no cell in common"), "%s", why);
	free(text);
	cr_assert_eq(match_keys_parse("swap,comp", &mask, why, sizeof(why)), 0, "%s", why);
	text = compared(&a, &b, mask, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	cr_expect_not_null(strstr(text, "  confounds, not matched (--match): limit 32M -> 64M\n"),
			   "%s", text);
	free(text);
	text = compared(&a, &b, mask, FORMAT_CSV, &ret, why, sizeof(why));
	cr_expect_not_null(strstr(text, ",limit 32M -> 64M\n"), "%.300s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

Test(views, match_refuses_a_pairing_it_cannot_make_one_to_one)
{
	struct results r;
	char why[512] = "", *text;
	unsigned mask;
	int ret;

	cr_expect_eq(match_keys_parse("swap,nosuch", &mask, why, sizeof(why)), -EINVAL);
	cr_expect_str_eq(why,
			 "no key 'nosuch' (the keys: swap,comp,jobs,limit,limit-mode,data,"
			 "access,alloc,target,mode,knobs)");
	cr_expect_eq(match_keys_parse("swap,swap", &mask, why, sizeof(why)), -EINVAL);
	read_fixture("sweep-jobs.json", &r);
	cr_assert_eq(match_keys_parse("swap", &mask, why, sizeof(why)), 0);
	text = compared(&r, &r, mask, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_expect_eq(ret, -ENOENT);
	cr_expect_not_null(strstr(why, "--match: cell "), "%s", why);
	cr_expect_not_null(strstr(why, "pairs with"), "%s", why);
	free(text);
	results_free(&r);
}

Test(views, a_dash_reads_the_result_file_from_standard_input)
{
	struct results r;
	char why[512] = "";

	cr_assert_not_null(freopen(FIXTURES "/results/disk-zram.json", "r", stdin));
	cr_assert_eq(results_read("-", &r, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(r.ncells, 2);
	results_free(&r);
	cr_expect_eq(results_read("-", &r, why, sizeof(why)), -EINVAL,
		     "standard input is read once");
	cr_expect_not_null(strstr(why, "an empty file"), "%s", why);
	results_free(&r);
}

/* Every metric with its unit: the table's names, and compare's row naming it beside the key
 * (its values are bare numbers), a microsecond latency as much as a time. */
Test(views, every_metric_carries_its_unit)
{
	static const enum column_id cols[] = { COL_METRIC, COL_SIG };
	const struct render_opts csv = { .format = FORMAT_CSV, .noheadings = 1 };
	static const struct {
		enum metric_id m;
		const char *row;
	} rows[] = {
		{ M_ACCESS_P99, "access_p99 us," },
		{ M_REQUEST_P99, "request_p99 us," },
		{ M_CPU_PER_GIB, "cpu_s_per_swapped_gib s/GiB," },
		{ M_ELAPSED, "elapsed s," },
		{ M_THROUGHPUT, "throughput ops/s," },
		{ M_SETTLED_MEM, "settled_memory MiB," },
		{ M_MAJFLT, "major_faults," },
	};
	struct metric_comparison mc = { 0 };
	char *text = NULL;
	size_t len = 0;

	cr_assert_str_eq(metric_unit_name(metrics[M_CPU_PER_GIB].unit), "s/GiB");
	cr_assert_str_eq(metric_unit_name(metrics[M_ACCESS_P999].unit), "us");
	cr_assert_str_eq(metric_unit_name(metrics[M_REFERENCE_TIME].unit), "s");
	for (int m = 0; m < M_COUNT; m++) {
		cr_assert_not_null(metrics[m].key, "metric %d has no row", m);
		cr_assert_not_null(metric_unit_name(metrics[m].unit), "%s", metrics[m].key);
		cr_assert_eq(metric_find(metrics[m].key), m, "%s", metrics[m].key);
	}
	cr_assert_eq(metric_find("no_such_metric"), -1);
	cr_assert_float_eq(metric_display(M_SETTLED_MEM, 3.0 * 1048576), 3.0, 1e-12);
	cr_assert_float_eq(metric_display(M_CPU_PER_GIB, 2.5), 2.5, 1e-12);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct table t;
		FILE *out = open_memstream(&text, &len);
		table_init(&t, "", cols, 2);
		cr_assert_eq(report_comparison_row(&t, rows[i].m, &mc), 0);
		cr_assert_eq(table_print(&t, &csv, out), 0);
		fclose(out);
		cr_expect(strncmp(text, rows[i].row, strlen(rows[i].row)) == 0, "%s: %s",
			  metrics[rows[i].m].key, text);
		table_free(&t);
		free(text);
		text = NULL;
	}
}

/* The machine's warnings before the run (its facts' "warnings") are shown with the trials':
 * after the cells and before the verdict, a list item in markdown; an empty one is none. */
Test(views, the_machines_warnings_before_the_run_are_shown)
{
	/* Wrapped within 100 columns, its next line indented (report/wrap.h). */
	static const char want[] =
		"warning before the run: Load average 4.24 on 2 CPUs (above 0.5 "
		"per CPU): other work competes with\n  the trials for CPU and disk.\n";
	const struct render_opts table = { .format = FORMAT_TABLE };
	const struct render_opts markdown = { .format = FORMAT_MARKDOWN };
	json_object *w;
	struct results r;
	char *text, *at;

	read_fixture("disk-zram.json", &r);
	cr_assert_eq(report_run_warnings(&r, NULL, ""), 1);
	text = printed(&r, &table);
	at = strstr(text, want);
	cr_assert_not_null(at, "%s", text);
	cr_expect(at > strstr(text, "zram: 5 of 5 trials ok"), "after the cells: %s", text);
	cr_expect(at < strstr(text, "no significant difference"), "before the verdict: %s", text);
	free(text);
	text = printed(&r, &markdown);
	cr_expect(strstr(text, "\n- warning before the run: Load average 4.24"), "%s", text);
	free(text);
	cr_assert(json_object_object_get_ex(r.system.facts, "warnings", &w));
	json_object_array_add(w, json_object_new_string(""));
	json_object_array_add(w, json_object_new_string("Governor powersave."));
	cr_assert_eq(report_run_warnings(&r, NULL, ""), 2, "an empty sentence is no warning");
	json_object_object_add(r.system.facts, "warnings", NULL);
	cr_assert_eq(report_run_warnings(&r, NULL, ""), 0);
	text = printed(&r, &table);
	cr_expect_null(strstr(text, "before the run"), "%s", text);
	free(text);
	results_free(&r);
}

/* Failed trials as fail:runs (failed of measured), a row wherever either side failed one; the
 * header counts the most trials a cell measured. */
Test(views, compare_says_failed_trials_as_fail_runs)
{
	struct results a, b;
	char why[512] = "", *text;
	int ret;

	read_fixture("oom.json", &a);
	read_fixture("oom.json", &b);
	a.cells[1].failed = 0;
	text = compared(&a, &b, MATCH_ALL, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	cr_assert_not_null(strstr(text, "5 trials per cell\n"), "%s", text);
	cr_assert_not_null(strstr(text, "failed trials (fail:runs)  0:5        1:5"), "%s", text);
	free(text);
	b.cells[1].failed = 0;
	text = compared(&a, &b, MATCH_ALL, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_assert_null(strstr(text, "fail:runs"), "no row where neither side failed a trial");
	free(text);
	results_free(&a);
	results_free(&b);
}

/* A change a test finds real but smaller than the noise threshold is a row of its own, marked
 * "+": left out, compare would read as "no change" where the test says otherwise. */
Test(views, a_real_change_within_the_noise_is_shown_marked)
{
	struct results a, b;
	char why[512] = "", *text, *row;
	int ret, k;

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	for (size_t c = 0; c < a.ncells; c++) {
		k = 0;
		for (size_t t = 0; t < a.cells[c].ntrials; t++) {
			if (a.cells[c].trials[t].warmup)
				continue;
			/* 5 against 5, wholly apart (p = 0.008), 1% slower: below the 2% noise. */
			a.cells[c].trials[t].value[M_ELAPSED] = 1.0 + 0.001 * k;
			b.cells[c].trials[t].value[M_ELAPSED] = 1.01 + 0.001 * k;
			k++;
		}
	}
	text = compared(&a, &b, MATCH_ALL, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	/* The table's own row (the unchanged list and the legend say "elapsed" and "+" too). */
	row = strstr(text, "\nelapsed s ");
	cr_assert_not_null(row, "no row of elapsed: %s", text);
	row++;
	cr_assert_not_null(strstr(row, "+1.0% [+0.7%, +1.3%]"), "%s", text);
	cr_assert_eq(strncmp(strchr(row, '\n') - 2, " +", 2), 0, "not marked +: %s", text);
	cr_assert_null(strstr(text, "no significant change: elapsed"), "%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* A result file is untrusted: with more keys of its configuration differing than compare
 * lists, the list once filled to its end and the machine's settings were written past it.
 * The configuration's take the room but one, the reference probe's (not needed here). */
Test(views, compare_lists_at_most_its_room_however_many_keys_differ)
{
	struct results a, b;
	char why[512] = "", key[16], *text;
	json_object *doc;
	int ret;

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	for (int i = 0; i < 80; i++) {
		snprintf(key, sizeof(key), "x%d", i);
		json_object_object_add(a.config, key, json_object_new_int(1));
		json_object_object_add(b.config, key, json_object_new_int(2));
	}
	text = compared(&a, &b, MATCH_ALL, FORMAT_TABLE, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	cr_expect_eq(count(text, "configuration differs in b.json: x"), 63, "%s", text);
	cr_expect_eq(count(text, " differs in b.json: "), 63, "%s", text);
	free(text);
	text = compared(&a, &b, MATCH_ALL, FORMAT_JSON, &ret, why, sizeof(why));
	cr_assert_eq(ret, 0, "%s", why);
	doc = json_tokener_parse(text);
	cr_assert_not_null(doc, "%s", text);
	cr_expect_eq(json_object_array_length(json_object_object_get(
			     json_object_array_get_idx(json_object_object_get(doc, "files"), 1),
			     "differences")),
		     63);
	json_object_put(doc);
	free(text);
	results_free(&a);
	results_free(&b);
}
