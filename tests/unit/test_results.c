#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "runner/cli/options.h"
#include "runner/result/compare.h"
#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "fixture.h"

static void add_trial(struct result_cell *c, unsigned index, enum trial_status st, double elapsed,
		      double ratio)
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
	r->system.page_size = 16384;
	r->config = options_to_json(&cfg);
	config_free(&cfg);
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
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };
	fake_run(&r);
	cr_assert_eq(compare_cells(&r.cells[0], &r.cells[1], &o, mc), 0);
	cr_assert(mc[M_ELAPSED].have);
	cr_assert_float_eq(mc[M_ELAPSED].ts.ratio, 0.5, 1e-12);
	cr_assert_float_eq(mc[M_ELAPSED].ts.change_pct, -50.0, 1e-9, "medians 3.0 and 1.5");
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_NOT_TESTABLE_SAME,
		     "2 vs 2 trials: no test, and the ranges touch at 2.0");
	cr_assert_not(mc[M_COMP_RATIO].have, "disk has no compression ratio");
	results_free(&r);
}

/* n trials of one cell, elapsed as given. */
static void cell_with(struct result_cell *c, const char *label, const double *elapsed, size_t n)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->label, sizeof(c->label), "%s", label);
	for (size_t i = 0; i < n; i++) {
		struct trial *t = cell_add_trial(c);
		t->index = (unsigned)i + 1;
		trial_set(t, M_ELAPSED, elapsed[i]);
		trial_set(t, M_CPU_TIME, 1.0 + 0.01 * (double)i);
	}
	cell_update_stats(c);
}

static void cell_drop(struct result_cell *c)
{
	for (size_t i = 0; i < c->ntrials; i++)
		trial_free(&c->trials[i]);
	free(c->trials);
}

Test(compare, identical_cells_are_never_significant)
{
	const double v[] = { 1.02, 0.97, 1.10, 0.99, 1.05 };
	struct result_cell a, b;
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };

	cell_with(&a, "a", v, 5);
	cell_with(&b, "b", v, 5);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	for (int m = 0; m < M_COUNT; m++)
		if (mc[m].have)
			cr_assert_eq(mc[m].sig, SIG_NONE, "%s", metrics[m].key);
	cr_assert_float_eq(mc[M_ELAPSED].ts.p_mwu, 1.0, 1e-12);
	cell_drop(&a);
	cell_drop(&b);
}

/* A 10% shift, 1% noise, 5 against 5: exact p = 2/252. Elapsed is the primary metric: tested
 * at alpha, no correction. */
Test(compare, a_real_shift_is_significant_at_full_alpha)
{
	const double base[] = { 1.00, 1.01, 0.99, 1.005, 0.995 };
	const double slow[] = { 1.10, 1.111, 1.089, 1.1055, 1.0945 };
	struct result_cell a, b;
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };

	cell_with(&a, "a", base, 5);
	cell_with(&b, "b", slow, 5);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert_float_eq(mc[M_ELAPSED].ts.p_mwu, 2.0 / 252.0, 1e-9);
	cr_assert_eq(mc[M_ELAPSED].family, FAMILY_PRIMARY);
	cr_assert_eq(mc[M_CPU_TIME].family, FAMILY_SECONDARY);
	cr_assert_eq(mc[M_ELAPSED].by, BY_TRIALS);
	cr_assert_float_eq(mc[M_ELAPSED].est.p, 2.0 / 252.0, 1e-9, "the primary metric alone");
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_SIGNIFICANT);
	cr_assert_gt(mc[M_ELAPSED].est.lo_pct, 2.0);
	cr_assert_str_eq(comparison_mark(&mc[M_ELAPSED]), "*");
	o.noise_pct = 20;
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_BELOW_NOISE,
		     "a real 10%% change inside a 20%% noise threshold is said to be one");
	cr_assert_str_eq(comparison_mark(&mc[M_ELAPSED]), "+");
	cell_drop(&a);
	cell_drop(&b);
}

/* The test is one where its smallest p reaches alpha after its family's correction: 4 against
 * 4 (2/70 = 0.029) for the primary metric alone, 3 against 10 (2/286 = 0.007) too; 3 against
 * 3 (0.1) never, whatever the ranges show. */
Test(compare, testable_where_the_smallest_p_reaches_alpha_after_the_family)
{
	const double base[] = { 1.00, 1.01, 0.99, 1.005, 1.002, 0.998, 1.003, 0.997, 1.001, 0.999 };
	const double slow[] = { 1.20, 1.21, 1.19, 1.205 };
	struct result_cell a, b;
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };

	cell_with(&a, "a", base, 4);
	cell_with(&b, "b", slow, 4);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert_float_eq(mc[M_ELAPSED].ts.p_mwu_min, 2.0 / 70.0, 1e-9);
	cr_assert(mc[M_ELAPSED].est.testable, "0.029 at full alpha");
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_SIGNIFICANT);
	cell_drop(&a);
	cell_drop(&b);
	cell_with(&a, "a", base, 10);
	cell_with(&b, "b", slow, 3);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert(mc[M_ELAPSED].est.testable, "3 against 10 reaches 0.007");
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_SIGNIFICANT);
	cell_drop(&a);
	cell_drop(&b);
	cell_with(&a, "a", base, 3);
	cell_with(&b, "b", slow, 3);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert_not(mc[M_ELAPSED].est.testable);
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_NOT_TESTABLE_DIFFERENT, "ranges apart, no test");
	cr_assert_str_eq(comparison_mark(&mc[M_ELAPSED]), "?");
	cell_drop(&a);
	cell_drop(&b);
}

