/* The edges of the load generators' outputs that the real runs of test_loadgen.c do not reach:
 * one value past each bound, a line one word longer than the format's, two runs in one output,
 * a histogram whose counts reach a percentile exactly. Each expected number is worked out in
 * the comment beside it, never copied from the parser's answer. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "runner/loadgen/loadgen.h"
#include "tools.h"

#define LOADGEN FIXTURES "/loadgen/"
#define ABSENT -1.0 /* an expected quantity the output does not give */

static char *fixture(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), LOADGEN "%s", name);
	return slurp(path);
}

/* Parsed from an exact copy of len bytes, no NUL after it: reading past len is ASan's to see. */
static int parse(const char *text, size_t len, enum load_format fmt, struct load_result *r,
		 char *why, size_t why_len)
{
	char *copy = malloc(len ? len : 1);
	int ret;

	cr_assert_not_null(copy);
	memcpy(copy, text, len);
	ret = load_parse(copy, len, fmt, r, why, why_len);
	free(copy);
	return ret;
}

static void expect_refused(const char *text, enum load_format fmt, const char *because)
{
	struct load_result r;
	char why[256] = "";

	cr_assert_eq(parse(text, strlen(text), fmt, &r, why, sizeof(why)), -EINVAL, "read: %s",
		     text);
	cr_assert(strstr(why, because), "'%s', not '%s'", why, because);
	for (int q = 0; q < LQ_COUNT; q++)
		cr_assert_not(r.have[q], "quantity %d given with a refusal", q);
}

/* want: throughput in operations per second, then avg, p50, p95, p99 and max in microseconds. */
static void expect_read(const char *text, enum load_format fmt, const double want[LQ_COUNT])
{
	struct load_result r;
	char why[256];

	cr_assert_eq(parse(text, strlen(text), fmt, &r, why, sizeof(why)), 0, "%s", why);
	for (int q = 0; q < LQ_COUNT; q++) {
		cr_assert_eq(r.have[q], want[q] != ABSENT, "quantity %d", q);
		if (r.have[q])
			cr_assert_float_eq(r.value[q], want[q], 1e-6, "quantity %d is %.9g", q,
					   r.value[q]);
	}
}

/* The last format is LOAD_FORMAT_COUNT - 1: one past it names none, whatever the text. */
Test(loadgen_edges, a_format_one_past_the_last)
{
	static const char text[] = "zswapbench-load throughput 1834.25\n";

	expect_refused(text, LOAD_FORMAT_COUNT, "no load format 5");
	expect_read(text, LOAD_FORMAT_COUNT - 1,
		    (double[]){ 1834.25, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT });
}

/* A unit after our number is not ours to guess: refused, naming it. */
Test(loadgen_edges, our_line_with_a_unit_after_its_number)
{
	expect_refused("zswapbench-load throughput 1834.25 ops/s\n", LOAD_LINES,
		       "throughput '1834.25' has 'ops/s' after its number");
	expect_read("zswapbench-load throughput 1834.25  \t\n", LOAD_LINES,
		    (double[]){ 1834.25, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT });
}

/* A quantity is its whole name: a script's p99.9 is none of ours, not our p99. */
Test(loadgen_edges, a_quantity_named_longer_than_ours)
{
	expect_refused("zswapbench-load throughput 1834.25\nzswapbench-load latency_p999 31.5\n",
		       LOAD_LINES, "quantity 'latency_p999' is none of");
}

/* A minus sign is refused, whatever follows it: "-0" and "-0.5" too. */
Test(loadgen_edges, a_negative_zero_and_fraction)
{
	expect_refused("zswapbench-load throughput -0\n", LOAD_LINES,
		       "throughput '-0' is negative");
	expect_refused("zswapbench-load throughput 1834.25\nzswapbench-load latency_avg -0.5\n",
		       LOAD_LINES, "latency_avg '-0.5' is negative");
}

