/* `zswapbench show FILE...`: a saved run printed as the run printed it. */
#include <stdio.h>

#include "runner/cli/options.h"
#include "runner/commands/files.h"
#include "runner/log.h"
#include "runner/report/report.h"

/* Several files in one JSON document: a list of them. */
static int show_json(const struct file_set *fs, const struct report_opts *o)
{
	int ret = 0;

	if (fs->n > 1)
		printf("[\n");
	for (size_t i = 0; i < fs->n && !ret; i++) {
		ret = report_print(fs->ptrs[i], o, stdout);
		if (fs->n > 1 && i + 1 < fs->n)
			printf(",\n");
	}
	if (fs->n > 1)
		printf("]\n");
	return ret;
}

static int show_each(const struct file_set *fs, struct report_opts *o)
{
	int ret = 0;

	for (size_t i = 0; i < fs->n && !ret; i++) {
		const struct results *r = fs->ptrs[i];
		if (fs->n > 1)
			printf("%s== %s: kernel %s, host %s, %s\n\n", i ? "\n" : "", fs->names[i], r->system.kernel,
			       r->system.hostname, r->started);
		o->file = fs->names[i];
		ret = report_print(r, o, stdout);
	}
	return ret;
}

int show_main(int argc, char **argv)
{
	struct config cfg;
	struct file_set fs = { 0 };
	struct report_opts o;
	char msg[PATH_MAX + 512];
	int ret;

	switch (options_parse_command(CMD_SHOW, argc, argv, &cfg, msg, sizeof(msg))) {
	case OPTIONS_EXIT_OK:
		return EXIT_OK;
	case OPTIONS_USAGE:
		say("%s; try 'zswapbench show --help'", msg);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	o = report_opts_of(&cfg);
	if (file_set_read(&fs, cfg.files, (size_t)cfg.nfiles)) {
		file_set_free(&fs);
		return EXIT_USAGE;
	}
	if (cfg.format == FORMAT_CSV)
		ret = report_long_table(fs.ptrs, fs.names, fs.n, &o.render, stdout);
	else if (cfg.format == FORMAT_JSON)
		ret = show_json(&fs, &o);
	else
		ret = show_each(&fs, &o);
	file_set_free(&fs);
	fflush(stdout);
	return ret ? EXIT_RUNTIME : EXIT_OK;
}
