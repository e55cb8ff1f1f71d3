/* A device measured itself: show's rows for a block device (jobs then mode, "-" where a mode
 * does not read), the filesystem's phases, compare side by side, and the direction of every
 * word: more bandwidth is better, less time or RAM is. The fixtures are real runs; the
 * constructed runs have the trials a test needs, which the fixtures do not. */
#include <criterion/criterion.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/compare_view.h"
#include "runner/report/device/device.h"
#include "runner/report/device/device_words.h"
#include "runner/report/format.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "fixture.h"
#include "tools.h"

static struct report_opts markdown(void)
{
	struct report_opts o = { .render = { .format = FORMAT_MARKDOWN },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	return o;
}

/* Markdown's paragraphs and items each on one line, as a GFM renderer reads them: the lines
 * the view wrapped within 100 columns (base/wrap.h) joined by a blank, a table's rows and
 * the blank lines between blocks as they are. text is freed. */
static char *joined(char *text)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	const char *p = text, *before = NULL;

	while (*p) {
		size_t n = strcspn(p, "\n");
		const char *line = p;
		int on = before && *before != '|' && *before != '\n' && n && *line != '|' &&
			strncmp(line, "- ", 2) != 0;
		if (on) {
			fputc(' ', f);
			line += strspn(line, " ");
		} else if (before) {
			fputc('\n', f);
		}
		fwrite(line, 1, (size_t)(p + n - line), f);
		before = p;
		p += n + (p[n] == '\n');
	}
	if (before)
		fputc('\n', f);
	fclose(f);
	free(text);
	return out;
}

/* What show prints of r, in markdown: tables one can read cell by cell, paragraphs on a line. */
static char *shown(const struct results *r)
{
	struct report_opts o = markdown();
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(report_print(r, &o, f), 0);
	fclose(f);
	return joined(text);
}

static char *compared(const struct results *a, const struct results *b, const char *na,
		      const char *nb, int verbose)
{
	const struct results *sets[] = { a, b };
	const char *names[] = { na, nb };
	struct report_opts o = markdown();
	char *text = NULL, why[256] = "";
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	o.verbose = verbose;
	cr_assert_eq(report_compare(sets, names, 2, &o, 0, f, why, sizeof(why)), 0, "%s", why);
	fclose(f);
	return joined(text);
}

/* The cells of a markdown line "| a | b |" into v; how many. */
static size_t split_row(const char *line, char v[][128], size_t max)
{
	size_t n = 0;
	const char *p = line + 2, *end = strchr(line, '\n');

	if (!end)
		end = line + strlen(line);
	while (p < end && n < max) {
		const char *bar = strstr(p, " |");
		size_t len = bar && bar < end ? (size_t)(bar - p) : (size_t)(end - p);
		snprintf(v[n++], 128, "%.*s", (int)len, p);
		p += len + 3;
	}
	return n;
}

/* The cell under heading col in data row row of the first table whose heading line begins
 * with "| first |"; NULL when there is none. */
static const char *cell_at(const char *text, const char *first, size_t row, const char *col)
{
	static char head[64][128], cells[64][128];
	char want[64];
	const char *line;
	size_t n, c;

	snprintf(want, sizeof(want), "| %s |", first);
	line = strstr(text, want);
	if (!line)
		return NULL;
	n = split_row(line, head, 64);
	for (c = 0; c < n && strcmp(head[c], col) != 0; c++)
		;
	if (c == n)
		return NULL;
	line = strchr(line, '\n') + 1; /* the separator */
	for (size_t r = 0; r <= row; r++) {
		line = strchr(line, '\n');
		if (!line || line[1] != '|')
			return NULL;
		line++;
	}
	return split_row(line, cells, 64) > c ? cells[c] : NULL;
}

static size_t rows_of(const char *text, const char *first)
{
	size_t n = 0;

	while (cell_at(text, first, n, first))
		n++;
	return n;
}

