/* `zswapbench [options] [-- COMMAND [ARG...]]`: the run, the command typed without a word. */
#include "runner/base/log.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/run/run.h"

int run_command_main(const struct command_info *self, int argc, char **argv)
{
	struct config cfg;
	int status = command_options(self, argc, argv, &cfg);

	if (status < 0) {
		log_set_quiet(cfg.quiet);
		status = run_main(&cfg);
	}
	config_free(&cfg);
	return status;
}
