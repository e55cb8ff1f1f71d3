/* compare as JUnit XML, as CI servers read it: a testsuite per later file, a testcase per case
 * (cases.h); a regression is a <failure>, what could not be tested <skipped>. */
#ifndef ZSB_JUNIT_H
#define ZSB_JUNIT_H
#include <stdio.h>

#include "runner/report/compare_view.h"

int compare_junit(const struct compare_input *in, FILE *out);

#endif