static size_t count_of(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static int starts(const char *s, const char *prefix)
{
	return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

Test(device, block_rows_by_jobs_then_mode_with_each_setup)
{
	static const struct {
		const char *jobs, *mode, *setup, *read, *write, *vs;
	} want[] = {
		{ "1", "seq-write", "zram", "-", "551.7 [533.3", "best" },
		{ "1", "seq-write", "disk", "-", "35.8 [32.9", "-93.5%" },
		{ "1", "seq-read", "zram", "888.9 [842.1", "-", "best" },
		{ "1", "seq-read", "disk", "36.5 [36.3", "-", "-95.9%" },
		{ "2", "seq-write", "zram", "-", "571.4 [524.6", "best" },
		{ "2", "seq-write", "disk", "-", "71.7 [66.8", "-87.4%" },
		{ "2", "seq-read", "zram", "914.3 [914.3", "-", "best" },
		{ "2", "seq-read", "disk", "74.8 [71.6", "-", "-91.8%" },
	};
	struct results r;
	char *text;

	read_fixture("block-zram-disk.json", &r);
	cr_assert_eq(device_kind_of(&r), DEVICE_BLOCK);
	text = shown(&r);
	cr_assert_eq(rows_of(text, "JOBS"), 8, "%s", text);
	for (size_t i = 0; i < 8; i++) {
		cr_expect_str_eq(cell_at(text, "JOBS", i, "JOBS"), want[i].jobs, "row %zu", i);
		cr_expect_str_eq(cell_at(text, "JOBS", i, "MODE"), want[i].mode, "row %zu", i);
		cr_expect_str_eq(cell_at(text, "JOBS", i, "SETUP"), want[i].setup, "row %zu", i);
		cr_expect(starts(cell_at(text, "JOBS", i, "READ"), want[i].read), "row %zu: %s", i,
			  cell_at(text, "JOBS", i, "READ"));
		cr_expect(starts(cell_at(text, "JOBS", i, "WRITE"), want[i].write), "row %zu: %s",
			  i, cell_at(text, "JOBS", i, "WRITE"));
		cr_expect(starts(cell_at(text, "JOBS", i, "VS-BEST"), want[i].vs), "row %zu: %s", i,
			  cell_at(text, "JOBS", i, "VS-BEST"));
		/* 3 vs 3 trials: no test, the ranges apart. */
		cr_expect_str_eq(cell_at(text, "JOBS", i, "SIG"), i % 2 ? "?" : "", "row %zu", i);
	}
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "IOPS"), "141241");
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "COMP-RATIO"), "1.89x");
	cr_expect_str_eq(cell_at(text, "JOBS", 1, "COMP-RATIO"), "");
	cr_expect_str_eq(cell_at(text, "JOBS", 3, "P99"), "246.8");
	cr_expect(strstr(text,
			 "seq-read, read bandwidth: jobs 1, 2: zram higher than disk in "
			 "every trial, but 3 vs 3 trials are too few for a test\n"),
		  "%s", text);
	cr_expect(!strstr(text, "disk higher"), "%s", text);
	cr_expect(strstr(text,
			 "zram held 16.0 MiB of data in 8.6 MiB of RAM (1.87x) in each of "
			 "its 4 cells\n"),
		  "%s", text);
	cr_expect(!strstr(text, "swapped pages") && !strstr(text, "ELAPSED"), "%s", text);
	free(text);
	results_free(&r);
}

Test(device, one_setup_has_no_comparison_and_mixed_modes_both_directions)
{
	struct results r;
	char *text;

	read_fixture("block-static.json", &r);
	text = shown(&r);
	cr_assert_eq(rows_of(text, "JOBS"), 18, "%s", text);
	cr_expect_null(cell_at(text, "JOBS", 0, "VS-BEST"));
	cr_expect_null(cell_at(text, "JOBS", 0, "SETUP"));
	cr_expect_null(cell_at(text, "JOBS", 0, "SIG"));
	/* Writes first, as the plan runs them, then jobs 2. */
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "MODE"), "seq-write");
	cr_expect_str_eq(cell_at(text, "JOBS", 5, "MODE"), "rand-rw");
	cr_expect_str_eq(cell_at(text, "JOBS", 6, "JOBS"), "2");
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "READ"), "-");
	cr_expect_str_eq(cell_at(text, "JOBS", 2, "WRITE"), "-");
	/* seq-rw: both directions, and the p99 of each. */
	cr_expect(starts(cell_at(text, "JOBS", 4, "READ"), "303.3 ["));
	cr_expect(starts(cell_at(text, "JOBS", 4, "WRITE"), "318.4 ["));
	cr_expect_str_eq(cell_at(text, "JOBS", 4, "P99"), "35.4 / 5.2");
	cr_expect(!strstr(text, "significant"), "one setup: nothing is compared\n%s", text);
	cr_expect(strstr(text, "zram held 16.0 MiB of data in 0.2"), "%s", text);
	free(text);
	results_free(&r);
}

/* A run of a device, made: cells with trials around each value, 1% apart (the median of 8 is
 * 0.5% below it). */
struct made {
	const char *label, *backend, *mode;
	unsigned jobs;
	double v[4]; /* block: read, write MiB/s; fs: write, flush, read time; RAM MiB */
};

