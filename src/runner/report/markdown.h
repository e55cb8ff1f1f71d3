/*
 * A view's text as markdown that a GFM renderer (cmark-gfm -e table, GitHub) shows line for
 * line. The views write lines for a terminal; under markdown's rules a line right after a table
 * is one more row, lines one after another are one paragraph, and a line starting "* " is a
 * bullet. So a view in markdown is written into memory and copied out by these rules: a blank
 * line between blocks (a table, a list of "- " items, each line of text), and a text line's
 * leading marker escaped ("\* significant ...").
 */
#ifndef ZSB_MARKDOWN_H
#define ZSB_MARKDOWN_H
#include <stddef.h>
#include <stdio.h>

struct markdown_capture {
	FILE *f; /* what the view writes to */
	char *text;
	size_t len;
};

/* The stream to write the view to; NULL when out of memory. */
FILE *markdown_begin(struct markdown_capture *c);
/* What was written, copied to out as markdown, and the capture freed: 0 or -ENOMEM. */
int markdown_end(struct markdown_capture *c, FILE *out);
/* text (lines ended by '\n') to out by the rules above. */
void markdown_lines(const char *text, FILE *out);

#endif
