/* The short answer per cell word for word: its primary metric's median, interval and spread,
 * CPU, swap and its RAM, a service's requests, the trials that failed and why. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/report.h"
#include "tools.h"

static char *cells_of(const char *fixture, enum output_format format)
{
	struct results r;
	struct report_opts o = { .render = { .format = format },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &r);
	cr_assert_eq(report_cells(&r, &o, f), 0);
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

Test(short_view, a_swap_runs_cells_word_for_word)
{
	char *text = cells_of("oom.json", FORMAT_TABLE);

	has_line(text, "disk: 5 of 5 trials ok, /var/tmp/zswapbench-26469.swap");
	has_line(text,
		 "  elapsed  0.167 s median, interval 0.153 ... 0.225 s (94%): the range of "
		 "the trials  sd 0.032 s");
	has_line(text, "  cpu      user 0.013 s, sys 0.148 s (medians)");
	has_line(text, "  swap     64.9 MiB written");
	has_line(text, "zram: 4 of 5 trials ok, /dev/zram1 lzo-rle");
	has_line(text, "  swap     64.9 MiB written, held in 34.6 MiB of RAM (1.87x)");
	has_line(text,
		 "  warning: trial 1: the first trial is much slower than the rest: consider "
		 "--warmup");
	has_line(text,
		 "  trial 3: oom: OOM-killed: the memory limit plus swap could not hold the "
		 "allocation");
	free(text);
}

Test(short_view, the_markdown_rows_count_the_failed_trial)
{
	char *text = cells_of("oom.json", FORMAT_MARKDOWN);

	has_line(text,
		 "| disk | 5/5 | 0.167 s | 0.153 ... 0.225 s (94%) | 0.153 | 0.225 | 0.156 s "
		 "| 64.9 MiB | 0.0 MiB |  |");
	has_line(text,
		 "| zram | 4/5 | 0.181 s | 0.156 ... 0.258 s (88%) | 0.156 | 0.258 | 0.155 s "
		 "| 64.9 MiB | 34.6 MiB | 1.87x |");
	has_line(text,
		 "- trial 3: oom: OOM-killed: the memory limit plus swap could not hold the "
		 "allocation");
	free(text);
}

Test(short_view, a_services_throughput_and_requests_in_us)
{
	char *text = cells_of("service-two-cells.json", FORMAT_TABLE);

	has_line(text,
		 "  throughput 9000 ops/s median, interval 8910 ... 9108 ops/s (94%): the "
		 "range of the trials  sd 78 ops/s");
	has_line(text,
		 "  request  avg 111 us, p50 97 us, p95 270 us, p99 752 us, max 5.2 ms "
		 "(medians)");
	has_line(text,
		 "  request  avg 71 us, p50 63 us, p95 168 us, p99 211 us, max 1.5 ms "
		 "(medians)");
	cr_assert_null(strstr(text, "\n (medians)"), "%s", text);
	free(text);
}
