/* --help, written from the option table and the command's row, so it cannot drift from what
 * the parser takes. */
#ifndef ZSB_HELP_H
#define ZSB_HELP_H
#include <stddef.h>
#include <stdio.h>

#include "runner/cli/command.h"

/* The help of command c; the run's lists the other commands of the table (n rows). */
void options_help(FILE *out, const struct command_info *c, const struct command_info *table,
		  size_t n);

#endif
