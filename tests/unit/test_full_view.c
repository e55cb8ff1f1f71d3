/* --verbose's tables word for word: a cell's title counts its failed trials, a mean's
 * interval stops at 0, each p names its family, the unavailable counters listed plainly. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "tools.h"

static char *verbose_of(const char *fixture)
{
	struct results r;
	struct report_opts o = { .verbose = 1, .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &r);
	cr_assert_eq(report_print(&r, &o, f), 0);
	fclose(f);
	results_free(&r);
	if (getenv("ZSB_DUMP"))
		fputs(text, stderr);
	return text;
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
	/* Text, wrapped within 100 columns under the table (report/wrap.h). */
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
