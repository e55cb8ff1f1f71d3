/* Result sets drawn into files for the user: what was written listed on stdout, a failure said. */
#include "runner/report/draw.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/base/sizes.h"
#include "runner/report/html/html.h"
#include "runner/report/plot/plot.h"

/* What was drawn, a line each, and what could not be, with why. */
static void list_plots(const struct plot_output *po)
{
	for (size_t i = 0; i < po->nwritten; i++)
		printf("%s\n", po->written[i]);
	fflush(stdout);
	for (size_t i = 0; i < po->nskipped; i++)
		say("not drawn: %s", po->skipped[i]);
}

/* What a plot call did, said: the exit status. */
static int plotted(int ret, struct plot_output *po, const char *why)
{
	size_t po_written = po->nwritten;

	list_plots(po);
	plot_output_free(po);
	if (ret == -ENOENT && !plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (ret) {
		say("%s", why[0] ? why : strerror(-ret));
		/* A folder refused (folder.h) is bad input: nothing was drawn. */
		return ret == -EPERM && !po_written ? EXIT_USAGE : EXIT_RUNTIME;
	}
	return EXIT_OK;
}

int plot_sets(const struct results *const *sets, const char *const *names, size_t n,
	      const char *dir, int png)
{
	struct plot_output po = { 0 };
	char why[PATH_LEN] = "";
	int ret = plot_results(sets, names, n, dir, png, &po, why, sizeof(why));

	return plotted(ret, &po, why);
}

int plot_answer(const struct savings_report *r, const char *dir, int png)
{
	struct plot_output po = { 0 };
	char why[PATH_LEN] = "";
	int ret = plot_savings(r, dir, png, &po, why, sizeof(why));

	return plotted(ret, &po, why);
}

int plot_profile_file(const struct profile *p, const char *dir, int png)
{
	struct plot_output po = { 0 };
	char why[PATH_LEN] = "";
	int ret = plot_profile(p, dir, png, &po, why, sizeof(why));

	return plotted(ret, &po, why);
}

int report_sets(const struct results *const *sets, const char *const *names, size_t n,
		const struct report_opts *o, const char *path)
{
	char why[PATH_LEN] = "";
	int ret = html_report(sets, names, n, o, path, why, sizeof(why));

	if (ret == -ENOENT && !plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (ret) {
		say("%s", why);
		return EXIT_RUNTIME;
	}
	/* The page itself went to standard output: its name would follow it there. */
	if (strcmp(path, "-")) {
		printf("%s\n", path);
		fflush(stdout);
	}
	return EXIT_OK;
}
