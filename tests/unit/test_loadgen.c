/* The load generators' outputs (tests/fixtures/loadgen/, real runs; README.md there says how
 * each was made) read into numbers. Each expected number was read off the fixture by hand, or
 * computed from it as the comment beside it says, never copied from the parser's answer. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "fixture.h"
#include "runner/loadgen/loadgen.h"
#include "tools.h"

#define LOADGEN FIXTURES "/loadgen/"
#define ABSENT -1.0 /* an expected quantity the output does not give */
/* What the caller keeps of a generator's output: its last bytes (docs/architecture.md). */
#define TAIL_KEPT 8191

static char *fixture(const char *name, size_t *len)
{
	char path[256];
	char *text;

	snprintf(path, sizeof(path), LOADGEN "%s", name);
	text = slurp(path);
	*len = strlen(text);
	return text;
}

/* An exact copy of len bytes, no NUL after it: reading past len is ASan's to see. */
static char *exact(const char *text, size_t len)
{
	char *copy = malloc(len ? len : 1);

	cr_assert_not_null(copy);
	memcpy(copy, text, len);
	return copy;
}

static int parse(const char *text, size_t len, enum load_format fmt, struct load_result *r,
		 char *why, size_t why_len)
{
	char *copy = exact(text, len);
	int ret = load_parse(copy, len, fmt, r, why, why_len);

	free(copy);
	return ret;
}

/* want: throughput in operations per second, then avg, p50, p95, p99 and max in microseconds. */
static void expect_numbers(const char *name, enum load_format fmt, const double want[LQ_COUNT])
{
	static const char *const q[LQ_COUNT] = { "throughput", "avg", "p50", "p95", "p99", "max" };
	enum load_format asked[] = { LOAD_AUTO, fmt };
	struct load_result r;
	char why[256];
	size_t len;
	char *text = fixture(name, &len);

	for (size_t a = 0; a < ARRAY_SIZE(asked); a++) {
		cr_assert_eq(parse(text, len, asked[a], &r, why, sizeof(why)), 0, "%s: %s", name,
			     why);
		cr_assert_eq(r.format, fmt, "%s: read as %s", name, load_format_name(r.format));
		for (int i = 0; i < LQ_COUNT; i++) {
			cr_assert_eq(r.have[i], want[i] != ABSENT, "%s: %s", name, q[i]);
			if (r.have[i])
				cr_assert_float_eq(r.value[i], want[i], 1e-6, "%s: %s is %.9g",
						   name, q[i], r.value[i]);
		}
	}
	free(text);
}

Test(loadgen, format_names_and_back)
{
	static const char *const names[] = { "auto", "lines", "sysbench", "redis-benchmark",
					     "pgbench" };

	cr_assert_eq(ARRAY_SIZE(names), LOAD_FORMAT_COUNT);
	for (int f = 0; f < LOAD_FORMAT_COUNT; f++) {
		cr_assert_str_eq(load_format_name((enum load_format)f), names[f]);
		cr_assert_eq(load_format_find(names[f]), f);
	}
	cr_assert_null(load_format_name(LOAD_FORMAT_COUNT));
	cr_assert_eq(load_format_find("redis"), -1);
	cr_assert_eq(load_format_find("Sysbench"), -1);
	cr_assert_eq(load_format_find(""), -1);
	cr_assert_eq(load_format_find(NULL), -1);
}

/* sysbench 1.0.20, oltp_read_only without a histogram: the summary's block in ms. */
Test(loadgen, sysbench_summary)
{
	expect_numbers("sysbench-ro.txt", LOAD_SYSBENCH,
		       (double[]){ 2631.65, 760, ABSENT, 1610, ABSENT, 8690 });
	/* --percentile=99: the block's one percentile line is then the 99th. */
	expect_numbers("sysbench-ro-p99-report.txt", LOAD_SYSBENCH,
		       (double[]){ 2956.47, 670, ABSENT, ABSENT, 1610, 4190 });
}

/*
 * --histogram=on: the percentiles from the rows, by awk over the fixture (the first bucket
 * whose cumulative count reaches p% of all):
 *   awk '/^ +[0-9.]+ \|/ {v[++n]=$1; c[n]=$NF; t+=$NF} END {...cum*100 >= p*t...}'
 * read-only, 11749 events: p50 0.642 (cum 5930), p95 1.608 (11202), p99 2.810 (11632);
 * read-write, 3058 events: p50 2.861 (1554), p95 7.167 (2911), p99 10.274 (3028).
 * sysbench's own "95th percentile: 1.61" and "7.17" are the same buckets, rounded.
 */
