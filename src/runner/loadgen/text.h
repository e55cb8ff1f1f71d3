/*
 * What the load generators' parsers share: a text that need not end in a NUL, walked line by
 * line and word by word within its length, and numbers read from it strictly (a generator's
 * number followed by anything but what its format puts there is not taken).
 */
#ifndef ZSB_LOADGEN_TEXT_H
#define ZSB_LOADGEN_TEXT_H
#include <stddef.h>

/* A piece of the text: never NUL-terminated, never read past n. */
struct span {
	const char *p;
	size_t n;
};

/* The lines of a text, each without its end: a '\n', a '\r' (redis-benchmark rewrites its
 * progress line with '\r') or both. */
struct line_walk {
	const char *p, *end;
	/* Of the line lines_next gave last: 0 is the first, which a cut head may have split. */
	size_t index;
};

void lines_begin(struct line_walk *w, const char *text, size_t len);
int lines_next(struct line_walk *w, struct span *line); /* 1 with a line, 0 at the end */

struct span span_trim(struct span s); /* without blanks (spaces, tabs) at either end */
int span_is(struct span s, const char *word);
int span_eat(struct span *s, const char *word); /* 1, s past word, when s starts with it */
void span_eat_blanks(struct span *s);
/* s up to its first blank (or all of it), s left past it. */
struct span span_word(struct span *s);

/* The number a word holds: decimal digits with a point and an exponent, finite, not negative.
 * NULL when it is one, else why not ("is not a number", "is negative", "is not finite"). */
const char *span_number(struct span word, double *v);
/* The word as digits only, fewer than 10^15: a count of events. 1 when it is one. */
int span_count(struct span word, unsigned long long *v);

/* s as it may go into a one-line message: a run of blanks as one space, what is not printable
 * as '?', at most QUOTE_LEN - 1 bytes: enough for a sysbench row, whose bar is 40 wide. */
#define QUOTE_LEN 64
const char *span_quote(struct span s, char *buf, size_t len);

/* Writes why, whatever its size (none included). */
void explain(char *why, size_t why_len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
