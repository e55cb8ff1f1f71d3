/* A service's run in every view: its question's primary metric is throughput, and more of it
 * is better. The short answer, the verdict, the sweep, compare and the outlier flags show a
 * service's cells by throughput, name the cell with more the better one and never call the one
 * with less faster, better or the best. Swapping the direction anywhere fails a test here. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/report.h"
#include "runner/result/compare.h"
#include "runner/result/results.h"
#include "tools.h"

static const struct report_opts opts = { .cmp = { .alpha = 0.05, .noise_pct = 2 } };

/* What a view printed (to free). */
static char *printed(int (*view)(const struct results *, const struct report_opts *, FILE *),
		     const struct results *r, const struct report_opts *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(view(r, o, f), 0);
	fclose(f);
	return text;
}

/* A cell of a service's trials: a throughput each (ops/s) and a p99 per request (us). */
static void add_cell(struct results *r, const char *label, const double *ops, size_t n)
{
	struct result_cell *c = results_add_cell(r);

	snprintf(c->label, sizeof(c->label), "%s", label);
	snprintf(c->backend, sizeof(c->backend), "%s", label);
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		trial_set(t, M_THROUGHPUT, ops[i]);
		trial_set(t, M_ELAPSED, 2000 / ops[i]);
		trial_set(t, M_REQUEST_P99, 5e6 / ops[i]);
		trial_set(t, M_CPU_TIME, 0.15);
	}
	cell_update_stats(c);
}

/* The verdict of two service cells, base first (to free). */
static char *verdict_of(const char *base, const double *b, size_t nb, const char *cell,
			const double *c, size_t nc)
{
	struct results r;
	char *text;

	results_init(&r);
	add_cell(&r, base, b, nb);
	add_cell(&r, cell, c, nc);
	text = printed(answer_verdict, &r, &opts);
	results_free(&r);
	return text;
}

static const double ops_9000[] = { 9000, 8950, 9080, 8990, 9040, 8920, 9060 };
static const double ops_14000[] = { 14000, 13900, 14120, 13960, 14060, 13880, 14100 };

Test(throughput, a_service_cell_answers_by_throughput)
{
	struct results r, hog;

	read_fixture("service-two-cells.json", &r);
	read_fixture("disk-zram.json", &hog);
	for (size_t i = 0; i < r.ncells; i++)
		cr_expect_eq(cell_primary(&r.cells[i]), M_THROUGHPUT, "%s", r.cells[i].label);
	cr_expect_eq(results_primary(&r), M_THROUGHPUT);
	cr_expect_eq(compare_primary(&r.cells[0], &r.cells[1]), M_THROUGHPUT);
	cr_expect_eq(metric_family_of(&r.cells[0], &r.cells[1], M_REQUEST_P99), FAMILY_SECONDARY);
	cr_expect_eq(metric_family_of(&r.cells[0], &r.cells[1], M_ELAPSED), FAMILY_EXPLORATORY);
	/* A swap run's cells keep elapsed, and so does a cell whose every trial failed. */
	cr_expect_eq(cell_primary(&hog.cells[0]), M_ELAPSED);
	cr_expect_eq(results_primary(&hog), M_ELAPSED);
	results_free(&hog);
	results_init(&hog);
	add_cell(&hog, "none", NULL, 0);
	cr_expect_eq(cell_primary(&hog.cells[0]), M_ELAPSED);
	results_free(&hog);
	results_free(&r);
}

/* The fixture's zram serves about 14000 operations a second, its disk about 9000. */
Test(throughput, compare_tests_throughput_first_and_its_sign_follows_the_cells)
{
	struct metric_comparison mc[M_COUNT];
	struct results r;

	read_fixture("service-two-cells.json", &r);
	cr_assert_eq(compare_cells(&r.cells[0], &r.cells[1], &opts.cmp, mc), 0);
	cr_expect(mc[M_THROUGHPUT].have);
	cr_expect_eq(mc[M_THROUGHPUT].family, FAMILY_PRIMARY);
	cr_expect_eq(mc[M_THROUGHPUT].sig, SIG_SIGNIFICANT);
	cr_expect_gt(mc[M_THROUGHPUT].est.lo_pct, 40, "zram against disk: +%.1f%% [%.1f, %.1f]",
		     mc[M_THROUGHPUT].est.change_pct, mc[M_THROUGHPUT].est.lo_pct,
		     mc[M_THROUGHPUT].est.hi_pct);
	cr_expect_eq(mc[M_REQUEST_P99].family, FAMILY_SECONDARY);
	cr_expect_lt(mc[M_REQUEST_P99].est.change_pct, 0, "zram's requests wait less");
	cr_assert_eq(compare_cells(&r.cells[1], &r.cells[0], &opts.cmp, mc), 0);
	cr_expect_lt(mc[M_THROUGHPUT].est.hi_pct, -25, "disk against zram: less throughput");
	results_free(&r);
}

