/* A text's lines within 100 columns (base/wrap.h): where a line breaks (100 columns fit, 101
 * do not), how its next lines are indented (two columns more, or under a row's value), a word
 * wider than the line kept whole, columns counted as the terminal shows them (a UTF-8 character
 * one, an escaped byte four), a table's rows kept whole among wrapped lines, and markdown's
 * paragraphs and items wrapped with the markers a next line would start escaped. The outputs are
 * asserted byte for byte. */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/escape.h"
#include "runner/report/formats/formats.h"
#include "runner/report/markdown.h"
#include "runner/report/table.h"
#include "runner/base/wrap.h"
#include "tools.h"

/* Ten columns: a word of nine letters and a blank. */
#define TEN "abcdefghi "
#define NINETY TEN TEN TEN TEN TEN TEN TEN TEN TEN
/* Exactly 100 and 101 columns, the last word ten and eleven letters. */
#define LINE_100 NINETY "abcdefghij"
#define LINE_101 NINETY "abcdefghijk"
/* LINE_101 broken before its last word: the first line's 89 columns, the word on the next. */
#define FIRST_89 TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi"
/* 97 and 99 columns: a word of one or two letters after them passes 100. */
#define P97 NINETY "abcdefg"
#define P99 NINETY "abcdefghi"

static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

static size_t cut(const char *s, size_t room, size_t *next)
{
	return wrap_cut(s, strlen(s), room, next);
}

static char *wrapped(const char *line, size_t width)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert_not_null(f);
	wrap_line(line, strlen(line), width, f);
	fclose(f);
	return out;
}

static void wraps_to(const char *line, size_t width, const char *want)
{
	char *got = wrapped(line, width);

	cr_assert_str_eq(got, want, "from (%zu wide):\n%s", width, line);
	free(got);
}

/* Every line of text within width columns, counted as the terminal shows them. */
static void within(const char *text, size_t width)
{
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, "\n");
		cr_expect_leq(escape_columns(p, n), width, "a line over %zu columns: '%.*s'", width,
			      (int)n, p);
		p += n + (p[n] == '\n');
	}
}

Test(wrap, a_cut_after_the_last_word_that_fits)
{
	size_t next = 99;

	cr_expect_eq(cut("aaa bbb ccc", 7, &next), 7);
	cr_expect_eq(next, 8, "the blank at the break skipped");
	cr_expect_eq(cut("aaa bbb", 7, &next), 7, "a line of exactly room columns fits");
	cr_expect_eq(next, 7);
	cr_expect_eq(cut("aaa bbb", 6, &next), 3, "one column over: the last word goes");
	cr_expect_eq(next, 4);
	cr_expect_eq(cut("aa   bb", 3, &next), 2);
	cr_expect_eq(next, 5, "every blank at the break skipped");
	cr_expect_eq(cut("  aaa bbb", 5, &next), 5, "the indentation takes its columns");
	cr_expect_eq(next, 6);
	cr_expect_eq(cut(LINE_100, 100, &next), 100);
	cr_expect_eq(cut(LINE_101, 100, &next), 89);
	cr_expect_eq(next, 90);
}

Test(wrap, a_cut_keeps_a_word_wider_than_the_room_whole)
{
	size_t next = 99;

	cr_expect_eq(cut("abcdefghij k", 5, &next), 10);
	cr_expect_eq(next, 11);
	cr_expect_eq(cut("abcdefghij", 5, &next), 10);
	cr_expect_eq(next, 10);
	cr_expect_eq(cut("   ", 10, &next), 0, "blanks alone: no line");
	cr_expect_eq(next, 3);
	cr_expect_eq(cut("", 10, &next), 0);
	cr_expect_eq(next, 0);
}

