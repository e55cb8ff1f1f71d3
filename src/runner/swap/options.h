/*
 * The rows swap/ gives the option table (base/option_row.h), as fio's engines add their
 * options: the swap areas' own (the swapfile of the backends on one, the areas' size and
 * priority, the swapfile's disk throttle), then each backend's .option_rows in the table's
 * order. Every field is in struct swap_settings (SCOPE_SWAP), and every callback is given
 * one. cli/ puts the rows in the table where --help lists the swap devices.
 */
#ifndef ZSB_SWAP_OPTIONS_H
#define ZSB_SWAP_OPTIONS_H
#include <stddef.h>

#include "runner/base/option_row.h"

/* The k-th row swap/ gives; NULL past the last. They are all of G_SWAP, the swap devices'
 * group of --help. */
const struct option_desc *swap_option_row(size_t k);
/* The offset in struct swap_settings of its k-th text (a char * the config that holds the
 * settings owns, "" when not given); SIZE_MAX past the last. */
size_t swap_settings_text(size_t k);

#endif
