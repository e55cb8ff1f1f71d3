/*
 * The command line of a command: argv through getopt_long over the option table, a config
 * file first where the command takes one, the checks between options last. Built on the
 * table (option_table.h), the per-option parser (option_set.h), the checks (option_checks.h)
 * and the echo (option_echo.h), which it includes for its callers.
 */
#ifndef ZSB_OPTIONS_H
#define ZSB_OPTIONS_H
#include <stddef.h>

#include "runner/cli/command.h"
#include "runner/cli/config.h"
#include "runner/cli/option_checks.h"
#include "runner/cli/option_echo.h"
#include "runner/cli/option_set.h"
#include "runner/cli/option_table.h"

enum options_result {
	OPTIONS_RUN, /* cfg is filled: go on */
	OPTIONS_HELP, /* --help: print the command's help (help.h), exit 0 */
	OPTIONS_VERSION, /* --version: print the version, exit 0 */
	OPTIONS_LIST_COLUMNS, /* --list-columns: print the table columns, exit 0 */
	OPTIONS_USAGE, /* why holds the one-line error naming the option and its value: exit 2 */
};

/* Parses the words of command c into cfg, defaults first: argv[0] is the command's word, or
 * the program's name for the run. Commands that take result files keep the words that are
 * not options as cfg->view.files. Whatever it returns, cfg is initialised: config_free it. */
enum options_result options_parse(const struct command_info *c, int argc, char **argv,
				  struct config *cfg, char *why, size_t len);

/* The first word of the command after "--" that is one of c's own long options ("--dry-run",
 * "--trials=3"), or NULL. It goes to the command as typed: the caller warns that it may have
 * been meant for zswapbench. */
const char *options_in_command(const struct command_info *c, char *const *words);

#endif