Test(wrap, columns_as_the_terminal_shows_them, .init = utf8_locale)
{
	size_t next;

	/* é is two bytes and one column, … three bytes and one, 漢 three bytes and two. */
	cr_expect_eq(escape_columns("é…", strlen("é…")), 2);
	cr_expect_eq(escape_columns("漢", strlen("漢")), 2);
	/* e and U+0301, a combining acute accent: one column, the accent none. */
	cr_expect_eq(escape_columns("e\xcc\x81", 3), 1);
	cr_expect_eq(escape_columns("\xcc\x81\xcc\x81", 4), 0);
	cr_expect_eq(escape_columns("a\x1b", 2), 5, "an escaped byte is \\x1b, four columns");
	cr_expect_eq(escape_columns("\xff", 1), 4, "a byte that is no UTF-8, four columns");
	cr_expect_eq(escape_columns("\xc2\x9b", 2), 8, "a C1 control, each byte escaped");
	cr_expect_eq(cut("é é é", 5, &next), strlen("é é é"));
	cr_expect_eq(cut("é é é", 4, &next), strlen("é é"));
	cr_expect_eq(cut("漢 漢", 4, &next), strlen("漢"));
	cr_expect_eq(cut("\x1b b", 5, &next), 1);
}

/* A terminal of another locale gets UTF-8 escaped byte by byte: four columns each. */
Test(wrap, another_locale_counts_the_escapes)
{
	cr_assert_not_null(setlocale(LC_ALL, "C"));
	cr_expect_eq(escape_columns("é", strlen("é")), 8);
}

Test(wrap, exactly_the_width_fits_one_more_column_wraps)
{
	wraps_to(LINE_100, 100, LINE_100 "\n");
	wraps_to(LINE_101, 100, FIRST_89 "\n  abcdefghijk\n");
	wraps_to("short", 100, "short\n");
	wraps_to("", 100, "\n");
	/* A line that fits goes as it is, its blanks too, at 100 columns as well. */
	wraps_to("  a  b  ", 100, "  a  b  \n");
	wraps_to(P97 "   ", 100, P97 "   \n");
	wraps_to(P97 "    ", 100, P97 "\n");
}

Test(wrap, the_next_lines_are_indented_two_columns_more)
{
	wraps_to("    " LINE_101, 100, "    " FIRST_89 "\n      abcdefghijk\n");
	/* Every next line has the room the indentation leaves: within the width too. */
	wraps_to("one two three four five", 10, "one two\n  three\n  four\n  five\n");
	wraps_to("aaaa bbbb cccc dddd", 9, "aaaa bbbb\n  cccc\n  dddd\n");
	wraps_to("aaaa bbbb cccc dddd", 11, "aaaa bbbb\n  cccc dddd\n");
}

Test(wrap, a_deep_indentation_takes_at_most_half_the_width)
{
	char line[256], *got;

	snprintf(line, sizeof(line), "%70s%s", "", "aaaa bbbb cccc dddd eeee ffff gggg");
	got = wrapped(line, 100);
	within(got, 100);
	cr_expect(strstr(got,
			 "\n"
			 "                                                  "
			 "gggg\n"),
		  "the next line 50 columns in:\n%s", got);
	cr_expect_null(strstr(got, "\n                                                   "),
		       "indented past half the width:\n%s", got);
	free(got);
}

static void hangs_to(const char *line, size_t width, size_t hang, const char *want)
{
	char *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);

	cr_assert_not_null(f);
	wrap_hanging(line, strlen(line), width, hang, f);
	fclose(f);
	cr_assert_str_eq(got, want, "from (%zu wide, next lines %zu in):\n%s", width, hang, line);
	free(got);
}

/* A row of a label and a value (sysinfo's) goes on under its value. */
Test(wrap, a_row_s_next_lines_under_its_value)
{
	hangs_to("key  aaaa bbbb cccc", 14, 5, "key  aaaa bbbb\n     cccc\n");
	hangs_to("key  aaaa bbbb", 14, 5, "key  aaaa bbbb\n");
	hangs_to(LINE_101, 100, 27, FIRST_89 "\n                           abcdefghijk\n");
	/* Still at most half the width: 8 asked of 12, 6 given. */
	hangs_to("k aaaa bbbb cccc", 12, 8, "k aaaa bbbb\n      cccc\n");
}

