/*
 * Every line of a text within VIEW_COLUMNS, as a terminal shows it: a sentence, a legend or a
 * title longer than that is broken at its blanks, its next lines indented two columns more than
 * its first, so that where one line ends is seen. A table's rows are not: they are kept whole,
 * aligned, where their data is wider. A text written by many functions (a view, the dry run) is
 * written into a text_capture, its tables marked (report/table.c's table_print marks those it
 * prints, a writer that aligns its own marks them itself: savings' steps); text_capture_end
 * wraps the rest on the way out. A line of its own (show's heading of a file among several, a
 * sysinfo row) goes through wrap_line or wrap_hanging. Columns are counted as the terminal shows
 * the text once escaped (base/escape.h).
 */
#ifndef ZSB_WRAP_H
#define ZSB_WRAP_H
#include <stddef.h>
#include <stdio.h>

#define VIEW_COLUMNS 100

/* Where the first line of s[0..n) ends when it may take room columns: after the last word that
 * fits, its blanks before it included (a first word wider than room whole, never cut); *next
 * is where the line after it begins, the blanks at the break skipped. 0 where s holds only
 * blanks. */
size_t wrap_cut(const char *s, size_t n, size_t room, size_t *next);
/* line (n bytes, no line break) to out as lines of at most width columns where its words
 * allow, each ended by a line break: a line that fits as it is, blanks and all; a longer one
 * broken at blanks, the lines after its first indented as it is and two columns more (at most
 * half the width). */
void wrap_line(const char *line, size_t n, size_t width, FILE *out);
/* As wrap_line, the lines after the first indented hang columns (at most half the width): a row
 * of a label and its value goes on under the value, not under the label. */
void wrap_hanging(const char *line, size_t n, size_t width, size_t hang, FILE *out);

/* What a view writes, held until it is done: the tables' bytes as they are, every other line
 * wrapped within VIEW_COLUMNS. */
struct text_capture {
	FILE *f; /* what the view writes to */
	char *text;
	size_t len;
	long (*tables)[2]; /* each table's bytes: [from, to) */
	size_t ntables, cap;
	int failed; /* out of memory marking a table */
	int tables_only; /* -J: the tables alone, one JSON value (text_capture_end) */
};

/* The stream to write the view to; NULL when out of memory. */
FILE *text_capture_begin(struct text_capture *c);
/* Where a table written to out begins; -1 when out is not c's stream (c may be NULL). */
long text_capture_mark(struct text_capture *c, FILE *out);
/* What was written to out since mark, a table, goes out as it is. */
void text_capture_keep(struct text_capture *c, FILE *out, long mark);
/* The text copied to out, wrapped, and the capture freed: 0 or -ENOMEM. With tables_only, the
 * tables alone, each a JSON object: one as it is, several as a JSON array of them, none as []. */
int text_capture_end(struct text_capture *c, FILE *out);

#endif
