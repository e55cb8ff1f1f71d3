#include "runner/commands/command_options.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/base/sizes.h"
#include "runner/cli/help.h"
#include "runner/commands/commands.h"
#include "runner/report/columns.h"

/* The run's first word, where it is no option and no command but near one: ": did you mean
 * 'zswapbench show'?"; else "". */
static const char *mistyped_command(const struct command_info *c, int argc, char **argv)
{
	static char said[64];
	const char *near = c->implicit && argc > 1 && argv[1][0] != '-' ? command_near(argv[1])
									: NULL;

	if (!near)
		return "";
	snprintf(said, sizeof(said), ": did you mean 'zswapbench %s'?", near);
	return said;
}

/* -1: go on with cfg; else the exit status. Either way cfg is initialised: config_free it. */
static int command_options(const struct command_info *c, int argc, char **argv, struct config *cfg)
{
	char msg[MSG_LEN];

	switch (options_parse(c, argc, argv, cfg, msg, sizeof(msg))) {
	case OPTIONS_HELP:
		options_help(stdout, c, commands, ncommands);
		return EXIT_OK;
	case OPTIONS_VERSION:
		printf("zswapbench %s\n", ZSB_VERSION);
		return EXIT_OK;
	case OPTIONS_LIST_COLUMNS:
		report_column_list(stdout);
		return EXIT_OK;
	case OPTIONS_USAGE:
		say("%s%s; try 'zswapbench%s%s --help'", msg, mistyped_command(c, argc, argv),
		    c->implicit ? "" : " ", c->implicit ? "" : c->name);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	return -1;
}

int command_without_options(const struct command_info *c, int argc, char **argv)
{
	if (argc < 2)
		return -1;
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		options_help(stdout, c, commands, ncommands);
		return EXIT_OK;
	}
	say("%s: unexpected argument '%s'; try 'zswapbench %s --help'", c->name, argv[1], c->name);
	return EXIT_USAGE;
}

void command_warn_misplaced(const struct command_info *c, const struct config *cfg)
{
	const char *word = options_in_command(c, cfg->command);

	if (word)
		warn("'%s' comes after '--', so it goes to %s, not to zswapbench: zswapbench's "
		     "options go before '--'",
		     word, cfg->command[0]);
}

int command_main(const struct command_info *c, int argc, char **argv)
{
	struct config cfg;
	int status;

	if (!c->run)
		return c->main(c, argc, argv);
	status = command_options(c, argc, argv, &cfg);
	if (status < 0)
		status = c->run(&cfg);
	config_free(&cfg);
	return status;
}
