/*
 * `zswapbench report`: one or several result files as one HTML page that opens anywhere, a
 * mail attachment included: the verdict as `show` prints it (the comparison as `compare`
 * prints it, for several files), a table of the cells, the plots inlined as SVG, the
 * warnings, the system and the configuration. No script, no link, no font from elsewhere.
 */
#ifndef ZSB_HTML_H
#define ZSB_HTML_H
#include <stddef.h>

#include "runner/report/report.h"

/* Writes a self-contained HTML report of the n result sets to path (atomically: a temporary
 * file beside it, renamed; "-": standard output). names[i] are the files' names. Returns 0,
 * -ENOENT when gnuplot is missing (nothing written), or -errno with why filled
 * ("report.html: ..."). A folder of path that is missing is -ENOENT too, told apart by
 * plot_available(). */
int html_report(const struct results *const *sets, const char *const *names, size_t n,
		const struct report_opts *o, const char *path, char *why, size_t why_len);

#endif
