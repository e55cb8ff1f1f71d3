/* base/escape.c: what a result file or a workload's output holds reaches the terminal with its
 * control characters escaped and its UTF-8 text as it was; JSON keeps its strings' values. */
#include <criterion/criterion.h>
#include <json.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/escape.h"

static char *escaped(const char *s, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	cr_assert_not_null(out);
	escape_write(s, n, out);
	fclose(out);
	return text;
}

/* s through a stream of kind, one write per piece of cut (cut[i]: the bytes of piece i, 0
 * ending the list; NULL: one write). */
static char *streamed(const char *s, enum escape_kind kind, const size_t *cut)
{
	char *text = NULL;
	size_t len = 0, at = 0, n = strlen(s);
	FILE *out = open_memstream(&text, &len), *f;

	cr_assert_not_null(out);
	f = escape_open(out, kind);
	cr_assert_not_null(f);
	for (size_t i = 0; cut && cut[i]; i++) {
		fwrite(s + at, 1, cut[i], f);
		fflush(f);
		at += cut[i];
	}
	fwrite(s + at, 1, n - at, f);
	cr_assert_eq(fclose(f), 0);
	fclose(out);
	return text;
}

/* A terminal of a UTF-8 locale, as most are: each test runs in a process of its own. */
static void utf8_locale(void)
{
	cr_assert_not_null(setlocale(LC_ALL, "C.UTF-8"));
}

TestSuite(escape, .init = utf8_locale);

#define EXPECT_ESCAPED(in, want)                                                                   \
	do {                                                                                       \
		char *got_ = escaped(in, sizeof(in) - 1);                                          \
		cr_expect_str_eq(got_, want, "%s", #in);                                           \
		free(got_);                                                                        \
	} while (0)

/* The terminal's own commands: a title set (OSC 0 ... BEL), the screen cleared (CSI 2 J). */
Test(escape, a_terminal_s_commands_are_text)
{
	EXPECT_ESCAPED("disk\033]0;title\007\033[2J", "disk\\x1b]0;title\\x07\\x1b[2J");
	EXPECT_ESCAPED("a\rb\tc\bd\x7f", "a\\x0db\\x09c\\x08d\\x7f");
	EXPECT_ESCAPED("\001\037 ~", "\\x01\\x1f ~");
	EXPECT_ESCAPED("two\nlines\n", "two\nlines\n");
}

/* A byte NUL-terminated text cannot hold is still written: n counts, not the NUL. */
Test(escape, n_bytes_whatever_they_are)
{
	EXPECT_ESCAPED("a\0b", "a\\x00b");
}

Test(escape, valid_utf8_is_kept)
{
	EXPECT_ESCAPED("0.153 … 0.225 µs", "0.153 … 0.225 µs");
	EXPECT_ESCAPED("\u00a0\u07ff\u0800\ufffd\U00010000\U0010ffff",
		       "\u00a0\u07ff\u0800\ufffd\U00010000\U0010ffff");
	EXPECT_ESCAPED("\xed\x9f\xbf", "\xed\x9f\xbf"); /* U+D7FF, the last before the surrogates */
}

/* C1: CSI as one byte (what an 8-bit terminal reads) and as U+009B in UTF-8. */
Test(escape, c1_controls_as_bytes_and_as_characters)
{
	EXPECT_ESCAPED("\x9b"
		       "31m",
		       "\\x9b31m");
	EXPECT_ESCAPED("\xc2\x80\xc2\x9b\xc2\x9f", "\\xc2\\x80\\xc2\\x9b\\xc2\\x9f");
	EXPECT_ESCAPED("\x85\x9f\x80", "\\x85\\x9f\\x80");
}

/* What is no UTF-8: each byte on its own, the valid text after it kept. */
Test(escape, bytes_that_are_no_utf8)
{
	EXPECT_ESCAPED("\xff\xfe", "\\xff\\xfe");
	EXPECT_ESCAPED("\xc0\xaf", "\\xc0\\xaf"); /* an overlong "/" */
	EXPECT_ESCAPED("\xc1\xbf", "\\xc1\\xbf");
	EXPECT_ESCAPED("\xe0\x9f\xbf", "\\xe0\\x9f\\xbf"); /* overlong, three bytes */
	EXPECT_ESCAPED("\xed\xa0\x80", "\\xed\\xa0\\x80"); /* a UTF-16 surrogate */
	EXPECT_ESCAPED("\xf0\x8f\xbf\xbf", "\\xf0\\x8f\\xbf\\xbf"); /* overlong, four bytes */
	EXPECT_ESCAPED("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"); /* above U+10FFFF */
	EXPECT_ESCAPED("\xf5\x80\x80\x80", "\\xf5\\x80\\x80\\x80");
	EXPECT_ESCAPED("\xe2\x80x", "\\xe2\\x80x");
	EXPECT_ESCAPED("\xe2\x80", "\\xe2\\x80"); /* cut at the end of the text */
	EXPECT_ESCAPED("\xf0\x9f\x98", "\\xf0\\x9f\\x98");
	EXPECT_ESCAPED("\xc2µ", "\\xc2µ");
}

/* A stream is written in pieces: a character across two writes is still one. */
Test(escape, a_character_cut_between_writes_is_whole)
{
	char *got;

	got = streamed("a…b", ESCAPE_TEXT, (const size_t[]){ 2, 1, 0 });
	cr_expect_str_eq(got, "a…b");
	free(got);
	got = streamed("\U0001F600!", ESCAPE_TEXT, (const size_t[]){ 1, 1, 1, 0 });
	cr_expect_str_eq(got, "\U0001F600!");
	free(got);
	got = streamed("x\xc2\x9b"
		       "y",
		       ESCAPE_TEXT, (const size_t[]){ 2, 0 });
	cr_expect_str_eq(got, "x\\xc2\\x9by");
	free(got);
	got = streamed("x\xe2\x80"
		       "y\033",
		       ESCAPE_TEXT, (const size_t[]){ 2, 1, 0 });
	cr_expect_str_eq(got, "x\\xe2\\x80y\\x1b", "a bad byte after a held one");
	free(got);
	got = streamed("end\xe2\x80", ESCAPE_TEXT, NULL);
	cr_expect_str_eq(got, "end\\xe2\\x80", "still cut when the stream closes");
	free(got);
}

/* A line leaves as it ends, so a message said after it keeps its place after it. */
Test(escape, each_line_reaches_out_as_it_ends)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len), *f = escape_open(out, ESCAPE_TEXT);

	cr_assert_not_null(f);
	fputs("one\033\n", f);
	fflush(out);
	cr_expect_str_eq(text, "one\\x1b\n");
	fputs("two", f);
	fclose(f);
	fflush(out);
	cr_expect_str_eq(text, "one\\x1b\ntwo", "closing writes the rest; out stays open");
	fputs(".", out);
	fclose(out);
	free(text);
}

