#include "runner/loadgen/text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lines_begin(struct line_walk *w, const char *text, size_t len)
{
	w->p = text;
	w->end = text ? text + len : text;
	w->index = (size_t)-1;
}

int lines_next(struct line_walk *w, struct span *line)
{
	const char *q = w->p;

	if (!q || q >= w->end)
		return 0;
	while (q < w->end && *q != '\n' && *q != '\r')
		q++;
	line->p = w->p;
	line->n = (size_t)(q - w->p);
	if (q < w->end && *q == '\r' && q + 1 < w->end && q[1] == '\n')
		q++; /* "\r\n" ends one line, not two: an empty line between would end a block */
	w->p = q < w->end ? q + 1 : q;
	w->index++;
	return 1;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

struct span span_trim(struct span s)
{
	while (s.n && blank(*s.p)) {
		s.p++;
		s.n--;
	}
	while (s.n && blank(s.p[s.n - 1]))
		s.n--;
	return s;
}

int span_is(struct span s, const char *word)
{
	size_t n = strlen(word);

	return s.n == n && memcmp(s.p, word, n) == 0;
}

int span_eat(struct span *s, const char *word)
{
	size_t n = strlen(word);

	if (s->n < n || memcmp(s->p, word, n) != 0)
		return 0;
	s->p += n;
	s->n -= n;
	return 1;
}

void span_eat_blanks(struct span *s)
{
	while (s->n && blank(*s->p)) {
		s->p++;
		s->n--;
	}
}

struct span span_word(struct span *s)
{
	struct span w = { s->p, 0 };

	while (w.n < s->n && !blank(s->p[w.n]))
		w.n++;
	s->p += w.n;
	s->n -= w.n;
	return w;
}

/* strtod would also take hexadecimal, "inf", "nan" and leading blanks: none of the generators
 * prints those, so only these characters reach it. */
static int decimal_chars(struct span w)
{
	if (!w.n || !(w.p[0] == '.' || w.p[0] == '-' || (w.p[0] >= '0' && w.p[0] <= '9')))
		return 0;
	for (size_t i = 0; i < w.n; i++)
		if (!w.p[i] || !strchr("0123456789.eE+-", w.p[i]))
			return 0;
	return 1;
}

const char *span_number(struct span word, double *v)
{
	char buf[64], *end;

	if (word.n >= sizeof(buf) || !decimal_chars(word))
		return "is not a number";
	memcpy(buf, word.p, word.n);
	buf[word.n] = '\0';
	*v = strtod(buf, &end);
	if (*end || end == buf)
		return "is not a number";
	if (buf[0] == '-')
		return "is negative";
	return isfinite(*v) ? NULL : "is not finite";
}

int span_count(struct span word, unsigned long long *v)
{
	*v = 0;
	if (!word.n || word.n > 15)
		return 0;
	for (size_t i = 0; i < word.n; i++) {
		if (word.p[i] < '0' || word.p[i] > '9')
			return 0;
		*v = *v * 10 + (unsigned long long)(word.p[i] - '0');
	}
	return 1;
}

const char *span_quote(struct span s, char *buf, size_t len)
{
	size_t n = 0;

	if (!len)
		return "";
	for (size_t i = 0; i < s.n && n + 1 < len && n + 1 < QUOTE_LEN; i++) {
		if (blank(s.p[i]) && n && buf[n - 1] == ' ')
			continue;
		buf[n++] = s.p[i] >= ' ' && s.p[i] <= '~' ? s.p[i] : '?';
	}
	buf[n] = '\0';
	return buf;
}

void explain(char *why, size_t why_len, const char *fmt, ...)
{
	va_list ap;

	if (!why || !why_len)
		return;
	va_start(ap, fmt);
	vsnprintf(why, why_len, fmt, ap);
	va_end(ap);
}
