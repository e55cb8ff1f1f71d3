/*
 * The commands of zswapbench, one row each in one table (commands.c): main.c dispatches from
 * it, --help lists it, and tools/gen-docs writes the man page and the bash completion from it.
 * Adding a command is a row there and its entry point here.
 */
#ifndef ZSB_COMMANDS_H
#define ZSB_COMMANDS_H
#include <stddef.h>

#include "runner/cli/command.h"

/* The run first (the command with no word), then the command words in the order --help, the
 * man page and the completion give them. */
extern const struct command_info commands[];
extern const size_t ncommands;

/* The command whose word this is; the run for any other word (or NULL). */
const struct command_info *command_of(const char *word);

/* The entry points of the rows. */
int run_experiment(const struct config *cfg);
int show_run(const struct config *cfg);
int compare_run(const struct config *cfg);
int plot_run(const struct config *cfg);
int report_run(const struct config *cfg);
int calibrate_run(const struct config *cfg);
int savings_run(const struct config *cfg);
int record_run(const struct config *cfg);
int sysinfo_run(const struct config *cfg);
int list_configs_main(const struct command_info *self, int argc, char **argv);
int cleanup_main(const struct command_info *self, int argc, char **argv);
int help_main(const struct command_info *self, int argc, char **argv);
/* The command a mistyped word was likely meant to be (two typos at most); NULL: none. */
const char *command_near(const char *word);

#endif
