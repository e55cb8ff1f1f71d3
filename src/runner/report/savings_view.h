/* The savings answer in words: per backend the memory saved with its interval, then every
 * step that decided it. */
#ifndef ZSB_SAVINGS_VIEW_H
#define ZSB_SAVINGS_VIEW_H
#include <stdio.h>

#include "runner/result/savings.h"

void savings_print(const struct savings_report *r, FILE *out);

#endif