static void make_run(struct results *r, const char *target, const struct made *cells, size_t n,
		     size_t trials)
{
	results_init(r);
	r->status = RUN_COMPLETE;
	r->alpha = 0.05;
	r->noise_pct = 2;
	r->config = json_object_new_object();
	json_object_object_add(r->config, "target", json_object_new_string(target));
	for (size_t i = 0; i < n; i++) {
		struct result_cell *c = results_add_cell(r);
		snprintf(c->label, sizeof(c->label), "%s", cells[i].label);
		snprintf(c->backend, sizeof(c->backend), "%s", cells[i].backend);
		snprintf(c->mode, sizeof(c->mode), "%s", cells[i].mode);
		c->jobs = cells[i].jobs;
		for (size_t k = 0; k < trials; k++) {
			struct trial *t = cell_add_trial(c);
			double f = 1 + 0.01 * ((double)(k % 5) - 2);
			t->index = (unsigned)k + 1;
			if (strcmp(target, "block") == 0) {
				if (cells[i].v[0] > 0)
					trial_set(t, M_READ_BW, cells[i].v[0] * f);
				if (cells[i].v[1] > 0)
					trial_set(t, M_WRITE_BW, cells[i].v[1] * f);
				continue;
			}
			trial_set(t, M_ELAPSED, cells[i].v[0] * f);
			trial_set(t, M_FS_FLUSH_TIME, cells[i].v[1] * f);
			trial_set(t, M_FS_READ_TIME, cells[i].v[2] * f);
			trial_set(t, M_FS_TOTAL_TIME,
				  (cells[i].v[0] + cells[i].v[1] + cells[i].v[2]) * f);
			trial_set(t, M_SWAP_STORED, 16.0 * 1048576);
			trial_set(t, M_SWAP_RAM, cells[i].v[3] * 1048576);
		}
		cell_update_stats(c);
	}
}

/* The best setup is the one with MORE bandwidth, named only when the test says so. */
Test(device, more_bandwidth_is_the_best_setup)
{
	const struct made disk_faster[] = { { "zram seq-read", "zram", "seq-read", 1, { 100 } },
					    { "disk seq-read", "disk", "seq-read", 1, { 200 } } };
	const struct made zram_faster[] = { { "zram seq-read", "zram", "seq-read", 1, { 300 } },
					    { "disk seq-read", "disk", "seq-read", 1, { 200 } } };
	const struct made same[] = { { "zram seq-read", "zram", "seq-read", 1, { 200 } },
				     { "disk seq-read", "disk", "seq-read", 1, { 200 } } };
	struct results r;
	char *text;

	make_run(&r, "block", disk_faster, 2, 8);
	text = shown(&r);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "SETUP"), "zram");
	cr_expect(starts(cell_at(text, "JOBS", 0, "VS-BEST"), "-50.0%"), "%s", text);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "SIG"), "*");
	cr_expect_str_eq(cell_at(text, "JOBS", 1, "VS-BEST"), "best");
	cr_expect(strstr(text,
			 "seq-read, read bandwidth: jobs 1: disk higher than zram "
			 "(significant, p = "),
		  "%s", text);
	free(text);
	results_free(&r);

	make_run(&r, "block", zram_faster, 2, 8);
	text = shown(&r);
	cr_expect(starts(cell_at(text, "JOBS", 1, "VS-BEST"), "-33.3%"), "%s", text);
	cr_expect(strstr(text, "jobs 1: zram higher than disk (significant, p = "), "%s", text);
	free(text);
	results_free(&r);

	make_run(&r, "block", same, 2, 8);
	text = shown(&r);
	cr_expect(strstr(text, "jobs 1: no significant difference between zram and disk"), "%s",
		  text);
	cr_expect(!strstr(text, "higher than"), "%s", text);
	free(text);
	results_free(&r);

	/* Too few trials: the ranges apart, but no setup named the best by a test. */
	make_run(&r, "block", disk_faster, 2, 3);
	text = shown(&r);
	cr_expect(strstr(text,
			 "disk higher than zram in every trial, but 3 vs 3 trials are too "
			 "few for a test"),
		  "%s", text);
	cr_expect(!strstr(text, "(significant"), "%s", text);
	free(text);
	results_free(&r);
}

/* Jobs whose calls differ are clauses of one line; a cell without a finished trial none. */
Test(device, a_mode_line_per_mode_a_clause_per_call)
{
	const struct made cells[] = {
		{ "zram jobs=1 seq-read", "zram", "seq-read", 1, { 100 } },
		{ "disk jobs=1 seq-read", "disk", "seq-read", 1, { 200 } },
		{ "zram jobs=2 seq-read", "zram", "seq-read", 2, { 200 } },
		{ "disk jobs=2 seq-read", "disk", "seq-read", 2, { 200 } },
		{ "zram jobs=3 seq-read", "zram", "seq-read", 3, { 200 } },
		{ "disk jobs=3 seq-read", "disk", "seq-read", 3, { 200 } },
	};
	struct results r;
	char *text;

	make_run(&r, "block", cells, 6, 8);
	/* jobs 3's disk ran no trial. */
	r.cells[5].ntrials = 0;
	cell_update_stats(&r.cells[5]);
	text = shown(&r);
	cr_expect(strstr(text,
			 "seq-read, read bandwidth: jobs 1: disk higher than zram "
			 "(significant, p = "),
		  "%s", text);
	cr_expect(strstr(text, "; jobs 2: no significant difference between zram and disk (p = "),
		  "%s", text);
	cr_expect(!strstr(text, "jobs 3") && !strstr(text, "0 vs 0"), "%s", text);
	cr_expect_eq(count_of(text, "seq-read, read bandwidth"), 1, "%s", text);
	free(text);
	results_free(&r);
}

