/* What report_print puts in which order: a pair's cells, the machine's warnings after them,
 * then its verdict after a blank line; a sweep's cells only in its summary; --quiet the
 * verdict alone; the JSON document ended by a newline. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "tools.h"

static char *shown(const char *fixture, enum output_format format, int quiet)
{
	struct results r;
	struct report_opts o = { .render = { .format = format },
				 .quiet = quiet,
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &r);
	cr_assert_eq(report_print(&r, &o, f), 0);
	fclose(f);
	results_free(&r);
	return text;
}

/* Wrapped within 100 columns, its next line indented (base/wrap.h). */
#define WARNED                                                                                     \
	"warning before the run: Load average 4.24 on 2 CPUs (above 0.5 per CPU): other work "     \
	"competes with\n  the trials for CPU and disk.\n"
#define VERDICT "zram and disk: no significant difference in elapsed time"

Test(report_print, a_pairs_warnings_cells_and_verdict_set_apart)
{
	char *text = shown("disk-zram.json", FORMAT_TABLE, 0);

	/* The machine's warnings are for every cell: after them all, before the verdict. */
	cr_assert(strncmp(text, "disk: 5 of 5 trials ok", 22) == 0, "%s", text);
	cr_assert(strstr(text,
			 "  swap     64.9 MiB written, held in 34.6 MiB of RAM (1.87x)\n" WARNED
			 "\n" VERDICT),
		  "%s", text);
	free(text);
}

Test(report_print, quiet_is_the_verdict_alone)
{
	char *text = shown("disk-zram.json", FORMAT_TABLE, 1);

	cr_assert(strncmp(text, VERDICT, strlen(VERDICT)) == 0, "%s", text);
	free(text);
}

Test(report_print, a_sweeps_cells_are_its_summarys_rows)
{
	char *text = shown("sweep-jobs.json", FORMAT_TABLE, 0);

	cr_assert_null(strstr(text, "trials ok"), "%s", text);
	cr_assert(strncmp(text, "summary (medians; elapsed against the first cell", 48) == 0, "%s",
		  text);
	free(text);
}

Test(report_print, the_json_document_ends_its_line)
{
	char *text = shown("disk-zram.json", FORMAT_JSON, 0);
	size_t n = strlen(text);

	cr_assert(n > 2 && text[0] == '{' && strcmp(text + n - 2, "}\n") == 0);
	free(text);
}
