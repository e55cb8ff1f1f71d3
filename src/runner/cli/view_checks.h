/* The table options (--columns, --raw, --noheadings) against the view they would shape: each
 * is honoured or refused in one line, never left unused. */
#ifndef ZSB_VIEW_CHECKS_H
#define ZSB_VIEW_CHECKS_H
#include <stddef.h>

#include "runner/cli/config.h"

/* 0, or -EINVAL with why naming the command, the option and the view that has no use for it.
 * command: the command's word, NULL for a run. */
int options_view_check(const struct config *cfg, const char *command, char *why, size_t len);

#endif
