/* What the user reads: a table per cell and, with two or more, a comparison (libsmartcols). */
#ifndef ZSB_REPORT_H
#define ZSB_REPORT_H
#include <stdio.h>

#include "runner/run/run.h"

int report_print(const struct run *run, FILE *out);

#endif
