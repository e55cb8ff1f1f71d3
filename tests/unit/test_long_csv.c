/* show --format csv: one row per file, cell, trial and metric, the value raw in its unit. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/report/report.h"
#include "tools.h"

#define HEADER                                                                                     \
	"FILE,HOST,KERNEL,CELL,BACKEND,COMP,JOBS,LIMIT,LIMIT-MODE,DATA,ACCESS,ALLOC,TRIAL,WARMUP," \
	"STATUS,METRIC,VALUE,UNIT\n"

static char *long_csv(const struct results *const *sets, const char *const *files, size_t n)
{
	struct render_opts o = { .format = FORMAT_CSV };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert_not_null(f);
	cr_assert_eq(report_long_table(sets, files, n, &o, f), 0);
	fclose(f);
	return out;
}

static size_t rows_expected(const struct results *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncells; i++)
		for (size_t k = 0; k < r->cells[i].ntrials; k++)
			for (int m = 0; m < M_COUNT; m++)
				n += r->cells[i].trials[k].have[m];
	return n;
}

static size_t lines_of(const char *s, const char *with)
{
	size_t n = 0;

	for (const char *p = s; (p = strstr(p, with)); p += strlen(with))
		n++;
	return n;
}

Test(long_csv, one_row_per_trial_and_metric_raw_in_its_unit)
{
	struct results r;
	const struct results *sets[1] = { &r };
	const char *files[1] = { "a.json" };
	char *out;

	read_fixture("disk-zram.json", &r);
	out = long_csv(sets, files, 1);
	cr_assert_eq(strncmp(out, HEADER, strlen(HEADER)), 0, "%.200s", out);
	cr_assert_not_null(strstr(out,
				  HEADER "a.json,vm,6.18.44-fc-v657,disk,disk,,1,33554432,max,"
					 "compressible:50,fill,100663296,1,no,ok,elapsed,"
					 "0.201850567,s\n"));
	cr_assert_not_null(strstr(out,
				  ",zram,zram,lzo-rle,1,33554432,max,compressible:50,fill,"
				  "100663296,1,no,ok,swap_ram,36261888,bytes\n"));
	cr_assert_eq(lines_of(out, "\n"), rows_expected(&r) + 1, "a row per value, no more");
	cr_assert_null(strstr(out, "\r"), "LF line ends");
	free(out);
	results_free(&r);
}

/* A warm-up is marked; a trial keeps its own index; a compressor the kernel did not report
 * using reads as the one asked for. */
Test(long_csv, warmups_indexes_and_the_compressor_asked_for)
{
	struct results r;
	const struct results *sets[1] = { &r };
	const char *files[1] = { "a.json" };
	char *out;

	read_fixture("disk-zram.json", &r);
	r.cells[0].trials[0].warmup = 1;
	r.cells[0].trials[1].index = 7;
	r.cells[1].comp_used[0] = '\0';
	snprintf(r.cells[1].comp, sizeof(r.cells[1].comp), "lz4");
	out = long_csv(sets, files, 1);
	cr_assert_not_null(strstr(out, ",100663296,1,yes,ok,elapsed,0.201850567,s\n"));
	cr_assert_not_null(strstr(out, ",100663296,7,no,ok,elapsed,"));
	cr_assert_not_null(strstr(out, ",zram,zram,lz4,1,"));
	cr_assert_null(strstr(out, "lzo-rle"));
	free(out);
	results_free(&r);
}

/* Many files, one table: every file's rows, in the order named. */
Test(long_csv, many_files_one_table)
{
	struct results a, b;
	const struct results *sets[2] = { &a, &b };
	const char *files[2] = { "a.json", "b.json" };
	char *out;

	read_fixture("disk-zram.json", &a);
	read_fixture("service-two-cells.json", &b);
	out = long_csv(sets, files, 2);
	cr_assert_eq(lines_of(out, "\na.json,"), rows_expected(&a));
	cr_assert_eq(lines_of(out, "\nb.json,"), rows_expected(&b));
	cr_assert_lt(strstr(out, "\na.json,") - out, strstr(out, "\nb.json,") - out);
	cr_assert_not_null(strstr(out, ",throughput,"));
	free(out);
	results_free(&a);
	results_free(&b);
}
