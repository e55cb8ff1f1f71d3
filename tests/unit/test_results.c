#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/cli/options.h"
#include "runner/result/compare.h"
#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "runner/result/report.h"
#include "fixture.h"

static void add_trial(struct result_cell *c, unsigned index, enum trial_status st, double elapsed, double ratio)
{
	struct trial *t = cell_add_trial(c);
	t->index = index;
	t->status = st;
	trial_set(t, M_ELAPSED, elapsed);
	if (ratio > 0)
		trial_set(t, M_COMP_RATIO, ratio);
}

/* Two cells as a finished run leaves them: disk 2 ok, zram 2 ok and one OOM. */
static void fake_run(struct results *r)
{
	struct config cfg;
	struct result_cell *disk, *zram;

	options_defaults(&cfg);
	results_init(r);
	r->status = RUN_COMPLETE;
	snprintf(r->tool_version, sizeof(r->tool_version), "test");
	snprintf(r->system.kernel, sizeof(r->system.kernel), "6.1.0-test");
	r->config = options_to_json(&cfg);
	disk = results_add_cell(r);
	/* Each new cell may move the others: use disk before adding zram. */
	snprintf(disk->label, sizeof(disk->label), "disk");
	snprintf(disk->backend, sizeof(disk->backend), "disk");
	add_trial(disk, 1, TRIAL_OK, 2.0, 0);
	add_trial(disk, 2, TRIAL_OK, 4.0, 0);
	zram = results_add_cell(r);
	snprintf(zram->label, sizeof(zram->label), "zram");
	snprintf(zram->backend, sizeof(zram->backend), "zram");
	add_trial(zram, 1, TRIAL_OK, 1.0, 2.0);
	add_trial(zram, 2, TRIAL_OK, 2.0, 2.0);
	add_trial(zram, 3, TRIAL_OOM, 0.5, 0);
	cell_update_stats(&r->cells[0]);
	cell_update_stats(&r->cells[1]);
}

Test(results, failed_trials_stay_out_of_the_statistics)
{
	struct results r;
	fake_run(&r);
	cr_assert_eq(r.cells[1].failed, 1);
	cr_assert_eq(r.cells[1].stats[M_ELAPSED].n, 2);
	cr_assert_float_eq(r.cells[1].stats[M_ELAPSED].mean, 1.5, 1e-12);
	results_free(&r);
}

Test(results, comparison_ratio_and_change)
{
	struct results r;
	struct comparison cmp;
	fake_run(&r);
	cr_assert_eq(compare_metric(&r.cells[0], &r.cells[1], M_ELAPSED, &cmp), 0);
	cr_assert_float_eq(cmp.ratio, 0.5, 1e-12);
	cr_assert_float_eq(cmp.change_pct, -50.0, 1e-9);
	cr_assert_eq(compare_metric(&r.cells[0], &r.cells[1], M_COMP_RATIO, &cmp), -ENOENT);
	results_free(&r);
}

Test(results, change_percent_like_lkp)
{
	cr_assert_float_eq(change_pct(435, 396), -8.9655172, 1e-6);
	cr_assert_float_eq(change_pct(9864, 25345), 156.9444, 1e-3);
	cr_assert(isnan(change_pct(0, 5)));
}