Test(device, fs_phases_per_cell)
{
	struct results r;
	char *text;

	read_fixture("fs-compressors.json", &r);
	cr_assert_eq(device_kind_of(&r), DEVICE_FS);
	text = shown(&r);
	cr_assert_eq(rows_of(text, "CELL"), 3, "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 0, "CELL"), "zram:lzo-rle");
	cr_expect_str_eq(cell_at(text, "CELL", 0, "WRITE"), "0.038");
	cr_expect_str_eq(cell_at(text, "CELL", 0, "FLUSH"), "0.059");
	cr_expect_str_eq(cell_at(text, "CELL", 0, "READ"), "0.138");
	cr_expect(starts(cell_at(text, "CELL", 0, "TOTAL"), "0.240 [0.230"));
	cr_expect_str_eq(cell_at(text, "CELL", 0, "VS-BEST"), "best");
	cr_expect_str_eq(cell_at(text, "CELL", 1, "HELD"), "16.8");
	cr_expect_str_eq(cell_at(text, "CELL", 1, "RAM"), "11.8");
	cr_expect_str_eq(cell_at(text, "CELL", 1, "RATIO"), "1.43x");
	cr_expect(strstr(text, "zram:lzo held 16.8 MiB of data in 11.8 MiB of RAM (1.43x)\n"), "%s",
		  text);
	cr_expect(strstr(text,
			 "total time (write + flush + read): zram:lzo-rle and zram:lz4 too "
			 "close to call (3 vs 3 trials are too few for a test)"),
		  "%s", text);
	cr_expect(!strstr(text, "swapped pages") && !strstr(text, "fastest:"), "%s", text);
	free(text);
	results_free(&r);
}

/* LESS time and LESS RAM are what a filesystem's setup is best by. */
Test(device, fs_fastest_and_smallest_by_a_test)
{
	const struct made cells[] = {
		{ "zram:lz4", "zram", "", 1, { 0.5, 0.2, 0.3, 12 } },
		{ "zram:zstd", "zram", "", 1, { 1.0, 0.4, 0.6, 6 } },
	};
	struct results r;
	char *text;

	make_run(&r, "fs", cells, 2, 8);
	text = shown(&r);
	cr_expect(strstr(text,
			 "total time (write + flush + read): zram:lz4 shorter than zram:zstd "
			 "(significant, p = "),
		  "%s", text);
	cr_expect(strstr(text,
			 "RAM for the data: zram:zstd smaller than zram:lz4 (significant, "
			 "p = "),
		  "%s", text);
	cr_expect(starts(cell_at(text, "CELL", 1, "VS-BEST"), "+100.0%"), "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 1, "SIG"), "*");
	free(text);
	results_free(&r);
	make_run(&r, "fs", cells, 2, 3);
	text = shown(&r);
	cr_expect(strstr(text,
			 "zram:lz4 shorter than zram:zstd in every trial, but 3 vs 3 trials "
			 "are too few for a test"),
		  "%s", text);
	free(text);
	results_free(&r);
}

/* compare: the new file's HIGHER bandwidth is better, its lower bandwidth worse. */
Test(device, compare_higher_bandwidth_is_better)
{
	const struct made base[] = { { "zram seq-read", "zram", "seq-read", 1, { 100 } },
				     { "zram rand-read", "zram", "rand-read", 1, { 100 } },
				     { "zram seq-write", "zram", "seq-write", 1, { 0, 100 } } };
	const struct made now[] = { { "zram seq-read", "zram", "seq-read", 1, { 150 } },
				    { "zram rand-read", "zram", "rand-read", 1, { 130 } },
				    { "zram seq-write", "zram", "seq-write", 1, { 0, 50 } } };
	struct results a, b;
	char *text;

	make_run(&a, "block", base, 3, 8);
	make_run(&b, "block", now, 3, 8);
	/* One run read twice: its trials are the unit (two runs' are not, below). */
	snprintf(a.started, sizeof(a.started), "2026-12-01T00:00:00Z");
	snprintf(b.started, sizeof(b.started), "2026-12-01T00:00:00Z");
	text = compared(&a, &b, "a.json", "b.json", 0);
	/* Writes first: seq-write, seq-read, rand-read. */
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "MODE"), "seq-write");
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "a.json"), "99.5");
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "b.json"), "49.8");
	cr_expect(starts(cell_at(text, "JOBS", 0, "CHANGE"), "-50.0%"), "%s", text);
	cr_expect(starts(cell_at(text, "JOBS", 1, "CHANGE"), "+50.0%"), "%s", text);
	cr_expect_str_eq(cell_at(text, "JOBS", 1, "SIG"), "*");
	cr_expect(strstr(text,
			 "b.json against a.json: significant in 3 rows: 2 better (higher "
			 "bandwidth), 1 worse (lower bandwidth)\n"),
		  "%s", text);
	cr_expect(!strstr(text, "read_bw"), "the per-metric detail only with --verbose");
	free(text);
	text = compared(&a, &b, "a.json", "b.json", 1);
	cr_expect(strstr(text, "read_bw"), "--verbose: every metric of each cell\n%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

/* For a filesystem less time is better. */
Test(device, compare_less_time_is_better)
{
	const struct made base[] = { { "zram:lz4", "zram", "", 1, { 1.0, 0.4, 0.6, 12 } } };
	const struct made now[] = { { "zram:lz4", "zram", "", 1, { 0.5, 0.2, 0.3, 12 } } };
	struct results a, b;
	char *text;

	make_run(&a, "fs", base, 1, 8);
	make_run(&b, "fs", now, 1, 8);
	snprintf(a.started, sizeof(a.started), "2026-12-01T00:00:00Z");
	snprintf(b.started, sizeof(b.started), "2026-12-01T00:00:00Z");
	text = compared(&a, &b, "a.json", "b.json", 0);
	cr_expect_str_eq(cell_at(text, "CELL", 3, "METRIC"), "fs_total_time");
	cr_expect_str_eq(cell_at(text, "CELL", 3, "a.json"), "1.990");
	cr_expect(starts(cell_at(text, "CELL", 3, "CHANGE"), "-50.0%"), "%s", text);
	cr_expect(strstr(text, "significant in 4 rows: 4 better (less time or RAM), 0 worse"), "%s",
		  text);
	cr_expect(strstr(text, "1 row without a significant change"), "RAM did not move\n%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

Test(device, compare_fixtures_side_by_side)
{
	struct results a, b;
	char *text;

	read_fixture("block-static.json", &a);
	read_fixture("block-static-b.json", &b);
	text = compared(&a, &b, "x/block-static.json", "x/block-static-b.json", 0);
	cr_assert_eq(rows_of(text, "JOBS"), 18, "%s", text);
	cr_expect_str_eq(cell_at(text, "JOBS", 4, "MODE"), "seq-rw");
	cr_expect_str_eq(cell_at(text, "JOBS", 4, "block-static.json"), "303.3 / 318.4");
	cr_expect_str_eq(cell_at(text, "JOBS", 4, "block-static-b.json"), "354.8 / 372.5");
	/* One run a side, no calibration: the change of the medians, no interval, no p. */
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "CHANGE"), "+0.0%");
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "P"), "-");
	cr_expect_str_eq(cell_at(text, "JOBS", 9, "SIG"), "?");
	/* Two runs a minute apart: their trials are no test of a change between them. */
	cr_expect(strstr(text,
			 "block-static-b.json against block-static.json: 18 rows not tested: "
			 "one run a side, and two runs differ by more than the trials within "
			 "a run"),
		  "%s", text);
	cr_expect_null(strstr(text, " * "), "%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

Test(device, setup_is_the_label_without_jobs_and_mode)
{
	struct result_cell c = { .jobs = 2 };
	char buf[128];

	snprintf(c.label, sizeof(c.label), "zram:lz4 jobs=2 seq-read");
	snprintf(c.mode, sizeof(c.mode), "seq-read");
	cr_expect_str_eq(device_setup(&c, buf, sizeof(buf)), "zram:lz4");
	snprintf(c.label, sizeof(c.label), "mine jobs=2 limit=50M rand-rw");
	snprintf(c.mode, sizeof(c.mode), "rand-rw");
	cr_expect_str_eq(device_setup(&c, buf, sizeof(buf)), "mine limit=50M");
	snprintf(c.label, sizeof(c.label), "rand-rw");
	snprintf(c.backend, sizeof(c.backend), "disk");
	cr_expect_str_eq(device_setup(&c, buf, sizeof(buf)), "rand-rw",
			 "only a word after the first is the mode");
}

/* A cell of n trials: fs_total_time and swap_ram at these levels, a little spread. */
static void fs_cell(struct result_cell *c, const char *label, double seconds, double ram, size_t n)
{
	snprintf(c->label, sizeof(c->label), "%s", label);
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->status = TRIAL_OK;
		trial_set(t, M_FS_TOTAL_TIME, seconds * (1 + 0.001 * (double)i));
		trial_set(t, M_SWAP_RAM, ram * (1 + 0.001 * (double)i));
	}
	cell_update_stats(c);
}

