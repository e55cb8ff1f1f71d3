/*
 * The rows the workload drivers give the option table (base/option_row.h), as the backends
 * give theirs (swap/options.h): what every device target shares (--target), then each
 * driver's .option_rows in the order of the table of drivers. Every field is in struct
 * driver_settings (SCOPE_DRIVER), and every callback is given one. cli/ places them by the
 * group --help lists them in, a walk each.
 */
#ifndef ZSB_DRIVER_OPTIONS_H
#define ZSB_DRIVER_OPTIONS_H
#include <stddef.h>

#include "runner/base/option_row.h"

/* The k-th row of group the drivers give; NULL past the last. */
const struct option_desc *driver_option_row(enum option_group group, size_t k);
/* The offset in struct driver_settings of its k-th text (a char * the config that holds the
 * settings owns, "" when not given); SIZE_MAX past the last. */
size_t driver_settings_text(size_t k);

#endif
