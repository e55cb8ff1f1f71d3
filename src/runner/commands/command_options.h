/* A command run on its words: its options parsed, --help and --version answered, a usage
 * error said with a pointer to the command's --help. */
#ifndef ZSB_COMMAND_OPTIONS_H
#define ZSB_COMMAND_OPTIONS_H
#include "runner/cli/options.h"

/* Runs command c on its words (argv[0] is its word, the program's name for the run): its
 * options parsed into a config for its run, or its words to its main. The exit status. */
int command_main(const struct command_info *c, int argc, char **argv);
/* For a command that takes no option: --help (or -h) printed, or a word it does not take
 * refused. -1: go on; else the exit status. */
int command_without_options(const struct command_info *c, int argc, char **argv);
/* A word after "--" that is one of the command's own options: said, since it goes to the
 * command (a --dry-run there would run everything for real). */
void command_warn_misplaced(const struct command_info *c, const struct config *cfg);

#endif
