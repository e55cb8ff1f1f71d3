/* `zswapbench calibrate [--runs K] [run options]`: the configuration run K times as
 * independent runs, the spread of their medians stored as this machine's noise for it, where
 * compare finds it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "runner/cli/options.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/folder.h"
#include "runner/base/invoker.h"
#include "runner/base/log.h"
#include "runner/result/calibration.h"
#include "runner/result/metrics.h"
#include "runner/run/run.h"
#include "runner/base/rundir.h"

#define MAX_RUNS 100

/* One run of the configuration, quiet, into its own file: its exit status. */
static int run_once(const struct config *cfg, const char *file)
{
	struct config one;
	int status;

	if (config_copy(&one, cfg) || config_set_text(&one.output, file)) {
		config_free(&one);
		say("calibrate: out of memory");
		return EXIT_RUNTIME;
	}
	one.view.quiet = 1;
	status = run_main(&one);
	config_free(&one);
	return status;
}

/* K runs, one after the other, each with its own file; how many completed, or a failure's
 * exit status (negated) when one did not. */
static int run_all(const struct config *cfg, char files[][PATH_MAX], unsigned *done)
{
	char stamp[32];
	time_t t = time(NULL);
	int status;

	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&t));
	if ((status = folder_ready("results")))
		return status;
	for (*done = 0; *done < cfg->calibrate_runs; (*done)++) {
		snprintf(files[*done], PATH_MAX, "results/calibrate-%s-%u.json", stamp, *done + 1);
		say("calibrate: run %u of %u into %s", *done + 1, cfg->calibrate_runs,
		    files[*done]);
		status = run_once(cfg, files[*done]);
		if (status != EXIT_OK && status != EXIT_TRIALS_FAILED)
			return status;
	}
	return EXIT_OK;
}

static void print_entries(const struct calibration *c, const char *path)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct calibration_entry *e = &c->entries[i];
		if (!i || strcmp(e->shape, c->entries[i - 1].shape) != 0)
			printf("%s%s\n  %-18s %12s %12s %12s %12s\n", i ? "\n" : "", e->shape,
			       "METRIC", "MEDIAN", "WITHIN RUN", "RUN SD", "RUN TO RUN");
		printf("  %-18s %8.4g %-3s %11.1f%% %11.1f%% %11.1f%%\n", metrics[e->metric].key,
		       metric_display(e->metric, e->median),
		       metrics[e->metric].unit == UNIT_BYTES
			       ? "MiB"
			       : metric_unit_name(metrics[e->metric].unit),
		       e->within_pct, 100 * e->run_sd_log, e->threshold_pct);
	}
	printf("\n%u runs of %u trials on %s. RUN SD: the spread of the runs' medians; RUN TO "
	       "RUN: 9 in 10 pairs\n"
	       "of runs of this configuration differ by less than this. compare tests a change "
	       "between two single\n"
	       "runs of this host and configuration against RUN SD (without it, it does not test "
	       "them). Stored in %s.\n",
	       c->n ? c->entries[0].runs : 0, c->n ? c->entries[0].trials : 0,
	       c->n ? c->entries[0].host : "?", path);
}

/* The runs' files read back, the noise computed and stored. */
static int store(char files[][PATH_MAX], unsigned n)
{
	struct file_set fs = { 0 };
	struct calibration c = { 0 };
	char *names[MAX_RUNS], path[PATH_MAX];
	int ret, status = EXIT_OK;

	for (unsigned i = 0; i < n; i++)
		names[i] = files[i];
	if (file_set_read(&fs, names, n)) {
		file_set_free(&fs);
		return EXIT_RUNTIME;
	}
	rundir_file("calibration.json", path, sizeof(path));
	ret = calibration_compute(fs.ptrs, fs.n, &c);
	if (ret == -EINVAL) {
		say("calibrate: fewer than 3 runs measured each cell; nothing stored");
		status = EXIT_RUNTIME;
	} else if (!ret && (ret = calibration_store(path, &c)) != 0) {
		say("%s: %s", path, strerror(-ret));
		status = EXIT_RUNTIME;
	} else if (!ret) {
		print_entries(&c, path);
	}
	calibration_free(&c);
	file_set_free(&fs);
	return status;
}

/* The plan of one run, said once: the K runs repeat it, and nothing is written. */
static int dry_run(const struct config *cfg)
{
	char path[PATH_MAX];

	say("calibrate: %u runs of the plan below, each into results/calibrate-DATE-N.json, then "
	    "their noise stored in %s",
	    cfg->calibrate_runs, rundir_file("calibration.json", path, sizeof(path)));
	return run_main(cfg);
}

int calibrate_run(const struct config *cfg)
{
	static char files[MAX_RUNS][PATH_MAX];
	unsigned done = 0;
	int status;

	command_warn_misplaced(command_of("calibrate"), cfg);
	if (cfg->dry_run)
		return dry_run(cfg);
	status = run_all(cfg, files, &done);

	if (status != EXIT_OK) {
		if (done)
			say("calibrate: run %u did not complete; the %u before it are kept, "
			    "nothing stored",
			    done + 1, done);
		return status;
	}
	return store(files, done);
}
