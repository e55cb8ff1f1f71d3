/* A command option's words, as a POSIX shell would split and quote them, with nothing
 * expanded: each spelling against the words sh -c 'printf "[%s]" "$@"' would print. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/command_words.h"

/* The words of text joined as [w1][w2]..., or the refusal's reason after "!". */
static const char *split(const char *text, size_t max)
{
	static char buf[512], out[1024];
	char *words[16], why[256] = "";
	size_t at = 0;
	int n;

	cr_assert_leq(max, 16);
	snprintf(buf, sizeof(buf), "%s", text);
	n = command_words(buf, words, max, why, sizeof(why));
	if (n < 0) {
		cr_assert_eq(n, -EINVAL);
		cr_assert(why[0], "a refusal says why: %s", text);
		snprintf(out, sizeof(out), "!%s", why);
		return out;
	}
	cr_assert_null(words[n], "NULL after the words");
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(out + at, sizeof(out) - at, "[%s]", words[i]);
	return out;
}

Test(command_words, blanks_separate_words)
{
	cr_assert_str_eq(split("redis-benchmark -q -n 1000", 16),
			 "[redis-benchmark][-q][-n][1000]");
	cr_assert_str_eq(split("  a \t b  ", 16), "[a][b]", "blanks around and between");
	cr_assert_str_eq(split("a", 16), "[a]");
}

Test(command_words, single_quotes_keep_everything)
{
	cr_assert_str_eq(split("sh -c 'echo $HOME | wc -c'", 16), "[sh][-c][echo $HOME | wc -c]");
	cr_assert_str_eq(split("a'b c'd", 16), "[ab cd]", "a quote inside a word");
	cr_assert_str_eq(split("'a\\b'", 16), "[a\\b]", "a backslash in single quotes is itself");
	cr_assert_str_eq(split("'' x", 16), "[][x]", "an empty quoted word is a word");
	cr_assert_str_eq(split("'\"'", 16), "[\"]");
}

Test(command_words, double_quotes_keep_all_but_four_escapes)
{
	cr_assert_str_eq(split("echo \"a b\"", 16), "[echo][a b]");
	cr_assert_str_eq(split("\"a\\\"b\"", 16), "[a\"b]", "\\\" is a quote");
	cr_assert_str_eq(split("\"a\\\\b\"", 16), "[a\\b]", "\\\\ is a backslash");
	cr_assert_str_eq(split("\"\\$x\"", 16), "[$x]", "\\$ is a dollar");
	cr_assert_str_eq(split("\"\\`\"", 16), "[`]", "\\` is a backquote");
	cr_assert_str_eq(split("\"a\\nb\"", 16), "[a\\nb]", "any other backslash stays");
	cr_assert_str_eq(split("\"it's | ; & < > ( )\"", 16), "[it's | ; & < > ( )]");
	cr_assert_str_eq(split("\"\"", 16), "[]");
}

Test(command_words, a_backslash_outside_quotes_keeps_the_next_character)
{
	cr_assert_str_eq(split("a\\ b c", 16), "[a b][c]");
	cr_assert_str_eq(split("\\|", 16), "[|]");
	cr_assert_str_eq(split("\\'x", 16), "['x]");
	cr_assert_str_eq(split("\\#x", 16), "[#x]");
	cr_assert(strstr(split("a\\", 16), "backslash at the end"));
}

Test(command_words, globs_and_tildes_stay_as_typed)
{
	cr_assert_str_eq(split("ls *.c ~/x a?[b]", 16), "[ls][*.c][~/x][a?[b]]");
	cr_assert_str_eq(split("a#b", 16), "[a#b]", "# inside a word is no comment");
}

Test(command_words, what_only_a_shell_does_is_refused_by_its_character)
{
	const char *cases[][2] = {
		{ "echo $HOME", "'$' unquoted" },
		{ "a|b", "'|' unquoted" },
		{ "a && b", "'&' unquoted" },
		{ "a;b", "';' unquoted" },
		{ "a >out", "'>' unquoted" },
		{ "a <in", "'<' unquoted" },
		{ "(a)", "'(' unquoted" },
		{ "a)", "')' unquoted" },
		{ "a `b`", "'`' unquoted" },
		{ "echo \"$HOME\"", "'$' in double quotes" },
		{ "\"`x`\"", "'`' in double quotes" },
		{ "a #comment", "'#' unquoted" },
		{ "a\nb", "a newline unquoted" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = split(cases[i][0], 16);
		cr_assert(got[0] == '!' && strstr(got, cases[i][1]), "%s: %s", cases[i][0], got);
	}
}

Test(command_words, open_quotes_empty_commands_and_too_many_words)
{
	cr_assert_str_eq(split("'abc", 16), "!a single quote left open");
	cr_assert_str_eq(split("a \"b", 16), "!a double quote left open");
	cr_assert_str_eq(split("\"a\\\"", 16), "!a double quote left open", "its quote escaped");
	cr_assert_str_eq(split("", 16), "!no command");
	cr_assert_str_eq(split(" \t ", 16), "!no command");
	cr_assert_str_eq(split("a b", 3), "[a][b]", "two words and the NULL fill three");
	cr_assert_str_eq(split("a b c", 3), "!more than 2 words");
	cr_assert_str_eq(split("'' '' ''", 3), "!more than 2 words", "empty words count");
}

/* A text quoted as one word comes back whole from the splitter; plain text stays plain. */
Test(command_words, a_quoted_word_comes_back_whole)
{
	const char *texts[] = { "/usr/share/zswapbench",
				"/tmp/a dir",
				"/tmp/it's",
				"/tmp/$x|y;z",
				"/tmp/#c",
				"a\tb",
				"'",
				"\"\\" };
	char out[128], *words[4], why[256];

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		cr_assert_eq(command_word_quoted(texts[i], out, sizeof(out)), 0, "%s", texts[i]);
		cr_assert_eq(command_words(out, words, 4, why, sizeof(why)), 1, "%s: %s", texts[i],
			     why);
		cr_assert_str_eq(words[0], texts[i]);
	}
	cr_assert_eq(command_word_quoted("/usr/share/zswapbench", out, sizeof(out)), 0);
	cr_assert_str_eq(out, "/usr/share/zswapbench", "nothing to quote");
	cr_assert_eq(command_word_quoted("abc", out, 3), -ENAMETOOLONG, "no room for its NUL");
	cr_assert_eq(command_word_quoted("a b", out, 5), -ENAMETOOLONG, "no room for the quotes");
	cr_assert_eq(command_word_quoted("a b", out, 6), 0);
	cr_assert_str_eq(out, "'a b'");
}

/* The check every command option's row takes: the text split as it will be, the given text
 * left as it was, the words it may have (COMMAND_WORDS_MAX) counted. */
Test(command_words, the_rows_check_of_a_command_text)
{
	char why[256] = "", many[3 * COMMAND_WORDS_MAX + 3] = "";
	const char *text = "tar -cf 'a b' .";

	cr_assert_eq(command_text_check(NULL, text, why, sizeof(why)), 0, "%s", why);
	cr_assert_str_eq(text, "tar -cf 'a b' .");
	cr_assert_eq(command_text_check(NULL, "a 'b", why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "a single quote left open");
	for (int i = 0; i < COMMAND_WORDS_MAX; i++)
		strcat(many, "a ");
	cr_assert_eq(command_text_check(NULL, many, why, sizeof(why)), 0, "%s", why);
	strcat(many, "a");
	cr_assert_eq(command_text_check(NULL, many, why, sizeof(why)), -EINVAL);
	cr_assert_str_eq(why, "more than 63 words");
}
