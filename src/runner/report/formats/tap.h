/* compare as TAP version 13 (testanything.org): a test point per case (cases.h); a regression
 * is "not ok", what could not be tested is "ok ... # SKIP" with the reason, and each point
 * carries its numbers as a YAML block. */
#ifndef ZSB_TAP_H
#define ZSB_TAP_H
#include <stdio.h>

#include "runner/report/compare_view.h"

int compare_tap(const struct compare_input *in, FILE *out);

#endif
