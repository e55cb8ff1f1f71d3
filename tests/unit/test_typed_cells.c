/* Typed cells (report/table_cell.c): --raw prints a metric's number and names its unit in the
 * heading, --bytes a size in whole bytes, -J numbers as JSON numbers; -C +LIST adds to a table's
 * columns and --output-all shows those it hides; --list-columns and the refusals. */
#include <criterion/criterion.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/report/table.h"
#include "runner/base/wrap.h"

#define MIB (1024.0 * 1024.0)

static const enum column_id cols[] = { COL_CELL, COL_ELAPSED, COL_SWAP, COL_RATIO };

/* Two rows: a label with a blank, 0.167 s, 64.9 MiB as 68079616 bytes, a ratio as text. */
static void two_rows(struct table *t)
{
	table_init(t, "title", cols, 4);
	t->name = "cells";
	cr_assert_geq(table_add_row(t), 0);
	table_set(t, COL_CELL, "disk jobs=1");
	table_set_metric(t, COL_ELAPSED, M_ELAPSED, 0.167);
	table_set_metric(t, COL_SWAP, M_SWAP_PEAK, 68079616);
	cr_assert_geq(table_add_row(t), 0);
	table_set(t, COL_CELL, "zram");
	table_set_metric(t, COL_ELAPSED, M_ELAPSED, 0.204);
	table_set_metric(t, COL_SWAP, M_SWAP_PEAK, 36298752);
	table_set(t, COL_RATIO, "1.87x");
}

static char *print_with(const struct table *t, struct render_opts o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_eq(table_print(t, &o, out), 0);
	fclose(out);
	return text;
}

Test(typed_cells, the_default_text_is_fmt_metric_units)
{
	struct table t;
	char *text;

	two_rows(&t);
	text = print_with(&t, (struct render_opts){ .format = FORMAT_CSV });
	cr_expect_str_eq(text,
			 "CELL,ELAPSED,SWAP,RATIO\ndisk jobs=1,0.167 s,64.9 MiB,\n"
			 "zram,0.204 s,34.6 MiB,1.87x\n");
	free(text);
	table_free(&t);
}

Test(typed_cells, raw_numbers_alone_the_unit_in_the_heading)
{
	struct table t;
	char *text;

	two_rows(&t);
	text = print_with(&t, (struct render_opts){ .raw = 1 });
	cr_expect_str_eq(text,
			 "CELL ELAPSED_S SWAP_MIB RATIO\n"
			 "disk\\x20jobs=1 0.167 64.9 \n"
			 "zram 0.204 34.6 1.87x\n");
	free(text);
	table_free(&t);
}

Test(typed_cells, bytes_whole_in_every_mode)
{
	struct table t;
	char *text;

	two_rows(&t);
	text = print_with(&t, (struct render_opts){ .raw = 1, .bytes = 1 });
	cr_expect(strstr(text, "CELL ELAPSED_S SWAP_B RATIO\n") == text, "%s", text);
	cr_expect(strstr(text, "zram 0.204 36298752 1.87x\n"), "%s", text);
	free(text);
	text = print_with(&t, (struct render_opts){ .format = FORMAT_CSV, .bytes = 1 });
	cr_expect_str_eq(text,
			 "CELL,ELAPSED,SWAP,RATIO\ndisk jobs=1,0.167 s,68079616 B,\n"
			 "zram,0.204 s,36298752 B,1.87x\n");
	free(text);
	table_free(&t);
}

/* A column whose values are in two units names none: each keeps its own. */
Test(typed_cells, a_column_of_two_units_keeps_them_in_its_cells)
{
	static const enum column_id one[] = { COL_VALUE };
	struct table t;
	char *text;

	table_init(&t, "", one, 1);
	cr_assert_geq(table_add_row(&t), 0);
	table_set_metric(&t, COL_VALUE, M_ELAPSED, 1.5);
	cr_assert_geq(table_add_row(&t), 0);
	table_set_metric(&t, COL_VALUE, M_SWAP_PEAK, 2 * MIB);
	text = print_with(&t, (struct render_opts){ .raw = 1 });
	cr_expect_str_eq(text, "VALUE\n1.500\\x20s\n2.0\\x20MiB\n");
	free(text);
	table_free(&t);
}

