/* What the tests that check generated files (plots, the HTML report) share: the programs a
 * user has, run as a user would, temporary folders, the fixture result files. */
#ifndef ZSB_TEST_TOOLS_H
#define ZSB_TEST_TOOLS_H
#include <stddef.h>

#include "runner/report/report.h"
#include "runner/result/results.h"

/* Is name an executable in PATH? */
int have_tool(const char *name);
/* Runs argv; its stdout into out (NULL: thrown away), with its stderr when with_stderr, else
 * stderr to /dev/null. The exit status, or -1. */
int run_program(char *const argv[], char *out, size_t len, int with_stderr);
/* A new folder /tmp/PREFIX-XXXXXX (to free with remove_dir). */
char *temp_dir(const char *prefix);
void remove_dir(char *dir);
/* tests/fixtures/results/NAME into r. */
void read_fixture(const char *name, struct results *r);
/* The verdict and a sweep's summary of r as report_print decides them: the answer, then its
 * view (report.h). */
int answer_verdict(const struct results *r, const struct report_opts *o, FILE *out);
int answer_sweep(const struct results *r, const struct report_opts *o, FILE *out);
/* A whole file as a string (to free). */
char *slurp(const char *path);

#endif