Test(loadgen, sysbench_histogram)
{
	expect_numbers("sysbench-ro-histogram.txt", LOAD_SYSBENCH,
		       (double[]){ 2347.16, 850, 642, 1608, 2810, 20840 });
	expect_numbers("sysbench-rw-histogram.txt", LOAD_SYSBENCH,
		       (double[]){ 610.70, 3270, 2861, 7167, 10274, 28800 });
}

/* Two tests of 20000 requests (three of 10000): the requests over the time they took
 * together, the plain mean of the averages, the worst of each latency. */
Test(loadgen, redis_benchmark_csv)
{
	expect_numbers("redis-csv.txt", LOAD_REDIS_BENCHMARK,
		       (double[]){ 2 / (1 / 62111.80 + 1 / 63694.27), (415 + 400) / 2.0, 391, 495,
				   679, 5431 });
	expect_numbers("redis-csv-3tests.txt", LOAD_REDIS_BENCHMARK,
		       (double[]){ 3 / (1 / 68027.21 + 1 / 68027.21 + 1 / 66666.66),
				   (377 + 375 + 385) / 3.0, 375, 471, 1015, 2143 });
}

/* pgbench 15 alone; then with the lines a script computed from its -l log (README.md). */
Test(loadgen, pgbench)
{
	expect_numbers("pgbench-S.txt", LOAD_PGBENCH,
		       (double[]){ 13745.564901, 73, ABSENT, ABSENT, ABSENT, ABSENT });
	expect_numbers("pgbench-with-lines.txt", LOAD_PGBENCH,
		       (double[]){ 35157.697312, 57, 43, 95, 138, 5874 });
}

/* The second throughput line is the one kept; a tab separates as a space does; the
 * 'zswapbench-loader' line is not ours. */
Test(loadgen, own_lines)
{
	expect_numbers("lines.txt", LOAD_LINES,
		       (double[]){ 1834.25, 2500, 1750, 6500, 12125, 40000 });
}

/* PostgreSQL 13 and older print two rates; -C prints its own kind. */
Test(loadgen, pgbench_s_other_rates)
{
	static const char old[] = "latency average = 2.000 ms\n"
				  "tps = 500.5 (including connections establishing)\n"
				  "tps = 510.25 (excluding connections establishing)\n";
	static const char reconnect[] = "tps = 42.5 (including reconnection times)\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(load_parse(old, strlen(old), LOAD_AUTO, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.format, LOAD_PGBENCH);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 510.25, 1e-9);
	cr_assert_float_eq(r.value[LQ_AVG], 2000, 1e-9);
	cr_assert_eq(load_parse(old, strlen(old) - 51, LOAD_PGBENCH, &r, why, sizeof(why)), 0);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 500.5, 1e-9, "the only rate left");
	cr_assert_eq(load_parse(reconnect, strlen(reconnect), LOAD_PGBENCH, &r, why, sizeof(why)),
		     0);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 42.5, 1e-9);
}

/* zswapbench's lines inside a generator's output replace its numbers. */
Test(loadgen, own_lines_override_a_generator)
{
	size_t len;
	char *text = fixture("sysbench-ro.txt", &len), *more;
	struct load_result r;
	char why[256];

	cr_assert_geq(asprintf(&more, "%s%s", text,
			       "zswapbench-load latency_p99 5\nzswapbench-load latency_avg 0.5\n"),
		      0);
	cr_assert_eq(load_parse(more, strlen(more), LOAD_AUTO, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.format, LOAD_SYSBENCH);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 2631.65, 1e-9);
	cr_assert_float_eq(r.value[LQ_P99], 5000, 1e-9);
	cr_assert_float_eq(r.value[LQ_AVG], 500, 1e-9, "the line's, not sysbench's 0.76 ms");
	cr_assert_float_eq(r.value[LQ_P95], 1610, 1e-9);
	free(more);
	cr_assert_geq(asprintf(&more, "%s%s", text, "zswapbench-load throughput 7\n"), 0);
	cr_assert_eq(load_parse(more, strlen(more), LOAD_SYSBENCH, &r, why, sizeof(why)), 0);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 7, 1e-9);
	free(more);
	free(text);
}

/* Lines ended by "\r\n" are read as those ended by '\n': no empty line between ends the
 * latency block or the histogram's rows. */