/* -v's table: bare numbers, the unit in its own column, which --bytes changes with them. */
Test(typed_cells, the_unit_column_follows_bytes)
{
	static const enum column_id two[] = { COL_UNIT, COL_MEDIAN };
	struct table t;
	char *text;

	table_init(&t, "", two, 2);
	cr_assert_geq(table_add_row(&t), 0);
	table_set_unit(&t, COL_UNIT, M_SWAP_PEAK);
	table_set_number(&t, COL_MEDIAN, M_SWAP_PEAK, 3 * MIB);
	cr_assert_geq(table_add_row(&t), 0);
	table_set_unit(&t, COL_UNIT, M_ELAPSED);
	table_set_number(&t, COL_MEDIAN, M_ELAPSED, 0.5);
	text = print_with(&t, (struct render_opts){ .format = FORMAT_CSV });
	cr_expect_str_eq(text, "UNIT,MEDIAN\nMiB,3.0\ns,0.500\n");
	free(text);
	text = print_with(&t, (struct render_opts){ .format = FORMAT_CSV, .bytes = 1 });
	cr_expect_str_eq(text, "UNIT,MEDIAN\nB,3145728\ns,0.500\n");
	free(text);
	table_free(&t);
}

static json_object *field(json_object *row, const char *key)
{
	json_object *v = NULL;

	cr_assert(json_object_object_get_ex(row, key, &v), "no %s", key);
	return v;
}

Test(typed_cells, json_numbers_are_numbers_and_none_is_null)
{
	struct table t;
	json_object *doc, *rows, *row;
	char *text;

	two_rows(&t);
	table_set_metric(&t, COL_ELAPSED, M_ELAPSED, NAN);
	text = print_with(&t, (struct render_opts){ .json = 1 });
	doc = json_tokener_parse(text);
	cr_assert(doc, "not JSON: %s", text);
	cr_assert(json_object_object_get_ex(doc, "cells", &rows), "%s", text);
	cr_assert_eq(json_object_array_length(rows), 2);
	row = json_object_array_get_idx(rows, 0);
	cr_expect(json_object_is_type(field(row, "cell"), json_type_string));
	cr_expect(json_object_is_type(field(row, "elapsed_s"), json_type_double), "%s", text);
	cr_expect(fabs(json_object_get_double(field(row, "swap_mib")) - 64.9) < 1e-9);
	row = json_object_array_get_idx(rows, 1);
	cr_expect(json_object_is_type(field(row, "elapsed_s"), json_type_null), "%s", text);
	cr_expect(json_object_is_type(field(row, "ratio"), json_type_string));
	cr_expect(strstr(text, "title") == NULL, "a title is no JSON: %s", text);
	json_object_put(doc);
	free(text);
	table_free(&t);
}

static char *columns_of(const struct table *t, const struct column_list *l, int all)
{
	return print_with(
		t,
		(struct render_opts){
			.format = FORMAT_CSV, .noheadings = 0, .columns = l, .output_all = all });
}

static char *heading_line(char *text)
{
	text[strcspn(text, "\n")] = '\0';
	return text;
}

Test(typed_cells, plus_adds_output_all_shows_the_hidden)
{
	const struct column_list add = { { COL_RATIO, COL_CELL }, 2, 1 };
	const struct column_list pick = { { COL_RATIO, COL_CELL }, 2, 0 };
	struct table t;
	char *text;

	two_rows(&t);
	table_hide(&t, COL_RATIO);
	text = columns_of(&t, NULL, 0);
	cr_expect_str_eq(heading_line(text), "CELL,ELAPSED,SWAP");
	free(text);
	text = columns_of(&t, &add, 0);
	cr_expect_str_eq(heading_line(text), "CELL,ELAPSED,SWAP,RATIO");
	free(text);
	text = columns_of(&t, &pick, 0);
	cr_expect_str_eq(heading_line(text), "RATIO,CELL");
	free(text);
	text = columns_of(&t, NULL, 1);
	cr_expect_str_eq(heading_line(text), "CELL,ELAPSED,SWAP,RATIO");
	free(text);
	table_free(&t);
}

