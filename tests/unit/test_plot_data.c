/* What the plots' scripts hold, row by row: each cell drawn by its median with the interval the
 * verdict gives it (the 95% interval of the median, or the range of the trials where they are
 * too few), in cells whose means order them the other way; and the savings key's answer with
 * its interval. gnuplot is a stand-in that draws nothing (the scripts are what is tested), so
 * the suite runs in the mutation check, where the plot suite, which renders, does not. */
#include <criterion/criterion.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/base/fileio.h"
#include "runner/profile/profile_json.h"
#include "runner/report/plot/plot.h"
#include "runner/result/savings.h"
#include "fixture.h"
#include "tools.h"

/* A gnuplot that draws nothing, first on PATH (each test runs in a process of its own). */
static char *fake_gnuplot(void)
{
	char *bin = temp_dir("zsb-plotdata"), path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/gnuplot", bin);
	cr_assert_not_null(f = fopen(path, "w"));
	fputs("#!/bin/sh\nexit 0\n", f);
	fclose(f);
	cr_assert_eq(chmod(path, 0755), 0);
	setenv("PATH", bin, 1);
	return bin;
}

/* A cell of label, backend and jobs; trials of m at v. */
static void add_cell(struct results *r, const char *label, const char *backend, unsigned jobs,
		     const char *mode, enum metric_id m, const double *v, size_t n)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	snprintf(c->label, sizeof(c->label), "%s", label);
	snprintf(c->backend, sizeof(c->backend), "%s", backend);
	snprintf(c->mode, sizeof(c->mode), "%s", mode ? mode : "");
	c->jobs = jobs;
	c->limit = 64 * MIB_BYTES;
	c->alloc = 128 * MIB_BYTES;
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->index = (unsigned)i + 1;
		t->status = TRIAL_OK;
		trial_set(t, m, v[i]);
	}
	cell_update_stats(c);
}

/* A trial the OOM killer ended at v: drawn as a cross, in no statistic. */
static void failed_trial(struct result_cell *c, enum metric_id m, double v)
{
	struct trial *t = cell_add_trial(c);

	cr_assert_not_null(t);
	t->index = (unsigned)c->ntrials;
	t->status = TRIAL_OOM;
	trial_set(t, m, v);
	cell_update_stats(c);
}

/* Nine trials give the median a 95% interval from its order statistics (the 2nd and the 8th);
 * five only their range, 94%. In every pair disk's mean is above zram's and its median below:
 * a plot by means would order them the other way. */
static const double disk5[] = { 2.0, 1.0, 1.9, 1.05, 1.1 }; /* median 1.1, mean 1.41 */
static const double zram5[] = { 1.3, 1.2, 1.4, 1.25, 1.35 }; /* median 1.3, mean 1.3 */
static const double disk9[] = { 3.3, 1.0, 1.1, 3.0, 1.2, 3.1, 1.3, 3.2, 1.4 }; /* 1.4, 2.07 */
static const double zram9[] = { 2.3, 1.5, 2.2, 1.6, 2.1, 1.7, 2.0, 1.8, 1.9 }; /* 1.9, 1.9 */

/* A sweep of jobs: disk and zram at 1 and 2, nine trials at jobs = big (0: none), else five. */
static void sweep_run(struct results *r, unsigned big)
{
	results_init(r);
	r->status = RUN_COMPLETE;
	add_cell(r, "disk jobs=1", "disk", 1, NULL, M_ELAPSED, big == 1 ? disk9 : disk5,
		 big == 1 ? 9 : 5);
	add_cell(r, "zram jobs=1", "zram", 1, NULL, M_ELAPSED, big == 1 ? zram9 : zram5,
		 big == 1 ? 9 : 5);
	add_cell(r, "disk jobs=2", "disk", 2, NULL, M_ELAPSED, big == 2 ? disk9 : disk5,
		 big == 2 ? 9 : 5);
	add_cell(r, "zram jobs=2", "zram", 2, NULL, M_ELAPSED, big == 2 ? zram9 : zram5,
		 big == 2 ? 9 : 5);
	failed_trial(&r->cells[3], M_ELAPSED, 0.1);
}

