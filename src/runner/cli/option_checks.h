/* Checks between options, once all are known: what a backend or the hogger alone uses, and
 * sizes that must fit in one another. */
#ifndef ZSB_OPTION_CHECKS_H
#define ZSB_OPTION_CHECKS_H
#include <stddef.h>

#include "runner/cli/config.h"

/* 0, or -EINVAL with msg naming the option and its value. */
int options_cross_check(const struct config *cfg, char *why, size_t len);

#endif