Test(throughput, the_short_answer_shows_a_service_by_throughput)
{
	struct report_opts md = opts;
	struct results r;
	char *text;

	read_fixture("service-two-cells.json", &r);
	text = printed(report_cells, &r, &opts);
	cr_expect(strstr(text, "disk: 5 of 5 trials ok"), "%s", text);
	cr_expect(strstr(text, "\n  throughput 9000 ops/s median, interval 8910 "), "%s", text);
	cr_expect(strstr(text, "\n  throughput 14084 ops/s median, interval "), "%s", text);
	cr_expect(strstr(text, "\n  request  avg 111 us, p50 "), "%s", text);
	cr_expect_null(strstr(text, "elapsed"), "%s", text);
	free(text);
	md.render.format = FORMAT_MARKDOWN;
	text = printed(report_cells, &r, &md);
	cr_expect(strncmp(text, "| CELL | N | THROUGHPUT | INTERVAL |", 35) == 0, "%s", text);
	cr_expect(strstr(text, "| disk | 5/5 | 9000 ops/s | "), "%s", text);
	cr_expect_null(strstr(text, "ELAPSED"), "%s", text);
	free(text);
	results_free(&r);
}

Test(throughput, the_verdict_names_the_cell_with_more_throughput_better)
{
	struct results r;
	char *text;
	double f, lo, hi;
	const char *at;

	read_fixture("service-two-cells.json", &r);
	text = printed(answer_verdict, &r, &opts);
	at = strstr(text, "zram served ");
	cr_assert_not_null(at, "%s", text);
	cr_assert_eq(sscanf(at,
			    "zram served %lf%% more operations per second than disk [%lf%%, %lf%%]",
			    &f, &lo, &hi),
		     3, "%s", text);
	cr_expect(lo <= f && f <= hi && lo > 40 && hi < 70, "%s", text);
	cr_expect(strstr(text, "(median throughput, 95% interval; p = 0.008, 5 vs 5 trials)"), "%s",
		  text);
	cr_expect(strstr(text, "p99 request latency: zram shorter than disk"), "%s", text);
	cr_expect(strstr(text, "(primary: throughput, tested at alpha 0.05; secondary"), "%s",
		  text);
	cr_expect_null(strstr(text, "disk served"), "%s", text);
	cr_expect_null(strstr(text, "faster"), "%s", text);
	cr_expect_null(strstr(text, "elapsed"), "%s", text);
	free(text);
	results_free(&r);
}

/* Either order of the cells, the one with more throughput is named first and better. */
Test(throughput, the_verdict_follows_throughput_both_ways)
{
	char *text = verdict_of("disk", ops_9000, 7, "zram", ops_14000, 7);

	cr_expect(strstr(text, "zram served 55."), "%s", text);
	cr_expect(strstr(text, "% more operations per second than disk ["), "%s", text);
	free(text);
	text = verdict_of("zram", ops_14000, 7, "disk", ops_9000, 7);
	cr_expect(strstr(text, "zram served 55."), "%s", text);
	cr_expect_null(strstr(text, "disk served"), "%s", text);
	free(text);
}

/* -1% of throughput with every trial apart: real, fewer operations, within the noise. */
Test(throughput, a_drop_within_the_noise_is_fewer_operations)
{
	static const double steady[] = { 9000, 9004, 8996, 9002, 8998, 9001, 8999 };
	double down[7], up[7];
	char *text;

	for (size_t i = 0; i < 7; i++)
		down[i] = 0.99 * steady[i], up[i] = 1.01 * steady[i];
	text = verdict_of("disk", steady, 7, "zram", down, 7);
	cr_expect(strstr(text,
			 "zram served fewer operations per second than disk, median "
			 "throughput -1.0% ["),
		  "%s", text);
	cr_expect(strstr(text, "a real change, within the 2% noise threshold"), "%s", text);
	free(text);
	text = verdict_of("disk", steady, 7, "zram", up, 7);
	cr_expect(strstr(text,
			 "zram served more operations per second than disk, median "
			 "throughput +1.0% ["),
		  "%s", text);
	free(text);
}

