#include "runner/base/command_words.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"

/* What a shell acts on outside quotes; of them, what it still expands inside double quotes. */
static const char shell_only[] = "$`|&;<>()\n";
static const char expands_in_double[] = "$`";
/* After a backslash in double quotes, the characters it quotes (POSIX); before any other, the
 * backslash is itself. */
static const char escapable_in_double[] = "\"\\$`";
/* Besides those: what splits words or quotes, and the comment's mark. */
static const char read_by_words[] = " \t'\"\\#";

static int shell_char(char c, const char *where, char *why, size_t len)
{
	if (c == '\n')
		snprintf(why, len, "a newline %s: only a shell acts on it, and none runs this",
			 where);
	else
		snprintf(why, len,
			 "'%c' %s: only a shell acts on it, and none runs this (quote it to pass "
			 "it as it is, or use a script)",
			 c, where);
	return -EINVAL;
}

static int open_quote(char quote, char *why, size_t len)
{
	snprintf(why, len, "a %s quote left open", quote == '\'' ? "single" : "double");
	return -EINVAL;
}

/* "..." from just after its opening quote: *r ends after the closing one. */
static int double_quoted(char **r, char **w, char *why, size_t len)
{
	for (;;) {
		char c = *(*r)++;
		if (!c)
			return open_quote('"', why, len);
		if (c == '"')
			return 0;
		if (c == '\\' && **r && strchr(escapable_in_double, **r))
			c = *(*r)++;
		else if (strchr(expands_in_double, c))
			return shell_char(c, "in double quotes", why, len);
		*(*w)++ = c;
	}
}

/* One word from *r, which is not a blank, written at *w (never past *r: the text only
 * shrinks) and ended with its NUL; both are left after it, *r past the blank that ended it. */
static int one_word(char **r, char **w, char *why, size_t len)
{
	char *start = *w;
	int ret = 0;

	while (!ret && **r && **r != ' ' && **r != '\t') {
		char c = *(*r)++;
		char *end;
		if (c == '\'') {
			if (!(end = strchr(*r, '\'')))
				return open_quote('\'', why, len);
			memmove(*w, *r, (size_t)(end - *r));
			*w += end - *r;
			*r = end + 1;
		} else if (c == '"') {
			ret = double_quoted(r, w, why, len);
		} else if (c == '\\') {
			if (!**r) {
				snprintf(why, len, "a backslash at the end, quoting nothing");
				return -EINVAL;
			}
			*(*w)++ = *(*r)++;
		} else if (strchr(shell_only, c) || (c == '#' && *w == start)) {
			return shell_char(c, "unquoted", why, len);
		} else {
			*(*w)++ = c;
		}
	}
	if (**r)
		(*r)++;
	*(*w)++ = '\0';
	return ret;
}

int command_words(char *text, char **words, size_t max, char *why, size_t why_len)
{
	char *r = text, *w = text;
	size_t n = 0;
	int ret;

	for (;;) {
		r += strspn(r, " \t");
		if (!*r)
			break;
		if (n + 1 >= max) {
			snprintf(why, why_len, "more than %zu words", max - 1);
			return -EINVAL;
		}
		words[n++] = w;
		if ((ret = one_word(&r, &w, why, why_len)))
			return ret;
	}
	words[n] = NULL;
	if (!n) {
		snprintf(why, why_len, "no command");
		return -EINVAL;
	}
	return (int)n;
}

/* Does a word of this text need quotes to come back whole? */
static int needs_quotes(const char *text)
{
	for (const char *c = text; *c; c++)
		if (strchr(shell_only, *c) || strchr(read_by_words, *c))
			return 1;
	return 0;
}

int command_word_quoted(const char *text, char *out, size_t len)
{
	size_t at;

	if (!needs_quotes(text))
		return (size_t)snprintf(out, len, "%s", text) < len ? 0 : -ENAMETOOLONG;
	at = (size_t)snprintf(out, len, "'");
	for (const char *c = text; *c && at < len; c++)
		at += (size_t)snprintf(out + at, len - at, *c == '\'' ? "'\\''" : "%c", *c);
	if (at < len)
		at += (size_t)snprintf(out + at, len - at, "'");
	return at < len ? 0 : -ENAMETOOLONG;
}

int command_text_check(void *scope, const char *text, char *why, size_t len)
{
	char copy[COMMAND_TEXT_MAX + 1], *words[COMMAND_WORDS_MAX + 1];

	(void)scope;
	snprintf(copy, sizeof(copy), "%s", text);
	return command_words(copy, words, ARRAY_SIZE(words), why, len) < 0 ? -EINVAL : 0;
}