Test(wrap, a_word_wider_than_the_line_is_kept_whole)
{
	char word[160], line[256], want[512];

	memset(word, 'w', 150);
	word[150] = '\0';
	snprintf(line, sizeof(line), "short %s tail", word);
	snprintf(want, sizeof(want), "short\n  %s\n  tail\n", word);
	wraps_to(line, 100, want);
	snprintf(line, sizeof(line), "%s tail", word);
	snprintf(want, sizeof(want), "%s\n  tail\n", word);
	wraps_to(line, 100, want);
}

Test(wrap, a_utf8_character_is_one_column, .init = utf8_locale)
{
	/* 100 columns of é, 190 bytes: one line. */
	const char *line = "ééééééééé ééééééééé ééééééééé ééééééééé ééééééééé ééééééééé "
			   "ééééééééé ééééééééé ééééééééé éééééééééé";

	cr_assert_eq(escape_columns(line, strlen(line)), 100);
	wraps_to(line, 100,
		 "ééééééééé ééééééééé ééééééééé ééééééééé ééééééééé ééééééééé "
		 "ééééééééé ééééééééé ééééééééé éééééééééé\n");
	wraps_to("ééé ééé ééé", 7, "ééé ééé\n  ééé\n");
}

/* A text capture's bytes out: the lines wrapped, what was marked a table as it is. */
static char *captured(void (*write)(struct text_capture *c))
{
	struct text_capture c;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert_not_null(f);
	cr_assert_not_null(text_capture_begin(&c));
	write(&c);
	cr_assert_eq(text_capture_end(&c, f), 0);
	fclose(f);
	return out;
}

static void a_table(struct text_capture *c, const char *rows)
{
	long mark = text_capture_mark(c, c->f);

	cr_assert_geq(mark, 0);
	fputs(rows, c->f);
	text_capture_keep(c, c->f, mark);
}

static void text_table_text(struct text_capture *c)
{
	fputs(LINE_101 "\n", c->f);
	a_table(c, "HEAD\n" LINE_101 "\n");
	fputs(LINE_101, c->f); /* the last line without its line break */
}

Test(wrap, a_capture_wraps_the_text_and_keeps_the_tables)
{
	char *out = captured(text_table_text);

	cr_assert_str_eq(out,
			 FIRST_89 "\n  abcdefghijk\n"
				  "HEAD\n" LINE_101 "\n" FIRST_89 "\n  abcdefghijk");
	free(out);
}

static void tables_back_to_back(struct text_capture *c)
{
	a_table(c, LINE_101 "\n");
	a_table(c, LINE_101 "\n");
	fputs("  " LINE_101 "\n", c->f);
}

Test(wrap, a_line_right_after_a_table_is_text)
{
	char *out = captured(tables_back_to_back);

	cr_assert_str_eq(out,
			 LINE_101 "\n" LINE_101 "\n"
				  "  " FIRST_89 "\n    abcdefghijk\n");
	free(out);
}

static void many_tables(struct text_capture *c)
{
	for (int i = 0; i < 20; i++) {
		fputs(LINE_101 "\n", c->f);
		a_table(c, LINE_101 "\n");
	}
}

Test(wrap, as_many_tables_as_a_view_writes)
{
	char *out = captured(many_tables), *p = out;

	for (int i = 0; i < 20; i++) {
		const char *want = FIRST_89 "\n  abcdefghijk\n" LINE_101 "\n";
		cr_assert_eq(strncmp(p, want, strlen(want)), 0, "table %d:\n%s", i, p);
		p += strlen(want);
	}
	cr_assert_str_eq(p, "");
	free(out);
}