static void fs_run(struct results *r, size_t n, const double *seconds, const double *ram,
		   size_t trials)
{
	results_init(r);
	r->config = json_object_new_object();
	json_object_object_add(r->config, "target", json_object_new_string("fs"));
	for (size_t i = 0; i < n; i++) {
		char label[16];
		snprintf(label, sizeof(label), "cell%zu", i);
		fs_cell(results_add_cell(r), label, seconds[i], ram[i], trials);
	}
}

/* The primary question (time) is corrected among its own tests only: asking about RAM as well
 * must not halve its alpha. Four trials a side reach p = 0.029 at best: alone it is a test at
 * 0.05, with a second test in its family it would be none. */
Test(device, the_primary_quantity_is_its_own_family)
{
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };
	const struct answer_pair *time, *ram;
	struct results r;
	struct answer a;

	fs_run(&r, 2, (double[]){ 1.0, 1.3 }, (double[]){ 40e6, 50e6 }, 4);
	cr_assert_eq(answer_compute(&r, &o, &a), 0);
	cr_assert_eq(a.kind, ANSWER_FS);
	time = answer_pair_of(&a, ROLE_VS_BEST, 1);
	ram = answer_pair_of(&a, ROLE_RAM_VS_LEAST, 1);
	cr_assert(time && ram && time->ref == 0 && ram->ref == 0);
	cr_assert_eq(time->mc[M_FS_TOTAL_TIME].sig, SIG_SIGNIFICANT,
		     "time, alone in its family, is tested at 0.05");
	cr_assert_float_eq(time->mc[M_FS_TOTAL_TIME].est.p, time->mc[M_FS_TOTAL_TIME].p_raw, 1e-12,
			   "no correction for the RAM test");
	cr_assert_not(time->mc[M_SWAP_RAM].have, "RAM is asked of the smallest, once");
	cr_assert_eq(ram->mc[M_SWAP_RAM].family, FAMILY_SECONDARY);
	cr_assert_eq(ram->mc[M_SWAP_RAM].sig, SIG_SIGNIFICANT,
		     "RAM, alone among the secondary, likewise");
	cr_assert_eq(device_primary_tests(&a, M_FS_TOTAL_TIME), 1);
	cr_assert_eq(device_primary_tests(&a, M_SWAP_RAM), 0, "RAM's test is a secondary one");
	answer_free(&a);
	results_free(&r);
}

