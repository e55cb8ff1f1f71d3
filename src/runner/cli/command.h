/*
 * A command of zswapbench as its command line presents it: its word, the options it takes,
 * the result files it needs, and the text of its --help. Each is a row of the one table of
 * commands (commands/commands.c), with its entry point; main.c dispatches from the table, the
 * parser (options.h) and --help (help.h) are handed a row, and the man page and the bash
 * completion (tools/gen-docs.c) are written from the table.
 */
#ifndef ZSB_COMMAND_H
#define ZSB_COMMAND_H

#include "runner/cli/config.h"

struct command_info {
	const char *name; /* the word typed: "show"; the run, which has none, is "run" */
	int implicit; /* the run: zswapbench [options], no word */
	/* the set of the option table's options it takes (CMD_*); 0: --help alone */
	unsigned options;
	int files; /* the result files it needs at least; 0: it takes no words */
	const char *usage; /* after "zswapbench [NAME] " in its usage line: "[options] FILE..." */
	const char *brief; /* after NAME in the run's list of commands: "FILE..."; NULL: nothing */
	const char *about; /* its --help paragraph, lines broken as --help prints them */
	const char *man_usage; /* the man page's usage, where it differs from usage */
	const char *man_about; /* the man page's paragraph, where it differs from about */
	/* The entry point: run, given the config its options parsed into, where it takes options
	 * of the table; main, given its words, where it takes none. The exit status. */
	int (*run)(const struct config *cfg);
	int (*main)(const struct command_info *self, int argc, char **argv);
};

#endif
