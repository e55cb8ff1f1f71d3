#include "runner/report/markdown.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/wrap.h"

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

/* A line's start that would begin a block of its own, escaped: "\\* significant", "1\\. x". */
static void escaped_start(const char *line, size_t n, FILE *out)
{
	size_t at;

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

/* s[0..n) in lines within VIEW_COLUMNS, lines of one paragraph: the first after first, the
 * others after lead, each that would start a block of its own escaped (the first only when
 * escape_first). No line break after the last. */
static void paragraph(const char *s, size_t n, const char *first, const char *lead,
		      int escape_first, FILE *out)
{
	const char *before = first;
	int escape = escape_first, lines = 0;

	while (n) {
		size_t next, end, room = VIEW_COLUMNS - strlen(before);
		int esc = escape && (marker(s, n) || ordinal(s, n));
		end = wrap_cut(s, n, room - (size_t)esc, &next);
		if (!end)
			break;
		if (lines++)
			fputc('\n', out);
		fputs(before, out);
		if (escape)
			escaped_start(s, end, out);
		else
			fwrite(s, 1, end, out);
		s += next, n -= next;
		before = lead;
		escape = 1;
	}
}

/* A line of text as a paragraph of its own: indentation dropped (four spaces would make it
 * code, and markdown shows none), a leading marker escaped, wrapped. */
static void text_line(const char *line, size_t n, FILE *out)
{
	while (n && (*line == ' ' || *line == '\t'))
		line++, n--;
	paragraph(line, n, "", "", 1, out);
}

/* A list's item ("- warning: ..."), wrapped: its next lines indented as its text is. */
static void item_line(const char *line, size_t n, FILE *out)
{
	paragraph(line + 2, n - 2, "- ", "  ", 0, out);
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
		else if (now == B_ITEM)
			item_line(text, n, out);
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
