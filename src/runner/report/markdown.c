#include "runner/report/markdown.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum block {
	B_BLANK,
	B_TABLE,
	B_ITEM,
	B_TEXT
};

static enum block block_of(const char *line, size_t n)
{
	if (n == 0)
		return B_BLANK;
	if (line[0] == '|')
		return B_TABLE;
	if (n >= 2 && line[0] == '-' && line[1] == ' ')
		return B_ITEM;
	return B_TEXT;
}

/* A table's next row and a list's next item go on; anything else after a block that is not
 * blank would join it (a row, a lazy line of the item, one paragraph). */
static int needs_blank(enum block before, enum block now)
{
	return before != B_BLANK && now != B_BLANK && (now == B_TEXT || before != now);
}

/* Would this first character start a block of its own (a bullet, a heading, a quote, a rule, a
 * fence, a setext line)? A "**" opens bold type, a title's. */
static int marker(const char *line, size_t n)
{
	if (line[0] == '*')
		return n < 2 || line[1] != '*';
	return strchr("+-#>=_~`", line[0]) != NULL;
}

/* "1. " and "1) " start an ordered list: the index of the '.' or ')', or 0 for none. */
static size_t ordinal(const char *line, size_t n)
{
	size_t i = 0;

	while (i < n && i < 9 && line[i] >= '0' && line[i] <= '9')
		i++;
	return i > 0 && i < n && (line[i] == '.' || line[i] == ')') ? i : 0;
}

/* A line of text as a paragraph of its own: indentation dropped (four spaces would make it
 * code, and markdown shows none), a leading marker escaped. */
static void text_line(const char *line, size_t n, FILE *out)
{
	size_t at;

	while (n && (*line == ' ' || *line == '\t'))
		line++, n--;
	if (!n)
		return;
	if (marker(line, n))
		fputc('\\', out);
	at = ordinal(line, n);
	if (at) {
		fwrite(line, 1, at, out);
		fputc('\\', out);
		line += at, n -= at;
	}
	fwrite(line, 1, n, out);
}

void markdown_lines(const char *text, FILE *out)
{
	enum block before = B_BLANK;

	while (*text) {
		size_t n = strcspn(text, "\n");
		enum block now = block_of(text, n);
		if (now == B_TEXT && strspn(text, " \t") == n)
			now = B_BLANK;
		/* One blank line between blocks: two in a row say nothing more. */
		if (needs_blank(before, now))
			fputc('\n', out);
		if (now == B_TEXT)
			text_line(text, n, out);
		else if (now != B_BLANK)
			fwrite(text, 1, n, out);
		if (now != B_BLANK || before != B_BLANK)
			fputc('\n', out);
		before = now;
		text += n + (text[n] == '\n');
	}
}

FILE *markdown_begin(struct markdown_capture *c)
{
	c->text = NULL;
	c->len = 0;
	c->f = open_memstream(&c->text, &c->len);
	return c->f;
}

int markdown_end(struct markdown_capture *c, FILE *out)
{
	int ret = fclose(c->f) ? -ENOMEM : 0;

	if (!ret && c->text)
		markdown_lines(c->text, out);
	free(c->text);
	return ret;
}
