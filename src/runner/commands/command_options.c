#include "runner/commands/command_options.h"

#include <limits.h>

#include "runner/base/log.h"

int command_options(enum command cmd, int argc, char **argv, struct config *cfg)
{
	char msg[PATH_MAX + 512];

	switch (options_parse_command(cmd, argc, argv, cfg, msg, sizeof(msg))) {
	case OPTIONS_EXIT_OK:
		return EXIT_OK;
	case OPTIONS_USAGE:
		say("%s; try 'zswapbench %s --help'", msg, argv[0]);
		return EXIT_USAGE;
	case OPTIONS_RUN:
		break;
	}
	return -1;
}
