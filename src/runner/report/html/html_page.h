/* The page being written by html_report, and its sections in the order of the page; each
 * section returns 0, or -errno with why set ("verdict: Cannot allocate memory"). */
#ifndef ZSB_HTML_PAGE_H
#define ZSB_HTML_PAGE_H
#include <stddef.h>
#include <stdio.h>

#include "runner/report/plot/plot.h"
#include "runner/report/report.h"

struct html_page {
	const struct results *const *sets;
	const char *const *names;
	size_t n;
	struct report_opts o;
	const struct plot_output *plots;
	FILE *out;
	char *why;
	size_t why_len;
};

/* why = "what: strerror(-err)"; returns err. */
int html_fail(struct html_page *p, int err, const char *what);
/* A file's heading within a section, when there are several. */
void html_set_heading(const struct html_page *p, size_t k);

/* The verdict as `show` prints it, or the comparison as `compare` does (html_text.c). */
int html_verdict_section(struct html_page *p);
/* Each file's cells as a table, and its own verdict when there are several (html_cells.c). */
int html_cells_section(struct html_page *p);
/* A device's cells as a table: bandwidth or a filesystem's phases (html_device.c). */
void html_device_cells(FILE *f, const struct results *r);
/* The pictures plot_results drew, inlined (html_plots.c). */
int html_plots_section(struct html_page *p);
/* The verdict's own picture, each trial's elapsed time per cell, under the verdict's words
 * where the verdict is about elapsed time; the plots section then leaves it out
 * (html_plots.c). */
int html_verdict_figure(struct html_page *p);
/* Each file's failed and doubtful trials (html_text.c). */
int html_warnings_section(struct html_page *p);
/* The machine each file ran on (html_setup.c). */
int html_system_section(struct html_page *p);
/* The options each file ran with, as typed (html_setup.c). */
int html_config_section(struct html_page *p);
/* File k's verdict as `show` prints it; a sentence where it has nothing to say (html_text.c). */
int html_verdict(struct html_page *p, size_t k);

#endif