Test(throughput, no_difference_too_few_and_nothing_are_said_of_throughput)
{
	static const double mixed[] = { 9010, 8940, 9070, 8995, 9030, 8930, 9050 };
	struct results r;
	char *text = verdict_of("disk", ops_9000, 7, "zram", mixed, 7);

	cr_expect(strstr(text, "zram and disk: no significant difference in throughput (median "),
		  "%s", text);
	free(text);
	text = verdict_of("disk", ops_9000, 2, "zram", ops_14000, 2);
	cr_expect(strstr(text, "too few to tell throughputs apart"), "%s", text);
	cr_expect_null(strstr(text, "served"), "%s", text);
	free(text);
	results_init(&r);
	add_cell(&r, "disk", ops_9000, 5);
	add_cell(&r, "zram", NULL, 0);
	text = printed(answer_verdict, &r, &opts);
	cr_expect(strstr(text, "zram and disk: no throughput to compare"), "%s", text);
	free(text);
	results_free(&r);
}

/* The fixture: disk and zram at 32M and 64M, zram at 64M serving the most. */
Test(throughput, a_sweep_of_a_service_claims_the_most_throughput)
{
	struct results r;
	char *text;

	read_fixture("service-sweep.json", &r);
	text = printed(answer_sweep, &r, &opts);
	cr_expect(strstr(text, "summary (medians; throughput against the first cell, 95% interval"),
		  "%s", text);
	cr_expect(strstr(text, "THROUGHPUT") && !strstr(text, "ELAPSED"), "%s", text);
	cr_expect(strstr(text, "(most throughput: alpha 0.05; least CPU"), "%s", text);
	cr_expect(strstr(text,
			 "\nmost throughput: zram limit=64M (14500 ops/s median), ahead of "
			 "every other cell"),
		  "%s", text);
	cr_expect_null(strstr(text, "fastest"), "%s", text);
	/* Every row serves more than the first cell, which the plan named the baseline. */
	cr_expect(strstr(text, "disk limit=64M  9500 ops/s    +58."), "%s", text);
	free(text);
	results_free(&r);
}

/* The first cell serving the most is the leader; the one serving least never is. */
Test(throughput, the_sweeps_leader_is_the_highest_never_the_lowest)
{
	static const double low[] = { 5000, 4980, 5030, 4990, 5010, 4970, 5020 };
	struct results r;
	char *text;

	results_init(&r);
	add_cell(&r, "zram", ops_14000, 7);
	add_cell(&r, "disk", ops_9000, 7);
	add_cell(&r, "none", low, 7);
	text = printed(answer_sweep, &r, &opts);
	cr_expect(strstr(text,
			 "\nmost throughput: zram (14000 ops/s median), ahead of every other "
			 "cell"),
		  "%s", text);
	cr_expect(strstr(text, "\nnone  5000 ops/s -64."), "%s", text);
	free(text);
	results_free(&r);
}

/* One trial far from the others by throughput is the outlier, its elapsed time as the rest;
 * a first trial that served a third less is slow, one that served more is not. */
Test(throughput, outliers_and_a_slow_first_trial_by_throughput)
{
	static const double last_low[] = { 10000, 10010, 9990, 10005, 9995, 5000 };
	static const double first_low[] = { 6000, 10000, 10010, 9990, 10005 };
	static const double first_high[] = { 16000, 10000, 10010, 9990, 10005 };
	struct results r;
	char text[128];

	results_init(&r);
	add_cell(&r, "a", last_low, 6);
	add_cell(&r, "b", first_low, 5);
	add_cell(&r, "c", first_high, 5);
	for (size_t i = 0; i < 6; i++)
		r.cells[0].trials[i].value[M_ELAPSED] = 0.2;
	cell_update_stats(&r.cells[0]);
	cr_expect(r.cells[0].trials[5].flags & TRIAL_FLAG_OUTLIER);
	cr_expect_eq(r.cells[0].trials[0].flags & TRIAL_FLAG_OUTLIER, 0);
	/* bit 4: TRIAL_FLAG_OUTLIER */
	cr_expect_str_eq(trial_flag_text(4, &r.cells[0], text, sizeof(text)),
			 "an outlier (modified z-score of throughput above 3.5)");
	cr_expect(r.cells[1].trials[0].flags & TRIAL_FLAG_SLOW_FIRST);
	cr_expect_eq(r.cells[2].trials[0].flags & TRIAL_FLAG_SLOW_FIRST, 0);
	results_free(&r);
}
