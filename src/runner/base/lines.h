/* The last lines of what a program wrote: where it says why it failed (fio's "blocksize is
 * larger than data set range", tar's "unrecognized option", gnuplot's "line 12: ..."). */
#ifndef ZSB_LINES_H
#define ZSB_LINES_H
#include <stddef.h>

/* The last n lines of text[0..len), trailing newlines and blanks left out: their start is
 * returned, their length put in *out_len. All of it when it has fewer lines. */
const char *last_lines(const char *text, size_t len, unsigned n, size_t *out_len);

#endif