/* A setup holding nothing in RAM (a disk's filesystem) is no rival for the smallest: RAM is
 * asked of the smallest that holds some. */
Test(device, a_setup_holding_no_ram_is_not_the_smallest)
{
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };
	struct results r;
	struct answer a;

	fs_run(&r, 3, (double[]){ 1.0, 1.3, 1.6 }, (double[]){ 0, 50e6, 30e6 }, 4);
	cr_assert_eq(answer_compute(&r, &o, &a), 0);
	cr_assert_eq(answer_pair_of(&a, ROLE_RAM_VS_LEAST, 1)->ref, 2, "cell2 the smallest");
	cr_assert_null(answer_pair_of(&a, ROLE_RAM_VS_LEAST, 0), "cell0 holds none: no RAM pair");
	cr_assert_null(answer_pair_of(&a, ROLE_RAM_VS_LEAST, 2));
	answer_free(&a);
	results_free(&r);
}

/* Three cells: the fastest is not the smallest; each question has its own reference, and two
 * tests of time share the primary family (Holm), so 4 trials a side cannot reach 0.05/2. */
Test(device, each_question_against_its_own_leader_holm_over_the_rows)
{
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };
	const struct answer_pair *rivals[4];
	struct results r;
	struct answer a;
	struct call c;

	fs_run(&r, 3, (double[]){ 1.3, 1.0, 1.6 }, (double[]){ 30e6, 50e6, 60e6 }, 4);
	cr_assert_eq(answer_compute(&r, &o, &a), 0);
	cr_assert_eq(answer_pair_of(&a, ROLE_VS_BEST, 0)->ref, 1, "cell1 is the fastest");
	cr_assert_eq(answer_pair_of(&a, ROLE_RAM_VS_LEAST, 1)->ref, 0, "cell0 the smallest");
	cr_assert_null(answer_pair_of(&a, ROLE_VS_BEST, 1), "the leader is not its own rival");
	cr_assert_eq(device_primary_tests(&a, M_FS_TOTAL_TIME), 2);
	cr_assert_eq(answer_pair_of(&a, ROLE_VS_BEST, 0)->mc[M_FS_TOTAL_TIME].sig,
		     SIG_NOT_TESTABLE_DIFFERENT, "2 x 0.029 is above 0.05: no test, ranges apart");
	cr_assert_eq(answer_rivals(&a, &r, ROLE_VS_BEST, 1, M_FS_TOTAL_TIME, rivals), 2);
	cr_assert_eq(rivals[0]->cell, 0, "the closest rival first");
	cr_assert_eq(rivals[1]->cell, 2);
	c = answer_call_of(rivals, 2, M_FS_TOTAL_TIME);
	cr_assert_eq(c.call, CALL_APART);
	cr_assert_eq(c.tested, 2);
	answer_free(&a);
	results_free(&r);
}