Test(loadgen, crlf_line_ends)
{
	struct load_result lf, crlf;
	char why[256];
	size_t len, n = 0;
	char *text = fixture("sysbench-ro-histogram.txt", &len), *dos = malloc(2 * len);

	cr_assert_not_null(dos);
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			dos[n++] = '\r';
		dos[n++] = text[i];
	}
	cr_assert_eq(parse(text, len, LOAD_AUTO, &lf, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(parse(dos, n, LOAD_AUTO, &crlf, why, sizeof(why)), 0, "%s", why);
	for (int q = 0; q < LQ_COUNT; q++) {
		cr_assert(crlf.have[q], "quantity %d", q);
		cr_assert_float_eq(crlf.value[q], lf.value[q], 1e-9, "quantity %d", q);
	}
	free(dos);
	free(text);
}

/* The text ends at len: what lies after it is not read. */
Test(loadgen, never_past_len)
{
	static const char text[] = "zswapbench-load throughput 12\nzswapbench-load throughput 9";
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(text, strlen("zswapbench-load throughput 1"), LOAD_AUTO, &r, why,
			   sizeof(why)),
		     0, "%s", why);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 1, 1e-9);
	cr_assert_eq(parse(text, strlen("zswapbench-load throughput 12\nzswap"), LOAD_LINES, &r,
			   why, sizeof(why)),
		     0, "%s", why);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 12, 1e-9);
	cr_assert_eq(parse(text, 0, LOAD_AUTO, &r, why, sizeof(why)), -EINVAL);
	cr_assert_eq(load_parse(NULL, 0, LOAD_AUTO, &r, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "no 'zswapbench-load throughput' line"), "%s", why);
}

Test(loadgen, no_room_for_why_and_no_format)
{
	static const char text[] = "zswapbench-load throughput x\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(load_parse(text, strlen(text), LOAD_AUTO, &r, NULL, 0), -EINVAL);
	cr_assert_eq(load_parse(text, strlen(text), LOAD_AUTO, &r, why, 1), -EINVAL);
	cr_assert_str_eq(why, "");
	cr_assert_eq(load_parse(text, strlen(text), LOAD_FORMAT_COUNT, &r, why, sizeof(why)),
		     -EINVAL);
	cr_assert(why[0]);
	cr_assert_eq(load_parse(text, strlen(text), (enum load_format) - 1, &r, why, sizeof(why)),
		     -EINVAL);
}

