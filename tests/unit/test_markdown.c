/* A view's lines as markdown a GFM renderer shows line for line: each block set apart by one
 * blank line, a text line's leading marker escaped, indentation dropped. The whole output is
 * asserted: a byte out of place is a row, a bullet or a merged paragraph under cmark-gfm. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "runner/report/markdown.h"

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

Test(markdown, a_line_after_a_table_is_no_row)
{
	md_is("| A |\n| --- |\n| 1 |\nverdict\n", "| A |\n| --- |\n| 1 |\n\nverdict\n");
	md_is("| A |\n| --- |\n| 1 |\n\nverdict\n", "| A |\n| --- |\n| 1 |\n\nverdict\n");
	md_is("| A |\n| 1 |\n- item\n", "| A |\n| 1 |\n\n- item\n");
}

Test(markdown, text_lines_are_paragraphs_of_their_own)
{
	md_is("zram is faster\nswap cost 3 MiB\n", "zram is faster\n\nswap cost 3 MiB\n");
	md_is("a\n\n\n\nb\n", "a\n\nb\n");
	md_is("\n\na\n", "a\n");
	md_is("a\n   \nb\n", "a\n\nb\n");
	md_is("a", "a\n");
	md_is("", "");
}

Test(markdown, a_list_stays_one_list_set_apart)
{
	md_is("- one\n- two\nafter\n", "- one\n- two\n\nafter\n");
	md_is("before\n- one\n", "before\n\n- one\n");
}

Test(markdown, a_leading_marker_is_escaped)
{
	md_is("* significant (p < alpha)  + a real change\n",
	      "\\* significant (p < alpha)  + a real change\n");
	md_is("+5% faster\n", "\\+5% faster\n");
	md_is("-5% faster\n", "\\-5% faster\n");
	md_is("# not a heading\n", "\\# not a heading\n");
	md_is("> not a quote\n", "\\> not a quote\n");
	md_is("=== a line\n", "\\=== a line\n");
	md_is("2. not an item\n", "2\\. not an item\n");
	md_is("12) not an item\n", "12\\) not an item\n");
	md_is("2 files\n", "2 files\n");
	md_is("**title**\n", "**title**\n");
	md_is("*\n", "\\*\n");
	md_is("? too few trials\n", "? too few trials\n");
}

Test(markdown, indentation_is_dropped)
{
	md_is("    elapsed 1.2 s\n", "elapsed 1.2 s\n");
	md_is("\t* significant\n", "\\* significant\n");
}

Test(markdown, a_capture_is_copied_through_the_rules)
{
	struct markdown_capture c;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	cr_assert_not_null(markdown_begin(&c));
	fputs("| A |\n| 1 |\n* legend\n", c.f);
	cr_assert_eq(markdown_end(&c, f), 0);
	fclose(f);
	cr_assert_str_eq(out, "| A |\n| 1 |\n\n\\* legend\n");
	free(out);
}
