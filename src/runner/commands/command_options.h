/* The options of a command word (show, compare, plot, report, calibrate, sysinfo). */
#ifndef ZSB_COMMAND_OPTIONS_H
#define ZSB_COMMAND_OPTIONS_H
#include "runner/cli/options.h"

/* argv[0] is the command word. -1: go on with cfg; else the exit status, --help printed or
 * the usage error said with a pointer to the command's --help. */
int command_options(enum command cmd, int argc, char **argv, struct config *cfg);

#endif