/* A tool that redraws its progress line with a lone '\r' (memtier_benchmark does), our line
 * printed after its last: the '\r' ends a line and takes nothing of the next. */
Test(loadgen_edges, a_lone_carriage_return_ends_a_line)
{
	static const char text[] = "[RUN #1 50%,   2 secs]  4 threads:      250000 ops,   99702 "
				   "(avg:   99702) ops/sec\r"
				   "[RUN #1 100%,   5 secs]  0 threads:      500000 ops,   99610 "
				   "(avg:   99656) ops/sec\r"
				   "zswapbench-load throughput 99656.12\r"
				   "zswapbench-load latency_avg 2.004\n";

	expect_read(text, LOAD_LINES, (double[]){ 99656.12, 2004, ABSENT, ABSENT, ABSENT, ABSENT });
}

/* PostgreSQL 15's last line with more after its kind: a rate of a kind we do not know. */
Test(loadgen_edges, a_pgbench_rate_with_words_after_its_kind)
{
	static const char text[] =
		"number of transactions actually processed: 68366\n"
		"number of failed transactions: 0 (0.000%)\n"
		"latency average = 0.073 ms\n"
		"initial connection time = 26.487 ms\n"
		"tps = 13745.564901 (without initial connection time), 0 failed\n";

	expect_refused(text, LOAD_AUTO, "pgbench's 'tps =' line 'tps = 13745.564901 (without");
}

/* sysbench's "avg:" with a unit after it is not the number sysbench prints. */
Test(loadgen_edges, a_sysbench_latency_with_a_unit)
{
	static const char text[] =
		"    transactions:                        13176  (2631.65 per sec.)\n"
		"\n"
		"Latency (ms):\n"
		"         min:                                    0.57\n"
		"         avg:                                    0.76 ms\n"
		"         max:                                    8.69\n";

	expect_refused(text, LOAD_SYSBENCH, "sysbench's latency line 'avg: 0.76 ms' is malformed");
}

/* A count is 15 digits at most: below 10^15, a histogram's sums times 100 fit in 64 bits. */
Test(loadgen_edges, a_count_of_16_digits)
{
	expect_refused(
		"    transactions:                        1000000000000000 (2631.65 per sec.)\n",
		LOAD_SYSBENCH, "'transactions:' line");
	expect_read("    transactions:                        999999999999999 (2631.65 per sec.)\n",
		    LOAD_SYSBENCH, (double[]){ 2631.65, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT });
}

/* A script that ran a warm-up with --csv first, then the load: the rows before the load's
 * header are the warm-up's, not counted. The load's numbers are redis-csv.txt's alone (two
 * tests: the requests over the time they took, the mean of the averages, the worst of each). */
Test(loadgen_edges, redis_rows_before_a_later_header)
{
	static const char warm_up[] =
		"\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\","
		"\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"\n"
		"\"SET\",\"30211.48\",\"0.811\",\"0.204\",\"0.703\",\"1.311\",\"2.207\",\"9."
		"871\"\n";
	char *load = fixture("redis-csv.txt"), *text;

	cr_assert_geq(asprintf(&text, "%s%s", warm_up, load), 0);
	expect_read(text, LOAD_AUTO,
		    (double[]){ 2 / (1 / 62111.80 + 1 / 63694.27), (415 + 400) / 2.0, 391, 495, 679,
				5431 });
	free(text);
	free(load);
}

/* A warm-up's summary, then the load's, stopped (killed while it printed) before its "avg:":
 * the warm-up's latencies (its avg 0.67 ms, p99 1.61 ms, max 4.19 ms) are not the load's. */
Test(loadgen_edges, a_warm_up_summary_then_one_cut_short)
{
	char *warm_up = fixture("sysbench-ro-p99-report.txt"), *load = fixture("sysbench-ro.txt");
	char *text;

	*strstr(load, "         avg:") = '\0';
	cr_assert_geq(asprintf(&text, "%s%s", warm_up, load), 0);
	expect_read(text, LOAD_SYSBENCH,
		    (double[]){ 2631.65, ABSENT, ABSENT, ABSENT, ABSENT, ABSENT });
	free(text);
	free(load);
	free(warm_up);
}

