/* `zswapbench [options] [-- COMMAND [ARG...]]`: the run, the command typed without a word. */
#include "runner/base/log.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/run/run.h"

int run_experiment(const struct config *cfg)
{
	log_set_quiet(cfg->view.quiet);
	command_warn_misplaced(command_of(NULL), cfg);
	return run_main(cfg);
}
