/* --verbose's tables word for word: a cell's title counts its failed trials, a mean's
 * interval stops at 0, each p names its family, the unavailable counters listed plainly. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/formats/formats.h"
#include "runner/kernel/mthp.h"
#include "runner/report/report.h"
#include "tools.h"

/* show -v of r, which it frees. */
static char *verbose_print(struct results *r)
{
	struct report_opts o = { .verbose = 1, .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	cr_assert_eq(report_print(r, &o, f), 0);
	fclose(f);
	results_free(r);
	if (getenv("ZSB_DUMP"))
		fputs(text, stderr);
	return text;
}

static char *verbose_of(const char *fixture)
{
	struct results r;

	read_fixture(fixture, &r);
	return verbose_print(&r);
}

static void has_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert(at && (at == text || at[-1] == '\n') && at[strlen(line)] == '\n',
		  "no line '%s' in\n%s", line, text);
}

Test(full_view, a_cells_table_and_its_comparison_word_for_word)
{
	char *text = verbose_of("disk-zram.json");

	has_line(text, "zram: 5 of 5 trials ok, /dev/zram1 lzo-rle");
	has_line(text,
		 "user_cpu                     s     5 0.011  0.010   90.3% 0.000  0.008 "
		 "0.024 0.000 ... 0.023 ");
	/* Text, wrapped within 100 columns under the table (base/wrap.h). */
	has_line(text,
		 "  unavailable on this machine (not zero): perf_instructions, perf_cycles, "
		 "perf_branches,\n"
		 "    perf_branch_misses, perf_stalled_cycles_frontend, "
		 "perf_stalled_cycles_backend");
	has_line(text,
		 "zram against disk (median (sd of the trials); change of the median, 95% "
		 "interval)");
	has_line(text,
		 "elapsed s                         0.167 (sd 17.5%)    +21.9% [-22.8%, "
		 "+59.4%] 0.204 (sd 23.3%) 0.310 (1) ~");
	has_line(text,
		 "user_cpu s                        0.013 (sd 57.1%)  -35.2% [-100.0%, "
		 "+198.4%] 0.008 (sd 90.3%) 0.841 (e) ~");
	has_line(text,
		 "cpu_time s                         0.156 (sd 9.8%)      +0.2% [-7.4%, "
		 "+41.0%] 0.156 (sd 13.9%)     0.841 ~");
	has_line(text,
		 "major_faults_per_swapped_mib /MiB  0.17 (sd 41.7%) +381.8% [+123.9%, "
		 "+561.9%]  0.82 (sd 23.9%) 0.008 (e) e");
	free(text);
}

Test(full_view, a_cell_with_a_failed_trial_counts_it)
{
	char *text = verbose_of("oom.json");

	has_line(text, "zram: 4 of 5 trials ok, /dev/zram1 lzo-rle");
	has_line(text, "disk: 5 of 5 trials ok, /var/tmp/zswapbench-26469.swap");
	free(text);
}

/* The machine's warnings from before the run are the whole run's: after the cells' tables, before
 * the first comparison, as the short answer puts them before its verdict. */
Test(full_view, the_machines_warnings_come_before_the_comparisons)
{
	char *text = verbose_of("disk-zram.json");
	const char *warning = strstr(text, "\nwarning before the run: Load average 4.24 on 2 CPUs");
	const char *pair = strstr(text, "\nzram against disk (median");
	const char *last_cell = strstr(text, "\nzram: 5 of 5 trials ok");

	cr_assert(warning && pair && last_cell, "%s", text);
	cr_assert(last_cell < warning && warning < pair, "%s", text);
	free(text);
}

/* mTHP's counters, a metric per size and counter: a size that moved keeps its nine rows, the
 * sizes 0 in every trial are named in one line instead of 81 rows of zeros, and a size none of
 * whose counters the machine has is one mthp_<N>k_* among the unavailable. */
