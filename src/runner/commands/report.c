/* `zswapbench report FILE... [-o FILE]`: one self-contained HTML page of saved runs. */
#include <errno.h>
#include <stdio.h>

#include "runner/cli/options.h"
#include "runner/cli/report_opts.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"
#include "runner/report/draw.h"
#include "runner/report/plot/plot.h"

int report_run(const struct config *cfg)
{
	struct file_set fs = { 0 };
	struct report_opts o;
	int status;

	if (!plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	if (file_set_read(&fs, cfg->view.files, (size_t)cfg->view.nfiles)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	o = report_opts_of(cfg);
	status = report_sets(fs.ptrs, fs.names, fs.n, &o,
			     cfg->view.report_file[0] ? cfg->view.report_file : "report.html");
	file_set_free(&fs);
	return status;
}
