/*
 * What zswapbench writes for a person holds no control character but its own line breaks. A
 * result file from elsewhere, and what a workload printed, are untrusted: a label holding
 * ESC ] 0 ; ... BEL would retitle the terminal, ESC [ 2 J clear it. So every view's stream and
 * every message go through here on their way out (docs/security.md, "Terminal output").
 *
 * Text: C0 controls but the line break, DEL, C1 controls (a byte 0x80-0x9f, or U+0080-U+009F
 * in UTF-8) and any byte that is no part of valid UTF-8 become \xNN, byte by byte, as
 * libsmartcols writes them in the tables; valid UTF-8 ("µs", "…") stays as it is where the
 * locale is UTF-8, and is escaped too in any other (its terminal reads bytes). JSON: the same
 * characters as \u00NN (the same string to a JSON reader), bytes that are no UTF-8 as \ufffd;
 * JSON's own whitespace stays.
 */
#ifndef ZSB_ESCAPE_H
#define ZSB_ESCAPE_H
#include <stddef.h>
#include <stdio.h>

enum escape_kind {
	ESCAPE_TEXT,
	ESCAPE_JSON
};

/* The n bytes of s, escaped as text, written to out. */
void escape_write(const char *s, size_t n, FILE *out);
/* The columns the n bytes of s take on a terminal once escaped as text: four for each byte
 * written as \xNN, a kept character's width (one where wcwidth knows none), so that a view can
 * fit its lines to a width before they go out. */
size_t escape_columns(const char *s, size_t n);
/* A stream whose bytes reach out escaped as kind says, line by line (so a message said after
 * a line keeps its place after it); a character that a write cuts in two is whole when the next
 * write completes it. fclose it when done: out stays open. NULL with errno set when none can be
 * made. */
FILE *escape_open(FILE *out, enum escape_kind kind);

#endif
