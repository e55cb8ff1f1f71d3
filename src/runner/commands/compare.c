/* `zswapbench compare BASE.json NEW.json [MORE.json...]`, file by file, or a fleet's files
 * pooled by host, kernel, or both (--group-by); on stdout or into the file --output names. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/escape.h"
#include "runner/cli/options.h"
#include "runner/base/sizes.h"
#include "runner/cli/report_opts.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"
#include "runner/report/formats/cases.h"
#include "runner/report/formats/formats.h"
#include "runner/report/compare_view.h"
#include "runner/result/group.h"
#include "runner/result/json_read.h"
#include "runner/base/rundir.h"

/* This machine's noise, from calibrate: a damaged file is said and left out, never fatal. */
static const struct calibration *load_calibration(struct calibration *cal)
{
	char path[PATH_MAX];
	int ret = calibration_load(rundir_file("calibration.json", path, sizeof(path)), cal);

	/* The state directory is root's alone: a user's compare goes without it, as one on a
	 * machine never calibrated does, and need not hear about it. */
	if (ret && !(ret == -EACCES && geteuid() != 0))
		say("%s: %s; compared without calibration", path,
		    ret == -EINVAL ? "not a calibration file" : strerror(-ret));
	return ret || !cal->n ? NULL : cal;
}

/* --fail-on: EXIT_REGRESSION, said in a line, when a case fails the gate. */
static int gate_status(const struct config *cfg, const struct case_count *gate)
{
	size_t failing = cfg->view.fail_on == FAIL_ON_REGRESSION ? gate->regressions
		: cfg->view.fail_on == FAIL_ON_CHANGE		 ? gate->changes
								 : 0;

	if (!failing)
		return EXIT_OK;
	say("compare: %zu of %zu comparison%s %s (--fail-on %s)", failing, gate->cases,
	    gate->cases == 1 ? "" : "s",
	    cfg->view.fail_on == FAIL_ON_CHANGE ? "changed"
		    : failing == 1		? "is a regression"
						: "are regressions",
	    cfg->view.fail_on == FAIL_ON_CHANGE ? "change" : "regression");
	return EXIT_REGRESSION;
}

/* The comparison, its failure said; an exit status. */
static int compare_sets(const struct results *const *sets, const char *const *names, size_t n,
			const struct report_opts *o, const struct config *cfg)
{
	struct case_count gate = { 0 };
	char msg[MSG_LEN];
	struct view_out view;
	FILE *out;
	int ret = -ENOMEM, closed = view_open(&view, cfg->output);

	if (closed)
		return closed;
	/* Result files are untrusted: what they hold reaches the terminal escaped. */
	out = escape_open(view.f, view_escape(cfg));
	if (out) {
		ret = report_compare_gated(sets, names, n, o, cfg->view.all, out, msg, sizeof(msg),
					   &gate);
		fclose(out);
	} else {
		say("out of memory");
	}
	closed = view_close(&view, cfg->output);
	if (!ret && closed)
		return closed;
	if (ret == -ENOENT) {
		say("%s", msg);
		return EXIT_USAGE;
	}
	return ret ? EXIT_RUNTIME : gate_status(cfg, &gate);
}

static int by_file(const struct config *cfg, const struct report_opts *o)
{
	struct file_set fs = { 0 };
	int status = EXIT_USAGE;

	if (!file_set_read(&fs, cfg->view.files, (size_t)cfg->view.nfiles))
		status = compare_sets(fs.ptrs, fs.names, fs.n, o, cfg);
	file_set_free(&fs);
	return status;
}

/* One file at a time into its group: memory for the trials, never for every file at once. */
static int read_groups(const struct config *cfg, struct result_groups *gs)
{
	char why[512];

	for (int i = 0; i < cfg->view.nfiles; i++) {
		struct results r;
		int ret = results_read(cfg->view.files[i], &r, why, sizeof(why));
		if (ret) {
			say("%s: %s", cfg->view.files[i], why);
			return EXIT_USAGE;
		}
		ret = groups_add(gs, &r);
		results_free(&r);
		if (ret) {
			say("%s: %s", cfg->view.files[i], strerror(-ret));
			return EXIT_RUNTIME;
		}
	}
	groups_finish(gs);
	if (gs->n < 2) {
		say("--group-by %s: every file is of one group (%s): nothing to compare it with",
		    cfg->view.group_by, gs->n ? gs->g[0].name : "none");
		return EXIT_USAGE;
	}
	return 0;
}

static int by_group(const struct config *cfg, const struct report_opts *o)
{
	struct result_groups gs = { 0 };
	const struct results **sets = NULL;
	const char **names = NULL;
	char(*labels)[480] = NULL;
	int status;

	group_by_parse(cfg->view.group_by, &gs.by);
	status = read_groups(cfg, &gs);
	if (!status) {
		sets = calloc(gs.n, sizeof(*sets));
		names = calloc(gs.n, sizeof(*names));
		labels = calloc(gs.n, sizeof(*labels));
		if (!sets || !names || !labels) {
			say("out of memory");
			status = EXIT_RUNTIME;
		}
	}
	for (size_t i = 0; !status && i < gs.n; i++) {
		snprintf(labels[i], sizeof(labels[i]), "%s (%zu file%s)", gs.g[i].name,
			 gs.g[i].nfiles, gs.g[i].nfiles == 1 ? "" : "s");
		sets[i] = &gs.g[i].r;
		names[i] = labels[i];
	}
	if (!status)
		status = compare_sets(sets, names, gs.n, o, cfg);
	free(sets);
	free(names);
	free(labels);
	groups_free(&gs);
	return status;
}

int compare_run(const struct config *cfg)
{
	struct calibration cal = { 0 };
	struct report_opts o = report_opts_of(cfg);
	int status;

	o.calibration = load_calibration(&cal);
	status = strcmp(cfg->view.group_by, "file") == 0 ? by_file(cfg, &o) : by_group(cfg, &o);
	calibration_free(&cal);
	return status;
}