/* Every refusal says what was missing or malformed, on one line. */
Test(loadgen, malformed_outputs_are_refused_by_name)
{
	static const struct {
		const char *file;
		enum load_format fmt;
		const char *why;
	} cases[] = {
		{ "bad-lines-negative.txt", LOAD_AUTO, "throughput '-5' is negative" },
		{ "bad-lines-junk.txt", LOAD_AUTO, "latency_p99 '3.5ms' is not a number" },
		{ "bad-lines-nan.txt", LOAD_LINES, "throughput 'nan' is not a number" },
		{ "bad-lines-inf.txt", LOAD_LINES, "latency_avg '1e999' is not finite" },
		{ "bad-lines-unknown.txt", LOAD_AUTO, "quantity 'latency_p90' is none of" },
		{ "bad-lines-novalue.txt", LOAD_AUTO, "throughput has no value" },
		{ "bad-lines-none.txt", LOAD_AUTO, "no 'zswapbench-load throughput' line" },
		{ "bad-lines-latency-only.txt", LOAD_LINES, "no 'zswapbench-load throughput'" },
		{ "bad-sysbench-transactions.txt", LOAD_AUTO,
		  "'transactions:' line 'transactions: 13176 (fast per sec.)' is malformed" },
		{ "bad-sysbench-latency.txt", LOAD_SYSBENCH, "latency line 'avg: 0.76ms'" },
		{ "bad-sysbench-histogram-row.txt", LOAD_AUTO,
		  "malformed row '0.654 |************************** 12x05'" },
		{ "bad-sysbench-histogram-events.txt", LOAD_SYSBENCH,
		  "'total number of events:' 400" },
		{ "bad-redis-row.txt", LOAD_AUTO, "CSV row '\"SET\",\"62111.80\"" },
		{ "bad-redis-number.txt", LOAD_AUTO, "test GET's rps 'fast' is not a number" },
		{ "bad-redis-zero-rps.txt", LOAD_AUTO, "test 'GET' has no requests per second" },
		{ "bad-redis-header-only.txt", LOAD_AUTO, "followed by no test's row" },
		{ "bad-redis-no-header.txt", LOAD_AUTO,
		  "redis-benchmark's output has no --csv header" },
		{ "bad-pgbench-tps.txt", LOAD_AUTO, "'tps =' line 'tps = 13745.564901 (with" },
		{ "bad-pgbench-latency.txt", LOAD_AUTO, "'latency average =' line" },
		{ "bad-pgbench-own-line.txt", LOAD_AUTO, "latency_p99 '-1' is negative" },
		{ "refused-redis-q.txt", LOAD_AUTO, "-q output is not read" },
		{ "refused-redis-default.txt", LOAD_AUTO, "full report is not read" },
		{ "refused-sysbench-connect-error.txt", LOAD_AUTO,
		  "sysbench's output has no 'transactions:' line" },
		{ "refused-pgbench-connect-error.txt", LOAD_AUTO,
		  "pgbench's output has no 'tps = ' line" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct load_result r;
		char why[256] = "";
		size_t len;
		char *text = fixture(cases[i].file, &len);

		cr_assert_eq(parse(text, len, cases[i].fmt, &r, why, sizeof(why)), -EINVAL, "%s",
			     cases[i].file);
		cr_assert(strstr(why, cases[i].why), "%s: %s", cases[i].file, why);
		cr_assert_null(strchr(why, '\n'), "%s: one line", cases[i].file);
		for (int q = 0; q < LQ_COUNT; q++)
			cr_assert_eq(r.have[q], 0, "%s: nothing is given with a refusal",
				     cases[i].file);
		free(text);
	}
}

static const struct {
	const char *file;
	enum load_format fmt;
} valid[] = {
	{ "sysbench-ro.txt", LOAD_SYSBENCH },
	{ "sysbench-ro-histogram.txt", LOAD_SYSBENCH },
	{ "sysbench-rw-histogram.txt", LOAD_SYSBENCH },
	{ "sysbench-ro-p99-report.txt", LOAD_SYSBENCH },
	{ "redis-csv.txt", LOAD_REDIS_BENCHMARK },
	{ "redis-csv-3tests.txt", LOAD_REDIS_BENCHMARK },
	{ "pgbench-S.txt", LOAD_PGBENCH },
	{ "pgbench-with-lines.txt", LOAD_PGBENCH },
	{ "lines.txt", LOAD_LINES },
};

/* A quantity of a cut output: the whole output's, or absent. sysbench's percentile line is
 * the histogram's bucket rounded to 0.01 ms: where the cut took the bucket's rows, the line's
 * value stands in for it. */
static void same_or_absent(const struct load_result *cut, const struct load_result *whole,
			   const char *name, size_t at)
{
	for (int q = 0; q < LQ_COUNT; q++) {
		double tolerance = cut->format == LOAD_SYSBENCH && q == LQ_P95 ? 5 + 1e-6 : 1e-9;

		if (!cut->have[q])
			continue;
		cr_assert(whole->have[q], "%s cut at %zu: quantity %d from nowhere", name, at, q);
		cr_assert_float_eq(cut->value[q], whole->value[q], tolerance,
				   "%s cut at %zu: quantity %d is %.9g, not %.9g", name, at, q,
				   cut->value[q], whole->value[q]);
	}
}

/* The head cut at every byte: the same numbers (some left out), or a clean refusal. */
static size_t cut_everywhere(const char *name, enum load_format fmt)
{
	struct load_result whole, cut;
	char why[256];
	size_t len, same = 0;
	char *text = fixture(name, &len);

	cr_assert_eq(parse(text, len, fmt, &whole, why, sizeof(why)), 0, "%s: %s", name, why);
	for (size_t at = 0; at <= len; at++) {
		int ret = parse(text + at, len - at, fmt, &cut, why, sizeof(why));

		if (ret) {
			cr_assert_eq(ret, -EINVAL, "%s cut at %zu", name, at);
			cr_assert(why[0] && !strchr(why, '\n'), "%s cut at %zu: '%s'", name, at,
				  why);
			continue;
		}
		cr_assert(cut.have[LQ_THROUGHPUT]);
		same_or_absent(&cut, &whole, name, at);
		same++;
	}
	free(text);
	return same;
}

Test(loadgen, a_cut_head_gives_the_same_numbers_or_none, .timeout = 300)
{
	for (size_t i = 0; i < ARRAY_SIZE(valid); i++) {
		cr_assert_gt(cut_everywhere(valid[i].file, LOAD_AUTO), 0, "%s", valid[i].file);
		cr_assert_gt(cut_everywhere(valid[i].file, valid[i].fmt), 0, "%s", valid[i].file);
	}
}

/* What the caller keeps of a run with --histogram=on, its last 8191 bytes, no longer holds the
 * histogram's header nor its lowest rows (9856 and 9867 bytes in all). The rows cut away hold
 * the events the summary counts and the rows kept do not: read-only, 9407 of 11749 (the rows up
 * to 0.856 ms, by awk over the fixture), more than half, so no median, but p95 and p99 as
 * before; read-write, 296 of 3058 (up to 1.496 ms), and the median is still among the rows kept.
 */
Test(loadgen, a_histogram_without_its_head)
{
	static const char *const files[] = { "sysbench-ro-histogram.txt",
					     "sysbench-rw-histogram.txt" };
	static const double p50[] = { ABSENT, 2861 }, p95[] = { 1608, 7167 },
			    p99[] = { 2810, 10274 };

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		struct load_result r;
		char why[256];
		size_t len;
		char *text = fixture(files[i], &len);

		cr_assert_gt(len, TAIL_KEPT);
		cr_assert_eq(parse(text + len - TAIL_KEPT, TAIL_KEPT, LOAD_AUTO, &r, why,
				   sizeof(why)),
			     0, "%s", why);
		cr_assert_null(strstr(text + len - TAIL_KEPT, "Latency histogram"));
		cr_assert_eq(r.have[LQ_P50], p50[i] != ABSENT, "%s", files[i]);
		if (r.have[LQ_P50])
			cr_assert_float_eq(r.value[LQ_P50], p50[i], 1e-6, "%s", files[i]);
		cr_assert_float_eq(r.value[LQ_P95], p95[i], 1e-6, "%s", files[i]);
		cr_assert_float_eq(r.value[LQ_P99], p99[i], 1e-6, "%s", files[i]);
		free(text);
	}
}

