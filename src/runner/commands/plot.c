/* `zswapbench plot FILE... [-o DIR] [--png]`: saved runs drawn by gnuplot. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/command_options.h"
#include "runner/commands/files.h"
#include "runner/log.h"
#include "runner/report/plot.h"

/* What was drawn, a line each, and what could not be, with why. */
static void list_plots(const struct plot_output *po)
{
	for (size_t i = 0; i < po->nwritten; i++)
		printf("%s\n", po->written[i]);
	fflush(stdout);
	for (size_t i = 0; i < po->nskipped; i++)
		say("not drawn: %s", po->skipped[i]);
}

/* The plots of sets into dir; the exit status, with the failure said. */
int plot_sets(const struct results *const *sets, const char *const *names, size_t n, const char *dir, int png)
{
	struct plot_output po = { 0 };
	char why[PATH_MAX + 256] = "";
	int ret = plot_results(sets, names, n, dir, png, &po, why, sizeof(why));

	list_plots(&po);
	plot_output_free(&po);
	if (ret == -ENOENT && !plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (ret) {
		say("%s", why[0] ? why : strerror(-ret));
		return EXIT_RUNTIME;
	}
	return EXIT_OK;
}

int plot_main(int argc, char **argv)
{
	struct config cfg;
	struct file_set fs = { 0 };
	int status;

	status = command_options(CMD_PLOT, argc, argv, &cfg);
	if (status >= 0)
		return status;
	if (!plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (file_set_read(&fs, cfg.files, (size_t)cfg.nfiles)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	status = plot_sets(fs.ptrs, fs.names, fs.n, cfg.plot_dir[0] ? cfg.plot_dir : "plots", cfg.png);
	file_set_free(&fs);
	return status;
}
