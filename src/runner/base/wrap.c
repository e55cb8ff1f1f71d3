#include "runner/base/wrap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/escape.h"

size_t wrap_cut(const char *s, size_t n, size_t room, size_t *next)
{
	size_t cols = 0, end = 0, i = 0;

	while (i < n) {
		size_t word = i, stop, add;
		while (word < n && s[word] == ' ')
			word++;
		for (stop = word; stop < n && s[stop] != ' ';)
			stop++;
		if (stop == word)
			break;
		add = escape_columns(s + i, stop - i);
		if (end && cols + add > room)
			break;
		cols += add;
		end = i = stop;
	}
	for (*next = end; *next < n && s[*next] == ' ';)
		(*next)++;
	return end;
}

/* A paragraph's next lines two columns in from its first. */
static size_t hang_of(const char *line, size_t n)
{
	size_t indent = 0;

	while (indent < n && line[indent] == ' ')
		indent++;
	return indent + 2;
}

static void wrap_out(const char *line, size_t n, size_t width, size_t hang, int eol, FILE *out)
{
	size_t next, end;

	if (escape_columns(line, n) <= width) {
		fwrite(line, 1, n, out);
		if (eol)
			fputc('\n', out);
		return;
	}
	/* The indentation of a line's continuation takes at most half the width. */
	hang = hang < width / 2 ? hang : width / 2;
	end = wrap_cut(line, n, width, &next);
	fwrite(line, 1, end, out);
	while (next < n) {
		size_t after;
		end = wrap_cut(line + next, n - next, width - hang, &after);
		if (!end)
			break;
		fprintf(out, "\n%*s", (int)hang, "");
		fwrite(line + next, 1, end, out);
		next += after;
	}
	if (eol)
		fputc('\n', out);
}

void wrap_line(const char *line, size_t n, size_t width, FILE *out)
{
	wrap_out(line, n, width, hang_of(line, n), 1, out);
}

void wrap_hanging(const char *line, size_t n, size_t width, size_t hang, FILE *out)
{
	wrap_out(line, n, width, hang, 1, out);
}

FILE *text_capture_begin(struct text_capture *c)
{
	memset(c, 0, sizeof(*c));
	c->f = open_memstream(&c->text, &c->len);
	return c->f;
}

long text_capture_mark(struct text_capture *c, FILE *out)
{
	return c && out == c->f ? ftell(out) : -1;
}

void text_capture_keep(struct text_capture *c, FILE *out, long mark)
{
	long end = text_capture_mark(c, out);

	if (mark < 0 || end <= mark)
		return;
	if (c->ntables == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 8;
		long(*grown)[2] = realloc(c->tables, cap * sizeof(*grown));
		if (!grown) {
			c->failed = 1;
			return;
		}
		c->tables = grown;
		c->cap = cap;
	}
	c->tables[c->ntables][0] = mark;
	c->tables[c->ntables++][1] = end;
}

/* A view's tables without the words around them: -J's one JSON value. */
static void tables_out(const struct text_capture *c, FILE *out)
{
	int list = c->ntables != 1;

	if (list)
		fputs("[\n", out);
	for (size_t k = 0; k < c->ntables; k++) {
		if (k)
			fputs(",\n", out);
		fwrite(c->text + c->tables[k][0], 1, (size_t)(c->tables[k][1] - c->tables[k][0]),
		       out);
	}
	if (list)
		fputs("]\n", out);
}

int text_capture_end(struct text_capture *c, FILE *out)
{
	int ret = fclose(c->f) || c->failed ? -ENOMEM : 0;
	size_t at = 0, k = 0;

	if (!ret && c->tables_only) {
		tables_out(c, out);
		at = c->len;
	}
	while (!ret && at < c->len) {
		const char *line = c->text + at;
		const char *nl = memchr(line, '\n', c->len - at);
		size_t n = nl ? (size_t)(nl - line) : c->len - at;
		int eol = nl != NULL;
		/* The tables were marked in the order they were written. */
		while (k < c->ntables && (size_t)c->tables[k][1] <= at)
			k++;
		if (k < c->ntables && (size_t)c->tables[k][0] <= at)
			fwrite(line, 1, n + (size_t)eol, out);
		else
			wrap_out(line, n, VIEW_COLUMNS, hang_of(line, n), eol, out);
		at += n + (size_t)eol;
	}
	free(c->text);
	free(c->tables);
	return ret;
}