/* One trial against one: no interval to show, nothing to tell. */
Test(compare, one_trial_each_has_no_uncertainty_to_show)
{
	const double one[] = { 1.00 }, other[] = { 1.03 };
	struct result_cell a, b;
	struct metric_comparison mc[M_COUNT];
	struct compare_opts o = { .alpha = 0.05, .noise_pct = 2 };

	cell_with(&a, "a", one, 1);
	cell_with(&b, "b", other, 1);
	cr_assert_eq(compare_cells(&a, &b, &o, mc), 0);
	cr_assert_float_eq(mc[M_ELAPSED].est.change_pct, 3.0, 1e-9);
	cr_assert(isnan(mc[M_ELAPSED].est.lo_pct) && isnan(mc[M_ELAPSED].est.hi_pct));
	cr_assert_eq(mc[M_ELAPSED].sig, SIG_NOT_TESTABLE_DIFFERENT);
	cell_drop(&a);
	cell_drop(&b);
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
	cr_assert(
		json_object_object_get_ex(json_object_array_get_idx(cellv, 1), "trials", &trials));
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
	cr_assert_eq(back.system.page_size, 16384);
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

/* A value that was not measured is null in the file, never a made-up number, and reads back
 * as not measured: a job's unreported phase (negative) and a time it has no value for (NaN).
 * The intervals are the cell's own, in order. */
Test(results, what_was_not_measured_is_null_and_reads_back_so)
{
	struct results r, back;
	char *path = temp_path(), why[256];
	json_object *doc, *cells, *jobs, *job, *v;
	struct trial *t;

	fake_run(&r);
	t = &r.cells[1].trials[0];
	t->jobs = calloc(2, sizeof(*t->jobs));
	cr_assert_not_null(t->jobs);
	t->njobs = 2;
	t->jobs[0] = (struct job_result){ .status = TRIAL_OK,
					  .fill = -1,
					  .access = 0.25,
					  .elapsed = 1.0,
					  .user = NAN,
					  .sys = 0.125,
					  .cpu = -1,
					  .migrations = -1,
					  .born_inside = -1 };
	t->jobs[1] = (struct job_result){ .status = TRIAL_OK,
					  .fill = 0.5,
					  .access = -1,
					  .elapsed = NAN,
					  .user = 0.5,
					  .sys = 0.25,
					  .cpu = 3,
					  .migrations = 2,
					  .born_inside = 1 };
	cr_assert_eq(results_write(&r, path), 0);

	doc = json_object_from_file(path);
	cr_assert_not_null(doc);
	cr_assert(json_object_object_get_ex(doc, "cells", &cells));
	cr_assert(json_object_object_get_ex(
		json_object_array_get_idx(
			json_object_object_get(json_object_array_get_idx(cells, 1), "trials"), 0),
		"jobs", &jobs));
	job = json_object_array_get_idx(jobs, 0);
	cr_assert(json_object_object_get_ex(job, "fill_time", &v));
	cr_assert_null(v, "an unreported fill is null: %s", json_object_to_json_string(v));
	cr_assert(json_object_object_get_ex(job, "user_cpu", &v));
	cr_assert_null(v, "NaN is null: %s", json_object_to_json_string(v));
	cr_assert_float_eq(json_object_get_double(json_object_object_get(job, "access_time")), 0.25,
			   0);
	job = json_object_array_get_idx(jobs, 1);
	cr_assert(json_object_object_get_ex(job, "access_time", &v));
	cr_assert_null(v, "an unreported access is null: %s", json_object_to_json_string(v));
	/* disk: 2 s and 4 s, the t interval of their mean. */
	{
		const struct summary *s = &r.cells[0].stats[M_ELAPSED];
		json_object *ci = json_object_object_get(
			json_object_object_get(
				json_object_object_get(json_object_array_get_idx(cells, 0),
						       "stats"),
				metrics[M_ELAPSED].key),
			"mean_ci");
		cr_assert(json_object_is_type(ci, json_type_array), "%s",
			  json_object_to_json_string(ci));
		cr_assert_lt(s->mean_lo, s->mean_hi);
		cr_assert_float_eq(json_object_get_double(json_object_array_get_idx(ci, 0)),
				   s->mean_lo, 1e-9);
		cr_assert_float_eq(json_object_get_double(json_object_array_get_idx(ci, 1)),
				   s->mean_hi, 1e-9);
	}
	json_object_put(doc);

	cr_assert_eq(results_read(path, &back, why, sizeof(why)), 0, "%s", why);
	t = &back.cells[1].trials[0];
	cr_assert_eq(t->njobs, 2);
	cr_assert_float_eq(t->jobs[0].fill, -1, 0, "unreported, not 0 s");
	cr_assert_float_eq(t->jobs[0].access, 0.25, 0);
	cr_assert(isnan(t->jobs[0].user), "no value, not 0: %g", t->jobs[0].user);
	cr_assert_float_eq(t->jobs[0].sys, 0.125, 0);
	cr_assert_eq(t->jobs[0].cpu, -1);
	cr_assert_eq(t->jobs[0].born_inside, -1);
	cr_assert_float_eq(t->jobs[1].fill, 0.5, 0);
	cr_assert_float_eq(t->jobs[1].access, -1, 0, "unreported, not 0 s");
	cr_assert(isnan(t->jobs[1].elapsed), "no value, not 0: %g", t->jobs[1].elapsed);
	cr_assert_eq(t->jobs[1].cpu, 3);
	cr_assert_eq(t->jobs[1].migrations, 2);
	cr_assert_eq(t->jobs[1].born_inside, 1);
	unlink(path);
	results_free(&r);
	results_free(&back);
}

/* The series keys are the result file's: a plot's metadata may change, the keys never. */
Test(series, keys_stay_and_drawn_fields_have_labels)
{
	static const char *const keys[S_COUNT] = {
		"cgroup_mem",		"cgroup_swap",	      "device_used", "zram_orig_data_size",
		"zram_compr_data_size", "zswap_stored_pages", "pswpout",     "pswpin",
		"pgmajfault",		"psi_some_us",	      "psi_full_us", "cgroup_psi_some_us",
		"cgroup_psi_full_us",	"progress",
	};

	for (int f = 0; f < S_COUNT; f++) {
		const struct series_field_info *i = series_field_info((enum series_field)f);
		cr_expect_str_eq(i->key, keys[f]);
		cr_expect_str_eq(series_field_name((enum series_field)f), keys[f]);
		cr_expect_eq(i->plot != SERIES_PLOT_NONE, i->label != NULL, "%s", i->key);
	}
}

/* The page size a file was measured with: an arm64 host's 64 KiB as written, and 4096 for
 * the files from before it was recorded (all of them from x86_64). */
Test(results, the_page_size_of_the_machine_that_measured)
{
	struct results r;
	char why[256];

	cr_assert_eq(results_read(FIXTURES "/results/zswap-64k-pages.json", &r, why, sizeof(why)),
		     0, "%s", why);
	cr_expect_eq(r.system.page_size, 65536);
	cr_expect_str_eq(r.system.arch, "aarch64");
	results_free(&r);
	cr_assert_eq(results_read(FIXTURES "/results/disk-zram.json", &r, why, sizeof(why)), 0,
		     "%s", why);
	cr_expect_eq(r.system.page_size, RESULT_PAGE_SIZE_UNRECORDED);
	cr_expect_eq(RESULT_PAGE_SIZE_UNRECORDED, 4096);
	results_free(&r);
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
	static const struct {
		const char *text, *why;
	} cases[] = {
		{ "", "not JSON: an empty file" },
		{ "{\"format\": \"zswapbench-result\", \"cells\": [",
		  "not JSON: unexpected end of data" },
		{ "hello", "not JSON" },
		{ "{\"a\": 1}", "not a zswapbench result file" },
		{ "[1, 2]", "not a zswapbench result file" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 1, \"cells\": []}",
		  "format version 1; this zswapbench reads version 2" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 3, \"cells\": []}",
		  "format version 3; this zswapbench reads version 2" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2}",
		  "no list of cells" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2, \"cells\": [{}]}",
		  "a cell without a label" },
		{ "{\"format\": \"zswapbench-result\", \"format_version\": 2, \"cells\": []} "
		  "trailing",
		  "text after the document" },
	};
	char *path = temp_path(), why[256];
	struct results r;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		write_text(path, cases[i].text);
		cr_assert_neq(results_read(path, &r, why, sizeof(why)), 0, "accepted '%s'",
			      cases[i].text);
		cr_assert(strstr(why, cases[i].why), "'%s': '%s' lacks '%s'", cases[i].text, why,
			  cases[i].why);
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

	struct report_opts o = { .render = { .format = FORMAT_TABLE },
				 .verbose = 1,
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };

	cr_assert_eq(results_read(FIXTURES "/results/disk-zram.json", &r, why, sizeof(why)), 0,
		     "%s", why);
	cr_assert_eq(r.ncells, 2);
	cr_assert_eq(report_print(&r, &o, out), 0);
	fclose(out);
	cr_assert(strstr(text, "disk: 5 of 5 trials ok"), "%s", text);
	cr_assert(strstr(text, "zram: 5 of 5 trials ok, /dev/zram"), "%s", text);
	cr_assert(strstr(text, "compression_ratio"), "%s", text);
	cr_assert(strstr(text, "zram against disk"), "%s", text);
	cr_assert(strstr(text, "kept") && strstr(text, "of swapped pages in"), "%s", text);
	free(text);
	results_free(&r);
}