static void with_mthp(struct results *r, unsigned moved_kb, double base)
{
	read_fixture("disk-zram.json", r);
	for (size_t i = 0; i < r->ncells; i++) {
		for (size_t k = 0; k < r->cells[i].ntrials; k++) {
			struct trial *t = &r->cells[i].trials[k];
			for (int m = M_MTHP_FIRST; m < M_COUNT; m++) {
				size_t size = metric_mthp_size((enum metric_id)m);
				int c = (m - M_MTHP_FIRST) % MTHP_COUNTERS;
				if (mthp_sizes_kb[size] == 1024 ||
				    (size == 0 && c <= MTHP_ANON_FAULT_FALLBACK_CHARGE))
					t->unavailable[m] = 1;
				else
					trial_set(t, (enum metric_id)m, 0);
			}
			trial_set(t, M_MTHP_64K_SWPOUT, (double)(4000 * (i + 1) + k));
			/* 256K moved in one trial alone: its median and its least are 0. */
			if (k == 1)
				trial_set(t, M_MTHP_256K_SWPOUT_FALLBACK, 7);
			if (moved_kb)
				trial_set(t,
					  metric_mthp((size_t)mthp_size_index(moved_kb),
						      MTHP_SWPIN),
					  base + (double)k);
		}
		cell_update_stats(&r->cells[i]);
	}
}

static char *verbose_with_mthp(void)
{
	struct results r;

	with_mthp(&r, 0, 0);
	return verbose_print(&r);
}

Test(full_view, mthp_sizes_that_moved_are_rows_the_others_one_line)
{
	char *text = verbose_with_mthp();

	has_line(text,
		 "  mTHP counters 0 in every trial, their rows left out: 8K 16K 32K 128K "
		 "512K 2M");
	has_line(text,
		 "  unavailable on this machine (not zero): perf_instructions, perf_cycles, "
		 "perf_branches,\n"
		 "    perf_branch_misses, perf_stalled_cycles_frontend, "
		 "perf_stalled_cycles_backend,\n"
		 "    mthp_8k_anon_fault_alloc, mthp_8k_anon_fault_fallback, "
		 "mthp_8k_anon_fault_fallback_charge,\n"
		 "    mthp_1024k_*");
	has_line(text,
		 "mthp_64k_swpout                      folios 5  4002      2    0.0%  4000 "
		 "  4002  4004   4000 ... 4004 ");
	has_line(text,
		 "mthp_64k_swpin                       folios 5     0      0    0.0%     0 "
		 "     0     0         0 ... 0 ");
	cr_assert_null(strstr(text, "mthp_16k_swpout"), "%s", text);
	cr_assert_null(strstr(text, "mthp_8k_swpout "), "%s", text);
	has_line(text,
		 "  mTHP counters 0 in every trial of both, their rows left out: 8K 16K 32K "
		 "128K 512K 2M");
	cr_assert_not_null(strstr(text, "\nmthp_256k_swpout_fallback "), "one trial moved: %s",
			   text);
	cr_assert_not_null(strstr(text, "\nmthp_64k_swpout folios "), "%s", text);
	free(text);
}

/* compare --all: a size 0 in every trial of both files is one line; one that moved in either
 * file keeps its rows (16K's swpin in the new file only, 32K's in the base only). */
Test(full_view, compare_all_leaves_out_the_sizes_still_in_both)
{
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	const char *names[] = { "a.json", "b.json" };
	struct report_opts o = { .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL, why[256];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	with_mthp(&a, 32, 50);
	with_mthp(&b, 16, 100);
	cr_assert_eq(report_compare(sets, names, 2, &o, 1, f, why, sizeof(why)), 0, "%s", why);
	fclose(f);
	if (getenv("ZSB_DUMP"))
		fputs(text, stderr);
	has_line(text,
		 "  mTHP counters 0 in every trial of both, their rows left out: 8K 128K "
		 "512K 2M");
	cr_assert_not_null(strstr(text, "\nmthp_16k_swpin folios "), "%s", text);
	cr_assert_not_null(strstr(text, "\nmthp_16k_swpout folios "), "a size's nine rows");
	cr_assert_not_null(strstr(text, "\nmthp_32k_swpin folios "), "%s", text);
	cr_assert_not_null(strstr(text, "\nmthp_64k_swpout folios "), "%s", text);
	cr_assert_null(strstr(text, "mthp_128k_"), "%s", text);
	cr_assert_null(strstr(text, "mthp_8k_"), "%s", text);
	free(text);
	text = NULL;
	f = open_memstream(&text, &len);
	cr_assert_eq(report_compare(sets, names, 2, &o, 0, f, why, sizeof(why)), 0, "%s", why);
	fclose(f);
	cr_assert_null(strstr(text, "their rows left out"), "without --all: %s", text);
	free(text);
	results_free(&a);
	results_free(&b);
}
