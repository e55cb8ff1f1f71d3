/* base/lines.c: the last lines of what a program wrote, where it says why it failed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/lines.h"

static char got[256];

static const char *tail(const char *text, unsigned n)
{
	size_t len;
	const char *from = last_lines(text, strlen(text), n, &len);

	cr_assert(from >= text && from + len <= text + strlen(text));
	snprintf(got, sizeof(got), "%.*s", (int)len, from);
	return got;
}

Test(lines, the_last_n_lines_without_the_blank_end)
{
	cr_assert_str_eq(tail("one\ntwo\nthree\n", 1), "three");
	cr_assert_str_eq(tail("one\ntwo\nthree\n", 2), "two\nthree");
	cr_assert_str_eq(tail("one\ntwo\nthree", 2), "two\nthree");
	cr_assert_str_eq(tail("one\ntwo\nthree\n \n\n  ", 1), "three", "blanks at the end too");
	cr_assert_str_eq(tail("one\ntwo\nthree\n", 3), "one\ntwo\nthree");
	cr_assert_str_eq(tail("one\ntwo\nthree\n", 9), "one\ntwo\nthree", "fewer: all of it");
	cr_assert_str_eq(tail("one line", 1), "one line");
	cr_assert_str_eq(tail("\n\n", 2), "");
	cr_assert_str_eq(tail("", 1), "");
}

/* What the text holds past len is not its own. */
Test(lines, only_len_bytes_are_read)
{
	size_t len;
	const char *text = "a\nb\nc\nd";
	const char *from = last_lines(text, 5, 1, &len);

	cr_assert_eq(from, text + 4);
	cr_assert_eq(len, 1);
}
