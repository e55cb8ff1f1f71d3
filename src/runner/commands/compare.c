/* `zswapbench compare BASE.json NEW.json [MORE.json...]`. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runner/cli/options.h"
#include "runner/commands/files.h"
#include "runner/log.h"
#include "runner/report/compare_view.h"
#include "runner/undo/runlock.h"

/* This machine's noise, from calibrate: a damaged file is said and left out, never fatal. */
static const struct calibration *load_calibration(struct calibration *cal)
{
	char path[PATH_MAX];
	int ret = calibration_load(rundir_file("calibration.json", path, sizeof(path)), cal);

	if (ret)
		say("%s: %s; compared without calibration", path, ret == -EINVAL ? "not a calibration file" : strerror(-ret));
	return ret || !cal->n ? NULL : cal;
}

int compare_main(int argc, char **argv)
{
	struct calibration cal = { 0 };
	struct config cfg;
	struct file_set fs = { 0 };
	struct report_opts o;
	char msg[PATH_MAX + 512];
	int ret;

	switch (options_parse_command(CMD_COMPARE, argc, argv, &cfg, msg, sizeof(msg))) {
	case OPTIONS_EXIT_OK:
		return EXIT_OK;
	case OPTIONS_USAGE:
		say("%s; try 'zswapbench compare --help'", msg);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	o = report_opts_of(&cfg);
	o.calibration = load_calibration(&cal);
	if (file_set_read(&fs, cfg.files, (size_t)cfg.nfiles)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	ret = report_compare(fs.ptrs, fs.names, fs.n, &o, cfg.all, stdout, msg, sizeof(msg));
	file_set_free(&fs);
	calibration_free(&cal);
	fflush(stdout);
	if (ret == -ENOENT) {
		say("%s", msg);
		return EXIT_USAGE;
	}
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
