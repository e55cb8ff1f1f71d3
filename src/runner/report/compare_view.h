/* `zswapbench compare`: LKP's rows for each cell two or more result files share. */
#ifndef ZSB_COMPARE_VIEW_H
#define ZSB_COMPARE_VIEW_H
#include <stdio.h>

#include "runner/report/report.h"

/* sets[0] is the base. -ENOENT with why filled when a file shares no cell with the base
 * (nothing is printed then); all: rows that did not change too. */
int report_compare(const struct results *const *sets, const char *const *files, size_t n,
		   const struct report_opts *o, int all, FILE *out, char *why, size_t len);

#endif
