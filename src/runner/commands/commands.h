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

/* The entry points: argv[0] is the command's word (the program's name for the run); each
 * returns the exit status. */
int run_command_main(const struct command_info *self, int argc, char **argv);
int show_main(const struct command_info *self, int argc, char **argv);
int compare_main(const struct command_info *self, int argc, char **argv);
int plot_main(const struct command_info *self, int argc, char **argv);
int report_main(const struct command_info *self, int argc, char **argv);
int calibrate_main(const struct command_info *self, int argc, char **argv);
int sysinfo_main(const struct command_info *self, int argc, char **argv);
int list_configs_main(const struct command_info *self, int argc, char **argv);
int cleanup_main(const struct command_info *self, int argc, char **argv);

#endif