/* A word is dropped whole: a setup's own word that begins with the mode stays. */
Test(device, setup_drops_whole_words_only)
{
	struct result_cell c = { .jobs = 1 };
	char buf[128];

	snprintf(c.label, sizeof(c.label), "zram seq-readers jobs=16 jobs=1 seq-read");
	snprintf(c.mode, sizeof(c.mode), "seq-read");
	cr_expect_str_eq(device_setup(&c, buf, sizeof(buf)), "zram seq-readers jobs=16");
}

static void counted_trials(struct result_cell *c, unsigned measured, unsigned failed)
{
	c->measured = measured;
	c->failed = failed;
}

/* Six good trials are the fewest with a 95% interval of the median; failed ones do not count. */
Test(device, six_good_trials_give_the_medians_interval)
{
	struct results r;

	results_init(&r);
	counted_trials(results_add_cell(&r), 6, 0);
	cr_expect_eq(device_interval_of(&r), INTERVAL_MEDIAN_CI);
	counted_trials(results_add_cell(&r), 7, 2);
	cr_expect_eq(device_interval_of(&r), INTERVAL_RANGE);
	results_free(&r);
}

/* A mixed mode's bandwidth is read + write, trial by trial. */
Test(device, a_mixed_modes_bandwidth_is_the_sum)
{
	struct results r;
	struct result_cell *c;
	struct device_qty q;
	double v[4];

	results_init(&r);
	c = results_add_cell(&r);
	cr_assert_not_null(c);
	snprintf(c->mode, sizeof(c->mode), "rand-rw");
	for (int i = 0; i < 3; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->status = TRIAL_OK;
		trial_set(t, M_READ_BW, 10 + i);
		trial_set(t, M_WRITE_BW, 100);
	}
	cell_update_stats(c);
	cr_assert_eq(device_bandwidth(c, &q), 0);
	cr_expect_eq(q.n, 2);
	cr_expect_str_eq(device_qty_name(&q), "read + write");
	cr_assert_eq(device_values(c, &q, v), 3);
	cr_expect_float_eq(v[0], 110, 1e-9);
	cr_expect_float_eq(v[2], 112, 1e-9);
	results_free(&r);
}

/* The interval's ends are the median's bounds, or the trials' range where they are few. */
Test(device, the_median_text_with_its_interval)
{
	struct summary s = {
		.n = 9, .median = 50, .median_lo = 40, .median_hi = 60, .min = 10, .max = 90
	};
	char buf[96], want[96];

	snprintf(want, sizeof(want), "50.0 [40.0%s60.0]", ellipsis());
	cr_expect_str_eq(device_median_text(M_READ_BW, &s, INTERVAL_MEDIAN_CI, buf, sizeof(buf)),
			 want);
	snprintf(want, sizeof(want), "50.0 [10.0%s90.0]", ellipsis());
	cr_expect_str_eq(device_median_text(M_READ_BW, &s, INTERVAL_RANGE, buf, sizeof(buf)), want);
}

/* A cell of a block run whose three trials held stored MiB in ram MiB of RAM. */
static void held_cell(struct results *r, const char *setup, unsigned jobs, double stored,
		      double ram)
{
	struct result_cell *c = results_add_cell(r);

	cr_assert_not_null(c);
	snprintf(c->label, sizeof(c->label), "%s jobs=%u seq-write", setup, jobs);
	snprintf(c->backend, sizeof(c->backend), "%s", setup);
	snprintf(c->mode, sizeof(c->mode), "seq-write");
	c->jobs = jobs;
	for (int i = 0; i < 3; i++) {
		struct trial *t = cell_add_trial(c);
		cr_assert_not_null(t);
		t->status = TRIAL_OK;
		trial_set(t, M_SWAP_STORED, stored * 1048576);
		trial_set(t, M_SWAP_RAM, ram * 1048576);
	}
	cell_update_stats(c);
}

static char *held_of(const struct results *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	report_device_held(r, f);
	fclose(f);
	return text;
}

/* Three cells that differ are a line each, by their labels; a disk holds nothing in RAM. */
Test(device, held_three_cells_a_line_each)
{
	struct results r;
	char *text;

	results_init(&r);
	held_cell(&r, "zram", 1, 16, 8);
	held_cell(&r, "zram", 2, 16, 8.4);
	held_cell(&r, "zram", 4, 16, 10);
	held_cell(&r, "disk", 1, 16, 0);
	held_cell(&r, "zswap", 1, 16, 4);
	text = held_of(&r);
	cr_expect_str_eq(
		text,
		"zram jobs=1 seq-write held 16.0 MiB of data in 8.0 MiB of RAM (2.00x)\n"
		"zram jobs=2 seq-write held 16.0 MiB of data in 8.4 MiB of RAM (1.90x)\n"
		"zram jobs=4 seq-write held 16.0 MiB of data in 10.0 MiB of RAM (1.60x)\n"
		"zswap jobs=1 seq-write held 16.0 MiB of data in 4.0 MiB of RAM (4.00x)\n");
	free(text);
	results_free(&r);
}

