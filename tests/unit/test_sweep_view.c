/* A sweep's summary word for word: each row against the first cell, Holm over the rows, and
 * the claims of the best, held, not shown or not told apart. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/report.h"
#include "tools.h"

static char *sweep_of(const char *fixture)
{
	struct results r;
	struct report_opts o = { .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &r);
	cr_assert_eq(answer_sweep(&r, &o, f), 0);
	fclose(f);
	results_free(&r);
	return text;
}

static void has_line(const char *text, const char *line)
{
	const char *at = strstr(text, line);

	cr_assert(at && (at == text || at[-1] == '\n') && at[strlen(line)] == '\n',
		  "no line '%s' in\n%s", line, text);
}

Test(sweep_view, rows_against_the_first_cell_and_claims_not_shown)
{
	char *text = sweep_of("sweep-jobs.json");

	has_line(text,
		 "summary (medians; elapsed against the first cell, 95% interval, Holm over "
		 "the 3 rows)");
	has_line(text,
		 "disk jobs=1 0.167 s                 baseline     0.156 s 64.9 MiB  0.0 MiB ");
	has_line(text,
		 "zram jobs=1 0.204 s  +21.9% [-22.8%, +59.4%] ~   0.156 s 64.9 MiB 34.6 MiB "
		 "1.87x");
	has_line(text,
		 "A claim of the best of k cells holds only ahead of every other, each test at "
		 "2 alpha / k (fastest: alpha 0.05; least CPU and least RAM: alpha / 2 each)");
	has_line(text,
		 "fastest: disk jobs=1 (0.167 s median); not shown ahead of zram jobs=1 "
		 "(+21.9% [-22.8%, +59.4%], p = 0.310; the claim needs p < 0.025 against each "
		 "cell)");
	has_line(text,
		 "least CPU: disk jobs=1 (0.156 s median); not shown ahead of zram jobs=1 "
		 "(+0.2% [-7.4%, +41.0%], p = 0.421; the claim needs p < 0.0125 against each "
		 "cell)");
	free(text);
}

Test(sweep_view, a_claim_that_holds)
{
	char *text = sweep_of("service-sweep.json");

	has_line(text,
		 "most throughput: zram limit=64M (14500 ops/s median), ahead of every other "
		 "cell (p = 0.008 at most, each below 0.025)");
	free(text);
}

Test(sweep_view, too_few_trials_to_tell_apart)
{
	char *text = sweep_of("twelve-cells.json");

	has_line(text,
		 "summary (medians; elapsed against the first cell, 95% interval, Holm over "
		 "the 11 rows)");
	has_line(text,
		 "fastest: zram:lz4 limit=100M (0.151 s median); not told apart from "
		 "zram:lzo-rle limit=100M (+10.7% [-17.8%, +29.5%]; 3 vs 3 trials are too few "
		 "for a test at 0.00833)");
	free(text);
}
