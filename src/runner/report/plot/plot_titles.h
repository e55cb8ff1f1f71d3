/* What a plot says of itself: the title's three lines (what, where it ran, how it was
 * configured), the axes, and the names in its key. */
#ifndef ZSB_PLOT_TITLES_H
#define ZSB_PLOT_TITLES_H
#include <stddef.h>

#include "runner/report/plot/plot_script.h"

/* What is drawn (of the cell label, or NULL), the kernels and hosts, and detail. */
void plot_title(const struct plot_ctx *x, struct script *s, const char *what, const char *label,
		const char *detail);
/* The same and a last line, what the plot's bars are (plot_bars_text). */
void plot_title_with(const struct plot_ctx *x, struct script *s, const char *what,
		     const char *label, const char *detail, const char *bars);
/* A title of its lines, for a picture not drawn from result sets. */
void plot_title_lines(struct script *s, const char *const *lines, size_t n);
void plot_axis_labels(struct script *s, const char *xlabel, const char *ylabel);
/* How the first set ran (allocation, data, access, trials), and whether the others differ. */
void plot_sets_detail(const struct plot_ctx *x, char *buf, size_t len);
/* How a cell ran: limit, allocation, jobs, compressor, data. */
void plot_cell_detail(const struct results *r, const struct result_cell *c, char *buf, size_t len);
/* A key entry for set k: the label, prefixed with the set's tag when there are several. */
void plot_entry_name(const struct plot_ctx *x, size_t k, const char *label, char *buf, size_t len);

#endif
