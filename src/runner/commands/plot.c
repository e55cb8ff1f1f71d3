/* `zswapbench plot FILE... [-o DIR] [--png]`: saved runs drawn by gnuplot. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"
#include "runner/report/draw.h"
#include "runner/report/plot.h"

int plot_run(const struct config *cfg)
{
	struct file_set fs = { 0 };
	int status;

	if (!plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (file_set_read(&fs, cfg->files, (size_t)cfg->nfiles)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	status = plot_sets(fs.ptrs, fs.names, fs.n, cfg->plot_dir[0] ? cfg->plot_dir : "plots",
			   cfg->png);
	file_set_free(&fs);
	return status;
}
