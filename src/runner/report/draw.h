/* Result sets drawn into files for the user (the plot and report commands, a run's --plot and
 * --report), and a savings answer (savings --plot, plot of its file): what was written is listed
 * on stdout, a failure is said once. */
#ifndef ZSB_DRAW_H
#define ZSB_DRAW_H
#include <stddef.h>

#include "runner/report/report.h"
#include "runner/result/results.h"
#include "runner/result/savings.h"

/* The plots of n sets into dir; an exit status (gnuplot missing: EXIT_UNSUPPORTED). */
int plot_sets(const struct results *const *sets, const char *const *names, size_t n,
	      const char *dir, int png);
/* The savings picture of an answer into dir; an exit status as plot_sets'. */
struct profile;
int plot_answer(const struct savings_report *r, const char *dir, int png);
/* A profile's pictures (plot_profile) into dir, as plot_answer. */
int plot_profile_file(const struct profile *p, const char *dir, int png);
/* The HTML report of n sets at path, its name on stdout; an exit status. */
int report_sets(const struct results *const *sets, const char *const *names, size_t n,
		const struct report_opts *o, const char *path);

#endif