/* JSON: the same string to a reader, with nothing a terminal acts on in its text. */
Test(escape, json_keeps_its_strings_values)
{
	const char *doc = "{\n\t\"label\": \"a\x7f\xc2\x9b\xc2\x85 … \\u001b\"\r\n}\n";
	char *got = streamed(doc, ESCAPE_JSON, (const size_t[]){ 16, 0 });
	json_object *o = json_tokener_parse(got);

	cr_expect_str_eq(got, "{\n\t\"label\": \"a\\u007f\\u009b\\u0085 … \\u001b\"\r\n}\n");
	cr_assert_not_null(o, "%s", got);
	cr_expect_str_eq(json_object_get_string(json_object_object_get(o, "label")),
			 "a\x7f\xc2\x9b\xc2\x85 … \033");
	json_object_put(o);
	free(got);
	got = streamed("\"\xff\033\x9b\"", ESCAPE_JSON, NULL);
	cr_expect_str_eq(got, "\"\\ufffd\\u001b\\ufffd\"", "bytes that are no UTF-8: U+FFFD");
	free(got);
}

/* A terminal of another locale reads bytes: a UTF-8 character is escaped byte by byte (0x9b in
 * "Û" would be CSI to an 8-bit one), as libsmartcols does; JSON is UTF-8 whatever the locale. */
Test(escape, another_locale_s_terminal_gets_ascii_alone)
{
	char *got;

	cr_assert_not_null(setlocale(LC_ALL, "C"));
	EXPECT_ESCAPED("\xc3\x9b"
		       "31m µs",
		       "\\xc3\\x9b31m \\xc2\\xb5s");
	got = streamed("… \033", ESCAPE_TEXT, NULL);
	cr_expect_str_eq(got, "\\xe2\\x80\\xa6 \\x1b");
	free(got);
	got = streamed("\"… \xc2\x9b\"", ESCAPE_JSON, NULL);
	cr_expect_str_eq(got, "\"… \\u009b\"");
	free(got);
}