/* Four cells that differ are one line of what they span; ratios 0.04 apart are a span. */
Test(device, held_four_cells_a_span)
{
	struct results r;
	char *text, want[256];

	results_init(&r);
	held_cell(&r, "zram", 1, 16, 8.8);
	held_cell(&r, "zram", 2, 16, 8.9);
	held_cell(&r, "zram", 4, 16, 8.7);
	held_cell(&r, "zram", 8, 16, 8.8);
	text = held_of(&r);
	snprintf(want, sizeof(want),
		 "zram held 16.0 MiB of data in 8.7%s8.9 MiB of RAM (1.80x%s1.84x) over its 4 "
		 "cells\n",
		 ellipsis(), ellipsis());
	cr_expect_str_eq(text, want);
	free(text);
	results_free(&r);
}

/* N is the trials in the statistics of those measured: a failed one is not. */
Test(device, block_rows_count_the_good_trials)
{
	struct results r;
	char *text;

	read_fixture("block-zram-disk.json", &r);
	r.cells[1].failed = 1; /* zram, 1 job, seq-read: the third row */
	text = shown(&r);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "N"), "3/3", "%s", text);
	cr_expect_str_eq(cell_at(text, "JOBS", 2, "N"), "2/3", "%s", text);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "COMP-RATIO"), "1.89x", "%s", text);
	free(text);
	results_free(&r);
}

Test(device, fs_rows_count_the_good_trials)
{
	struct results r;
	char *text;

	read_fixture("fs-compressors.json", &r);
	r.cells[2].failed = 2;
	text = shown(&r);
	cr_expect_str_eq(cell_at(text, "CELL", 0, "N"), "3/3", "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 2, "N"), "1/3", "%s", text);
	free(text);
	results_free(&r);
}

/* Three trials a side apart in every trial: too few for a test, counted by direction. Files
 * are headed by their names, by their paths where two names are alike. */
Test(device, compare_apart_rows_and_the_files_headings)
{
	const struct made base[] = { { "zram seq-read", "zram", "seq-read", 1, { 100 } } };
	const struct made now[] = { { "zram seq-read", "zram", "seq-read", 1, { 150 } } };
	struct results a, b;
	char *text;

	make_run(&a, "block", base, 1, 3);
	make_run(&b, "block", now, 1, 3);
	snprintf(a.started, sizeof(a.started), "2026-12-01T00:00:00Z");
	snprintf(b.started, sizeof(b.started), "2026-12-01T00:00:00Z");
	text = compared(&a, &b, "x/a.json", "y/b.json", 0);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "a.json"), "99.0", "%s", text);
	cr_expect(strstr(text,
			 "b.json against a.json: 1 row apart in every trial, too few trials "
			 "for a test: 1 better, 0 worse\n"),
		  "%s", text);
	free(text);
	text = compared(&a, &b, "x/a.json", "y/a.json", 0);
	cr_expect_str_eq(cell_at(text, "JOBS", 0, "y/a.json"), "148.5", "%s", text);
	cr_expect(strstr(text, "y/a.json against x/a.json:"), "%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

/* Holm runs over the rows of the primary quantity, a filesystem's total time: one a cell. */
Test(device, compare_holm_over_the_primary_rows)
{
	const struct made base[] = { { "zram:lz4", "zram", "", 1, { 1.0, 0.4, 0.6, 12 } },
				     { "zram:lzo", "zram", "", 1, { 1.0, 0.4, 0.6, 12 } } };
	struct results a, b;
	char *text;

	make_run(&a, "fs", base, 2, 8);
	make_run(&b, "fs", base, 2, 8);
	text = compared(&a, &b, "a.json", "b.json", 0);
	cr_expect(strstr(text, "Holm over the 2 rows of the primary quantity"), "%s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}

/* A filesystem on a disk holds nothing in RAM: no RAM and no ratio, where zram has both. */
Test(device, fs_a_disk_has_no_ram_to_show)
{
	const struct made cells[] = { { "disk", "disk", "", 1, { 1.0, 0.4, 0.6, 0 } },
				      { "zram", "zram", "", 1, { 1.0, 0.4, 0.6, 8 } } };
	struct results r;
	char *text;

	make_run(&r, "fs", cells, 2, 8);
	text = shown(&r);
	cr_expect_str_eq(cell_at(text, "CELL", 0, "HELD"), "16.0", "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 0, "RAM"), "", "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 0, "RATIO"), "", "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 1, "RAM"), "8.0", "%s", text);
	cr_expect_str_eq(cell_at(text, "CELL", 1, "RATIO"), "2.00x", "%s", text);
	free(text);
	results_free(&r);
}