static void plot_into(const struct results *r, const char *dir)
{
	const struct results *sets[] = { r };
	struct plot_output out;
	char why[1024] = "";

	cr_assert_eq(plot_results(sets, NULL, 1, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	plot_output_free(&out);
}

static char *script(const char *dir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return slurp(path);
}

/* The rows of datablock $dID of a script: up to 8 of up to 8 numbers each; how many rows. */
static size_t block_rows(const char *gp, int id, double rows[8][8], size_t *cols)
{
	char head[32];
	const char *p;
	size_t n = 0;

	snprintf(head, sizeof(head), "$d%d << EOD\n", id);
	p = strstr(gp, head);
	cr_assert_not_null(p, "no datablock $d%d", id);
	p += strlen(head);
	while (strncmp(p, "EOD\n", 4) != 0 && n < 8) {
		char *end;
		size_t c = 0;
		/* strtod would skip the line's end into the next row: a row is read up to it. */
		for (; c < 8; c++) {
			while (*p == ' ')
				p++;
			if (*p == '\n')
				break;
			rows[n][c] = strtod(p, &end);
			if (end == p)
				break;
			p = end;
		}
		cols[n++] = c;
		p = strchr(p, '\n') + 1;
	}
	return n;
}

/* Row got of a datablock against want, number by number. */
static void expect_row(const double *got, size_t cols, const double *want, size_t n,
		       const char *what)
{
	cr_expect_eq(cols, n, "%s: %zu columns", what, cols);
	/* The script's numbers have ten digits. */
	for (size_t i = 0; i < n && i < cols; i++)
		cr_expect_float_eq(got[i], want[i], 1e-9 * (fabs(want[i]) > 1 ? fabs(want[i]) : 1),
				   "%s: column %zu is %.10g, not %.10g", what, i + 1, got[i],
				   want[i]);
}

/* The sweep's lines are of medians: disk at 1.1 and 1.4 (the 2nd and 8th of nine its bounds),
 * zram above it at 1.3 and 1.9, where the means put disk above zram at both. */
Test(plot_data, a_sweep_draws_each_cells_median_and_the_verdicts_interval)
{
	/* x, median, lo, hi, coverage, 1 for a range */
	static const double disk[2][6] = { { 1, 1.1, 1.0, 2.0, 0.9375, 1 },
					   { 2, 1.4, 1.1, 3.2, 0.95, 0 } };
	static const double zram[2][6] = { { 1, 1.3, 1.2, 1.4, 0.9375, 1 },
					   { 2, 1.9, 1.6, 2.2, 0.95, 0 } };
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	sweep_run(&r, 2);
	cr_assert_gt(r.cells[2].stats[M_ELAPSED].mean, r.cells[3].stats[M_ELAPSED].mean);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2, "disk's line");
	for (size_t i = 0; i < 2; i++)
		expect_row(rows[i], cols[i], disk[i], 6, "disk");
	cr_assert_eq(block_rows(gp, 1, rows, cols), 2, "zram's line");
	for (size_t i = 0; i < 2; i++)
		expect_row(rows[i], cols[i], zram[i], 6, "zram");
	cr_expect(strstr(gp, "'median elapsed time against jobs'"), "%s", gp);
	cr_expect(strstr(gp, "set ylabel 'elapsed, median (s)'"), "%s", gp);
	cr_expect(!strstr(gp, "mean"), "a mean named: %s", gp);
	/* Both kinds of bar: the title says which is which, and a ring marks each range. */
	cr_expect(strstr(gp,
			 "bars: the 95% interval of the median; ringed, the range of the "
			 "trials (too few for it), the median''s interval at 94%"),
		  "%s", gp);
	cr_expect(strstr(gp, "$d0 using 1:($6 > 0 ? $2 : NaN) with points pt 6") &&
			  strstr(gp, "$d1 using 1:($6 > 0 ? $2 : NaN) with points pt 6"),
		  "%s", gp);
	cr_expect(strstr(gp,
			 "title 'ringed: bars the range of the trials (too few for the "
			 "median''s interval)'"),
		  "%s", gp);
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* One kind of bar: said as that kind, and nothing ringed. */
Test(plot_data, a_sweep_of_one_kind_of_bar_says_which)
{
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	sweep_run(&r, 0);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_expect(strstr(gp,
			 "'bars: the range of the trials, the median''s interval at 94% (too "
			 "few trials for 95%)'"),
		  "%s", gp);
	cr_expect(!strstr(gp, "ringed") && !strstr(gp, "pt 6"), "%s", gp);
	cr_assert_eq(block_rows(gp, 1, rows, cols), 2);
	expect_row(rows[1], cols[1], (const double[]){ 2, 1.3, 1.2, 1.4, 0.9375, 1 }, 6, "zram");
	free(gp);
	results_free(&r);
	/* Nine trials everywhere: the interval alone. */
	results_init(&r);
	add_cell(&r, "disk jobs=1", "disk", 1, NULL, M_ELAPSED, disk9, 9);
	add_cell(&r, "disk jobs=2", "disk", 2, NULL, M_ELAPSED, zram9, 9);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_expect(strstr(gp, "'bars: the 95% interval of the median'"), "%s", gp);
	cr_expect(!strstr(gp, "ringed") && !strstr(gp, "the range"), "%s", gp);
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2);
	expect_row(rows[0], cols[0], (const double[]){ 1, 1.4, 1.1, 3.2, 0.95, 0 }, 6, "jobs 1");
	expect_row(rows[1], cols[1], (const double[]){ 2, 1.9, 1.6, 2.2, 0.95, 0 }, 6, "jobs 2");
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* One trial has no interval: its bar is the median itself, and the title says so. */
Test(plot_data, one_trial_has_no_bar)
{
	static const double one = 0.5;
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	results_init(&r);
	add_cell(&r, "zram jobs=1", "zram", 1, NULL, M_ELAPSED, &one, 1);
	add_cell(&r, "zram jobs=2", "zram", 2, NULL, M_ELAPSED, zram5, 5);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2);
	expect_row(rows[0], cols[0], (const double[]){ 1, 0.5, 0.5, 0.5, 0, 1 }, 6, "one trial");
	cr_expect(strstr(gp, "(too few trials for 95%); one trial: no bar'"), "%s", gp);
	free(gp);
	results_free(&r);
	results_init(&r);
	add_cell(&r, "zram jobs=1", "zram", 1, NULL, M_ELAPSED, &one, 1);
	add_cell(&r, "zram jobs=2", "zram", 2, NULL, M_ELAPSED, &one, 1);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_expect(strstr(gp, "'no bars: one trial a cell'"), "%s", gp);
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* Cells sorted by median, each box the interval of its median: the two of nine trials in a
 * block of their own, the two of five, their range, in another, each named in the key. */
Test(plot_data, trials_boxes_are_the_medians_interval_or_the_range_named_so)
{
	/* x, lo, lo, hi, hi, median, coverage, range */
	static const double interval[2][8] = { { 3, 1.1, 1.1, 3.2, 3.2, 1.4, 0.95, 0 },
					       { 4, 1.6, 1.6, 2.2, 2.2, 1.9, 0.95, 0 } };
	static const double range[2][8] = { { 1, 1.0, 1.0, 2.0, 2.0, 1.1, 0.9375, 1 },
					    { 2, 1.2, 1.2, 1.4, 1.4, 1.3, 0.9375, 1 } };
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	sweep_run(&r, 2);
	plot_into(&r, dir);
	gp = script(dir, "trials-elapsed.gp");
	/* By median disk's cell comes first at each jobs; by mean zram's would. */
	cr_expect(strstr(gp,
			 "('disk jobs=1' 1, 'zram jobs=1' 2, 'disk jobs=2' 3, "
			 "'zram jobs=2' 4)"),
		  "%s", gp);
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2, "the cells with an interval");
	for (size_t i = 0; i < 2; i++)
		expect_row(rows[i], cols[i], interval[i], 8, "interval");
	cr_assert_eq(block_rows(gp, 1, rows, cols), 2, "the cells with a range");
	for (size_t i = 0; i < 2; i++)
		expect_row(rows[i], cols[i], range[i], 8, "range");
	cr_expect(strstr(gp, "$d0 using 1:2:3:4:5 with candlesticks") &&
			  strstr(gp, "title '95% interval of the median'"),
		  "%s", gp);
	cr_expect(strstr(gp, "$d1 using 1:2:3:4:5 with candlesticks") &&
			  strstr(gp,
				 "title 'range of the trials, the median''s interval at 94% "
				 "(too few trials for 95%)'"),
		  "%s", gp);
	cr_expect(strstr(gp,
			 "$d0 using 1:6:6:6:6 with candlesticks lw 3 lc rgb '#000000' "
			 "title 'median'") &&
			  strstr(gp,
				 "$d1 using 1:6:6:6:6 with candlesticks lw 3 lc rgb '#000000' "
				 "notitle"),
		  "%s", gp);
	cr_expect(!strstr(gp, "mean"), "a mean named: %s", gp);
	/* The failed trial is a cross of its own block, zram jobs=2's at 4. */
	cr_assert_eq(block_rows(gp, 3, rows, cols), 1, "the failed trials");
	expect_row(rows[0], cols[0], (const double[]){ 4, 0.1 }, 2, "failed");
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* CPU time is user + sys, as the tables give it: its box the range of their sums. */
Test(plot_data, cpu_is_user_and_sys)
{
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	results_init(&r);
	add_cell(&r, "zram", "zram", 1, NULL, M_ELAPSED, zram5, 5);
	for (size_t i = 0; i < r.cells[0].ntrials; i++) {
		trial_set(&r.cells[0].trials[i], M_USER, zram5[i]);
		trial_set(&r.cells[0].trials[i], M_SYS, zram5[i] / 4);
	}
	plot_into(&r, dir);
	gp = script(dir, "trials-cpu.gp");
	/* No cell of nine: the intervals' block is empty, the ranges' holds the cell. */
	cr_assert_eq(block_rows(gp, 0, rows, cols), 0);
	cr_assert_eq(block_rows(gp, 1, rows, cols), 1);
	expect_row(rows[0], cols[0], (const double[]){ 1, 1.5, 1.5, 1.75, 1.75, 1.625, 0.9375, 1 },
		   8, "cpu");
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* A trial that holds its own CPU time is drawn by it, as the tables read it, not by user + sys:
 * a file whose cpu_time is not their sum (edited, or rounded apart) shows one CPU time. */
Test(plot_data, cpu_is_the_trials_own_where_it_has_one)
{
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	results_init(&r);
	add_cell(&r, "zram", "zram", 1, NULL, M_ELAPSED, zram5, 5);
	for (size_t i = 0; i < r.cells[0].ntrials; i++) {
		trial_set(&r.cells[0].trials[i], M_USER, zram5[i]);
		trial_set(&r.cells[0].trials[i], M_SYS, zram5[i] / 4);
		trial_set(&r.cells[0].trials[i], M_CPU_TIME, disk5[i]);
	}
	cell_update_stats(&r.cells[0]);
	cr_assert_float_eq(r.cells[0].stats[M_CPU_TIME].median, 1.1, 1e-12, "the tables' median");
	plot_into(&r, dir);
	gp = script(dir, "trials-cpu.gp");
	cr_assert_eq(block_rows(gp, 1, rows, cols), 1);
	/* disk5's range and median; user + sys would give 1.5 to 1.75 and 1.625. */
	expect_row(rows[0], cols[0], (const double[]){ 1, 1.0, 1.0, 2.0, 2.0, 1.1, 0.9375, 1 }, 8,
		   "cpu");
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* A cell whose every trial failed is no point of its line, and the ranges' least coverage is
 * what the title gives: three trials' 75%, not five's 94%. */
Test(plot_data, a_cell_without_a_finished_trial_is_no_point)
{
	static const double three[] = { 1.0, 1.2, 1.1 };
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;
	struct result_cell *c;

	results_init(&r);
	add_cell(&r, "zram jobs=1", "zram", 1, NULL, M_ELAPSED, zram5, 5);
	add_cell(&r, "zram jobs=2", "zram", 2, NULL, M_ELAPSED, three, 3);
	add_cell(&r, "zram jobs=3", "zram", 3, NULL, M_ELAPSED, NULL, 0);
	c = &r.cells[2];
	failed_trial(c, M_ELAPSED, 5.0);
	failed_trial(c, M_ELAPSED, 6.0);
	plot_into(&r, dir);
	gp = script(dir, "sweep-jobs.gp");
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2, "%s", gp);
	expect_row(rows[0], cols[0], (const double[]){ 1, 1.3, 1.2, 1.4, 0.9375, 1 }, 6, "jobs 1");
	expect_row(rows[1], cols[1], (const double[]){ 2, 1.1, 1.0, 1.2, 0.75, 1 }, 6, "jobs 2");
	cr_expect(strstr(gp,
			 "bars: the range of the trials, the median''s interval at 75% (too "
			 "few trials for 95%)'"),
		  "%s", gp);
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* A block device's bandwidth: the median of each cell with its interval (more is better, and
 * still the median, not the mean, that the line goes through). */
Test(plot_data, bandwidth_draws_the_median_and_its_interval)
{
	static const double zram9_bw[] = { 330, 100, 110, 300, 120, 310, 130, 320, 140 };
	double rows[8][8];
	size_t cols[8];
	struct results r;
	char *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp;

	results_init(&r);
	r.config = json_object_new_object();
	json_object_object_add(r.config, "target", json_object_new_string("block"));
	add_cell(&r, "zram jobs=1 seq-read", "zram", 1, "seq-read", M_READ_BW, zram9_bw, 9);
	add_cell(&r, "zram jobs=2 seq-read", "zram", 2, "seq-read", M_READ_BW, disk5, 5);
	plot_into(&r, dir);
	gp = script(dir, "bandwidth-seq-read.gp");
	cr_assert_eq(block_rows(gp, 0, rows, cols), 2);
	/* MiB/s as the metric holds it: the plot draws what the tables give. */
	expect_row(rows[0], cols[0], (const double[]){ 1, 140, 110, 320, 0.95, 0 }, 6, "jobs 1");
	expect_row(rows[1], cols[1], (const double[]){ 2, 1.1, 1.0, 2.0, 0.9375, 1 }, 6, "jobs 2");
	cr_expect(strstr(gp,
			 "'the median of each cell''s trials; reads solid, writes dashed' . "
			 "\"\\n\" . "
			 "'bars: the 95% interval of the median; ringed, the range of the trials"),
		  "%s", gp);
	cr_expect(strstr(gp, "$d0 using 1:($6 > 0 ? $2 : NaN) with points pt 6"), "%s", gp);
	free(gp);
	results_free(&r);
	remove_dir(dir);
	remove_dir(bin);
}

/* The savings key gives each backend's answer with its interval, as savings' own text does. */
Test(plot_data, the_savings_key_gives_the_answer_with_its_interval)
{
	struct savings_report r;
	struct plot_output out;
	static const double steps[3][4] = {
		{ 20, 98.84672780705719, 42.07916955258588, 200.25810198116113 },
		{ 24, 63.21325909849882, 32.98788613022785, 146.56622943837075 },
		{ 32, 47.98051465454194, 44.62916502129373, 57.83060969550775 },
	};
	char why[1024] = "", *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *gp, key[200];
	double saved, lo, hi, rows[8][8];
	size_t cols[8];

	cr_assert_eq(savings_json_read(FIXTURES "/savings/hot25-zram.json", &r, why, sizeof(why)),
		     0, "%s", why);
	cr_assert_eq(plot_savings(&r, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	plot_output_free(&out);
	gp = script(dir, "savings.gp");
	/* The steps in order of limit, each its slowdown and interval (MiB, %); the killed one at
	 * 16 MiB is a mark, no row. */
	cr_assert_eq(block_rows(gp, 0, rows, cols), 3);
	for (size_t i = 0; i < 3; i++)
		expect_row(rows[i], cols[i], steps[i], 4, "step");
	savings_answer(&r.backends[0], &saved, &lo, &hi);
	cr_assert(lo < saved && saved < hi, "an interval that says something: %g %g %g", lo, saved,
		  hi);
	cr_expect(strstr(gp, "title 'zram: held at 20M, 69% less memory [51%, 75%]'"), "%s", gp);
	/* No limit below the footprint held: the answer is none, its interval still given. */
	r.backends[0].pass_limit = r.footprint;
	r.backends[0].fail_limit = 32 * MIB_BYTES;
	cr_assert_eq(plot_savings(&r, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	plot_output_free(&out);
	free(gp);
	gp = script(dir, "savings.gp");
	savings_answer(&r.backends[0], &saved, &lo, &hi);
	snprintf(key, sizeof(key),
		 "title 'zram: no limit below the footprint held, 0%% less memory [0%%, %.0f%%]'",
		 100 * hi);
	cr_expect(strstr(gp, key), "%s in %s", key, gp);
	free(gp);
	remove_dir(dir);
	remove_dir(bin);
}

/* The lines of text from the end of from to the start of to. */
static size_t lines_between(const char *text, const char *from, const char *to)
{
	const char *a = strstr(text, from), *b = a ? strstr(a + strlen(from), to) : NULL;
	size_t n = 0;

	for (const char *c = a ? a + strlen(from) : NULL; c && c < b; c++)
		n += *c == '\n';
	return n;
}

/* A profile, no result set: its memory against time, a line per kind, and the heat map of the
 * 16 regions that held the most, largest first, each interval after the first a column. */
Test(plot_data, a_profile_draws_its_memory_and_its_regions_heat)
{
	struct plot_output out;
	struct profile p;
	char why[1024] = "", *bin = fake_gnuplot(), *dir = temp_dir("zsb-plotdata"), *text, *gp;
	size_t len;

	cr_assert_eq(read_file(FIXTURES "/profiles/memuser.json", 1 << 24, &text, &len), 0);
	cr_assert_eq(profile_from_json(text, &p, why, sizeof(why)), 0, "%s", why);
	free(text);
	cr_assert_eq(plot_profile(&p, dir, 0, &out, why, sizeof(why)), 0, "%s", why);
	cr_expect_eq(out.nwritten, 2);
	plot_output_free(&out);
	gp = script(dir, "profile-heat.gp");
	/* 16 rows of 101 regions, the heap (49.5M) first, the anonymous 16M second; the last
	 * row holds 96K, more than any region left out. */
	cr_expect(strstr(gp, "set ytics ('[heap] anon 49.5M' 0, '(anonymous) anon 16.0M' 1, "),
		  "%s", gp);
	cr_expect(strstr(gp, "'/usr/lib/libpython3.11.so.1.0 file 96K' 15)\n"), "%s", gp);
	cr_expect(strstr(gp, "the 16 largest of 101 regions"));
	/* Two intervals (samples 1 and 2) a row: the first sample's (at 5.51e-07 s) touches are
	 * not heat. */
	cr_expect(strstr(gp, "\n 1.0") && !strstr(gp, "\n 5.51e-07"), "%s", gp);
	cr_expect_eq(lines_between(gp, "$d0 << EOD\n", "EOD\n"), 16 * 2);
	free(gp);
	gp = script(dir, "profile-memory.gp");
	/* Five lines of three samples: anon, file, shmem, swap, touched. */
	cr_expect(strstr(gp, "memory of PID 15614 (python3), resident and swapped, over 2 s"), "%s",
		  gp);
	cr_expect_eq(lines_between(gp, "$d4 << EOD\n", "EOD\n"), 3);
	free(gp);
	profile_free(&p);
	remove_dir(dir);
	remove_dir(bin);
}