static char *temp_path(void)
{
	static char path[64];
	int fd;
	snprintf(path, sizeof(path), "/tmp/zsb-results-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	return path;
}

Test(results, written_atomically_and_complete)
{
	struct results r;
	char *path = temp_path();
	json_object *doc, *cellv, *trials, *v;

	fake_run(&r);
	cr_assert_eq(results_write(&r, path), 0);
	doc = json_object_from_file(path);
	cr_assert_not_null(doc, "the file must be valid JSON");
	cr_assert(json_object_object_get_ex(doc, "status", &v));
	cr_assert_str_eq(json_object_get_string(v), "complete");
	cr_assert(json_object_object_get_ex(doc, "config", &v));
	cr_assert(json_object_object_get_ex(v, "alloc", &v), "config keys are the option names");
	cr_assert_eq(json_object_get_uint64(v), 300ULL << 20);
	cr_assert(json_object_object_get_ex(doc, "cells", &cellv));
	cr_assert_eq(json_object_array_length(cellv), 2);
	cr_assert(json_object_object_get_ex(json_object_array_get_idx(cellv, 1), "trials", &trials));
	cr_assert_eq(json_object_array_length(trials), 3, "failed trials are kept");
	cr_assert(json_object_object_get_ex(json_object_array_get_idx(trials, 2), "status", &v));
	cr_assert_str_eq(json_object_get_string(v), "oom");
	cr_assert(json_object_object_get_ex(doc, "comparisons", &v));
	cr_assert_eq(json_object_array_length(v), 1);
	json_object_put(doc);
	/* No temporary file is left beside it. */
	char tmp[96];
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	cr_assert_eq(access(tmp, F_OK), -1);
	unlink(path);
	results_free(&r);
}

/* What is written reads back as the same results, and writes out the same document. */
Test(results, round_trip)
{
	struct results r, back;
	char *path = temp_path(), why[256];
	char *first, *second;

	fake_run(&r);
	cr_assert_eq(results_write(&r, path), 0);
	cr_assert_eq(results_read(path, &back, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(back.ncells, 2);
	cr_assert_str_eq(back.cells[1].label, "zram");
	cr_assert_eq(back.cells[1].ntrials, 3);
	cr_assert_eq(back.cells[1].trials[2].status, TRIAL_OOM);
	cr_assert_float_eq(back.cells[1].stats[M_ELAPSED].mean, 1.5, 1e-12);
	cr_assert_str_eq(back.system.kernel, "6.1.0-test");
	snprintf(back.updated, sizeof(back.updated), "%s", "2026-01-01T00:00:00Z");
	snprintf(r.updated, sizeof(r.updated), "%s", "2026-01-01T00:00:00Z");
	first = results_to_string(&r);
	second = results_to_string(&back);
	cr_assert_str_eq(first, second);
	free(first);
	free(second);
	unlink(path);
	results_free(&r);
	results_free(&back);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

/* Each broken file gets one line that says what is wrong with it. */
Test(results, broken_files_are_named_plainly)
{
	static const struct { const char *text, *why; } cases[] = {
		{ "", "not JSON: an empty file" },
		{ "{\"format\": \"zswapbench-result\", \"cells\": [", "not JSON: unexpected end of data" },
		{ "hello", "not JSON" },
		{ "{\"a\": 1}", "not a zswapbench result file" },
		{ "[1, 2]", "not a zswapbench result file" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 1, \"cells\": []}",
		  "format version 1; this zswapbench reads version 2" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2}", "no list of cells" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2, \"cells\": [{}]}", "a cell without a label" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2, \"cells\": []} trailing",
		  "text after the document" },
	};
	char *path = temp_path(), why[256];
	struct results r;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		write_text(path, cases[i].text);
		cr_assert_neq(results_read(path, &r, why, sizeof(why)), 0, "accepted '%s'", cases[i].text);
		cr_assert(strstr(why, cases[i].why), "'%s': '%s' lacks '%s'", cases[i].text, why, cases[i].why);
		cr_assert_null(strchr(why, '\n'));
	}
	unlink(path);
	cr_assert_eq(results_read("/nonexistent/r.json", &r, why, sizeof(why)), -ENOENT);
	cr_assert_str_eq(why, "No such file or directory");
}

/* The report from a real run's file: the same code that prints a run in progress. */
Test(results, report_from_a_fixture_file)
{
	struct results r;
	char why[256], *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_eq(results_read(FIXTURES "/results/disk-zram.json", &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.ncells, 2);
	cr_assert_eq(report_print(&r, out), 0);
	fclose(out);
	cr_assert(strstr(text, "disk: 3 of 3 trials ok"), "%s", text);
	cr_assert(strstr(text, "zram: 3 of 3 trials ok, /dev/zram"), "%s", text);
	cr_assert(strstr(text, "compression_ratio"), "%s", text);
	cr_assert(strstr(text, "zram vs disk: elapsed"), "%s", text);
	free(text);
	results_free(&r);
}
