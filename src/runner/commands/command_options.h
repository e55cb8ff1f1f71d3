/* The command line of a command word (or the run): parsed, --help and --version answered, a
 * usage error said with a pointer to the command's --help. */
#ifndef ZSB_COMMAND_OPTIONS_H
#define ZSB_COMMAND_OPTIONS_H
#include "runner/cli/options.h"

/* argv[0] is the command's word. -1: go on with cfg; else the exit status. Either way cfg is
 * initialised: config_free it. */
int command_options(const struct command_info *c, int argc, char **argv, struct config *cfg);
/* For a command that takes no option: --help (or -h) printed, or a word it does not take
 * refused. -1: go on; else the exit status. */
int command_without_options(const struct command_info *c, int argc, char **argv);

#endif