/* -J: the view's words dropped, one table an object, several an array, none an empty one. */
static char *captured(int ntables)
{
	struct text_capture c;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert(text_capture_begin(&c));
	c.tables_only = 1;
	fputs("words before\n", c.f);
	for (int i = 0; i < ntables; i++) {
		long mark = text_capture_mark(&c, c.f);
		fprintf(c.f, "{\"t%d\": []}\n", i);
		text_capture_keep(&c, c.f, mark);
		fputs("words between\n", c.f);
	}
	cr_assert_eq(text_capture_end(&c, out), 0);
	fclose(out);
	return text;
}

Test(typed_cells, json_tables_without_their_words)
{
	char *text = captured(1);

	cr_expect_str_eq(text, "{\"t0\": []}\n");
	free(text);
	text = captured(2);
	cr_expect_str_eq(text, "[\n{\"t0\": []}\n,\n{\"t1\": []}\n]\n");
	free(text);
	text = captured(0);
	cr_expect_str_eq(text, "[\n]\n");
	free(text);
}

static enum options_result parse(int argc, char **argv, struct config *cfg, char *msg)
{
	return options_parse(command_of(argv[0]), argc, argv, cfg, msg, 512);
}

Test(typed_cells, the_options_typed_and_refused)
{
	char *plus[] = { "show", "-C", "+stddev,n", "-J", "--bytes", "x.json", NULL };
	char *all_list[] = { "show", "--output-all", "-C", "cell", "x.json", NULL };
	char *all_plus[] = { "show", "--output-all", "-C", "+stddev", "x.json", NULL };
	char *csv_json[] = { "compare", "--format", "csv", "-J", "a.json", "b.json", NULL };
	char *list[] = { "show", "--list-columns", NULL };
	struct config cfg;
	char msg[512] = "";

	cr_assert_eq(parse(6, plus, &cfg, msg), OPTIONS_RUN, "%s", msg);
	cr_expect(cfg.view.columns.add && cfg.view.columns.n == 2);
	cr_expect_eq(cfg.view.columns.v[0], COL_STDDEV);
	cr_expect(cfg.view.table_json && cfg.view.bytes);
	config_free(&cfg);
	cr_expect_eq(parse(5, all_list, &cfg, msg), OPTIONS_USAGE);
	cr_expect(strstr(msg, "--output-all") && !strchr(msg, '\n'), "%s", msg);
	config_free(&cfg);
	/* -C +LIST adds to the table's own: beside --output-all it names nothing in its place. */
	cr_expect_eq(parse(5, all_plus, &cfg, msg), OPTIONS_RUN, "%s", msg);
	config_free(&cfg);
	cr_expect_eq(parse(6, csv_json, &cfg, msg), OPTIONS_USAGE);
	cr_expect(strstr(msg, "--table-json needs --format table"), "%s", msg);
	config_free(&cfg);
	cr_expect_eq(parse(2, list, &cfg, msg), OPTIONS_LIST_COLUMNS);
	config_free(&cfg);
}

Test(typed_cells, list_columns_a_line_each)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	size_t lines = 0;

	report_column_list(out);
	fclose(out);
	cr_expect(strncmp(text, "Available output columns:\n", 26) == 0, "%s", text);
	cr_expect(strstr(text, "\n     ELAPSED  elapsed time, median\n"), "%s", text);
	for (char *p = text; *p; p++)
		lines += *p == '\n';
	cr_expect_eq(lines, (size_t)COL_COUNT + 1);
	free(text);
}
