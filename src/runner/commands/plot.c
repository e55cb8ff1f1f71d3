/* `zswapbench plot FILE... [-o DIR] [--png]`: saved runs drawn by gnuplot; a savings answer's
 * file, alone, drawn as its search. */
#include <errno.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"
#include "runner/report/draw.h"
#include "runner/report/plot/plot.h"
#include "runner/profile/profile_json.h"
#include "runner/result/savings.h"

static const char *plot_dir(const struct config *cfg)
{
	return cfg->view.plot_dir[0] ? cfg->view.plot_dir : "plots";
}

/* Its picture is of the answer alone: nothing in it matches a result file's cells. */
static int plot_savings_file(const struct config *cfg, struct json_object *doc)
{
	struct savings_report *r; /* 41 KiB: on the heap, past the 16 KiB frame limit */
	char why[512];
	int status;

	if (cfg->view.nfiles > 1) {
		say("%s: a savings answer is plotted alone", cfg->view.files[0]);
		return EXIT_USAGE;
	}
	if (!(r = malloc(sizeof(*r)))) {
		say("%s: out of memory", cfg->view.files[0]);
		return EXIT_RUNTIME;
	}
	if (savings_from_json(doc, r, why, sizeof(why))) {
		say("%s: %s", cfg->view.files[0], why);
		status = EXIT_USAGE;
	} else {
		status = plot_answer(r, plot_dir(cfg), cfg->view.png);
	}
	free(r);
	return status;
}

/* A profile of record, plotted alone: a result file shares nothing with it. */
static int plot_profile_doc(const struct config *cfg, struct json_object *doc)
{
	struct profile p;
	char why[256];
	int status;

	if (cfg->view.nfiles != 1) {
		say("%s: a profile is plotted alone", cfg->view.files[0]);
		return EXIT_USAGE;
	}
	if (profile_from_json_object(doc, &p, why, sizeof(why))) {
		say("%s: %s", cfg->view.files[0], why);
		return EXIT_USAGE;
	}
	status = plot_profile_file(&p, plot_dir(cfg), cfg->view.png);
	profile_free(&p);
	return status;
}

static int plot_results_files(const struct config *cfg, struct json_object *first)
{
	struct file_set fs = { 0 };
	int status;

	if (file_set_read_after(&fs, cfg->view.files, (size_t)cfg->view.nfiles, first)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	status = plot_sets(fs.ptrs, fs.names, fs.n, plot_dir(cfg), cfg->view.png);
	file_set_free(&fs);
	return status;
}

int plot_run(const struct config *cfg)
{
	struct json_object *first;
	int status;

	if (!plot_available()) {
		say("%s", PLOT_NO_GNUPLOT);
		return EXIT_UNSUPPORTED;
	}
	/* The first file tells which: read once, since "-" cannot be read again. */
	if (!(first = file_doc_read(cfg->view.files[0])))
		return EXIT_USAGE;
	if (profile_json_object_is(first))
		status = plot_profile_doc(cfg, first);
	else
		status = savings_json_is(first) ? plot_savings_file(cfg, first)
						: plot_results_files(cfg, first);
	json_object_put(first);
	return status;
}