Test(wrap, only_the_capture_s_own_stream_is_marked)
{
	struct text_capture c;
	char *other = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&other, &len);

	cr_assert_eq(text_capture_mark(NULL, f), -1);
	cr_assert_not_null(text_capture_begin(&c));
	fputs("before\n", c.f);
	cr_assert_eq(text_capture_mark(&c, f), -1, "another stream");
	cr_assert_eq(text_capture_mark(&c, c.f), 7);
	text_capture_keep(&c, f, text_capture_mark(&c, f));
	text_capture_keep(NULL, f, -1);
	cr_assert_eq(c.ntables, 0);
	cr_assert_eq(text_capture_end(&c, f), 0);
	fclose(f);
	cr_assert_str_eq(other, "before\n");
	free(other);
}

static void a_wide_table(struct text_capture *c)
{
	static const enum column_id cols[] = { COL_CELL, COL_METRIC };
	struct render_opts o = { .format = FORMAT_TABLE, .capture = c };
	struct table t;

	table_init(&t, LINE_101, cols, 2);
	cr_assert_geq(table_add_row(&t), 0);
	cr_assert_eq(table_set(&t, COL_CELL, "cell"), 0);
	cr_assert_eq(table_set(&t, COL_METRIC, LINE_101), 0);
	cr_assert_eq(table_print(&t, &o, c->f), 0);
	table_free(&t);
	fputs(LINE_101 "\n", c->f);
}

/* table_print marks what libsmartcols writes: its title is text, wrapped; its rows are not. */
Test(wrap, a_table_printed_into_a_capture_keeps_its_rows)
{
	char *out = captured(a_wide_table);

	cr_assert_str_eq(out,
			 FIRST_89 "\n  abcdefghijk\n"
				  "CELL METRIC\n"
				  "cell " LINE_101 "\n" FIRST_89 "\n  abcdefghijk\n");
	free(out);
}

/* Markdown: a paragraph's lines within 100 columns, an item's next lines indented as its text,
 * a marker that would start a block escaped on whichever line it starts. */
static char *md(const char *text)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert_not_null(f);
	markdown_lines(text, f);
	fclose(f);
	return out;
}

static void md_is(const char *text, const char *want)
{
	char *got = md(text);

	cr_assert_str_eq(got, want, "from:\n%s", text);
	free(got);
}

Test(wrap_markdown, a_paragraph_within_100_columns)
{
	char *got = md(LINE_101 " " LINE_101 " " LINE_101 "\n");

	within(got, 100);
	free(got);
	md_is(LINE_100 "\n", LINE_100 "\n");
	md_is(LINE_101 "\n", FIRST_89 "\nabcdefghijk\n");
	md_is("    " LINE_101 "\n", FIRST_89 "\nabcdefghijk\n");
	md_is(LINE_101 "\n" LINE_101 "\n", FIRST_89 "\nabcdefghijk\n\n" FIRST_89 "\nabcdefghijk\n");
}

Test(wrap_markdown, a_next_line_s_marker_is_escaped)
{
	md_is(P99 " -5% faster\n", P99 "\n\\-5% faster\n");
	md_is(P99 " * significant\n", P99 "\n\\* significant\n");
	md_is(P99 " 12. item\n", P99 "\n12\\. item\n");
	md_is(P99 " 12) item\n", P99 "\n12\\) item\n");
	md_is(P99 " === x\n", P99 "\n\\=== x\n");
	md_is(P99 " **bold**\n", P99 "\n**bold**\n");
}

