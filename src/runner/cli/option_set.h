/*
 * One option's value into a config, by the option's type in the table: the per-option parser
 * the command line (options.c) and config files (config_file.c) both go through, and the
 * table's defaults.
 */
#ifndef ZSB_OPTION_SET_H
#define ZSB_OPTION_SET_H
#include <stddef.h>

#include "runner/cli/config.h"

/* cfg becomes an empty config (config_init) with the table's defaults. */
void options_defaults(struct config *cfg);
/* Room for the longest reason an option gives: --columns names every column it knows, and a
 * message cut short would hide the last ones. */
#define OPTION_REASON_LEN 1024

/* Applies one option's value, by the id of its row (option_table.h: an enum option_id, or the
 * id of a row another layer gives); -EINVAL with why holding the reason alone. */
int option_set(struct config *cfg, int id, const char *value, char *why, size_t len);
/* One value of option id checked by setting it in the config cfg points to, no list taken as
 * an axis (a knob_check_fn: a config section's values are checked in a scratch config). */
int option_value_check(void *cfg, int id, const char *value, char *why, size_t len);
/* Applies one option's value, as the parser does: 0, or -EINVAL with msg filled. */
int option_apply(struct config *cfg, int id, const char *value, char *why, size_t len);

#endif
