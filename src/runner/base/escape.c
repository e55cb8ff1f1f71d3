#include "runner/base/escape.h"

#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <wchar.h>

struct escaper {
	FILE *out;
	enum escape_kind kind;
	int utf8; /* the reader takes UTF-8: JSON's, or a terminal of a UTF-8 locale */
	unsigned char held[4]; /* the start of a character the last write cut */
	size_t nheld;
};

/* How many bytes the character a lead byte starts has (0: it starts none), and the range of its
 * second byte: RFC 3629's table, which keeps out overlong forms, UTF-16 surrogates and code
 * points above U+10FFFF. */
static size_t utf8_expected(unsigned char lead, unsigned char *lo, unsigned char *hi)
{
	*lo = 0x80;
	*hi = 0xbf;
	if (lead < 0x80)
		return 1;
	if (lead < 0xc2)
		return 0;
	if (lead < 0xe0)
		return 2;
	if (lead < 0xf0) {
		*lo = lead == 0xe0 ? 0xa0 : 0x80;
		*hi = lead == 0xed ? 0x9f : 0xbf;
		return 3;
	}
	if (lead < 0xf5) {
		*lo = lead == 0xf0 ? 0x90 : 0x80;
		*hi = lead == 0xf4 ? 0x8f : 0xbf;
		return 4;
	}
	return 0;
}

/* The length of the valid UTF-8 character at s[0..n), or 0; *cut says n ended it before its
 * last byte with every byte so far valid, so the next write may complete it. */
static size_t char_len(const unsigned char *s, size_t n, int *cut)
{
	unsigned char lo, hi;
	size_t len = utf8_expected(s[0], &lo, &hi);

	*cut = 0;
	for (size_t i = 1; i < len; i++) {
		if (i == n) {
			*cut = 1;
			return 0;
		}
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return len;
}

/* Whether the character of len bytes at s goes out as it is: no control, or whitespace the
 * format has of its own. A terminal of another locale reads each byte of a UTF-8 character
 * alone, and an 8-bit one takes the 0x9b in "Û" (C3 9B) for CSI: there only ASCII stays, as
 * libsmartcols does. */
static int kept(const unsigned char *s, size_t len, const struct escaper *e)
{
	if (len == 1 && (s[0] < 0x20 || s[0] == 0x7f))
		return s[0] == '\n' || (e->kind == ESCAPE_JSON && (s[0] == '\t' || s[0] == '\r'));
	if (len > 1 && !e->utf8)
		return 0;
	/* U+0080-U+009F: the C1 controls, CSI (U+009B) among them, as UTF-8. */
	return len && !(len == 2 && s[0] == 0xc2 && s[1] < 0xa0);
}

/* A control character of len bytes at s, or with len 0 the byte at s that starts none. */
static void put_escape(const unsigned char *s, size_t len, enum escape_kind kind, FILE *out)
{
	if (kind == ESCAPE_JSON) {
		if (len)
			fprintf(out, "\\u%04x", len == 1 ? s[0] : s[1]);
		else
			fputs("\\ufffd", out);
		return;
	}
	for (size_t i = 0; i < (len ? len : 1); i++)
		fprintf(out, "\\x%02x", s[i]);
}

/* s[0..n) escaped into e's stream, the bytes kept written a run at a time; with more, a
 * character n cuts short is left for the next write. How many bytes were taken. */
static size_t escape_some(const struct escaper *e, const unsigned char *s, size_t n, int more)
{
	size_t i = 0, run = 0;

	while (i < n) {
		int cut;
		size_t len = char_len(s + i, n - i, &cut);
		if (cut && more)
			break;
		if (kept(s + i, len, e)) {
			i += len;
			continue;
		}
		fwrite(s + run, 1, i - run, e->out);
		put_escape(s + i, len, e->kind, e->out);
		i += len ? len : 1;
		run = i;
	}
	fwrite(s + run, 1, i - run, e->out);
	return i;
}

/* A terminal reads UTF-8 where the locale's character set is UTF-8 (main() takes the locale
 * from the environment). */
static int locale_utf8(void)
{
	return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

void escape_write(const char *s, size_t n, FILE *out)
{
	struct escaper e = { .out = out, .kind = ESCAPE_TEXT, .utf8 = locale_utf8() };

	escape_some(&e, (const unsigned char *)s, n, 0);
}

/* The code point of the valid UTF-8 character of len bytes at s. */
static wchar_t code_point(const unsigned char *s, size_t len)
{
	wchar_t c = len == 1 ? s[0] : s[0] & (0x7f >> len);

	for (size_t i = 1; i < len; i++)
		c = (c << 6) | (s[i] & 0x3f);
	return c;
}

size_t escape_columns(const char *text, size_t n)
{
	const struct escaper e = { .kind = ESCAPE_TEXT, .utf8 = locale_utf8() };
	const unsigned char *s = (const unsigned char *)text;
	size_t cols = 0;

	for (size_t i = 0; i < n;) {
		int cut, w;
		size_t len = char_len(s + i, n - i, &cut);
		if (!kept(s + i, len, &e)) {
			cols += 4 * (len ? len : 1);
			i += len ? len : 1;
			continue;
		}
		w = len > 1 ? wcwidth(code_point(s + i, len)) : 1;
		cols += w < 0 ? 1 : (size_t)w;
		i += len;
	}
	return cols;
}

static ssize_t stream_write(void *cookie, const char *buf, size_t size)
{
	struct escaper *e = cookie;
	const unsigned char *s = (const unsigned char *)buf;
	size_t took = 0;

	/* At most three bytes are held, so the fourth completes or refuses their character. */
	while (e->nheld && took < size) {
		size_t used;
		e->held[e->nheld++] = s[took++];
		used = escape_some(e, e->held, e->nheld, 1);
		memmove(e->held, e->held + used, e->nheld - used);
		e->nheld -= used;
	}
	if (!e->nheld) {
		size_t used = escape_some(e, s + took, size - took, 1);
		e->nheld = size - took - used;
		memcpy(e->held, s + took + used, e->nheld);
	}
	return ferror(e->out) ? -1 : (ssize_t)size;
}

/* A character still cut at the end is no character: its bytes are escaped. */
static int stream_close(void *cookie)
{
	struct escaper *e = cookie;
	int ret;

	escape_some(e, e->held, e->nheld, 0);
	ret = ferror(e->out) ? -1 : 0;
	free(e);
	return ret;
}

FILE *escape_open(FILE *out, enum escape_kind kind)
{
	cookie_io_functions_t io = { .write = stream_write, .close = stream_close };
	struct escaper *e = calloc(1, sizeof(*e));
	FILE *f;

	if (!e)
		return NULL;
	e->out = out;
	e->kind = kind;
	e->utf8 = kind == ESCAPE_JSON || locale_utf8();
	if (!(f = fopencookie(e, "w", io))) {
		free(e);
		return NULL;
	}
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}