/* The edges of a value: a NUL inside a number's word (a binary byte in a log) is no number, a
 * latency whose microseconds would overflow is refused, a DEL byte is quoted as '?'. */
Test(loadgen, a_number_is_its_characters_only)
{
	static const char nul[] = "zswapbench-load throughput 12\0 5\n";
	static const char huge[] =
		"zswapbench-load throughput 5\nzswapbench-load latency_max 1e306\n";
	static const char del[] = "zswapbench-load throughput 1\x7f\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(nul, sizeof(nul) - 1, LOAD_LINES, &r, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "is not a number"), "%s", why);
	cr_assert_eq(parse(huge, strlen(huge), LOAD_LINES, &r, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "latency_max: 1e+306 ms is beyond any latency"), "%s", why);
	cr_assert_eq(parse(del, strlen(del), LOAD_LINES, &r, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "throughput '1?' is not a number"), "%s", why);
}

/* Our word alone names no quantity: refused, not skipped. */
Test(loadgen, our_word_alone_is_refused)
{
	static const char alone[] = "zswapbench-load throughput 5\nzswapbench-load\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(alone, strlen(alone), LOAD_LINES, &r, why, sizeof(why)), -EINVAL);
	cr_assert(strstr(why, "names no quantity"), "%s", why);
}

/* redis-benchmark's row is its eight fields exactly: a ninth is not the --csv we read. */
Test(loadgen, a_redis_row_of_nine_fields)
{
	static const char nine[] =
		"\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
		"\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
		"\"SET\",\"68027.21\",\"0.377\",\"0.152\",\"0.367\",\"0.439\",\"0.783\",\"2.143\","
		"\"1\"\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(nine, strlen(nine), LOAD_REDIS_BENCHMARK, &r, why, sizeof(why)),
		     -EINVAL);
	cr_assert(strstr(why, "is not 8 quoted fields"), "%s", why);
}

/* sysbench --percentile=90: a percentile none of ours, given as no p95 or p99. */
Test(loadgen, sysbench_with_another_percentile)
{
	static const char text[] =
		"SQL statistics:\n"
		"    transactions:                        13176  (2631.65 per sec.)\n"
		"\n"
		"Latency (ms):\n"
		"         min:                                    0.52\n"
		"         avg:                                    0.76\n"
		"         max:                                   20.84\n"
		"         90th percentile:                        1.37\n"
		"         sum:                                 9998.44\n";
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(text, strlen(text), LOAD_SYSBENCH, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_float_eq(r.value[LQ_THROUGHPUT], 2631.65, 1e-9);
	cr_assert_float_eq(r.value[LQ_AVG], 760, 1e-9);
	cr_assert_float_eq(r.value[LQ_MAX], 20840, 1e-9);
	cr_assert_not(r.have[LQ_P50] || r.have[LQ_P95] || r.have[LQ_P99]);
}