Test(wrap_markdown, the_escape_takes_its_column)
{
	/* 99 columns and the backslash: 100, one line; 100 and the backslash: 101, two. */
	md_is("*" TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefgh\n",
	      "\\*" TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefgh\n");
	md_is("*" TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi\n",
	      "\\*" TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi\nabcdefghi\n");
	md_is("1." TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefg\n",
	      "1\\." TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefg\n");
	md_is("1." TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefgh\n",
	      "1\\." TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi\nabcdefgh\n");
}

Test(wrap_markdown, an_item_s_next_lines_are_its_own)
{
	/* "- " and 98 columns: one line; "- " and 99: the item's next line under its text. */
	md_is("- " TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefgh\n",
	      "- " TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefgh\n");
	md_is("- " TEN TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi\n",
	      "- " TEN TEN TEN TEN TEN TEN TEN TEN "abcdefghi\n  abcdefghi\n");
	md_is("- " P97 " + a real change\n", "- " P97 "\n  \\+ a real change\n");
	md_is("- " P97 " 3. x\n- two\n", "- " P97 "\n  3\\. x\n- two\n");
}

Test(wrap_markdown, a_table_s_rows_are_left_whole)
{
	md_is("| " LINE_101 " |\n| --- |\n| " LINE_101 " |\n" LINE_101 "\n",
	      "| " LINE_101 " |\n| --- |\n| " LINE_101 " |\n\n" FIRST_89 "\nabcdefghijk\n");
}

/* The views: show's and compare's text wrapped, their tables' rows whole (in the C locale of
 * the tests, an interval's ellipsis is "...", three columns). */
static char *shown(const char *fixture)
{
	struct report_opts o = { .render = { .format = FORMAT_TABLE },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	struct results r;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &r);
	cr_assert_eq(report_print(&r, &o, f), 0);
	fclose(f);
	results_free(&r);
	return text;
}

static char *compared(const char *fixture, const char *na, const char *nb)
{
	struct report_opts o = { .render = { .format = FORMAT_TABLE },
				 .cmp = { .alpha = 0.05, .noise_pct = 2 } };
	struct results a, b;
	const struct results *sets[] = { &a, &b };
	const char *names[] = { na, nb };
	char *text = NULL, why[256] = "";
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	read_fixture(fixture, &a);
	read_fixture(fixture, &b);
	cr_assert_eq(report_compare(sets, names, 2, &o, 0, f, why, sizeof(why)), 0, "%s", why);
	fclose(f);
	results_free(&a);
	results_free(&b);
	return text;
}

static int lines_over_100(const char *text)
{
	int over = 0;

	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		over += escape_columns(p, n) > 100;
		p += n + (p[n] == '\n');
	}
	return over;
}

/* The line that "\nstart" begins: does it end with end? */
static int line_ends(const char *text, const char *start, const char *end)
{
	const char *at = strstr(text, start), *nl;

	cr_assert_not_null(at, "no line '%s' in\n%s", start, text);
	nl = strchr(at + 1, '\n');
	return nl && (size_t)(nl - at) >= strlen(end) &&
		!strncmp(nl - strlen(end), end, strlen(end));
}

Test(wrap_views, show_s_lines_within_100_columns)
{
	char *text = shown("disk-zram.json");

	cr_expect_eq(lines_over_100(text), 0, "%s", text);
	cr_expect(strstr(text, "other work competes with\n  the trials for CPU and disk.\n"), "%s",
		  text);
	free(text);
}

Test(wrap_views, show_keeps_a_device_s_table_whole)
{
	char *text = shown("block-zram-disk.json");

	/* The heading and its 8 rows. */
	cr_expect_eq(lines_over_100(text), 9, "%s", text);
	cr_expect(line_ends(text, "\nJOBS MODE ", " P SIG"), "%s", text);
	cr_expect(strstr(text,
			 "\n* significant (Mann-Whitney p < alpha after Holm over the "
			 "answer's tests of its primary quantity,\n  bandwidth"),
		  "%s", text);
	free(text);
}

Test(wrap_views, compare_wraps_its_text_and_keeps_its_table)
{
	char *text = compared("block-zram-disk.json", "a-result-file-of-a-rather-long-name-1.json",
			      "a-result-file-of-a-rather-long-name-2.json");

	cr_expect_eq(lines_over_100(text), 9, "%s", text);
	cr_expect(line_ends(text, "\nJOBS MODE ", " P SIG"), "%s", text);
	cr_expect(strstr(text,
			 "\n* significant (the primary metric at alpha, the secondary ones "
			 "Holm-corrected among themselves; the\n  whole interval"),
		  "%s", text);
	free(text);
	text = compared("disk-zram.json", "a.json", "b.json");
	cr_expect_eq(lines_over_100(text), 0, "%s", text);
	free(text);
}