/* A warm-up with --histogram=on, then the load without: the warm-up's histogram is not the
 * load's, whose percentile is its summary's line. The numbers are sysbench-ro.txt's alone. */
Test(loadgen_edges, a_histogram_of_an_earlier_summary)
{
	char *warm_up = fixture("sysbench-ro-histogram.txt"), *load = fixture("sysbench-ro.txt");
	char *text;

	cr_assert_geq(asprintf(&text, "%s%s", warm_up, load), 0);
	expect_read(text, LOAD_SYSBENCH, (double[]){ 2631.65, 760, ABSENT, 1610, ABSENT, 8690 });
	free(text);
	free(load);
	free(warm_up);
}

/* A histogram of 1000 events whose cumulative counts reach 50%, 95% and 99% exactly: 500 at
 * 0.587, 950 at 0.608, 990 at 0.619. Then its summary, counting `events`. */
static char *histogram_run(unsigned events)
{
	static const char rows[] = "Latency histogram (values are in milliseconds)\n"
				   "       value  ------------- distribution ------------- count\n"
				   "       0.576 |**********************                   200\n"
				   "       0.587 |**********************************       300\n"
				   "       0.597 |**************************************** 350\n"
				   "       0.608 |***********                              100\n"
				   "       0.619 |****                                     40\n"
				   "       0.630 |*                                        10\n"
				   " \n";
	char *text;

	cr_assert_geq(asprintf(&text,
			       "%sSQL statistics:\n"
			       "    transactions:                        %u   (199.87 per sec.)\n"
			       "\n"
			       "General statistics:\n"
			       "    total time:                          5.0031s\n"
			       "    total number of events:              %u\n"
			       "\n"
			       "Latency (ms):\n"
			       "         min:                                    0.57\n"
			       "         avg:                                    0.59\n"
			       "         max:                                    0.63\n"
			       "         95th percentile:                        0.61\n"
			       "         sum:                                  593.41\n",
			       rows, events, events),
		      0);
	return text;
}

/* The percentile is the first bucket whose cumulative count reaches it: where one reaches it
 * exactly, that bucket, not the next. */
Test(loadgen_edges, a_bucket_that_reaches_a_percentile_exactly)
{
	char *text = histogram_run(1000);

	expect_read(text, LOAD_SYSBENCH, (double[]){ 199.87, 590, 587, 608, 619, 630 });
	free(text);
}

/*
 * The same run cut inside its 0.587 row: the rows kept (from 0.597) count 500, the cut took the
 * other 500 of the summary's 1000. The median is reached exactly at the last row cut away: no
 * p50. p95 and p99 are still the rows', 950 at 0.608 and 990 at 0.619.
 */
Test(loadgen_edges, a_percentile_reached_exactly_among_the_cut_rows)
{
	char *text = histogram_run(1000);

	expect_read(strstr(text, "87 |"), LOAD_SYSBENCH,
		    (double[]){ 199.87, 590, ABSENT, 608, 619, 630 });
	free(text);
}

/* The cut run's rows count 500: a summary of 500 events leaves none below them (then 350 of
 * them at 0.597 reach the median, 490 at 0.619 the 95th, 500 at 0.630 the 99th); of 499, the
 * rows count one more than the run. */
Test(loadgen_edges, a_cut_histogram_one_event_over_its_summary)
{
	char *of_500 = histogram_run(500), *of_499 = histogram_run(499);

	expect_read(strstr(of_500, "87 |"), LOAD_SYSBENCH,
		    (double[]){ 199.87, 590, 597, 619, 630, 630 });
	expect_refused(strstr(of_499, "87 |"), LOAD_SYSBENCH,
		       "histogram counts 500 events, more than its 'total number of events:' 499");
	free(of_499);
	free(of_500);
}
