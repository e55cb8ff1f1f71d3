/* What the user reads: a table per cell and, with two or more, a comparison (libsmartcols). */
#ifndef ZSB_REPORT_H
#define ZSB_REPORT_H
#include <stdio.h>

#include "runner/result/results.h"

int report_print(const struct results *r, FILE *out);

#endif
