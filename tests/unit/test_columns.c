/* The column table: every id has a distinct name and a help line, --columns is typed into ids with
 * its whole error message, and a table refuses a column it does not have. */
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/report/columns.h"
#include "runner/report/format.h"
#include "runner/report/table.h"

Test(columns, every_id_has_its_own_name_and_help)
{
	for (int id = 0; id < COL_COUNT; id++) {
		const struct column_info *c = column_info((enum column_id)id);
		cr_assert(c->name && c->name[0] && c->help && c->help[0], "column %d", id);
		cr_expect_eq(column_find(c->name), id, "%s", c->name);
		for (int other = 0; other < id; other++)
			cr_expect_str_neq(c->name, column_info((enum column_id)other)->name);
	}
	cr_expect_eq(column_find("NOSUCH"), -1);
	cr_expect_eq(column_find("cell"), -1,
		     "the table spells names in upper case; --columns folds them");
}

Test(columns, typed_in_any_case_kept_as_ids_in_order)
{
	char *argv[] = { "show", "-C", "vs-best,Cell,%stddev,MEDIAN-CI", "x.json", NULL };
	struct config cfg;
	char msg[PATH_MAX + 512] = "";

	cr_assert_eq(options_parse(command_of("show"), 4, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_RUN, "%s", msg);
	cr_assert_eq(cfg.view.columns.n, 4);
	cr_expect_eq(cfg.view.columns.v[0], COL_VS_BEST);
	cr_expect_eq(cfg.view.columns.v[1], COL_CELL);
	cr_expect_eq(cfg.view.columns.v[2], COL_RSD);
	cr_expect_eq(cfg.view.columns.v[3], COL_MEDIAN_CI);
	config_free(&cfg);
}

/* The error lists every column, the last one too: the message once stopped at "ALLOC, T". */
Test(columns, an_unknown_name_is_one_line_with_the_whole_list)
{
	char *argv[] = { "show", "-C", "cell,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "x.json", NULL };
	char want[512];
	struct config cfg;
	char msg[PATH_MAX + 512] = "";

	cr_assert_eq(options_parse(command_of("show"), 4, argv, &cfg, msg, sizeof(msg)),
		     OPTIONS_USAGE);
	snprintf(want, sizeof(want), "no column 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' (known: %s)",
		 report_column_names());
	cr_expect(strstr(msg, want) != NULL, "%s", msg);
	cr_expect(strstr(report_column_names(), ", VALUE") != NULL, "%s", report_column_names());
	cr_expect(strchr(msg, '\n') == NULL);
	config_free(&cfg);
}

Test(columns, a_table_refuses_a_column_it_lacks)
{
	static const enum column_id cols[] = { COL_CELL, COL_ELAPSED };
	struct render_opts o = { .format = FORMAT_CSV };
	struct table t;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	table_init(&t, "", cols, 2);
	cr_expect_eq(table_set(&t, COL_CELL, "before any row"), -EINVAL);
	cr_assert_geq(table_add_row(&t), 0);
	cr_expect_eq(table_set(&t, COL_CELL, "zram"), 0);
	cr_expect_eq(table_setf(&t, COL_ELAPSED, "%.1f s", 1.5), 0);
	cr_expect_eq(table_set(&t, COL_METRIC, "nowhere"), -EINVAL);
	cr_assert_eq(table_print(&t, &o, out), 0);
	fclose(out);
	cr_expect_str_eq(text, "CELL,ELAPSED\nzram,1.5 s\n");
	table_free(&t);
	free(text);
}

Test(columns, o_picks_and_orders_the_columns_a_table_has)
{
	static const enum column_id cols[] = { COL_CELL, COL_ELAPSED, COL_CPU };
	const struct column_list pick = { { COL_CPU, COL_METRIC, COL_CELL }, 3, 0 };
	struct render_opts o = { .format = FORMAT_CSV, .columns = &pick };
	struct table t;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	table_init(&t, "", cols, 3);
	cr_assert_geq(table_add_row(&t), 0);
	table_set(&t, COL_CELL, "disk");
	table_set(&t, COL_ELAPSED, "1 s");
	table_set(&t, COL_CPU, "2 s");
	cr_assert_eq(table_print(&t, &o, out), 0);
	fclose(out);
	cr_expect_str_eq(text, "CPU,CELL\n2 s,disk\n");
	table_free(&t);
	free(text);
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted and its quotes doubled;
 * markdown escapes the pipe that would end its cell. */
static char *printed(const struct table *t, enum output_format format)
{
	struct render_opts o = { .format = format };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_eq(table_print(t, &o, out), 0);
	fclose(out);
	return text;
}

Test(columns, csv_quotes_and_markdown_escapes)
{
	static const enum column_id cols[] = { COL_CELL, COL_ELAPSED };
	struct table t;
	char *text;

	table_init(&t, "", cols, 2);
	cr_assert_geq(table_add_row(&t), 0);
	table_set(&t, COL_CELL, "zram \"lz4\"");
	table_set(&t, COL_ELAPSED, "1,5 s");
	cr_assert_geq(table_add_row(&t), 0);
	table_set(&t, COL_CELL, "a|b");
	table_set(&t, COL_ELAPSED, "two\nlines");
	text = printed(&t, FORMAT_CSV);
	cr_expect_str_eq(text,
			 "CELL,ELAPSED\n\"zram \"\"lz4\"\"\",\"1,5 s\"\na|b,\"two\nlines\"\n");
	free(text);
	table_set(&t, COL_ELAPSED, "3\r");
	text = printed(&t, FORMAT_CSV);
	cr_expect_str_eq(text, "CELL,ELAPSED\n\"zram \"\"lz4\"\"\",\"1,5 s\"\na|b,\"3\r\"\n",
			 "a carriage return in a field is quoted, and only there");
	free(text);
	text = printed(&t, FORMAT_MARKDOWN);
	cr_expect(strstr(text, "| a\\|b |"), "%s", text);
	cr_expect(strstr(text, "| zram \"lz4\" |"), "%s", text);
	cr_expect_str_eq(strstr(text, "| a\\|b |"), "| a\\|b | 3\r |\n\n",
			 "a blank line ends the table: the next line is no row");
	free(text);
	table_free(&t);
}

/* A spreadsheet runs a cell that starts with = + - @, a tab or a CR: such text gets a ' that
 * makes it text; a number stays a number, whatever its sign, and a sign alone (compare's SIG
 * "+", a table's "-") stays as it is. */
Test(columns, csv_formulas_are_text_and_numbers_stay_numbers)
{
	static const enum column_id cols[] = { COL_CELL, COL_VALUE };
	static const char *const kept[] = { "-3.2", "+3.2", "-1e-05", "2.5E+10", "-.5", "7.",
					    "-inf", "nan",  "zram",   "a=b",	 "+",	"-" };
	static const char *const guarded[][2] = {
		{ "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
		{ "=1+2", "'=1+2" },
		{ "+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0" },
		{ "-2+3", "'-2+3" },
		{ "@SUM(A1)", "'@SUM(A1)" },
		{ "\t=1", "'\t=1" },
		{ "\r=1", "\"'\r=1\"" },
		{ "-3.2e", "'-3.2e" },
		{ "-1.5.2", "'-1.5.2" },
		{ "-infinity", "'-infinity" },
		{ "-e5", "'-e5" },
		{ "-.", "'-." },
	};
	struct table t;
	char *text, want[128];

	table_init(&t, "", cols, 2);
	cr_assert_geq(table_add_row(&t), 0);
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++) {
		table_set(&t, COL_VALUE, kept[i]);
		text = printed(&t, FORMAT_CSV);
		snprintf(want, sizeof(want), "CELL,VALUE\n,%s\n", kept[i]);
		cr_expect_str_eq(text, want);
		free(text);
	}
	for (size_t i = 0; i < sizeof(guarded) / sizeof(guarded[0]); i++) {
		table_set(&t, COL_CELL, guarded[i][0]);
		table_set(&t, COL_VALUE, "-3.2");
		text = printed(&t, FORMAT_CSV);
		snprintf(want, sizeof(want), "CELL,VALUE\n%s,-3.2\n", guarded[i][1]);
		cr_expect_str_eq(text, want);
		free(text);
	}
	table_free(&t);
}

/* The numbers every view prints: each unit from where the one below it ends. */
Test(format, times_percentages_and_p_values)
{
	char b[64];

	cr_expect_str_eq(fmt_ns(999, b, sizeof(b)), "999 ns");
	cr_expect_str_eq(fmt_ns(1500, b, sizeof(b)), "1.5 us");
	cr_expect_str_eq(fmt_ns(25000, b, sizeof(b)), "25 us");
	cr_expect_str_eq(fmt_ns(2.5e6, b, sizeof(b)), "2.5 ms");
	cr_expect_str_eq(fmt_ns(3e7, b, sizeof(b)), "30 ms");
	cr_expect_str_eq(fmt_ns(1.5e9, b, sizeof(b)), "1.50 s");
	cr_expect_str_eq(fmt_ns(NAN, b, sizeof(b)), "-");
	cr_expect_str_eq(fmt_pct(-1.26, 1, b, sizeof(b)), "-1.3%");
	cr_expect_str_eq(fmt_pct(10, 1, b, sizeof(b)), "+10.0%");
	cr_expect_str_eq(fmt_pct(10, 0, b, sizeof(b)), "10.0%");
	cr_expect_str_eq(fmt_change(5, 3, 7, b, sizeof(b)), "+5.0% [+3.0%, +7.0%]");
	cr_expect_str_eq(fmt_change(5, NAN, 7, b, sizeof(b)), "+5.0%");
	cr_expect_str_eq(fmt_p(0.0004, b, sizeof(b)), "< 0.001");
	cr_expect_str_eq(fmt_p(0.0123, b, sizeof(b)), "0.012");
	cr_expect_str_eq(fmt_p(NAN, b, sizeof(b)), "-");
	cr_expect_str_eq(fmt_p_is(0.0004, b, sizeof(b)), "p < 0.001");
	cr_expect_str_eq(fmt_p_is(0.05, b, sizeof(b)), "p = 0.050");
	cr_expect_str_eq(fmt_p_is(NAN, b, sizeof(b)), "no p");
}
